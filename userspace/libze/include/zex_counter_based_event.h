/* SPDX-License-Identifier: MIT */
/*
 * Copyright © 2026 The xe_cbev authors
 */
#ifndef _ZEX_COUNTER_BASED_EVENT_H
#define _ZEX_COUNTER_BASED_EVENT_H

/*
 * DOC: ZEX_counter_based_event
 *
 * The driver-experimental counter-based event API of Intel's
 * compute-runtime, which applications call through
 * zeDriverGetExtensionFunctionAddress() (extension "ZEX_counter_based_event"
 * 1.0). compute-runtime's own headers for it are C++ only; this one restates
 * its names, values and layouts for C, ABI-compatible (same field order and
 * sizes, same numbers).
 *
 * Spec 1.15 promoted the API to the core (zeEventCounterBasedCreate() and
 * friends, in zex_spec.h); in this driver each zex function and its core
 * twin are one implementation. The ZEX structures have the core layouts, so
 * either stype is accepted in either place.
 *
 * IPC is one-directional, as the counter-based events document of
 * compute-runtime says: an event opened from a handle keeps the state the
 * handle was made from (re-signalling the original does not move it), and
 * can only be waited for. A handle is made only for an event that was
 * signalled, never for timestamp events or events on external storage.
 */

#include <stdint.h>

#include <level_zero/ze_api.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define ZEX_COUNTER_BASED_EVENT_EXT_NAME	"ZEX_counter_based_event"

typedef enum _zex_counter_based_event_version_t {
	ZEX_COUNTER_BASED_EVENT_VERSION_1_0 = ZE_MAKE_VERSION(1, 0),
	ZEX_COUNTER_BASED_EVENT_VERSION_CURRENT = ZE_MAKE_VERSION(1, 0),
	ZEX_COUNTER_BASED_EVENT_VERSION_FORCE_UINT32 = 0x7fffffff,
} zex_counter_based_event_version_t;

/* Structure types (compute-runtime's ze_structure_type_ext_t values). */
#define ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC			0x0003001Cu
#define ZEX_STRUCTURE_COUNTER_BASED_EVENT_EXTERNAL_SYNC_ALLOC_PROPERTIES \
	0x0003001Du
#define ZEX_STRUCTURE_COUNTER_BASED_EVENT_EXTERNAL_STORAGE_ALLOC_PROPERTIES \
	0x00030027u

typedef uint32_t zex_counter_based_event_exp_flags_t;
typedef enum _zex_counter_based_event_exp_flag_t {
	/* Signalled from immediate lists. */
	ZEX_COUNTER_BASED_EVENT_FLAG_IMMEDIATE = ZE_BIT(0),
	/* Signalled from regular (recorded) lists. */
	ZEX_COUNTER_BASED_EVENT_FLAG_NON_IMMEDIATE = ZE_BIT(1),
	ZEX_COUNTER_BASED_EVENT_FLAG_HOST_VISIBLE = ZE_BIT(2),
	/* zexCounterBasedEventGetIpcHandle() may share it. */
	ZEX_COUNTER_BASED_EVENT_FLAG_IPC = ZE_BIT(3),
	/* Kernel timestamps; not with KERNEL_MAPPED_TIMESTAMP or IPC. */
	ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_TIMESTAMP = ZE_BIT(4),
	ZEX_COUNTER_BASED_EVENT_FLAG_KERNEL_MAPPED_TIMESTAMP = ZE_BIT(5),
	/*
	 * Synchronises a graph with work outside of it and with the host:
	 * its state is the application's, not an executable graph's
	 * (ze_graph_ext.h). ZEX_COUNTER_BASED_EVENT_FLAG_EXTERNAL is its
	 * older name.
	 */
	ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL = ZE_BIT(6),
	ZEX_COUNTER_BASED_EVENT_FLAG_EXTERNAL = ZE_BIT(6),
	ZEX_COUNTER_BASED_EVENT_FLAG_FORCE_UINT32 = 0x7fffffff,
} zex_counter_based_event_exp_flag_t;

