// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright © 2026 The xe_cbev authors
 */

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/dma-buf.h>
#include <linux/file.h>
#include <linux/random.h>
#include <linux/slab.h>

#include <drm/drm_file.h>
#include <drm/drm_prime.h>
#include <drm/drm_vma_manager.h>

#include <uapi/drm/xe_cbev_drm.h>

#include "xe_cbev_bo.h"
#include "xe_cbev_counter.h"
#include "xe_cbev_device.h"
#include "xe_cbev_ipc.h"
#include "xe_cbev_macros.h"
#include "xe_cbev_trace.h"
#include "xe_cbev_view.h"

/**
 * DOC: IPC
 *
 * An export is an object: an export view for a counter slot or for memory
 * shared read-only (a view keeps the pages and the slot alive while anyone
 * holds it; see the export views DOC), or the buffer object itself for
 * memory shared read-write. Handing it over is plain dma-buf: PRIME of the
 * export object, through any fd-passing channel.
 *
 * A token is a name for an export: 128 random bits registered in the
 * module's table (one for all its devices) with the export object, the
 * exporter's effective uid and an optional granted uid. Importing by
 * token needs the caller to be one of those, or to have CAP_SYS_ADMIN
 * (capable(): in the initial user namespace; uid 0 alone is not enough);
 * so does importing an export by dma-buf fd (checked in the PRIME import
 * hook), so that the rule does not depend on the route.
 *
 * Re-export: a buffer object's owner is the effective uid of its creator,
 * fixed at creation, and only that uid may export it (else -EACCES). An
 * importer of another uid, even one granted read-write access, cannot
 * hand the object on, and so cannot change the rule of the fds handed
 * out already: the rule is the creator's. (Export views are never
 * exported again at all.) A later export by the owner sets the grant that
 * fds of the object are checked against, since all of them share the
 * object's one dma-buf; each token keeps its own.
 *
 * Importing the same export object into a file twice by token gives the
 * handle of the first import while it is open, as PRIME does for a
 * dma-buf: one handle, one reference, one GEM_CLOSE. The file keeps a
 * table from export object (by its mmap offset, unique while it lives) to
 * handle, checked against the handle table on use, and pruned when a
 * handle to the object closes.
 *
 * Across devices: the module may create several devices (the devices
 * parameter). An export of one device imported into a file of another,
 * by token or by dma-buf fd, becomes a peer view there (see the export
 * views DOC): a GEM object of the importing device that shows the same
 * pages, read-write for memory shared read-write, so that both devices'
 * engines reach the same memory (and the same wait queues). The import
 * rule is the same as on the exporter's device. Each import by token
 * into another device makes its own peer view and handle (the one-handle
 * rule above holds within a device). A dma-buf of another
 * xe_cbev device that was never exported through IPC (plain PRIME, as
 * libze uses to bind its allocations on every device) imports the same
 * way.
 *
 * Limits: a user has at most XE_CBEV_IPC_MAX_TOKENS_PER_USER live tokens
 * (65536, over all its files; -ENOSPC beyond). Tokens, export views and
 * import tables are charged to the memory cgroup of who made them.
 *
 * Tokens die (are revoked) on request, when the exporter frees the counter
 * slot or closes its handle to the object, and with the exporter's file.
 * Each token is on its creator file's list, so each of those finds its
 * tokens without a search. Imports already made are never affected: they
 * hold the export object itself.
 *
 * Locking: the registry's mutex protects the table, the per-user counts and
 * the files' token lists. It nests inside a counter manager's lock (a free
 * revokes) and is never held while taking one.
 */

/**
 * struct xe_cbev_ipc_token - a registered token
 */
