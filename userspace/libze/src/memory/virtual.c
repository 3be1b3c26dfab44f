// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: virtual and physical memory
 *
 * The device's GPU address space is per device file and mirrors the
 * process's: every buffer object is bound at the address of its CPU
 * mapping (bo.c). Virtual memory keeps that rule. zeVirtualMemReserve()
 * reserves a range of the process's address space (an inaccessible
 * anonymous mapping), which is then free in the GPU address space too,
 * since nothing is bound anywhere but at a CPU mapping. zeVirtualMemMap()
 * maps physical pages at a reserved address on the host (mmap() of the
 * device file over the reservation) and binds the same pages at the same
 * address (DRM_IOCTL_XE_CBEV_VM_BIND with an offset into the object): one
 * pointer for host and device, as for USM.
 *
 * A physical memory object is made of buffer objects of one page size
 * each (its chunks; the last one may be shorter), neither mapped nor
 * bound. The device binds any page of an object, but the host can map an
 * object only from its first page (the GEM shmem fault handler counts
 * pages from the start of the mapping), so a mapping starts at a chunk:
 * its offset is a multiple of the page size zeVirtualMemQueryPageSize()
 * gave for the object's size -- 64 KiB below 2 MiB, 2 MiB from there on,
 * so that a large object is a few buffer objects, not thousands.
 * Reservations are aligned to the page size of their size.
 *
 * Access attributes apply to both sides: READWRITE binds read-write and
 * maps PROT_READ | PROT_WRITE; READONLY binds with
 * DRM_XE_CBEV_VM_BIND_READONLY (a device write faults its queue) and maps
 * PROT_READ; NONE unbinds and maps PROT_NONE. The kernel unbinds whole
 * bindings only, so a mapping whose attribute changes in part is split
 * first (at any host page): each struct xe_va_map is bound as one range
 * with one attribute. zeVirtualMemUnmap() unbinds and gives the range back
 * to the reservation; zeVirtualMemFree() unmaps what is left and releases
 * it. Everything runs under the context's alloc_lock.
 */

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/types.h"
#include "core/debug_log.h"
#include "core/result.h"
#include "memory/virtual.h"
#include "memory/virtual_ipc.h"
#include "submission/kmd.h"

#define XE_PHYSICAL_MEM_FLAGS_KNOWN	0x3u	/* on device, on host */

#define XE_VM_PAGE_SMALL	(64ull << 10)
#define XE_VM_PAGE_LARGE	(2ull << 20)

static uint64_t page_size(void)
{
	return (uint64_t)sysconf(_SC_PAGESIZE);
}

/* The page size of virtual and physical memory of @size bytes. */
static uint64_t vm_page_size(uint64_t size)
{
	return size >= XE_VM_PAGE_LARGE ? XE_VM_PAGE_LARGE : XE_VM_PAGE_SMALL;
}

static bool aligned(uint64_t v)
{
	return !(v & (page_size() - 1));
}

static struct xe_physmem *physmem_from_handle(ze_physical_mem_handle_t h)
{
	return xe_object_check(h, XE_MAGIC_PHYSMEM);
}

static bool access_known(ze_memory_access_attribute_t access)
{
	return access == ZE_MEMORY_ACCESS_ATTRIBUTE_NONE ||
	       access == ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE ||
	       access == ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY;
}

/* The checks every call on a range makes, in the spec's order. */
static ze_result_t check_range(const void *ptr, size_t size)
{
	if (!ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!aligned((uintptr_t)ptr))
		return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
	if (!size || !aligned(size) || (uintptr_t)ptr + size < (uintptr_t)ptr)
		return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
	return ZE_RESULT_SUCCESS;
}

/* The reservation that holds all of [@start, @start + @size). */
static struct xe_va_range *find_range_locked(struct xe_context *ctx,
					     uintptr_t start, uint64_t size)
{
	struct xe_va_range *r;

	for (r = ctx->va_ranges; r; r = r->next)
		if (start >= r->start && start - r->start < r->size &&
		    size <= r->size - (start - r->start))
			return r;
	return NULL;
}

