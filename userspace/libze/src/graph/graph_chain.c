// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * DOC: launch chains
 *
 * Instantiation appends a graph's nodes to the lists of its branches
 * (graph_exec.c), with one change: kernel launches that follow each other
 * in a branch with nothing between them become one chain (struct
 * xe_launch.steps, modules/eu_pool.c), one XE_CBEV_USER_DISPATCH. The
 * execution units run the launches in turn, each once every group of the
 * one before ended -- the order of the in-order list -- and the engine
 * makes one trip to them for the run instead of one per kernel, which is
 * what a launch costs most of (the engine's hand-off, the units' wait and
 * report).
 *
 * A run takes launches of one kernel with direct group counts, none 0;
 * only its first may wait for events (the waits come before the chain)
 * and only its last may signal one (after the chain). A signal with kernel
 * timestamps stays out of any run: its timestamps bracket its own kernel.
 * Everything else between launches ends the run. What a fault does is
 * unchanged: the first faulting group bans the queue, the launches after
 * it do not run.
 */

#include <stdlib.h>

#include "core/types.h"
#include "events/event_types.h"
#include "graph/graph_chain.h"
#include "graph/graph_replay.h"
#include "graph/graph_types.h"
#include "modules/eu_pool.h"

/* A branch's run of launches, not appended yet. */
struct chain_run {
	uint32_t n, cap;
	struct xe_launch_step *steps;
	const struct xe_graph_node *first, *last;
};

/*
 * May @node be in a run? Not on a module without progress reports: a
 * long run would be taken for a hang.
 */
static bool chainable(const struct xe_device *dev,
		      const struct xe_graph_node *node)
{
	const ze_group_count_t *c = node->launch.counts;

	return dev && dev->progress_reports &&
	       node->op == XE_GRAPH_LAUNCH && node->launch.n == 1 && c &&
	       !node->launch.count_ptr &&
	       /* A launch of no group runs nothing: the engine skips it. */
	       c->groupCountX && c->groupCountY && c->groupCountZ &&
	       !(node->signal && node->signal->timestamps);
}

/* Append @r's launches to @list: one node, or one chain of them. */
static ze_result_t run_flush(struct chain_run *r, ze_command_list_handle_t list,
			     const struct xe_exec_graph *x)
{
	static const ze_group_count_t one = { 1, 1, 1 };
	struct xe_graph_node chain;
	struct xe_launch *l;
	ze_result_t ret;
	uint32_t n = r->n;

	r->n = 0;
	if (n == 1)
		return xe_graph_replay_node(r->first, list, x);
	if (!n)
		return ZE_RESULT_SUCCESS;
	if (xe_launch_chain(n, r->steps, &l))
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	/* The first's waits, the last's signal, one launch of the chain. */
	chain = *r->first;
	chain.signal = r->last->signal;
	chain.launch.n = 1;
	chain.launch.launches = &l;
	chain.launch.counts = (ze_group_count_t *)&one;
	ret = xe_graph_replay_node(&chain, list, x);
	xe_launch_put(l);
	return ret;
}

/* Add @node to @r. */
static ze_result_t run_add(struct chain_run *r, const struct xe_graph_node *node)
{
	const ze_group_count_t *c = node->launch.counts;
	struct xe_launch_step *s;

	if (r->n == r->cap) {
		s = realloc(r->steps, (r->cap * 2 + 8) * sizeof(*s));
		if (!s)
			return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
		r->steps = s;
		r->cap = r->cap * 2 + 8;
	}
	s = &r->steps[r->n++];
	s->launch = node->launch.launches[0];
	s->groups[0] = c->groupCountX;
	s->groups[1] = c->groupCountY;
	s->groups[2] = c->groupCountZ;
	if (r->n == 1)
		r->first = node;
	r->last = node;
	return ZE_RESULT_SUCCESS;
}

/**
 * xe_graph_lower() - append a graph's nodes to an executable graph's lists
 * @g: the graph, whose capture ended
 * @x: the executable graph, with a list per branch
 *
 * In capture order, each node to its branch's list, runs of launches as
 * chains.
 *
 * Return: a Level Zero result.
 */
ze_result_t xe_graph_lower(const struct xe_graph *g,
			   const struct xe_exec_graph *x)
{
	struct chain_run *runs = calloc(x->nbranches, sizeof(*runs));
	ze_result_t ret = ZE_RESULT_SUCCESS;
	const struct xe_graph_node *node;
	struct chain_run *r;
	size_t i;
	uint32_t b;

	if (!runs)
		return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
	for (i = 0; i < g->nnodes && ret == ZE_RESULT_SUCCESS; i++) {
		node = &g->nodes[i];
		r = &runs[node->branch];
		/* What the run cannot take ends it. */
		if (r->n && (!chainable(g->dev, node) || node->nwaits))
			ret = run_flush(r, x->lists[node->branch], x);
		if (ret != ZE_RESULT_SUCCESS)
			break;
		if (!chainable(g->dev, node)) {
			ret = xe_graph_replay_node(node, x->lists[node->branch],
						   x);
			continue;
		}
		ret = run_add(r, node);
		/* A signal ends the run after its launch. */
		if (ret == ZE_RESULT_SUCCESS && node->signal)
			ret = run_flush(r, x->lists[node->branch], x);
	}
	for (b = 0; b < x->nbranches; b++) {
		if (ret == ZE_RESULT_SUCCESS)
			ret = run_flush(&runs[b], x->lists[b], x);
		free(runs[b].steps);
	}
	free(runs);
	return ret;
}
