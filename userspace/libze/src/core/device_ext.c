// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: device extension queries
 *
 * What SYCL's runtime and the reference driver's programs ask of a device
 * beyond the core properties, with the values of the software device:
 *
 * - "ZE_extension_pci_properties" (zeDevicePciGetPropertiesExt()): the
 *   device has no PCI function. It reports the address an Intel
 *   integrated GPU has, domain 0, bus 0, device 2, with the device's index
 *   in the driver as the function (0000:00:02.<i>), so that tools that
 *   sort or print devices by BDF see distinct, well-formed addresses; and
 *   a link speed of -1 in every field ("unknown", as the spec allows): there
 *   is no link between the host and a device that is the host.
 * - "ZE_extension_device_vector_sizes"
 *   (zeDeviceGetVectorWidthPropertiesExt()): one entry per sub-group size
 *   a SPIR-V kernel may have (16, the default, then 8). Work-items are
 *   lanes of the host's vectors as the JIT compiles them: the preferred
 *   and native widths are those of 128-bit vectors (char 16, short 8,
 *   int 4, long 2, float 4, double 2, half 8).
 * - "ZE_extension_device_ip_version" (ze_device_ip_version_ext_t in
 *   zeDeviceGetProperties()'s pNext, device.c): 0, no Intel graphics IP,
 *   so that no runtime picks native binaries of a real GPU for it.
 */

#include <string.h>

#include "core/libze_private.h"
#include "core/device_ext.h"
#include "core/types.h"

/* Sub-group sizes, as zeDeviceGetComputeProperties() lists them. */
static const uint32_t xe_vector_width_sizes[] = { 16, 8 };

/* Width of the host vectors work-items are lanes of, in bytes. */
#define XE_HOST_VECTOR_BYTES	16

ze_result_t xe_device_pci_get_properties(ze_device_handle_t hDevice,
					 ze_pci_ext_properties_t *pPciProperties)
{
	struct xe_device *dev = xe_device_from_handle(hDevice);
	ze_pci_ext_properties_t *p = pPciProperties;

	if (!dev)
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!p)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	/* stype and pNext belong to the caller. */
	p->address.domain = 0;
	p->address.bus = 0;
	p->address.device = 2;
	p->address.function = (uint32_t)(dev - dev->driver->devices);
	p->maxSpeed.genVersion = -1;
	p->maxSpeed.width = -1;
	p->maxSpeed.maxBandwidth = -1;
	return ZE_RESULT_SUCCESS;
}

ze_result_t
xe_device_get_vector_width_properties(ze_device_handle_t hDevice,
				      uint32_t *pCount,
				      ze_device_vector_width_properties_ext_t *pProps)
{
	const uint32_t v = XE_HOST_VECTOR_BYTES;
	uint32_t i, n;

	if (!xe_device_from_handle(hDevice))
		return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
	if (!pCount)
		return ZE_RESULT_ERROR_INVALID_NULL_POINTER;

	n = xe_enum_count(pCount, XE_ARRAY_SIZE(xe_vector_width_sizes), pProps);
	for (i = 0; i < n; i++) {
		ze_device_vector_width_properties_ext_t *p = &pProps[i];

		p->vector_width_size = xe_vector_width_sizes[i];
		p->preferred_vector_width_char = v / 1;
		p->preferred_vector_width_short = v / 2;
		p->preferred_vector_width_int = v / 4;
		p->preferred_vector_width_long = v / 8;
		p->preferred_vector_width_float = v / 4;
		p->preferred_vector_width_double = v / 8;
		p->preferred_vector_width_half = v / 2;
		p->native_vector_width_char = v / 1;
		p->native_vector_width_short = v / 2;
		p->native_vector_width_int = v / 4;
		p->native_vector_width_long = v / 8;
		p->native_vector_width_float = v / 4;
		p->native_vector_width_double = v / 8;
		p->native_vector_width_half = v / 2;
	}
	return ZE_RESULT_SUCCESS;
}

XE_EXPORT(zeDevicePciGetPropertiesExt, xe_device_pci_get_properties);
XE_EXPORT(zeDeviceGetVectorWidthPropertiesExt,
	  xe_device_get_vector_width_properties);