/* Bind the pages of @m chunk by chunk, one GPU range. */
static int gpu_bind(struct xe_va_map *m)
{
	struct xe_physmem *phys = m->phys;
	uint64_t done = 0;
	uint32_t flags = 0;
	int err = 0;

	if (m->access == ZE_MEMORY_ACCESS_ATTRIBUTE_NONE)
		return 0;
	if (m->access == ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY)
		flags = DRM_XE_CBEV_VM_BIND_READONLY;
	while (done < m->size && !err) {
		uint64_t off = m->offset + done;
		uint32_t i = off / phys->chunk;
		uint64_t in = off % phys->chunk;
		uint64_t len = phys->chunk - in;

		if (len > m->size - done)
			len = m->size - done;
		err = xe_kmd_vm_bind(phys->dev->fd, phys->handles[i], in, len,
				     m->start + done, flags);
		done += len;
	}
	if (err && done > 0)
		xe_kmd_vm_unbind(phys->dev->fd, m->start, m->size);
	return err;
}

static void gpu_unbind(struct xe_va_map *m)
{
	if (m->access != ZE_MEMORY_ACCESS_ATTRIBUTE_NONE)
		xe_kmd_vm_unbind(m->phys->dev->fd, m->start, m->size);
}

/* Map the pages of @m on the host, chunk by chunk; @m->offset is a chunk's. */
static int cpu_map(struct xe_va_map *m)
{
	struct xe_physmem *phys = m->phys;
	uint64_t done = 0;
	int err = 0;

	while (done < m->size && !err) {
		uint32_t i = (m->offset + done) / phys->chunk;
		uint64_t len = phys->chunk;

		if (len > m->size - done)
			len = m->size - done;
		err = xe_kmd_map_fixed(phys->dev->fd, phys->mmap_offsets[i],
				       len, (void *)(m->start + done), true);
		done += len;
	}
	if (err)
		xe_kmd_va_release((void *)m->start, m->size);
	return err;
}

