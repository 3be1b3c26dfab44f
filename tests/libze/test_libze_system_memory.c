// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of shared system allocations through the loader: what
 * applications do with memory the driver did not allocate -- copies from
 * and to malloc'ed arrays, std::vector-like heap buffers and stack
 * variables on immediate and regular lists, with events; fills, region
 * copies, kernels and timestamps on such memory; what the driver says
 * about it (zeDeviceGetMemoryAccessProperties, zeMemGetAllocProperties);
 * and a bad pointer, which loses that list's queue only.
 */

#include <sys/mman.h>

#include "libze_test.h"
#include "libze_test_cb.h"
#include "check_run.h"

#define FOREVER		UINT64_MAX

static void setup(void)
{
	lz_setup();
	lz_cb_setup();
}

static void teardown(void)
{
	lz_teardown();
}

/* A heap array of @n u32, as a std::vector<uint32_t>(n) holds them. */
static uint32_t *vector_u32(size_t n, uint32_t seed)
{
	uint32_t *v = malloc(n * sizeof(*v));
	size_t i;

	ck_assert_ptr_nonnull(v);
	for (i = 0; i < n; i++)
		v[i] = seed + (uint32_t)i * 2654435761u;
	return v;
}

START_TEST(test_sysmem_access_properties)
{
	const ze_memory_access_cap_flags_t all =
		ZE_MEMORY_ACCESS_CAP_FLAG_RW | ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC |
		ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT |
		ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT_ATOMIC;
	ze_device_memory_access_properties_t p = {
		.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES,
	};

	ck_assert_ok(zeDeviceGetMemoryAccessProperties(lz_device, &p));
	ck_assert_msg(p.sharedSystemAllocCapabilities == all,
		      "system allocations are read, written and atomically "
		      "updated, concurrently with the host: 0x%x",
		      p.sharedSystemAllocCapabilities);
}
END_TEST

START_TEST(test_sysmem_alloc_properties)
{
	ze_memory_allocation_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES,
	};
	ze_device_handle_t dev = lz_device;
	uint32_t *heap = vector_u32(16, 0);
	uint32_t local = 0;

	ck_assert_ok(zeMemGetAllocProperties(lz_context, heap, &props, &dev));
	ck_assert_msg(props.type == ZE_MEMORY_TYPE_UNKNOWN && !dev,
		      "malloc'ed memory is not the driver's: unknown, no device");
	dev = lz_device;
	ck_assert_ok(zeMemGetAllocProperties(lz_context, &local, &props, &dev));
	ck_assert_msg(props.type == ZE_MEMORY_TYPE_UNKNOWN && !dev,
		      "nor is the stack");
	free(heap);
}
END_TEST

/*
 * Copies from a heap array to another and back to a stack variable, on an
 * immediate list (in order or not), signalling a pool event.
 */
START_TEST(test_sysmem_copy_immediate)
{
	const size_t n = 10000;
	ze_command_list_handle_t list = lz_immediate_list(_i == 1);
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2);
	ze_event_handle_t ev[2] = { lz_event(pool, 0), lz_event(pool, 1) };
	uint32_t *src = vector_u32(n, 17), *dst = calloc(n, sizeof(*dst));
	uint64_t scalar = 0;

	ck_assert_ptr_nonnull(dst);
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, src,
						   n * sizeof(*src), ev[0],
						   0, NULL));
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, &scalar, &dst[n - 2],
						   sizeof(scalar), ev[1], 1,
						   &ev[0]));
	ck_assert_ok(zeEventHostSynchronize(ev[1], LZ_TIMEOUT_NS));
	ck_assert_ok(zeEventHostSynchronize(ev[0], 0));
	ck_assert_msg(!memcmp(dst, src, n * sizeof(*src)),
		      "the heap array arrived whole");
	ck_assert_msg(!memcmp(&scalar, &src[n - 2], sizeof(scalar)),
		      "and its last two elements in a stack variable");
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));

	ck_assert_ok(zeEventDestroy(ev[0]));
	ck_assert_ok(zeEventDestroy(ev[1]));
	ck_assert_ok(zeEventPoolDestroy(pool));
	ck_assert_ok(zeCommandListDestroy(list));
	free(src);
	free(dst);
}
END_TEST

/*
 * A regular list that stages heap data through device memory (signalling
 * an event), takes a memory ranges barrier, prefetch and advice on heap
 * memory, fills from a pattern on the stack and writes a timestamp to a
 * heap variable, run twice on a queue: the second run sees what the host
 * wrote in between.
 */