struct xe_cbev_ipc_token {
	/** @node: in the registry's table */
	struct hlist_node node;
	/** @file_link: in the creator file's &xe_cbev_file.ipc_tokens */
	struct list_head file_link;
	/** @value: the token */
	u64 value[2];
	/** @export: the export object (a view or a buffer object), with a reference */
	struct drm_gem_object *export;
	/** @source: what was exported: the counter page or the object */
	struct xe_cbev_bo *source;
	/** @slot: the counter slot exported, or -1 */
	int slot;
	/** @kind: DRM_XE_CBEV_IPC_KIND_* */
	u32 kind;
	/** @readonly: importers may only read */
	bool readonly;
	/** @offset: byte offset of the counter in the export */
	u64 offset;
	/** @owner: the exporter's effective uid */
	kuid_t owner;
	/** @grant: a uid also allowed, if @granted */
	kuid_t grant;
	/** @granted: @grant is set */
	bool granted;
};

/* The tokens of every device of the module. */
static struct xe_cbev_ipc_registry xe_cbev_ipc;

static struct xe_cbev_ipc_registry *file_registry(struct xe_cbev_file *xfile)
{
	return &xe_cbev_ipc;
}

static u32 token_hash(const u64 *value)
{
	return (u32)(value[0] ^ value[1]);
}

/*
 * The owner's uid or the grant may import; so may the system's
 * administrator, CAP_SYS_ADMIN in the initial user namespace. uid 0 alone
 * is not enough: a container's root, or a root process that dropped its
 * capabilities, is a user like any other here.
 */
static bool may_import(kuid_t owner, bool granted, kuid_t grant)
{
	kuid_t euid = current_euid();

	return uid_eq(euid, owner) || (granted && uid_eq(euid, grant)) ||
	       capable(CAP_SYS_ADMIN);
}

/**
 * xe_cbev_ipc_init() - set up the module's token table, before any device
 */
void xe_cbev_ipc_init(void)
{
	mutex_init(&xe_cbev_ipc.lock);
	hash_init(xe_cbev_ipc.tokens);
	xa_init(&xe_cbev_ipc.per_user);
}

/**
 * xe_cbev_ipc_fini() - tear the table down; every device is gone
 */
void xe_cbev_ipc_fini(void)
{
	WARN_ON(!hash_empty(xe_cbev_ipc.tokens));
	xa_destroy(&xe_cbev_ipc.per_user);
	mutex_destroy(&xe_cbev_ipc.lock);
}

/**
 * xe_cbev_ipc_file_init() - a new file has no tokens and no imports
 * @xfile: the file
 */
void xe_cbev_ipc_file_init(struct xe_cbev_file *xfile)
{
	INIT_LIST_HEAD(&xfile->ipc_tokens);
	mutex_init(&xfile->ipc_import_lock);
	xa_init(&xfile->ipc_imports);
}

/* The key of an export object in a file's import table. */
static unsigned long import_key(struct drm_gem_object *obj)
{
	return drm_vma_node_start(&obj->vma_node);
}

/* Does @handle still name @obj in @file? */
static bool handle_is(struct drm_file *file, u32 handle,
		      struct drm_gem_object *obj)
{
	bool same;

	spin_lock(&file->table_lock);
	same = idr_find(&file->object_idr, handle) == obj;
	spin_unlock(&file->table_lock);
	return same;
}

/*
 * A file closed a handle to an export object: forget the import entry if
 * its handle is the one that went. (When the whole file closes the
 * handles still look alive; the table goes with the file.)
 */
static void import_forget(struct drm_gem_object *obj, struct drm_file *file)
{
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	unsigned long key = import_key(obj);
	void *entry;

	mutex_lock(&xfile->ipc_import_lock);
	entry = xa_load(&xfile->ipc_imports, key);
	if (entry && !handle_is(file, xa_to_value(entry), obj))
		xa_erase(&xfile->ipc_imports, key);
	mutex_unlock(&xfile->ipc_import_lock);
}

/*
 * The file's handle for an export object imported by token: the one an
 * earlier import made, if it still names the object, else a new one --
 * as PRIME does for a dma-buf imported twice. One handle, one reference.
 */
