// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include "core/object.h"

/**
 * xe_object_init() - fill the header that starts every handle
 * @obj: header of a driver, device or any later object
 * @magic: what the object is
 * @heads: DDI heads of the driver that owns the object
 *
 * The heads are filled once by the driver before any object exists; an
 * object only points at them.
 */
void xe_object_init(struct xe_object *obj, enum xe_magic magic,
		    const struct xe_ddi_heads *heads)
{
	obj->ddi = (zex_handle_t){
		.pCore = (void *)&heads->core.head,
		.pTools = (void *)&heads->tools.head,
		.pSysman = (void *)&heads->sysman.head,
		.pRuntime = (void *)&heads->runtime.head,
	};
	obj->magic = magic;
}
