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

#define NO_NEXT UINT32_MAX
/* dep_graph.next_on_unit holds an instruction index (below 2^30: GRAPH_MAX_INSTRUCTIONS) and,
 * in its top two bits, what dep_graph_implicit needs to know of that instruction, so that the
 * walk does not read its record (that load was a fifth of the walk's time at 1e7 events). */
#define NEXT_IS_BARRIER 0x80000000u
#define NEXT_IS_SIGNAL 0x40000000u
#define NEXT_INDEX(v) ((v) & 0x3fffffffu)
_Static_assert(GRAPH_MAX_INSTRUCTIONS <= NEXT_INDEX(NO_NEXT), "instruction indexes need 30 bits");

/* The stored edges are grouped by source instruction (its three nodes together; most nodes
 * have none, so offsets per node would be mostly empty ranges) and by hub: group g's edges are
 * succ[succ_first[g] .. succ_first[g + 1]), each leaving the node of the group that succ_from
 * names (dep_group, dep_node_tag). */
struct dep_graph {
    size_t nnodes;
    edge_index *succ_first;
    node_id *succ;
    uint8_t *succ_from;
    unsigned *indegree;     /* including one that never resolves for `never` ends */
    uint32_t *next_on_unit; /* per instruction with a unit: the next one of its unit, or NO_NEXT
                             * (NEXT_INDEX and the NEXT_IS_* bits) */
};

/* The group of node x's stored edges: its instruction, or a hub's own after them. */
static inline size_t dep_group(const struct lw_program *p, size_t x)
{
    return x < NODE_HUBS(p) ? NODE_INS(x) : p->nins + (x - NODE_HUBS(p));
}

/* Which node of its group x is: 0 start, 1 end, 2 drained; 0 for a hub. */
static inline uint8_t dep_node_tag(const struct lw_program *p, size_t x)
{
    return x < NODE_HUBS(p) ? (uint8_t)(x % 3) : 0;
}

/* A wait or barrier placed on a unit holds that unit's queue until it ends (rule 3). */
static inline bool dep_holds_queue(const struct lw_ins *x)
{
    return x->kind == INS_WAIT || x->kind == INS_XWAIT || (x->kind == INS_BARRIER && x->unit >= 0);
}

static inline bool dep_is_signal(const struct lw_ins *x)
{
    return x->kind == INS_SIGNAL || x->kind == INS_XSIGNAL;
}

/* The edges every instruction has are not stored: start -> end, end -> drained (for one with a
 * unit: an issuer-level barrier has no drained node of its own), and those to the next
 * instruction n of its unit (rules 2-5): start -> start(n), end -> start(n) on a unit that is
 * not pipelined or when the instruction holds the queue, drained -> drained(n), and drained ->
 * start(n) for a queue barrier n or -> end(n) for a signal n. dep_graph_implicit writes them
 * to out (at most 3) and says how many; a walk takes them after the stored ones, and the
 * indegrees count them. */
static inline int dep_graph_implicit(const struct lw_program *p, const struct dep_graph *g,
                                     size_t x, size_t out[3])
{
    if (x >= NODE_HUBS(p))
        return 0;
    size_t i = NODE_INS(x);
    const struct lw_ins *in = &p->ins[i];
    uint32_t next = in->unit >= 0 ? g->next_on_unit[i] : NO_NEXT;
    size_t n = NEXT_INDEX(next);
    int k = 0;
    if (NODE_IS_START(x)) {
        out[k++] = NODE_END(i);
        if (next != NO_NEXT)
            out[k++] = NODE_START(n);   /* rule 4 */
    } else if (NODE_IS_END(x)) {
        if (in->unit < 0)
            return 0;
        out[k++] = NODE_DRAINED(i);
        if (next != NO_NEXT
            && (p->units[in->unit].mu->cls != UNIT_PIPELINED || dep_holds_queue(in)))
            out[k++] = NODE_START(n);   /* rules 2, 3 */
    } else if (next != NO_NEXT) {
        out[k++] = NODE_DRAINED(n);
        if (next & NEXT_IS_BARRIER)
            out[k++] = NODE_START(n);   /* rule 7: a queue barrier starts once drained */
        else if (next & NEXT_IS_SIGNAL)
            out[k++] = NODE_END(n);     /* rule 5: a signal fires once drained */
    }
    return k;
}

/* A node's successors, for a walk: a buffer reused from node to node. */
struct dep_successors {
    node_id *items;
    size_t len, cap;
};

void dep_successors_grow(struct dep_successors *s);

static inline void dep_successors_push(struct dep_successors *s, size_t y)
{
    if (s->len == s->cap)
        dep_successors_grow(s);
    s->items[s->len++] = (node_id)y;
}

/* Node x's successors, the stored ones in the order they were added, then the implicit ones. */
static inline void dep_graph_successors(const struct lw_program *p, const struct dep_graph *g,
                                        size_t x, struct dep_successors *s)
{
    s->len = 0;
    size_t grp = dep_group(p, x);
    uint8_t tag = dep_node_tag(p, x);
    for (size_t k = g->succ_first[grp]; k < g->succ_first[grp + 1]; k++)
        if (g->succ_from[k] == tag)
            dep_successors_push(s, g->succ[k]);
    size_t after[3];
    for (int k = 0, n = dep_graph_implicit(p, g, x, after); k < n; k++)
        dep_successors_push(s, after[k]);
}

/* With `counting`, the graph has neither the edges of rule 9 nor the extra indegree of
 * `never` ends: the counting engine (counting.c) adds both as it runs. */
bool dep_graph_build(const struct lw_program *p, const struct hb_matches *m, bool counting,
                     struct dep_graph *g);   /* false: over GRAPH_MAX_EDGES, nothing built */
void dep_graph_free(struct dep_graph *g);

#endif
