// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: memory appends
 *
 * Copies and fills run the engine's built-in copy and fill kernels
 * (XE_CBEV_DISPATCH), in pieces of at most 1 GiB, the most one dispatch
 * may move. A fill pattern is copied into the list's heap at append time,
 * so the caller's pattern buffer is free as soon as the call returns. A
 * region copy is one copy per row, rows that follow each other on both
 * sides merged into one copy. A depth of 0 is a 2D copy, as one of 1 (the
 * spec's "0 or 1"); a region with a zero width or height copies nothing,
 * and its append still waits and signals like any other.
 * An append of any size goes (append/append.c: one too large for the ring
 * is called as a batch). Every pointer is a GPU address in the
 * device's address space: memory from zeMemAlloc*() (or an opened IPC
 * handle); any other address faults the queue, which then reports
 * ZE_RESULT_ERROR_DEVICE_LOST. Prefetch and memory advice have nothing to
 * do: all memory is resident and coherent.
 */

#include <string.h>

#include "core/debug_log.h"
#include "core/libze_private.h"
#include "append/append.h"
#include "append/append_api.h"
#include "lists/cmdlist.h"
#include "graph/graph_capture.h"
#include "graph/graph_record.h"
#include "submission/encoder.h"

/* Most bytes one dispatch may touch (Documentation/command-stream.rst). */
#define XE_DISPATCH_MAX_SIZE	(1ull << 30)
/* Largest fill pattern the fill kernel takes. */
#define XE_MAX_FILL_PATTERN	256
/* ze_memory_advice_t up to spec 1.17 (CLEAR_SYSTEM_MEMORY_PREFERRED_LOCATION). */
#define XE_MEMORY_ADVICE_MAX	9

static size_t num_pieces(size_t size)
{
	return size ? (size + XE_DISPATCH_MAX_SIZE - 1) / XE_DISPATCH_MAX_SIZE :
		      0;
}

/* Emit copies of @size bytes from @src to @dst, piece by piece. */
static ze_result_t emit_copy(struct xe_append *a, uint64_t dst,
			     uint64_t src, uint64_t size)
{
	uint64_t args[XE_DISPATCH_NUM_ARGS] = { 0 };
	uint32_t *cs = xe_append_reserve(a, num_pieces(size) *
					    XE_DISPATCH_DWORDS);
	uint64_t n;

	if (!cs)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	for (; size; size -= n, dst += n, src += n) {
		n = size < XE_DISPATCH_MAX_SIZE ? size : XE_DISPATCH_MAX_SIZE;
		args[0] = dst;
		args[1] = src;
		args[2] = n;
		cs = xe_emit_dispatch(cs, ZEX_BUILTIN_COPY, args);
	}
	xe_append_advance(a, cs);
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_append_memory_copy(ze_command_list_handle_t hCommandList,
				  void *dstptr, const void *srcptr, size_t size,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents)
{
	struct xe_append a;
	ze_result_t ret;

	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!dstptr || !srcptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_copy(hCommandList, dstptr, srcptr, size,
					      hSignalEvent, numWaitEvents,
					      phWaitEvents));

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	ret = emit_copy(&a, (uintptr_t)dstptr, (uintptr_t)srcptr, size);
	if (ret != ZE_RESULT_SUCCESS)
		return xe_append_abort(&a, ret);
	return xe_append_commit(&a);
}

ze_result_t
xe_append_memory_copy_from_context(ze_command_list_handle_t hCommandList,
				   void *dstptr, ze_context_handle_t hContextSrc,
				   const void *srcptr, size_t size,
				   ze_event_handle_t hSignalEvent,
				   uint32_t numWaitEvents,
				   ze_event_handle_t *phWaitEvents)
{
	/* One address space per device file: every context's memory is here. */
	if (!hContextSrc)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	return xe_append_memory_copy(hCommandList, dstptr, srcptr, size,
				     hSignalEvent, numWaitEvents,
				     phWaitEvents);
}

static bool is_power_of_two(size_t v)
{
	return v && !(v & (v - 1));
}