/* At least one of IMMEDIATE and NON_IMMEDIATE must be set. */
typedef struct _zex_counter_based_event_desc_t {
	uint32_t stype;		/* ZEX_STRUCTURE_COUNTER_BASED_EVENT_DESC */
	const void *pNext;
	zex_counter_based_event_exp_flags_t flags;
	ze_event_scope_flags_t signalScope;
	ze_event_scope_flags_t waitScope;
} zex_counter_based_event_desc_t;

/*
 * pNext of zex_counter_based_event_desc_t: storage the application owns.
 * The event starts pointing at it, not complete until the application
 * stores a value >= completionValue at both addresses; a signalling append
 * replaces that state like any other. deviceAddress must lie in device,
 * host or shared memory of the context (the device reaches nothing else).
 */
typedef struct _zex_counter_based_event_external_sync_alloc_properties_t {
	uint32_t stype;
	const void *pNext;
	uint64_t *deviceAddress;
	uint64_t *hostAddress;
	uint64_t completionValue;
} zex_counter_based_event_external_sync_alloc_properties_t;

/*
 * pNext of zex_counter_based_event_desc_t: an aggregated event. Every
 * append that signals it atomically adds incrementValue at deviceAddress
 * on the device; its state is never replaced, and it is complete once
 * *deviceAddress >= completionValue (one compare, however many producers).
 * deviceAddress must lie in memory of the context; the application may
 * reset it. Not with an external sync allocation.
 */
typedef struct _zex_counter_based_event_external_storage_properties_t {
	uint32_t stype;
	void *pNext;
	uint64_t *deviceAddress;
	uint64_t incrementValue;
	uint64_t completionValue;
} zex_counter_based_event_external_storage_properties_t;

typedef struct _zex_ipc_counter_based_event_handle_t {
	char data[ZE_MAX_IPC_HANDLE_SIZE];
} zex_ipc_counter_based_event_handle_t;

/*
 * A counter-based event without a pool. @desc NULL means IMMEDIATE |
 * NON_IMMEDIATE | HOST_VISIBLE, signal scope host, wait scope device.
 */
ze_result_t ZE_APICALL
zexCounterBasedEventCreate2(ze_context_handle_t hContext,
			    ze_device_handle_t hDevice,
			    const zex_counter_based_event_desc_t *desc,
			    ze_event_handle_t *phEvent);

/*
 * Deprecated first form: flags IMMEDIATE | NON_IMMEDIATE, scopes from @desc
 * (its index is ignored), and, when both addresses are given, external
 * storage that completes at @completionValue.
 */
ze_result_t ZE_APICALL
zexCounterBasedEventCreate(ze_context_handle_t hContext,
			   ze_device_handle_t hDevice, uint64_t *deviceAddress,
			   uint64_t *hostAddress, uint64_t completionValue,
			   const ze_event_desc_t *desc,
			   ze_event_handle_t *phEvent);

/*
 * The event's current state: the device address of the value it waits for
 * and the value. A later signal (or execution of the regular list that
 * signals it) changes both.
 */
ze_result_t ZE_APICALL
zexEventGetDeviceAddress(ze_event_handle_t event, uint64_t *completionValue,
			 uint64_t *address);

ze_result_t ZE_APICALL
zexCounterBasedEventGetIpcHandle(ze_event_handle_t hEvent,
				 zex_ipc_counter_based_event_handle_t *phIpc);

/* @hIpc is passed by value, all 64 bytes. */
ze_result_t ZE_APICALL
zexCounterBasedEventOpenIpcHandle(ze_context_handle_t hContext,
				  zex_ipc_counter_based_event_handle_t hIpc,
				  ze_event_handle_t *phEvent);

/* Destroys the event (any event, as compute-runtime does). */
ze_result_t ZE_APICALL
zexCounterBasedEventCloseIpcHandle(ze_event_handle_t hEvent);

#if defined(__cplusplus)
}
#endif

#endif /* _ZEX_COUNTER_BASED_EVENT_H */