static int import_handle(struct drm_file *file, struct drm_gem_object *obj,
			 u32 *handle)
{
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	unsigned long key = import_key(obj);
	void *entry;
	int ret;

	mutex_lock(&xfile->ipc_import_lock);
	entry = xa_load(&xfile->ipc_imports, key);
	if (entry && handle_is(file, xa_to_value(entry), obj)) {
		*handle = xa_to_value(entry);
		ret = 0;
		goto out_unlock;
	}
	/* Room first, so that nothing fails once the handle exists. */
	ret = xa_reserve(&xfile->ipc_imports, key, GFP_KERNEL_ACCOUNT);
	if (ret)
		goto out_unlock;
	ret = drm_gem_handle_create(file, obj, handle);
	if (ret) {
		if (!entry)
			xa_release(&xfile->ipc_imports, key);
		goto out_unlock;
	}
	xa_store(&xfile->ipc_imports, key, xa_mk_value(*handle), GFP_KERNEL);
out_unlock:
	mutex_unlock(&xfile->ipc_import_lock);
	return ret;
}

/* Takes a token out of the table and frees it. */
static void token_revoke_locked(struct xe_cbev_ipc_registry *reg,
				struct xe_cbev_ipc_token *t)
{
	unsigned long uid = from_kuid(&init_user_ns, t->owner);
	unsigned long n;

	lockdep_assert_held(&reg->lock);
	hash_del(&t->node);
	list_del(&t->file_link);
	n = xa_to_value(xa_load(&reg->per_user, uid));
	if (n > 1)
		xa_store(&reg->per_user, uid, xa_mk_value(n - 1), GFP_KERNEL);
	else
		xa_erase(&reg->per_user, uid);
	drm_gem_object_put(t->export);
	kfree(t);
}

/* Revokes the file's token @value, if it is still live. */
static int token_revoke_value(struct xe_cbev_file *xfile, const u64 *value)
{
	struct xe_cbev_ipc_registry *reg = file_registry(xfile);
	struct xe_cbev_ipc_token *t;
	int ret = -ENOENT;

	mutex_lock(&reg->lock);
	list_for_each_entry(t, &xfile->ipc_tokens, file_link) {
		if (t->value[0] == value[0] && t->value[1] == value[1]) {
			token_revoke_locked(reg, t);
			ret = 0;
			break;
		}
	}
	mutex_unlock(&reg->lock);
	return ret;
}

/**
 * xe_cbev_ipc_file_fini() - revoke every token of a closing file
 * @xfile: the file
 */
void xe_cbev_ipc_file_fini(struct xe_cbev_file *xfile)
{
	struct xe_cbev_ipc_registry *reg = file_registry(xfile);
	struct xe_cbev_ipc_token *t, *next;

	mutex_lock(&reg->lock);
	list_for_each_entry_safe(t, next, &xfile->ipc_tokens, file_link)
		token_revoke_locked(reg, t);
	mutex_unlock(&reg->lock);
	xa_destroy(&xfile->ipc_imports);
	mutex_destroy(&xfile->ipc_import_lock);
}

/**
 * xe_cbev_ipc_revoke_slot() - the file freed a counter slot: revoke its tokens
 * @xfile: the file
 * @page: the slot's counter page
 * @slot: the slot
 */
void xe_cbev_ipc_revoke_slot(struct xe_cbev_file *xfile, struct xe_cbev_bo *page,
			     unsigned int slot)
{
	struct xe_cbev_ipc_registry *reg = file_registry(xfile);
	struct xe_cbev_ipc_token *t, *next;

	mutex_lock(&reg->lock);
	list_for_each_entry_safe(t, next, &xfile->ipc_tokens, file_link)
		if (t->source == page && t->slot == slot)
			token_revoke_locked(reg, t);
	mutex_unlock(&reg->lock);
}