/*
 * A pattern the fill kernel does not take (longer than 256 bytes, or not a
 * power of two): one copy of the pattern, then copies of what is filled
 * already, doubling, each after the one before on the engine (level-zero-
 * tests fill with such patterns, which compute-runtime takes).
 */
static ze_result_t emit_long_fill(struct xe_append *a, uint64_t dst,
				  const void *pattern, size_t pattern_size,
				  uint64_t size)
{
	uint64_t first = pattern_size < size ? pattern_size : size;
	uint64_t done, n;
	void *copy = xe_append_data(a, first);
	ze_result_t ret;

	if (!copy)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	memcpy(copy, pattern, first);
	ret = emit_copy(a, dst, (uintptr_t)copy, first);
	for (done = first; ret == ZE_RESULT_SUCCESS && done < size; done += n) {
		n = done < size - done ? done : size - done;
		ret = emit_copy(a, dst + done, dst, n);
	}
	return ret;
}

ze_result_t xe_append_memory_fill(ze_command_list_handle_t hCommandList,
				  void *ptr, const void *pattern,
				  size_t pattern_size, size_t size,
				  ze_event_handle_t hSignalEvent,
				  uint32_t numWaitEvents,
				  ze_event_handle_t *phWaitEvents)
{
	uint64_t args[XE_DISPATCH_NUM_ARGS] = { 0 };
	uint64_t dst = (uintptr_t)ptr, n;
	struct xe_append a;
	ze_result_t ret;
	void *copy;
	uint32_t *cs;

	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr || !pattern)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if (!pattern_size)
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_SIZE,
			       "pattern_size is 0");
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_fill(hCommandList, ptr, pattern,
					      pattern_size, size, hSignalEvent,
					      numWaitEvents, phWaitEvents));

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	if (!is_power_of_two(pattern_size) ||
	    pattern_size > XE_MAX_FILL_PATTERN) {
		ret = emit_long_fill(&a, dst, pattern, pattern_size, size);
		if (ret != ZE_RESULT_SUCCESS)
			return xe_append_abort(&a, ret);
		return xe_append_commit(&a);
	}

	copy = xe_append_data(&a, pattern_size);
	cs = xe_append_reserve(&a, num_pieces(size) * XE_DISPATCH_DWORDS);
	if (!copy || !cs)
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
	memcpy(copy, pattern, pattern_size);

	/* Pieces are multiples of the pattern size: the pattern stays in phase. */
	for (; size; size -= n, dst += n) {
		n = size < XE_DISPATCH_MAX_SIZE ? size : XE_DISPATCH_MAX_SIZE;
		args[0] = dst;
		args[1] = n;
		args[2] = (uintptr_t)copy;
		args[3] = pattern_size;
		cs = xe_emit_dispatch(cs, ZEX_BUILTIN_FILL, args);
	}
	xe_append_advance(&a, cs);
	return xe_append_commit(&a);
}

/* Slices of a region: a depth of 0 means a 2D copy, one slice. */
static uint32_t region_depth(const ze_copy_region_t *r)
{
	return r->depth ? r->depth : 1;
}

static bool region_empty(const ze_copy_region_t *r)
{
	return !r->width || !r->height;
}

static bool region_ok(const ze_copy_region_t *r, uint32_t pitch,
		      uint32_t slice_pitch)
{
	if (region_empty(r))
		return true;
	if (r->height > 1 && pitch < (uint64_t)r->originX + r->width)
		return false;
	if (r->depth > 1 &&
	    slice_pitch < (uint64_t)pitch * (r->originY + r->height))
		return false;
	return true;
}