static int cpu_protect(struct xe_va_map *m)
{
	return xe_kmd_protect((void *)m->start, m->size,
			      m->access != ZE_MEMORY_ACCESS_ATTRIBUTE_NONE,
			      m->access == ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
}

/* Split @m at @at (inside it): two bindings with its attribute. */
static int split_locked(struct xe_va_map *m, uintptr_t at)
{
	struct xe_va_map *tail = calloc(1, sizeof(*tail));
	uint64_t head_size = at - m->start;
	int err;

	if (!tail)
		return -ENOMEM;
	*tail = *m;
	tail->start = at;
	tail->size = m->size - head_size;
	tail->offset = m->offset + head_size;

	gpu_unbind(m);
	m->size = head_size;
	err = gpu_bind(m);
	if (!err)
		err = gpu_bind(tail);
	if (err) {
		/* Put the whole binding back as it was. */
		gpu_unbind(m);
		m->size += tail->size;
		gpu_bind(m);
		free(tail);
		return err;
	}
	m->next = tail;
	tail->phys->maps++;
	return 0;
}

/* Make [@start, @end) a union of whole mappings at its ends. */
static int split_ends_locked(struct xe_va_range *r, uintptr_t start,
			     uintptr_t end)
{
	struct xe_va_map *m;
	int err;

	for (m = r->maps; m; m = m->next) {
		uintptr_t m_end = m->start + m->size;

		if (start > m->start && start < m_end) {
			err = split_locked(m, start);
			if (err)
				return err;
			continue;
		}
		if (end > m->start && end < m_end) {
			err = split_locked(m, end);
			if (err)
				return err;
		}
	}
	return 0;
}

static void unmap_one_locked(struct xe_va_map *m)
{
	gpu_unbind(m);
	xe_kmd_va_release((void *)m->start, m->size);
	m->phys->maps--;
	free(m);
}

/* Unmap every mapping inside [@start, @end), which splits none. */
static void unmap_inside_locked(struct xe_va_range *r, uintptr_t start,
				uintptr_t end)
{
	struct xe_va_map **link = &r->maps, *m;

	while ((m = *link)) {
		if (m->start >= start && m->start + m->size <= end) {
			*link = m->next;
			unmap_one_locked(m);
		} else {
			link = &m->next;
		}
	}
}

ze_result_t xe_virtual_mem_query_page_size(ze_context_handle_t hContext,
					   ze_device_handle_t hDevice,
					   size_t size, size_t *pagesize)
{
	if (!xe_context_from_handle(hContext) ||
	    !xe_device_from_handle(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pagesize)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	*pagesize = vm_page_size(size);
	return ZE_RESULT_SUCCESS;
}

static void virtual_context_fini(struct xe_context *ctx);

/*
 * @pStart is a hint, as the spec has it: the range is reserved there if
 * it is free, elsewhere if not.
 */
ze_result_t xe_virtual_mem_reserve(ze_context_handle_t hContext,
				   const void *pStart, size_t size,
				   void **pptr)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_va_range *r;
	void *addr = NULL;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!size || !aligned(size) || size > DRM_XE_CBEV_VA_USER_END / 2)
		return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
	if (pStart && !aligned((uintptr_t)pStart))
		return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;

	r = calloc(1, sizeof(*r));
	if (!r)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	err = xe_kmd_va_reserve(size, vm_page_size(size), (void *)pStart,
				&addr);
	if (!err && ((uintptr_t)addr < DRM_XE_CBEV_VA_USER_START ||
		     (uintptr_t)addr + size > DRM_XE_CBEV_VA_USER_END)) {
		xe_kmd_unmap(addr, size);
		err = -ENOMEM;
	}
	if (err) {
		free(r);
		return xe_result_from_errno(err);
	}
	r->start = (uintptr_t)addr;
	r->size = size;

	pthread_mutex_lock(&ctx->alloc_lock);
	r->next = ctx->va_ranges;
	ctx->va_ranges = r;
	ctx->va_ranges_fini = virtual_context_fini;
	pthread_mutex_unlock(&ctx->alloc_lock);
	*pptr = addr;
	return ZE_RESULT_SUCCESS;
}

static void range_release(struct xe_va_range *r)
{
	unmap_inside_locked(r, r->start, r->start + r->size);
	xe_kmd_unmap((void *)r->start, r->size);
	free(r);
}