/* The file closed a handle to an exported object: revoke its tokens for it. */
static void ipc_bo_closed(struct xe_cbev_bo *bo, struct drm_file *file)
{
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct xe_cbev_ipc_registry *reg = file_registry(xfile);
	struct xe_cbev_ipc_token *t, *next;

	mutex_lock(&reg->lock);
	list_for_each_entry_safe(t, next, &xfile->ipc_tokens, file_link)
		if (t->source == bo && t->slot < 0)
			token_revoke_locked(reg, t);
	mutex_unlock(&reg->lock);
	/* An importer's handle to a buffer object shared read-write. */
	import_forget(&bo->shmem.base, file);
}

/*
 * Registers @t under a fresh random value, copied to @value: once
 * registered, @t belongs to the table and may be revoked and freed at any
 * time. The caller holds no lock.
 */
static int token_register(struct xe_cbev_file *xfile, struct xe_cbev_ipc_token *t,
			  u64 *value)
{
	struct xe_cbev_ipc_registry *reg = file_registry(xfile);
	unsigned long uid = from_kuid(&init_user_ns, t->owner);
	struct xe_cbev_ipc_token *other;
	unsigned long n;
	int ret;

	mutex_lock(&reg->lock);
	n = xa_to_value(xa_load(&reg->per_user, uid));
	if (n >= XE_CBEV_IPC_MAX_TOKENS_PER_USER) {
		ret = -ENOSPC;
		goto out_unlock;
	}
	ret = xa_err(xa_store(&reg->per_user, uid, xa_mk_value(n + 1),
			      GFP_KERNEL_ACCOUNT));
	if (ret)
		goto out_unlock;

	/* 128 random bits; never zero, never a value in use. */
retry:
	get_random_bytes(t->value, sizeof(t->value));
	if (!t->value[0] && !t->value[1])
		goto retry;
	hash_for_each_possible(reg->tokens, other, node, token_hash(t->value))
		if (other->value[0] == t->value[0] && other->value[1] == t->value[1])
			goto retry;

	hash_add(reg->tokens, &t->node, token_hash(t->value));
	list_add_tail(&t->file_link, &xfile->ipc_tokens);
	value[0] = t->value[0];
	value[1] = t->value[1];
out_unlock:
	mutex_unlock(&reg->lock);
	return ret;
}

/* The export object for a counter slot: a view that holds the slot. */
static struct drm_gem_object *export_counter(struct xe_cbev_file *xfile, u32 id,
					     struct xe_cbev_bo **source, int *slot,
					     u64 *offset)
{
	struct xe_cbev_view *view;
	struct xe_cbev_bo *page;
	unsigned int s;
	int ret;

	ret = xe_cbev_counter_get_slot(&xfile->counters, id, &page, &s);
	if (ret)
		return ERR_PTR(ret);

	/* The view takes over the slot reference. */
	view = xe_cbev_view_create(page, 0, PAGE_SIZE, s);
	if (IS_ERR(view)) {
		xe_cbev_counter_slot_put(page->counter, s);
	} else {
		view->closed = import_forget;
		*source = page;
	}
	*slot = s;
	*offset = s * XE_CBEV_COUNTER_SLOT_SIZE;
	xe_cbev_bo_put(page);
	return IS_ERR(view) ? ERR_CAST(view) : &view->base;
}

/* The export object for memory: the object itself, or a read-only view. */
static struct drm_gem_object *export_bo(struct drm_file *file, u32 handle,
					bool readonly, struct xe_cbev_bo **source)
{
	struct drm_gem_object *obj;
	struct xe_cbev_view *view;
	struct xe_cbev_bo *bo;

	obj = drm_gem_object_lookup(file, handle);
	if (!obj)
		return ERR_PTR(-ENOENT);
	/* Counters go by id; views and foreign imports are not re-exported. */
	if (!xe_cbev_gem_is_bo(obj) || to_xe_cbev_bo(obj)->counter ||
	    obj->import_attach) {
		drm_gem_object_put(obj);
		return ERR_PTR(-EINVAL);
	}
	bo = to_xe_cbev_bo(obj);
	/*
	 * Only its creator's uid hands an object on: an importer of another
	 * uid (a granted one) would otherwise replace the owner and grant of
	 * the fds handed out already, or pass the object to anyone.
	 */
	if (!uid_eq(bo->ipc.owner, current_euid())) {
		drm_gem_object_put(obj);
		return ERR_PTR(-EACCES);
	}
	/* From now on, closing a handle to it revokes the file's tokens. */
	WRITE_ONCE(bo->closed, ipc_bo_closed);
	*source = bo;
	if (!readonly)
		return obj;

	view = xe_cbev_view_create(bo, 0, obj->size, -1);
	xe_cbev_bo_put(bo);
	if (IS_ERR(view))
		return ERR_CAST(view);
	view->closed = import_forget;
	return &view->base;
}