ze_result_t
xe_append_memory_copy_region(ze_command_list_handle_t hCommandList,
			     void *dstptr, const ze_copy_region_t *dstRegion,
			     uint32_t dstPitch, uint32_t dstSlicePitch,
			     const void *srcptr,
			     const ze_copy_region_t *srcRegion,
			     uint32_t srcPitch, uint32_t srcSlicePitch,
			     ze_event_handle_t hSignalEvent,
			     uint32_t numWaitEvents,
			     ze_event_handle_t *phWaitEvents)
{
	uint64_t dst, src, rows, run_dst = 0, run_src = 0, run = 0;
	struct xe_append a;
	ze_result_t ret;
	uint32_t y, z;

	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!dstptr || !dstRegion || !srcptr || !srcRegion)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	/* Same shape on both sides, and rows that do not overlap. */
	if (dstRegion->width != srcRegion->width ||
	    dstRegion->height != srcRegion->height ||
	    region_depth(dstRegion) != region_depth(srcRegion) ||
	    !region_ok(dstRegion, dstPitch, dstSlicePitch) ||
	    !region_ok(srcRegion, srcPitch, srcSlicePitch))
		return XE_FAIL(ZE_RESULT_ERROR_INVALID_ARGUMENT,
			       "a region is empty, overflows its pitch, or the regions differ in size");
	XE_GRAPH_CAPTURE(hCommandList, hSignalEvent, numWaitEvents,
			 phWaitEvents,
			 xe_graph_record_copy_region(hCommandList, dstptr,
						     dstRegion, dstPitch,
						     dstSlicePitch, srcptr,
						     srcRegion, srcPitch,
						     srcSlicePitch,
						     hSignalEvent,
						     numWaitEvents,
						     phWaitEvents));

	ret = xe_append_begin(&a, hCommandList, hSignalEvent, numWaitEvents,
			      phWaitEvents);
	if (ret != ZE_RESULT_SUCCESS)
		return ret;
	if (region_empty(srcRegion))
		return xe_append_commit(&a);	/* waits and signal only */
	rows = (uint64_t)srcRegion->height * region_depth(srcRegion);
	if (!xe_append_reserve(&a, rows * XE_DISPATCH_DWORDS))
		return xe_append_abort(&a, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);

	/* A run of rows contiguous on both sides is one copy. */
	for (z = 0; z < region_depth(srcRegion); z++) {
		for (y = 0; y < srcRegion->height; y++) {
			dst = (uintptr_t)dstptr +
			      (uint64_t)(dstRegion->originZ + z) * dstSlicePitch +
			      (uint64_t)(dstRegion->originY + y) * dstPitch +
			      dstRegion->originX;
			src = (uintptr_t)srcptr +
			      (uint64_t)(srcRegion->originZ + z) * srcSlicePitch +
			      (uint64_t)(srcRegion->originY + y) * srcPitch +
			      srcRegion->originX;
			if (run && dst == run_dst + run && src == run_src + run) {
				run += srcRegion->width;
				continue;
			}
			ret = emit_copy(&a, run_dst, run_src, run);
			if (ret != ZE_RESULT_SUCCESS)
				return xe_append_abort(&a, ret);
			run_dst = dst;
			run_src = src;
			run = srcRegion->width;
		}
	}
	ret = emit_copy(&a, run_dst, run_src, run);
	if (ret != ZE_RESULT_SUCCESS)
		return xe_append_abort(&a, ret);
	return xe_append_commit(&a);
}

ze_result_t xe_append_memory_prefetch(ze_command_list_handle_t hCommandList,
				      const void *ptr, size_t size)
{
	(void)size;
	if (!xe_cmdlist_from_handle(hCommandList))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	return ZE_RESULT_SUCCESS;
}

ze_result_t xe_append_mem_advise(ze_command_list_handle_t hCommandList,
				 ze_device_handle_t hDevice, const void *ptr,
				 size_t size, ze_memory_advice_t advice)
{
	(void)size;
	if (!xe_cmdlist_from_handle(hCommandList) || !hDevice)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!ptr)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
	if ((uint32_t)advice > XE_MEMORY_ADVICE_MAX)
		return ZE_RESULT_ERROR_INVALID_ENUMERATION;
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeCommandListAppendMemoryCopy, xe_append_memory_copy);
XE_EXPORT(zeCommandListAppendMemoryCopyFromContext,
	  xe_append_memory_copy_from_context);
XE_EXPORT(zeCommandListAppendMemoryFill, xe_append_memory_fill);
XE_EXPORT(zeCommandListAppendMemoryCopyRegion, xe_append_memory_copy_region);
XE_EXPORT(zeCommandListAppendMemoryPrefetch, xe_append_memory_prefetch);
XE_EXPORT(zeCommandListAppendMemAdvise, xe_append_mem_advise);