START_TEST(test_sysmem_copy_regular)
{
	const size_t n = 4096;
	ze_command_queue_handle_t queue = lz_queue();
	ze_command_list_handle_t list = lz_list(true);
	uint32_t *src = vector_u32(n, 5), *dst = calloc(n, sizeof(*dst));
	uint32_t *staging = lz_alloc_device(n * sizeof(*src));
	uint64_t *ts = calloc(1, sizeof(*ts));
	ze_event_pool_handle_t pool = lz_event_pool(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1);
	ze_event_handle_t ev = lz_event(pool, 0);
	const size_t range_size = n * sizeof(*dst);
	uint8_t tail[256], pattern = 0x3c;
	const void *range;
	size_t i;

	ck_assert_ptr_nonnull(dst);
	ck_assert_ptr_nonnull(ts);
	range = dst;
	memset(tail, 0, sizeof(tail));
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, staging, src,
						   n * sizeof(*src), NULL, 0, NULL));
	ck_assert_ok(zeCommandListAppendMemoryCopy(list, dst, staging,
						   n * sizeof(*src), ev, 0, NULL));
	ck_assert_ok(zeCommandListAppendMemoryRangesBarrier(list, 1, &range_size,
							    &range, NULL, 0,
							    NULL));
	ck_assert_ok(zeCommandListAppendMemoryPrefetch(list, src,
						       n * sizeof(*src)));
	ck_assert_ok(zeCommandListAppendMemAdvise(list, lz_device, src,
						  n * sizeof(*src),
						  ZE_MEMORY_ADVICE_SET_READ_MOSTLY));
	ck_assert_ok(zeCommandListAppendMemoryFill(list, tail, &pattern, 1,
						   sizeof(tail), NULL, 0, NULL));
	ck_assert_ok(zeCommandListAppendWriteGlobalTimestamp(list, ts, NULL,
							     0, NULL));
	ck_assert_ok(zeCommandListClose(list));

	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_msg(!memcmp(dst, src, n * sizeof(*src)),
		      "heap -> device -> heap, when the copy's event says so");
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	for (i = 0; i < sizeof(tail); i++)
		ck_assert_msg(tail[i] == pattern, "stack byte %zu is filled", i);
	ck_assert_msg(*ts, "a timestamp landed in heap memory");

	for (i = 0; i < n; i++)
		src[i] = ~src[i];
	ck_assert_ok(zeEventHostReset(ev));
	ck_assert_ok(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
	ck_assert_ok(zeEventHostSynchronize(ev, LZ_TIMEOUT_NS));
	ck_assert_ok(zeCommandQueueSynchronize(queue, LZ_TIMEOUT_NS));
	ck_assert_msg(!memcmp(dst, src, n * sizeof(*src)),
		      "a second run reads the host's new data");

	ck_assert_ok(zeCommandListDestroy(list));
	ck_assert_ok(zeCommandQueueDestroy(queue));
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeEventPoolDestroy(pool));
	lz_free(staging);
	free(src);
	free(dst);
	free(ts);
}
END_TEST

/* A region of a heap "image" into a stack one, and a kernel on heap data. */
START_TEST(test_sysmem_region_and_kernel)
{
	enum { W = 32, H = 16 };
	ze_command_list_handle_t list = lz_immediate_list(true);
	ze_copy_region_t region = { .originX = 4, .originY = 2, .width = 8,
				    .height = 5, .depth = 1 };
	uint8_t *image = malloc(W * H), out[W * H];
	uint32_t *in = vector_u32(256, 1), *scaled = calloc(256, sizeof(*scaled));
	uint32_t x, y, i;

	ck_assert_ptr_nonnull(image);
	ck_assert_ptr_nonnull(scaled);
	for (i = 0; i < W * H; i++)
		image[i] = (uint8_t)i;
	memset(out, 0, sizeof(out));
	ck_assert_ok(zeCommandListAppendMemoryCopyRegion(list, out, &region, W, 0,
							 image, &region, W, 0,
							 NULL, 0, NULL));
	lz_cb_scale(list, scaled, in, 3, 256, NULL, 0, NULL);
	ck_assert_ok(lz_list_sync(list, LZ_TIMEOUT_NS));

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			bool inside = x >= 4 && x < 12 && y >= 2 && y < 7;

			ck_assert_msg(out[y * W + x] == (inside ? image[y * W + x] : 0),
				      "byte (%u, %u) of the region copy", x, y);
		}
	for (i = 0; i < 256; i++)
		ck_assert_msg(scaled[i] == in[i] * 3, "element %u scaled", i);
	ck_assert_ok(zeCommandListDestroy(list));
	free(image);
	free(in);
	free(scaled);
}
END_TEST

/*
 * A pointer to nothing faults the queue that used it: its list is lost,
 * the process and every other list go on.
 */
START_TEST(test_sysmem_bad_pointer_loses_that_queue)
{
	ze_command_list_handle_t bad = lz_immediate_list(true);
	ze_command_list_handle_t good = lz_immediate_list(true);
	ze_event_handle_t ev = lz_cb_event(CB_IMM);
	uint64_t *heap = calloc(8, sizeof(*heap)), value = 0x1122334455667788ull;
	void *hole = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	ck_assert_ptr_nonnull(heap);
	ck_assert_ptr_ne(hole, MAP_FAILED);
	munmap(hole, 4096);

	ck_assert_ok(zeCommandListAppendMemoryCopy(bad, heap, hole, 64, ev, 0,
						   NULL));
	ck_assert_ze(zeEventHostSynchronize(ev, FOREVER),
		     ZE_RESULT_ERROR_DEVICE_LOST,
		     "the event of the faulting copy is lost");
	ck_assert_ze(lz_list_sync(bad, FOREVER), ZE_RESULT_ERROR_DEVICE_LOST,
		     "and its list");

	ck_assert_ok(zeCommandListAppendMemoryCopy(good, &heap[3], &value,
						   sizeof(value), NULL, 0, NULL));
	ck_assert_ok(lz_list_sync(good, LZ_TIMEOUT_NS));
	ck_assert_msg(heap[3] == value && !heap[0],
		      "another list copies; the bad one wrote nothing");
	ck_assert_ok(zeEventDestroy(ev));
	ck_assert_ok(zeCommandListDestroy(good));
	ck_assert_ok(zeCommandListDestroy(bad));
	free(heap);
}
END_TEST

static Suite *system_memory_suite(void)
{
	Suite *s = suite_create("system_memory");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_sysmem_access_properties);
	tcase_add_test(tc, test_sysmem_alloc_properties);
	tcase_add_loop_test(tc, test_sysmem_copy_immediate, 0, 2);
	tcase_add_test(tc, test_sysmem_copy_regular);
	tcase_add_test(tc, test_sysmem_region_and_kernel);
	tcase_add_test(tc, test_sysmem_bad_pointer_loses_that_queue);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(system_memory_suite());
}
