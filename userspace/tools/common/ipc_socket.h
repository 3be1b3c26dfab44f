/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _XE_CBEV_IPC_SOCKET_H
#define _XE_CBEV_IPC_SOCKET_H

/*
 * Moving a Level Zero IPC handle to another process the way applications
 * do: the 64 handle bytes as data and the dma-buf fd in its first 4 bytes
 * as SCM_RIGHTS ancillary data over a Unix socket; the receiver writes the
 * fd it got into the handle.
 */

#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <level_zero/ze_api.h>

static inline int ipc_send_handle(int sock, const void *handle)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = {
		.iov_base = (void *)handle,
		.iov_len = ZE_MAX_IPC_HANDLE_SIZE,
	};
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = cbuf,
		.msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
	int32_t fd;

	memcpy(&fd, handle, sizeof(fd));
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	return sendmsg(sock, &msg, 0) == ZE_MAX_IPC_HANDLE_SIZE ? 0 : -1;
}

/* Receive a handle and put the fd that came with it in its first bytes. */
static inline int ipc_recv_handle(int sock, void *handle)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = {
		.iov_base = handle,
		.iov_len = ZE_MAX_IPC_HANDLE_SIZE,
	};
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = cbuf,
		.msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg;
	int32_t fd;

	if (recvmsg(sock, &msg, MSG_WAITALL) != ZE_MAX_IPC_HANDLE_SIZE)
		return -1;
	cmsg = CMSG_FIRSTHDR(&msg);
	if (!cmsg || cmsg->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(cmsg), sizeof(fd));
	memcpy(handle, &fd, sizeof(fd));
	return 0;
}

#endif /* _XE_CBEV_IPC_SOCKET_H */
