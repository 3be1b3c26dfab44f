// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * xe_cbev_demo - two processes form a pipeline through counter-based events
 * and IPC, the way an application splits work between a producer and a
 * consumer:
 *
 *   producer   in-order immediate list: [wait for a gate] -> fill a buffer
 *              -> signal counter-based event E; share E (64 plain bytes)
 *              and the buffer (a dma-buf fd over a Unix socket)
 *   consumer   imports E and the buffer; its own in-order list waits for E
 *              on the device, then scales every value by 3 into its own
 *              buffer; it checks the result on the host
 *
 * The producer holds its fill behind a gate that it opens only when the
 * consumer has queued its work and sleeps in its host wait, so the
 * consumer's waits really happen, on the device and in the kernel: E
 * reads "not ready" when it is imported.
 *
 *   ZE_ENABLE_ALT_DRIVERS=/path/to/libze_xe_cbev.so.1 xe_cbev_demo
 *
 * The consumer is this program again (--consumer FD), exec'd by the
 * producer. Exit status: 0 when the consumer checked every value.
 */

#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <level_zero/ze_api.h>
#include <libze_xe_cbev.h>

#include "common/ipc_socket.h"
#include "common/l0_app.h"

#define VALUES		(256u * 1024u)		/* 1 MiB of uint32_t */
#define FACTOR		3u
#define TIMEOUT_NS	(30ull * 1000000000ull)

static const uint32_t pattern[4] = { 1, 2, 3, 4 };

/* A message between the two processes: one byte, or the handles. */
enum {
	MSG_QUEUED = 'q',	/* consumer: my work waits for E */
	MSG_OK = 'k',		/* consumer: every value checked */
	MSG_BAD = 'x',		/* consumer: something failed */
};

static const char *who = "producer";

#define CHECK(call)							\
	do {								\
		ze_result_t r_ = (call);				\
									\
		if (r_ != ZE_RESULT_SUCCESS) {				\
			fprintf(stderr, "%s: %s failed: 0x%08x\n", who,	\
				#call, (unsigned int)r_);		\
			return -1;					\
		}							\
	} while (0)

struct cb_ipc {
	ze_result_t (*create)(ze_context_handle_t, ze_device_handle_t,
			      const zex_counter_based_event_desc_t *,
			      ze_event_handle_t *);
	ze_result_t (*get)(ze_event_handle_t,
			   zex_ipc_counter_based_event_handle_t *);
	ze_result_t (*open)(ze_context_handle_t,
			    zex_ipc_counter_based_event_handle_t,
			    ze_event_handle_t *);
	ze_result_t (*close)(ze_event_handle_t);
};

static int cb_ipc_init(const struct l0_app *app, struct cb_ipc *cb)
{
	CHECK(l0_app_function(app, "zexCounterBasedEventCreate2",
			      (void **)&cb->create));
	CHECK(l0_app_function(app, "zexCounterBasedEventGetIpcHandle",
			      (void **)&cb->get));
	CHECK(l0_app_function(app, "zexCounterBasedEventOpenIpcHandle",
			      (void **)&cb->open));
	CHECK(l0_app_function(app, "zexCounterBasedEventCloseIpcHandle",
			      (void **)&cb->close));
	return 0;
}

static int in_order_list(const struct l0_app *app,
			 ze_command_list_handle_t *list)
{
	ze_command_queue_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
		.flags = ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
		.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
	};

	CHECK(zeCommandListCreateImmediate(app->context, app->device, &desc,
					   list));
	return 0;
}

static int send_byte(int sock, char c)
{
	return write(sock, &c, 1) == 1 ? 0 : -1;
}

static char recv_byte(int sock)
{
	char c;

	return read(sock, &c, 1) == 1 ? c : MSG_BAD;
}

/* ---- the consumer -------------------------------------------------------- */

/* Is thread @tid of this process asleep (state S in its stat line)? */
static bool asleep(pid_t tid)
{
	char path[64], line[512], *p;
	bool ret = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fgets(line, sizeof(line), f) && (p = strrchr(line, ')')))
		ret = p[1] == ' ' && p[2] == 'S';
	fclose(f);
	return ret;
}

struct queued_msg {
	int sock;
	pid_t waiter;
	int ret;
};

/*
 * Tell the producer the work is queued once the consumer's main thread
 * sleeps in its host wait: the wait then really goes to the kernel (and
 * the timeline shows it), whatever the machine's timing. Bounded: it
 * tells anyway after a while.
 */
static void *say_queued(void *arg)
{
	struct queued_msg *m = arg;
	long i;

	for (i = 0; i < 1000000 && !asleep(m->waiter); i++)
		sched_yield();
	m->ret = send_byte(m->sock, MSG_QUEUED);
	return NULL;
}

