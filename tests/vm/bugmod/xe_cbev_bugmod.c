// SPDX-License-Identifier: GPL-2.0-only
/*
 * xe_cbev_bugmod - plants known bugs so that the debug VM lane can prove its
 * checkers fire. Never load it outside a throw-away test VM.
 *
 * The "bug" parameter selects the bug classes, either as a comma-separated
 * list of names or as a bitmask:
 *
 *   uaf           0x01  read after kfree()                  -> KASAN
 *   leak          0x02  kmalloc() and lose the pointer      -> kmemleak
 *   atomic_sleep  0x04  GFP_KERNEL allocation under a spinlock
 *                                                  -> DEBUG_ATOMIC_SLEEP
 *   lockdep       0x08  AB-BA order between two mutexes     -> lockdep
 *   ubsan         0x10  shift and array index out of bounds -> UBSAN
 *   all           0x1f
 *
 * Every bug is planted so that it is reported but leaves the kernel usable:
 * the module load succeeds and the module unloads again.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

enum {
	BUG_UAF = BIT(0),
	BUG_LEAK = BIT(1),
	BUG_ATOMIC_SLEEP = BIT(2),
	BUG_LOCKDEP = BIT(3),
	BUG_UBSAN = BIT(4),
	BUG_ALL = BIT(5) - 1,
};

static const struct {
	const char *name;
	unsigned int mask;
} bug_names[] = {
	{ "uaf", BUG_UAF },
	{ "leak", BUG_LEAK },
	{ "atomic_sleep", BUG_ATOMIC_SLEEP },
	{ "lockdep", BUG_LOCKDEP },
	{ "ubsan", BUG_UBSAN },
	{ "all", BUG_ALL },
};

static char *bug = "";
module_param(bug, charp, 0444);
MODULE_PARM_DESC(bug,
		 "bugs to plant: comma-separated uaf,leak,atomic_sleep,lockdep,ubsan,all or a bitmask");

static DEFINE_SPINLOCK(bugmod_lock);
static DEFINE_MUTEX(bugmod_mutex_a);
static DEFINE_MUTEX(bugmod_mutex_b);

static struct {
	int slot[4];
	int after;	/* absorbs the out-of-bounds slot[4] access */
} bugmod_array;

static noinline void plant_uaf(void)
{
	char *p = kmalloc(64, GFP_KERNEL);
	char c;

	if (!p)
		return;
	memset(p, 0x5a, 64);
	kfree(p);
	OPTIMIZER_HIDE_VAR(p);
	c = READ_ONCE(p[8]);	/* KASAN: use-after-free */
	pr_info("uaf: read %#x from freed memory\n", c & 0xff);
}

static noinline void plant_leak(void)
{
	char *p = kstrdup("xe_cbev_bugmod planted leak", GFP_KERNEL);

	OPTIMIZER_HIDE_VAR(p);
	pr_info("leak: lost a %zu-byte object\n", p ? strlen(p) + 1 : 0);
	/* p goes out of scope here: nothing references the object */
}

static noinline void plant_atomic_sleep(void)
{
	void *p;

	spin_lock(&bugmod_lock);
	p = kmalloc(32, GFP_KERNEL);	/* may sleep: invalid under a spinlock */
	spin_unlock(&bugmod_lock);
	kfree(p);
}

static noinline void plant_lockdep(void)
{
	mutex_lock(&bugmod_mutex_a);
	mutex_lock(&bugmod_mutex_b);
	mutex_unlock(&bugmod_mutex_b);
	mutex_unlock(&bugmod_mutex_a);

	mutex_lock(&bugmod_mutex_b);
	mutex_lock(&bugmod_mutex_a);	/* lockdep: B -> A after A -> B */
	mutex_unlock(&bugmod_mutex_a);
	mutex_unlock(&bugmod_mutex_b);
}

static noinline void plant_ubsan(void)
{
	int shift = 40;
	unsigned int index = ARRAY_SIZE(bugmod_array.slot);
	int v;

	/* hide the constants, or the compiler rejects or drops the bugs */
	OPTIMIZER_HIDE_VAR(shift);
	OPTIMIZER_HIDE_VAR(index);
	v = 1 << shift;			/* UBSAN: shift-out-of-bounds */
	bugmod_array.slot[index] = v;	/* UBSAN: array-index-out-of-bounds */
	pr_info("ubsan: 1 << %d = %d, after = %d\n", shift, v,
		bugmod_array.after);
}

static int parse_bugs(const char *arg, unsigned int *mask)
{
	char *copy, *cur, *tok;
	unsigned int i;
	int ret = 0;

	*mask = 0;
	if (!kstrtouint(arg, 0, mask))
		return *mask & ~BUG_ALL ? -EINVAL : 0;

	copy = kstrdup(arg, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	cur = copy;
	while ((tok = strsep(&cur, ",")) && !ret) {
		tok = strim(tok);
		if (!*tok)
			continue;
		for (i = 0; i < ARRAY_SIZE(bug_names); i++) {
			if (!strcmp(tok, bug_names[i].name)) {
				*mask |= bug_names[i].mask;
				break;
			}
		}
		if (i == ARRAY_SIZE(bug_names)) {
			pr_err("unknown bug class '%s'\n", tok);
			ret = -EINVAL;
		}
	}
	kfree(copy);
	return ret;
}

static int __init xe_cbev_bugmod_init(void)
{
	unsigned int mask;
	int ret;

	ret = parse_bugs(bug, &mask);
	if (ret)
		return ret;

	pr_info("planting bugs %#x\n", mask);
	/*
	 * Least disruptive first: a lockdep report turns lockdep off, and a
	 * KASAN report taints the kernel, which turns lock debugging off too.
	 */
	if (mask & BUG_ATOMIC_SLEEP) {
		pr_info("planting atomic_sleep\n");
		plant_atomic_sleep();
	}
	if (mask & BUG_LOCKDEP) {
		pr_info("planting lockdep\n");
		plant_lockdep();
	}
	if (mask & BUG_UBSAN) {
		pr_info("planting ubsan\n");
		plant_ubsan();
	}
	if (mask & BUG_LEAK) {
		pr_info("planting leak\n");
		plant_leak();
	}
	if (mask & BUG_UAF) {
		pr_info("planting uaf\n");
		plant_uaf();
	}
	pr_info("planted bugs %#x\n", mask);
	return 0;
}

static void __exit xe_cbev_bugmod_exit(void)
{
	pr_info("unloaded\n");
}

module_init(xe_cbev_bugmod_init);
module_exit(xe_cbev_bugmod_exit);

MODULE_DESCRIPTION("Plants known bugs to prove the xe_cbev debug lane catches them");
MODULE_LICENSE("GPL");