/* The import rule of an export object. */
static struct xe_cbev_ipc_rule *export_rule(struct drm_gem_object *obj)
{
	struct xe_cbev_view *view = xe_cbev_view_from_gem(obj);

	return view ? &view->ipc : &to_xe_cbev_bo(obj)->ipc;
}

/* Importers of views, and of counter pages, may only read. */
static bool export_readonly(struct drm_gem_object *obj)
{
	return xe_cbev_view_from_gem(obj) ||
	       xe_cbev_bo_user_readonly(to_xe_cbev_bo(obj));
}

/* Is what the export came from still the exporter's? */
static bool export_source_alive(struct xe_cbev_file *xfile, struct drm_file *file,
				const struct drm_xe_cbev_ipc_export *args,
				struct xe_cbev_bo *source)
{
	struct xe_cbev_bo *bo;
	unsigned int offset;
	bool alive;

	if (args->kind == DRM_XE_CBEV_IPC_KIND_COUNTER) {
		if (xe_cbev_counter_lookup(&xfile->counters, args->id, &bo, &offset))
			return false;
	} else {
		bo = xe_cbev_bo_lookup(file, args->id);
		if (!bo)
			return false;
	}
	alive = bo == source;
	xe_cbev_bo_put(bo);
	return alive;
}

/*
 * A dma-buf fd for the export. PRIME keeps one dma-buf per object: a
 * buffer object shared read-write goes through the core's handle_to_fd,
 * which reuses the object's; an export view's only dma-buf is this one
 * (views refuse any other, see view_export()).
 */
static int export_fd(struct drm_file *file, const struct drm_xe_cbev_ipc_export *args,
		     struct drm_gem_object *export, int *fd)
{
	struct dma_buf *dmabuf;

	if (!xe_cbev_view_from_gem(export))
		return drm_gem_prime_handle_to_fd(export->dev, file, args->id,
						  DRM_CLOEXEC | DRM_RDWR, fd);

	*fd = get_unused_fd_flags(O_CLOEXEC);
	if (*fd < 0)
		return *fd;
	/* The dma-buf takes its own reference on the object. */
	dmabuf = drm_gem_prime_export(export, O_RDWR);
	if (IS_ERR(dmabuf)) {
		put_unused_fd(*fd);
		return PTR_ERR(dmabuf);
	}
	fd_install(*fd, dmabuf->file);
	return 0;
}

/**
 * xe_cbev_ipc_export_ioctl() - DRM_IOCTL_XE_CBEV_IPC_EXPORT
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_ipc_export
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad kind, flag, pad, extension, reserved or
 * output field, or an object that cannot be exported; -ENOENT for an
 * unknown counter slot or handle; -ENOSPC when the user has the most
 * tokens allowed; -EMFILE or -ENOMEM.
 */
