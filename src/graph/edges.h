/* The dependency graph the clock engine walks: start, end and "unit drained" nodes per
 * instruction and one hub per cross-core barrier group, with the edges of rules 1-9 in a
 * form with O(1) amortized edges per instruction (summary nodes instead of all-pairs). */
#ifndef AS_GRAPH_EDGES_H
#define AS_GRAPH_EDGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "graph.h"

#define NODE_START(i) (3 * (i))
#define NODE_END(i) (3 * (i) + 1)
#define NODE_DRAINED(i) (3 * (i) + 2)   /* every instruction of i's unit up to i has ended */
#define NODE_HUBS(p) (3 * (p)->nins)    /* the first barrier hub; below it, instruction nodes */
#define NODE_INS(x) ((x) / 3)           /* the instruction of an instruction node */
#define NODE_IS_START(x) ((x) % 3 == 0)
#define NODE_IS_END(x) ((x) % 3 == 1)
#define NODE_IS_DRAINED(x) ((x) % 3 == 2)

/* Node numbers are 32-bit (half the memory of the edge list and the successor array); the
 * driver refuses a kernel run with more instructions than they can number
 * (GRAPH_MAX_INSTRUCTIONS, at most 3 nodes each and a hub per instruction). */
typedef uint32_t node_id;
#define GRAPH_MAX_INSTRUCTIONS ((size_t)(UINT32_MAX / 4))

/* Edge offsets are 32-bit too (half the memory of the offsets); dep_graph_build refuses a
 * graph with more edges than they can number. */
typedef uint32_t edge_index;
#define GRAPH_MAX_EDGES ((size_t)UINT32_MAX)

struct dep_graph {
    size_t nnodes;
    edge_index *succ_first; /* CSR: successors of node x are succ[succ_first[x] .. [x+1]) */
    node_id *succ;
    unsigned *indegree;     /* including one that never resolves for `never` ends */
};

/* Two edges of every instruction are not stored: start -> end, and end -> drained for one with
 * a unit (an issuer-level barrier has no drained node of its own). They are the successor
 * dep_graph_implicit gives, which a walk takes after the stored ones; the indegrees count them. */
static inline size_t dep_graph_implicit(const struct lw_program *p, size_t x)
{
    if (x >= NODE_HUBS(p) || NODE_IS_DRAINED(x) || (NODE_IS_END(x) && p->ins[NODE_INS(x)].unit < 0))
        return SIZE_MAX;
    return x + 1;   /* NODE_END(i) = NODE_START(i) + 1, NODE_DRAINED(i) = NODE_END(i) + 1 */
}

/* With `counting`, the graph has neither the edges of rule 9 nor the extra indegree of
 * `never` ends: the counting engine (counting.c) adds both as it runs. */
bool dep_graph_build(const struct lw_program *p, const struct hb_matches *m, bool counting,
                     struct dep_graph *g);   /* false: over GRAPH_MAX_EDGES, nothing built */
void dep_graph_free(struct dep_graph *g);

#endif