/* A whole reservation is freed; mappings left in it are unmapped. */
ze_result_t xe_virtual_mem_free(ze_context_handle_t hContext,
				const void *ptr, size_t size)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_va_range **link, *r;
	ze_result_t ret;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	ret = check_range(ptr, size);
	if (ret)
		return ret;

	pthread_mutex_lock(&ctx->alloc_lock);
	for (link = &ctx->va_ranges; (r = *link); link = &r->next)
		if (r->start == (uintptr_t)ptr && r->size == size)
			break;
	if (r) {
		*link = r->next;
		range_release(r);
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
	return r ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

/*
 * &xe_context.va_ranges_fini: destroying a context releases its
 * reservations and their mappings.
 */
static void virtual_context_fini(struct xe_context *ctx)
{
	struct xe_va_range *r;

	pthread_mutex_lock(&ctx->alloc_lock);
	while ((r = ctx->va_ranges)) {
		ctx->va_ranges = r->next;
		range_release(r);
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
}

static int map_locked(struct xe_va_range *r, struct xe_va_map *m)
{
	struct xe_va_map **link;
	int err;

	for (link = &r->maps; *link; link = &(*link)->next) {
		struct xe_va_map *o = *link;

		if (o->start < m->start + m->size &&
		    m->start < o->start + o->size)
			return -EBUSY;
		if (o->start > m->start)
			break;
	}

	err = cpu_map(m);
	if (!err)
		err = cpu_protect(m);
	if (!err) {
		err = gpu_bind(m);
		if (err)
			xe_kmd_va_release((void *)m->start, m->size);
	}
	if (err)
		return err;
	m->next = *link;
	*link = m;
	m->phys->maps++;
	return 0;
}

ze_result_t xe_virtual_mem_map(ze_context_handle_t hContext, const void *ptr,
			       size_t size,
			       ze_physical_mem_handle_t hPhysicalMemory,
			       size_t offset,
			       ze_memory_access_attribute_t access)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_physmem *phys = physmem_from_handle(hPhysicalMemory);
	struct xe_va_range *r;
	struct xe_va_map *m;
	ze_result_t ret;
	int err;

	if (!ctx || !phys)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	ret = check_range(ptr, size);
	if (ret)
		return ret;
	if (!access_known(access))
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (offset % phys->chunk)
		return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
	if (phys->ctx != ctx || offset >= phys->size ||
	    size > phys->size - offset)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	m = calloc(1, sizeof(*m));
	if (!m)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	*m = (struct xe_va_map){
		.start = (uintptr_t)ptr,
		.size = size,
		.phys = phys,
		.offset = offset,
		.access = access,
	};

	pthread_mutex_lock(&ctx->alloc_lock);
	r = find_range_locked(ctx, m->start, size);
	err = r ? map_locked(r, m) : -EINVAL;
	pthread_mutex_unlock(&ctx->alloc_lock);
	if (err) {
		free(m);
		return err == -EBUSY ? ZE_RESULT_ERROR_INVALID_ARGUMENT :
		       xe_result_from_errno(err);
	}
	return ZE_RESULT_SUCCESS;
}

/* The mappings inside the range go; one that straddles an end is split. */
ze_result_t xe_virtual_mem_unmap(ze_context_handle_t hContext,
				 const void *ptr, size_t size)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	uintptr_t start = (uintptr_t)ptr;
	struct xe_va_range *r;
	ze_result_t ret;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	ret = check_range(ptr, size);
	if (ret)
		return ret;

	pthread_mutex_lock(&ctx->alloc_lock);
	r = find_range_locked(ctx, start, size);
	err = r ? split_ends_locked(r, start, start + size) : -EINVAL;
	if (!err)
		unmap_inside_locked(r, start, start + size);
	pthread_mutex_unlock(&ctx->alloc_lock);
	return xe_result_from_errno(err);
}

ze_result_t xe_virtual_mem_set_access(ze_context_handle_t hContext,
				      const void *ptr, size_t size,
				      ze_memory_access_attribute_t access)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	uintptr_t start = (uintptr_t)ptr, end = start + size;
	struct xe_va_range *r;
	struct xe_va_map *m;
	ze_result_t ret;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	ret = check_range(ptr, size);
	if (ret)
		return ret;
	if (!access_known(access))
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;

	pthread_mutex_lock(&ctx->alloc_lock);
	r = find_range_locked(ctx, start, size);
	err = r ? split_ends_locked(r, start, end) : -EINVAL;
	for (m = err ? NULL : r->maps; m && !err; m = m->next) {
		ze_memory_access_attribute_t old = m->access;

		if (m->start < start || m->start + m->size > end ||
		    old == access)
			continue;
		gpu_unbind(m);
		m->access = access;
		err = gpu_bind(m);
		if (!err)
			err = cpu_protect(m);
		if (err) {
			m->access = old;
			gpu_bind(m);
			cpu_protect(m);
		}
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
	return xe_result_from_errno(err);
}

/*
 * The attribute at @ptr and how far from @ptr (up to @size) it holds;
 * reserved pages that nothing is mapped at are NONE.
 */