int xe_cbev_ipc_export_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file)
{
	const u32 known = DRM_XE_CBEV_IPC_FD | DRM_XE_CBEV_IPC_TOKEN |
			  DRM_XE_CBEV_IPC_READONLY | DRM_XE_CBEV_IPC_GRANT_UID;
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_file *xfile = to_xe_cbev_file(file);
	struct drm_xe_cbev_ipc_export *args = data;
	bool counter = args->kind == DRM_XE_CBEV_IPC_KIND_COUNTER;
	struct xe_cbev_bo *source = NULL;
	struct drm_gem_object *export;
	struct xe_cbev_ipc_rule *rule;
	kuid_t grant = INVALID_UID;
	u64 offset = 0, token[2] = { 0, 0 };
	int fd = -1, slot = -1;
	bool has_token = false;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->kind > DRM_XE_CBEV_IPC_KIND_BO) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags & ~known) ||
	    XE_CBEV_IOCTL_DBG(xdev, !(args->flags & (DRM_XE_CBEV_IPC_FD |
						     DRM_XE_CBEV_IPC_TOKEN))) ||
	    XE_CBEV_IOCTL_DBG(xdev, counter && (args->flags & DRM_XE_CBEV_IPC_READONLY)) ||
	    XE_CBEV_IOCTL_DBG(xdev, !(args->flags & DRM_XE_CBEV_IPC_GRANT_UID) &&
			      args->grant_uid) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->pad || args->fd || args->offset ||
			      args->size || args->token[0] || args->token[1]) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;
	if (args->flags & DRM_XE_CBEV_IPC_GRANT_UID) {
		grant = make_kuid(current_user_ns(), args->grant_uid);
		if (XE_CBEV_IOCTL_DBG(xdev, !uid_valid(grant)))
			return -EINVAL;
	}

	if (counter)
		export = export_counter(xfile, args->id, &source, &slot, &offset);
	else
		export = export_bo(file, args->id,
				   args->flags & DRM_XE_CBEV_IPC_READONLY, &source);
	if (IS_ERR(export))
		return PTR_ERR(export);

	/*
	 * The import rule travels with the object, for fds and tokens alike;
	 * a buffer object's owner is its creator, who alone gets here.
	 */
	rule = export_rule(export);
	mutex_lock(&xe_cbev_ipc.lock);
	rule->exported = true;
	rule->owner = current_euid();
	rule->grant = grant;
	rule->granted = uid_valid(grant);
	mutex_unlock(&xe_cbev_ipc.lock);

	if (args->flags & DRM_XE_CBEV_IPC_TOKEN) {
		struct xe_cbev_ipc_token *t = kzalloc(sizeof(*t), GFP_KERNEL_ACCOUNT);

		if (!t) {
			ret = -ENOMEM;
			goto err_put_export;
		}
		drm_gem_object_get(export);
		t->export = export;
		t->source = source;
		t->slot = slot;
		t->kind = args->kind;
		t->readonly = export_readonly(export);
		t->offset = offset;
		t->owner = current_euid();
		t->grant = grant;
		t->granted = uid_valid(grant);
		ret = token_register(xfile, t, token);
		if (ret) {
			drm_gem_object_put(export);
			kfree(t);
			goto err_put_export;
		}
		has_token = true;
		/* A free or close that ran meanwhile found no token to revoke. */
		if (!export_source_alive(xfile, file, args, source)) {
			ret = -ENOENT;
			goto err_revoke;
		}
	}

	/* Final step: the fd, published at once; nothing fails after it. */
	if (args->flags & DRM_XE_CBEV_IPC_FD) {
		ret = export_fd(file, args, export, &fd);
		if (ret)
			goto err_revoke;
		args->fd = fd;
	}
	args->token[0] = token[0];
	args->token[1] = token[1];
	args->offset = offset;
	args->size = export->size;
	trace_xe_cbev_ipc_export(xfile->id, args->kind, source, slot, export->size);
	drm_gem_object_put(export);
	return 0;

err_revoke:
	/* Unless a concurrent free or close revoked it already. */
	if (has_token)
		token_revoke_value(xfile, token);
err_put_export:
	drm_gem_object_put(export);
	return ret;
}

/**
 * xe_cbev_ipc_import_ioctl() - DRM_IOCTL_XE_CBEV_IPC_IMPORT
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_ipc_import
 * @file: the caller's file
 *
 * A second import of the same export into the file gives the handle of
 * the first, while that handle is open (see import_handle()).
 *
 * Return: 0; -EINVAL for a bad flag, extension, reserved or output field;
 * -ENOENT for an unknown or revoked token; -EACCES if the caller may not
 * import it; -ENOMEM.
 */
