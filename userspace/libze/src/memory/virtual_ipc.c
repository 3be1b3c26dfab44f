// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: IPC of virtual memory
 *
 * zeMemGetIpcHandle() of an address that zeVirtualMemMap() mapped names
 * the physical piece under it: one buffer object of the physical memory
 * (DOC: virtual and physical memory), exported like an allocation's (a
 * dma-buf fd and a kernel token), with the address's offset in the piece.
 * So the handle is an ordinary memory handle, and zeMemOpenIpcHandle() in
 * another process opens it as any other: its pointer reaches to the end
 * of that piece (64 KiB, or 2 MiB for physical memory of 2 MiB and more),
 * which is what one handle can name.
 *
 * A piece's export is made at the first handle and kept with the physical
 * memory until it is destroyed, as an allocation keeps its own until it is
 * freed; zeMemPutIpcHandle() of such a handle finds it and leaves it open.
 * Everything runs under the context's alloc_lock.
 */

#include <errno.h>
#include <stdlib.h>

#include "core/types.h"
#include "memory/ipc.h"
#include "memory/virtual_ipc.h"
#include "memory/virtual_types.h"
#include "submission/kmd.h"

/* The mapping that holds @addr, NULL if none. */
static struct xe_va_map *find_map_locked(struct xe_context *ctx,
					 uintptr_t addr)
{
	struct xe_va_range *r;
	struct xe_va_map *m;

	for (r = ctx->va_ranges; r; r = r->next) {
		if (addr < r->start || addr - r->start >= r->size)
			continue;
		for (m = r->maps; m; m = m->next)
			if (addr >= m->start && addr - m->start < m->size)
				return m;
		return NULL;
	}
	return NULL;
}

/* Export piece @i of @phys once: by token, else by its fd alone. */
static int piece_export_locked(struct xe_physmem *phys, uint32_t i)
{
	int err;

	if (!phys->ipc_fds) {
		phys->ipc_fds = malloc(phys->nchunks * sizeof(*phys->ipc_fds));
		phys->ipc_tokens = calloc(phys->nchunks,
					  sizeof(*phys->ipc_tokens));
		if (!phys->ipc_fds || !phys->ipc_tokens) {
			free(phys->ipc_fds);
			free(phys->ipc_tokens);
			phys->ipc_fds = NULL;
			phys->ipc_tokens = NULL;
			return -ENOMEM;
		}
		for (err = 0; err < (int)phys->nchunks; err++)
			phys->ipc_fds[err] = -1;
	}
	if (phys->ipc_fds[i] >= 0)
		return 0;
	err = xe_kmd_ipc_export_bo(phys->dev->fd, phys->handles[i], true,
				   &phys->ipc_fds[i], phys->ipc_tokens[i]);
	if (err == -ENOSPC)
		err = xe_kmd_ipc_export_bo(phys->dev->fd, phys->handles[i],
					   false, &phys->ipc_fds[i],
					   phys->ipc_tokens[i]);
	if (err == -EOPNOTSUPP || err == -ENOTTY)
		err = xe_kmd_prime_export(phys->dev->fd, phys->handles[i],
					  &phys->ipc_fds[i]);
	if (err)
		phys->ipc_fds[i] = -1;
	return err;
}

/**
 * xe_virtual_ipc_get_locked() - the IPC handle of mapped virtual memory
 * @ctx: the context, its alloc_lock held
 * @ptr: an address of the context's reservations
 * @handle: out: a memory handle of the physical piece under @ptr
 *
 * Return: 0; -ENOENT if nothing is mapped at @ptr; another negative errno.
 */
int xe_virtual_ipc_get_locked(struct xe_context *ctx, const void *ptr,
			      struct xe_ipc_handle *handle)
{
	struct xe_va_map *m = find_map_locked(ctx, (uintptr_t)ptr);
	struct xe_physmem *phys;
	uint64_t off, len;
	uint32_t i;
	int err;

	if (!m)
		return -ENOENT;
	phys = m->phys;
	off = m->offset + ((uintptr_t)ptr - m->start);
	i = off / phys->chunk;
	err = piece_export_locked(phys, i);
	if (err)
		return err;
	len = phys->size - (uint64_t)i * phys->chunk;
	if (len > phys->chunk)
		len = phys->chunk;
	xe_ipc_handle_init(handle, XE_IPC_MAGIC_MEM, phys->ipc_fds[i],
			   phys->ipc_tokens[i], len);
	handle->offset = off - (uint64_t)i * phys->chunk;
	handle->type = ZE_MEMORY_TYPE_DEVICE;
	return 0;
}

/**
 * xe_virtual_ipc_owns_locked() - is a handle's export one of a physical
 * piece mapped in @ctx?
 * @ctx: the context, its alloc_lock held
 * @fd: the handle's fd
 * @token: the handle's token
 */
bool xe_virtual_ipc_owns_locked(struct xe_context *ctx, int fd,
				const uint64_t token[2])
{
	struct xe_va_range *r;
	struct xe_va_map *m;
	uint32_t i;

	for (r = ctx->va_ranges; r; r = r->next)
		for (m = r->maps; m; m = m->next)
			for (i = 0; m->phys->ipc_fds && i < m->phys->nchunks;
			     i++)
				if (m->phys->ipc_fds[i] == fd &&
				    m->phys->ipc_tokens[i][0] == token[0] &&
				    m->phys->ipc_tokens[i][1] == token[1])
					return true;
	return false;
}

/**
 * xe_physmem_ipc_close() - close the exports of @phys's pieces
 * @phys: physical memory being destroyed
 */
void xe_physmem_ipc_close(struct xe_physmem *phys)
{
	uint32_t i;

	for (i = 0; phys->ipc_fds && i < phys->nchunks; i++)
		if (phys->ipc_fds[i] >= 0)
			xe_kmd_close(phys->ipc_fds[i]);
	free(phys->ipc_fds);
	free(phys->ipc_tokens);
}