static int consume(const struct l0_app *app, int sock)
{
	ze_host_mem_alloc_desc_t hdesc = {
		.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
	};
	zex_ipc_counter_based_event_handle_t eh;
	ze_ipc_mem_handle_t mh;
	ze_group_count_t groups = { VALUES / 256, 1, 1 };
	ze_command_list_handle_t list;
	ze_module_handle_t module;
	ze_kernel_handle_t scale;
	ze_event_handle_t event, done;
	const uint32_t *in;
	uint32_t *out, factor = FACTOR, i;
	struct queued_msg msg;
	struct cb_ipc cb;
	pthread_t sayer;
	ze_result_t r;

	if (cb_ipc_init(app, &cb) ||
	    read(sock, &eh, sizeof(eh)) != (ssize_t)sizeof(eh) ||
	    ipc_recv_handle(sock, &mh)) {
		fprintf(stderr, "consumer: no handles from the producer\n");
		return -1;
	}
	CHECK(zeMemOpenIpcHandle(app->context, app->device, mh, 0,
				 (void **)&in));
	CHECK(cb.open(app->context, eh, &event));
	printf("consumer[%d]: imported E (%s) and the buffer (read-only)\n",
	       (int)getpid(),
	       zeEventQueryStatus(event) == ZE_RESULT_NOT_READY ?
	       "not ready yet" : "ready");

	CHECK(zeMemAllocHost(app->context, &hdesc, VALUES * sizeof(*out), 64,
			     (void **)&out));
	memset(out, 0, VALUES * sizeof(*out));
	CHECK(l0_app_builtin_kernel(app, "scale_u32", &module, &scale));
	CHECK(zeKernelSetGroupSize(scale, 256, 1, 1));
	CHECK(zeKernelSetArgumentValue(scale, 0, sizeof(out), &out));
	CHECK(zeKernelSetArgumentValue(scale, 1, sizeof(in), &in));
	CHECK(zeKernelSetArgumentValue(scale, 2, sizeof(factor), &factor));

	CHECK(in_order_list(app, &list));
	CHECK(zeCommandListAppendWaitOnEvents(list, 1, &event));
	CHECK(cb.create(app->context, app->device, NULL, &done));
	CHECK(zeCommandListAppendLaunchKernel(list, scale, &groups, done, 0,
					      NULL));
	printf("consumer: in-order list: wait for E on the device, then scale by %u into its own buffer\n",
	       FACTOR);
	fflush(stdout);
	msg.sock = sock;
	msg.waiter = gettid();
	if (pthread_create(&sayer, NULL, say_queued, &msg))
		return -1;

	r = zeEventHostSynchronize(done, TIMEOUT_NS);
	pthread_join(sayer, NULL);
	if (msg.ret)
		return -1;
	CHECK(r);
	for (i = 0; i < VALUES; i++) {
		if (out[i] != pattern[i % 4] * FACTOR) {
			printf("consumer: value %u is %u, expected %u: FAILED\n",
			       i, out[i], pattern[i % 4] * FACTOR);
			return -1;
		}
	}
	printf("consumer: E completed; %u values checked: OK (%u %u %u %u ...)\n",
	       VALUES, out[0], out[1], out[2], out[3]);

	CHECK(zeEventDestroy(done));
	CHECK(zeCommandListDestroy(list));
	CHECK(zeKernelDestroy(scale));
	CHECK(zeModuleDestroy(module));
	CHECK(cb.close(event));
	CHECK(zeMemCloseIpcHandle(app->context, in));
	CHECK(zeMemFree(app->context, out));
	return 0;
}

/* ---- the producer -------------------------------------------------------- */