ze_result_t xe_virtual_mem_get_access(ze_context_handle_t hContext,
				      const void *ptr, size_t size,
				      ze_memory_access_attribute_t *access,
				      size_t *outSize)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	uintptr_t start = (uintptr_t)ptr, at, end = start + size;
	ze_memory_access_attribute_t first = ZE_MEMORY_ACCESS_ATTRIBUTE_NONE;
	struct xe_va_range *r;
	struct xe_va_map *m;
	ze_result_t ret;
	bool found = false;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!access || !outSize)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	ret = check_range(ptr, size);
	if (ret)
		return ret;

	pthread_mutex_lock(&ctx->alloc_lock);
	r = find_range_locked(ctx, start, size);
	if (!r) {
		pthread_mutex_unlock(&ctx->alloc_lock);
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	}
	/* Walk the pages from @ptr while they keep the first attribute. */
	at = start;
	m = r->maps;
	while (at < end) {
		ze_memory_access_attribute_t here = ZE_MEMORY_ACCESS_ATTRIBUTE_NONE;
		uintptr_t next = end;

		while (m && m->start + m->size <= at)
			m = m->next;
		if (m && m->start <= at) {
			here = m->access;
			next = m->start + m->size;
		} else if (m) {
			next = m->start;
		}
		if (!found) {
			first = here;
			found = true;
		} else if (here != first) {
			break;
		}
		at = next < end ? next : end;
	}
	pthread_mutex_unlock(&ctx->alloc_lock);
	*access = first;
	*outSize = at - start;
	return ZE_RESULT_SUCCESS;
}

/* Close the first @made chunks' handles and free @phys. */
static void physmem_free(struct xe_physmem *phys, uint32_t made)
{
	uint32_t i;

	xe_physmem_ipc_close(phys);
	for (i = 0; i < made; i++)
		xe_kmd_gem_close(phys->dev->fd, phys->handles[i]);
	free(phys->handles);
	free(phys->mmap_offsets);
	free(phys);
}

ze_result_t xe_physical_mem_create(ze_context_handle_t hContext,
				   ze_device_handle_t hDevice,
				   ze_physical_mem_desc_t *desc,
				   ze_physical_mem_handle_t *phPhysicalMemory)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_device *dev = xe_device_from_handle(hDevice);
	struct xe_physmem *phys;
	uint32_t i;
	int err;

	if (!ctx)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	/* Host physical memory (spec 1.14 flag) needs no device. */
	if (!dev && !hDevice && desc && (desc->flags & 0x2u))
		dev = &ctx->drv->devices[0];
	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!desc || !phPhysicalMemory)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (desc->stype != ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;
	if (desc->flags & ~XE_PHYSICAL_MEM_FLAGS_KNOWN)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	if (!desc->size)
		return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
	if (!aligned(desc->size))
		return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;

	phys = calloc(1, sizeof(*phys));
	if (!phys)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	phys->ctx = ctx;
	phys->dev = dev;
	phys->size = desc->size;
	phys->chunk = vm_page_size(desc->size);
	phys->nchunks = (phys->size + phys->chunk - 1) / phys->chunk;
	phys->handles = calloc(phys->nchunks, sizeof(*phys->handles));
	phys->mmap_offsets = calloc(phys->nchunks,
				    sizeof(*phys->mmap_offsets));
	err = phys->handles && phys->mmap_offsets ? 0 : -ENOMEM;
	for (i = 0; i < phys->nchunks && !err;) {
		uint64_t len = phys->size - (uint64_t)i * phys->chunk;

		if (len > phys->chunk)
			len = phys->chunk;
		err = xe_kmd_bo_create(dev->fd, len, 0, &phys->handles[i]);
		if (err)
			break;
		err = xe_kmd_bo_mmap_offset(dev->fd, phys->handles[i],
					    &phys->mmap_offsets[i]);
		i++;	/* the handle is made: counted for the cleanup */
	}
	if (err) {
		physmem_free(phys, i);
		return err == -ENOMEM ? ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY :
		       xe_result_from_errno(err);
	}
	xe_object_init(&phys->obj, XE_MAGIC_PHYSMEM, &ctx->drv->ddi);
	*phPhysicalMemory = xe_object_handle(&phys->obj);
	return ZE_RESULT_SUCCESS;
}

