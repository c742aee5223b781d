/* The product's happens-before engine: walks the dependency graph (edges.h) in
 * topological order, keeping per node a vector clock over the kernel's units. Dimension u
 * holds the highest queue position p on unit u such that every instruction of u at
 * position <= p has ended; dimension nunits + u the same for the waits of unit u (which
 * are totally ordered: each holds its queue). Then a -> b iff pos(a) <= clock[start(b)]
 * [unit(a)] (docs/semantics.md §4). */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "counting.h"
#include "edges.h"
#include "graph.h"
#include "reach.h"

static bool is_wait(const struct lw_ins *x)
{
    return x->kind == INS_WAIT || x->kind == INS_XWAIT;
}

static void join(int32_t *dst, const int32_t *src, int dims)
{
    for (int d = 0; d < dims; d++)
        if (src[d] > dst[d])
            dst[d] = src[d];
}

/* What a node adds to its own clock before passing it on. */
static void raise_to(int32_t *clock, int d, int32_t value)
{
    if (value > clock[d])
        clock[d] = value;
}

static void own_contribution(const struct lw_program *p, const int32_t *wait_index, size_t node,
                             int32_t *clock)
{
    if (node >= NODE_HUBS(p) || NODE_IS_DRAINED(node))
        return;
    const struct lw_ins *x = &p->ins[NODE_INS(node)];
    if (NODE_IS_START(node)) {
        raise_to(clock, hb_dim_issue(p, x->core), x->seq);
        if (x->unit >= 0)
            raise_to(clock, hb_dim_start(p, x->unit), x->pos);
        return;
    }
    if (x->unit < 0)
        return;
    if (is_wait(x)) {
        int d = hb_dim_wait(p, x->unit);
        if (wait_index[NODE_INS(node)] > clock[d])
            clock[d] = wait_index[NODE_INS(node)];
    } else if (x->pos > clock[x->unit]) {
        /* Exact even on pipelined units: the end of an access there reaches other
         * instructions only through its unit's drained node, which covers every
         * earlier instruction of the unit; signals and queue barriers drain first. */
        clock[x->unit] = x->pos;
    }
}

/* Kahn's algorithm again over what is left, with the ends that never happen released:
 * whatever still cannot proceed waits on a cycle. */
static void find_cycle(const struct lw_program *p, const struct hb_matches *m,
                       struct dep_graph *g, bool *done, node_id *queue, struct hb_result *r)
{
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < p->nins; i++)
        if (m->never[i] && !done[NODE_END(i)] && --g->indegree[NODE_END(i)] == 0)
            queue[tail++] = (node_id)NODE_END(i);
    while (head < tail) {
        size_t x = queue[head++];
        done[x] = true;
        for (size_t k = g->succ_first[x]; k < g->succ_first[x + 1]; k++)
            if (--g->indegree[g->succ[k]] == 0)
                queue[tail++] = g->succ[k];
    }
    for (size_t i = 0; i < p->nins; i++) {
        if (!done[NODE_END(i)]) {
            r->in_cycle[i] = true;
            r->cycle = true;
        }
    }
}

void hb_clock_run(const struct lw_program *p, const struct hb_matches *m, struct hb_result *r)
{
    memset(r, 0, sizeof(*r));
    r->p = p;
    size_t n = p->nins ? p->nins : 1;
    r->dims = hb_dims(p);
    r->started = xcalloc(n, sizeof(bool));
    r->in_cycle = xcalloc(n, sizeof(bool));
    r->wait_index = xmalloc(n * sizeof(int32_t));
    int32_t *waits_on = xcalloc((size_t)(p->nunits ? p->nunits : 1), sizeof(int32_t));
    for (size_t i = 0; i < p->nins; i++)
        r->wait_index[i] = is_wait(&p->ins[i]) ? waits_on[p->ins[i].unit]++ : -1;
    free(waits_on);

    struct dep_graph g;
    dep_graph_build(p, m, false, &g);
    size_t dims = (size_t)r->dims ? (size_t)r->dims : 1;
    int32_t *clock = xrealloc_array(NULL, g.nnodes * dims, sizeof(int32_t));
    for (size_t k = 0; k < g.nnodes * dims; k++)
        clock[k] = -1;
    bool *done = xcalloc(g.nnodes ? g.nnodes : 1, sizeof(bool));
    node_id *queue = xmalloc((g.nnodes ? g.nnodes : 1) * sizeof(node_id));
    size_t head = 0, tail = 0;
    for (size_t x = 0; x < g.nnodes; x++)
        if (g.indegree[x] == 0)
            queue[tail++] = (node_id)x;
    while (head < tail) {
        size_t x = queue[head++];
        done[x] = true;
        int32_t *cx = clock + x * dims;
        own_contribution(p, r->wait_index, x, cx);
        for (size_t k = g.succ_first[x]; k < g.succ_first[x + 1]; k++) {
            size_t y = g.succ[k];
            join(clock + y * dims, cx, r->dims);
            if (--g.indegree[y] == 0)
                queue[tail++] = (node_id)y;
        }
    }
    /* Only start clocks are queried: move each down to slot i (NODE_START(i) >= i, and slots
     * below i are done), then give the rest of the array back, with no second array. */
    for (size_t i = 0; i < p->nins; i++) {
        r->started[i] = done[NODE_START(i)];
        if (NODE_START(i) != i)
            memmove(clock + i * dims, clock + NODE_START(i) * dims, dims * sizeof(int32_t));
    }
    r->start_clock = xrealloc_array(clock, n, dims * sizeof(int32_t));
    if (tail < g.nnodes)
        find_cycle(p, m, &g, done, queue, r);
    free(done);
    free(queue);
    dep_graph_free(&g);
    if (m->nxgroups > 0 && !hb_xsets_ordered(m, r)) {
        r->counting = true;
        hb_counting_run(p, m, r);
    }
    hb_reach_build(p, m, r);
}

bool hb_wait_taken_by(const struct hb_result *r, const struct hb_matches *m, size_t w, size_t t,
                      struct hb_late *late)
{
    if (r->reference)
        return hb_reference_taken_by(r, w, t, late);
    return hb_reach_taken_by(r, m, w, t, late);
}

bool hb_before(const struct hb_result *r, size_t a, size_t b)
{
    if (r->reference)
        return hb_reference_before(r, a, b);
    const struct lw_ins *x = &r->p->ins[a];
    if (!r->started[b])
        return true;   /* b never starts: nothing can race with it */
    const int32_t *cb = r->start_clock + b * (size_t)r->dims;
    if (x->kind == INS_WAIT || x->kind == INS_XWAIT)
        return r->wait_index[a] <= cb[hb_dim_wait(r->p, x->unit)];
    return x->unit >= 0 && x->pos <= cb[x->unit];
}

void hb_result_free(struct hb_result *r)
{
    free(r->started);
    free(r->in_cycle);
    free(r->start_clock);
    free(r->wait_index);
    hb_reach_free(r->reach);
    hb_reference_free(r);
    memset(r, 0, sizeof(*r));
}