static int start_consumer(int *sock, pid_t *pid)
{
	int sv[2];
	char arg[16];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return -1;
	fflush(stdout);
	*pid = fork();
	if (*pid < 0)
		return -1;
	if (!*pid) {
		/* The consumer's end must survive the exec. */
		int fd = dup(sv[1]);

		snprintf(arg, sizeof(arg), "%d", fd);
		execl("/proc/self/exe", "xe_cbev_demo", "--consumer", arg,
		      (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	*sock = sv[0];
	return 0;
}

static int produce(const struct l0_app *app, int sock)
{
	zex_counter_based_event_desc_t edesc = {
		.stype = ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC,
		.flags = ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE |
			 ZEX_COUNTER_BASED_EVENT_FLAG_IPC,
		.signalScope = ZE_EVENT_SCOPE_FLAG_HOST,
		.waitScope = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_event_pool_desc_t pdesc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
		.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
		.count = 1,
	};
	ze_event_desc_t gdesc = {
		.stype = ZE_STRUCTURE_TYPE_EVENT_DESC,
		.signal = ZE_EVENT_SCOPE_FLAG_HOST,
		.wait = ZE_EVENT_SCOPE_FLAG_HOST,
	};
	ze_device_mem_alloc_desc_t ddesc = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
	};
	zex_ipc_counter_based_event_handle_t eh;
	ze_device_handle_t device = app->device;
	ze_event_handle_t gate, event;
	ze_command_list_handle_t list;
	ze_event_pool_handle_t pool;
	ze_ipc_mem_handle_t mh;
	struct cb_ipc cb;
	bool queued;
	void *buf;

	if (cb_ipc_init(app, &cb))
		return -1;
	CHECK(zeEventPoolCreate(app->context, &pdesc, 1, &device, &pool));
	CHECK(zeEventCreate(pool, &gdesc, &gate));
	CHECK(cb.create(app->context, app->device, &edesc, &event));
	CHECK(zeMemAllocDevice(app->context, &ddesc, VALUES * sizeof(uint32_t),
			       64, app->device, &buf));

	CHECK(in_order_list(app, &list));
	CHECK(zeCommandListAppendWaitOnEvents(list, 1, &gate));
	CHECK(zeCommandListAppendMemoryFill(list, buf, pattern,
					    sizeof(pattern),
					    VALUES * sizeof(uint32_t), event,
					    0, NULL));
	printf("producer[%d]: in-order list: [gate] -> fill 1 MiB with 1,2,3,4 -> signal counter-based event E\n",
	       (int)getpid());

	CHECK(cb.get(event, &eh));
	CHECK(zeMemGetIpcHandle(app->context, buf, &mh));
	if (write(sock, &eh, sizeof(eh)) != (ssize_t)sizeof(eh) ||
	    ipc_send_handle(sock, &mh)) {
		fprintf(stderr, "producer: cannot send the handles\n");
		return -1;
	}
	printf("producer: shared E (64 plain bytes) and the buffer (a dma-buf fd)\n");
	fflush(stdout);

	/* Open the gate even when the consumer failed: nothing may hang. */
	queued = recv_byte(sock) == MSG_QUEUED;
	CHECK(zeEventHostSignal(gate));
	printf("producer: gate opened\n");
	fflush(stdout);
	CHECK(zeEventHostSynchronize(event, TIMEOUT_NS));

	CHECK(zeCommandListDestroy(list));
	CHECK(zeEventDestroy(event));
	CHECK(zeEventDestroy(gate));
	CHECK(zeEventPoolDestroy(pool));
	/*
	 * Freeing also ends the IPC handle; the consumer's import keeps
	 * the pages.
	 */
	CHECK(zeMemFree(app->context, buf));
	return queued ? 0 : -1;
}

static int run_producer(const struct l0_app *app)
{
	ze_device_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
	};
	uint64_t start = l0_app_now_ns();
	int sock, status, ok;
	pid_t pid;

	CHECK(zeDeviceGetProperties(app->device, &props));
	printf("xe_cbev demo: a two-process pipeline on \"%s\"\n", props.name);
	if (start_consumer(&sock, &pid)) {
		perror("xe_cbev_demo: starting the consumer");
		return -1;
	}
	ok = !produce(app, sock) && recv_byte(sock) == MSG_OK;
	close(sock);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		ok = 0;
	printf("xe_cbev demo: %s in %.1f ms\n", ok ? "OK" : "FAILED",
	       (double)(l0_app_now_ns() - start) / 1e6);
	return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct l0_app app;
	ze_result_t r;
	int err;

	if (argc == 3 && !strcmp(argv[1], "--consumer"))
		who = "consumer";
	else if (argc != 1) {
		fprintf(stderr, "usage: xe_cbev_demo\n");
		return EXIT_FAILURE;
	}

	r = l0_app_open(&app);
	if (r != ZE_RESULT_SUCCESS) {
		fprintf(stderr,
			"xe_cbev_demo: no xe_cbev device found (0x%08x): is the xe_cbev module loaded, and ZE_ENABLE_ALT_DRIVERS set to libze_xe_cbev.so.1?\n",
			(unsigned int)r);
		return EXIT_FAILURE;
	}
	if (argc == 3) {
		int sock = atoi(argv[2]);

		err = consume(&app, sock);
		send_byte(sock, err ? MSG_BAD : MSG_OK);
	} else {
		err = run_producer(&app);
	}
	fflush(stdout);
	if (l0_app_close(&app) != ZE_RESULT_SUCCESS)
		err = -1;
	return err ? EXIT_FAILURE : EXIT_SUCCESS;
}