int xe_cbev_ipc_import_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct xe_cbev_ipc_registry *reg = &xe_cbev_ipc;
	struct drm_xe_cbev_ipc_import *args = data;
	struct xe_cbev_ipc_token *t;
	struct drm_gem_object *export = NULL;
	u32 kind = 0, import_flags = 0, handle;
	u64 offset = 0;
	int ret;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->flags) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->handle || args->kind ||
			      args->import_flags || args->offset || args->size) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	ret = -ENOENT;
	mutex_lock(&reg->lock);
	hash_for_each_possible(reg->tokens, t, node, token_hash(args->token)) {
		if (t->value[0] != args->token[0] || t->value[1] != args->token[1])
			continue;
		if (!may_import(t->owner, t->granted, t->grant)) {
			ret = -EACCES;
			break;
		}
		export = t->export;
		drm_gem_object_get(export);
		kind = t->kind;
		offset = t->offset;
		import_flags = t->readonly ? DRM_XE_CBEV_IPC_IMPORT_READONLY : 0;
		trace_xe_cbev_ipc_import(to_xe_cbev_file(file)->id, kind, t->source,
					 t->slot, export->size);
		ret = 0;
		break;
	}
	mutex_unlock(&reg->lock);
	if (XE_CBEV_IOCTL_DBG(xdev, ret))
		return ret;

	/* Another device's export: a peer view of it for this device. */
	if (export->dev != dev) {
		struct xe_cbev_view *peer = xe_cbev_view_create_peer(dev, export);

		drm_gem_object_put(export);
		if (IS_ERR(peer))
			return PTR_ERR(peer);
		peer->closed = import_forget;
		export = &peer->base;
	}

	/* Final step: the handle; it holds the export from now on. */
	ret = import_handle(file, export, &handle);
	if (!ret) {
		args->handle = handle;
		args->kind = kind;
		args->import_flags = import_flags;
		args->offset = offset;
		args->size = export->size;
	}
	drm_gem_object_put(export);
	return ret;
}

/**
 * xe_cbev_ipc_revoke_ioctl() - DRM_IOCTL_XE_CBEV_IPC_REVOKE
 * @dev: DRM device
 * @data: &struct drm_xe_cbev_ipc_revoke
 * @file: the caller's file
 *
 * Return: 0; -EINVAL for a bad extension or reserved field; -ENOENT if
 * the file made no such token (or it is revoked already).
 */
int xe_cbev_ipc_revoke_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file)
{
	struct xe_cbev_device *xdev = to_xe_cbev_device(dev);
	struct drm_xe_cbev_ipc_revoke *args = data;

	if (XE_CBEV_IOCTL_DBG(xdev, args->extensions) ||
	    XE_CBEV_IOCTL_DBG(xdev, args->reserved[0] || args->reserved[1]))
		return -EINVAL;

	return token_revoke_value(to_xe_cbev_file(file), args->token);
}

/**
 * xe_cbev_ipc_may_import() - may the caller import an object by fd?
 * @obj: an object of the module
 *
 * An exported object is subject to the same rule as by token: the
 * exporter's uid, the granted uid, or CAP_SYS_ADMIN; one never exported
 * through DRM_IOCTL_XE_CBEV_IPC_EXPORT follows plain PRIME.
 *
 * Return: true if it may.
 */
bool xe_cbev_ipc_may_import(struct drm_gem_object *obj)
{
	struct xe_cbev_ipc_rule *rule = export_rule(obj);
	bool allowed;

	mutex_lock(&xe_cbev_ipc.lock);
	allowed = !rule->exported ||
		  may_import(rule->owner, rule->granted, rule->grant);
	mutex_unlock(&xe_cbev_ipc.lock);
	return allowed;
}