/* Refused while mapped: the mappings would outlive their handle. */
ze_result_t xe_physical_mem_destroy(ze_context_handle_t hContext,
				    ze_physical_mem_handle_t hPhysicalMemory)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_physmem *phys = physmem_from_handle(hPhysicalMemory);
	bool mapped;

	if (!ctx || !phys)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (phys->ctx != ctx)
		return ZE_RESULT_ERROR_INVALID_ARGUMENT;

	pthread_mutex_lock(&ctx->alloc_lock);
	mapped = phys->maps;
	if (!mapped)
		xe_object_fini(&phys->obj);
	pthread_mutex_unlock(&ctx->alloc_lock);
	if (mapped)
		return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;
	physmem_free(phys, phys->nchunks);
	return ZE_RESULT_SUCCESS;
}

/*
 * Spec 1.15. The id is the first piece's GEM handle, unique in the
 * device's file. ze_external_memory_export_fd_t in the pNext gets a dma-buf
 * of the memory when it is one kernel object (64 KiB, or exactly 2 MiB);
 * larger memory is pieces that no single dma-buf covers:
 * ZE_RESULT_ERROR_UNSUPPORTED_FEATURE.
 */
ze_result_t
xe_physical_mem_get_properties(ze_context_handle_t hContext,
			       ze_physical_mem_handle_t hPhysicalMem,
			       ze_physical_mem_properties_t *props)
{
	struct xe_context *ctx = xe_context_from_handle(hContext);
	struct xe_physmem *phys = physmem_from_handle(hPhysicalMem);
	ze_external_memory_export_fd_t *exp = NULL;
	const ze_base_desc_t *ext;

	if (!ctx || !phys)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!props)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (phys->ctx != ctx)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "the physical memory is of another context");
	if (!xe_stype_ok(props->stype,
			 ZE_STRUCTURE_TYPE_PHYSICAL_MEM_PROPERTIES))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "pMemProperties->stype is not ZE_STRUCTURE_TYPE_PHYSICAL_MEM_PROPERTIES");
	for (ext = props->pNext; ext; ext = ext->pNext)
		if (ext->stype == ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD)
			exp = (ze_external_memory_export_fd_t *)ext;
	if (exp && phys->nchunks != 1)
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
			       "physical memory of more than one piece has no single dma-buf");
	if (exp && (exp->flags & ~(ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_FD |
				   ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF)))
		return XE_FAIL(ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION,
			       "only DMA_BUF and OPAQUE_FD exports exist here");
	if (exp) {
		int err = xe_kmd_prime_export(phys->dev->fd, phys->handles[0],
					      &exp->fd);

		if (err)
			return xe_result_from_errno(err);
	}
	props->id = phys->handles[0];
	props->size = phys->size;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeVirtualMemQueryPageSize, xe_virtual_mem_query_page_size);
XE_EXPORT(zeVirtualMemReserve, xe_virtual_mem_reserve);
XE_EXPORT(zeVirtualMemFree, xe_virtual_mem_free);
XE_EXPORT(zeVirtualMemMap, xe_virtual_mem_map);
XE_EXPORT(zeVirtualMemUnmap, xe_virtual_mem_unmap);
XE_EXPORT(zeVirtualMemSetAccessAttribute, xe_virtual_mem_set_access);
XE_EXPORT(zeVirtualMemGetAccessAttribute, xe_virtual_mem_get_access);
XE_EXPORT(zePhysicalMemCreate, xe_physical_mem_create);
XE_EXPORT(zePhysicalMemDestroy, xe_physical_mem_destroy);
XE_EXPORT(zePhysicalMemGetProperties, xe_physical_mem_get_properties);
