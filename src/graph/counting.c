/* The clocks of a kernel run under rule 9 as the hardware counts it, for when the issue-order
 * matching of clock.c is not exact (a core's sets of one flag are not ordered).
 *
 * A cross-core wait returns once as many of its source core's sets of the flag have ended
 * as its rank, whichever sets those are. When a core's sets of one flag are ordered by
 * happens-before, the r-th set to end is always the r-th in issue order, and the clock
 * engine's issue-order matching is exact (docs/semantics.md §4).
 *
 * a -> b means: start(b) does not happen in the run where a never ends. Take one clock
 * dimension, say the non-wait instructions x_0, x_1, ... of unit u in queue order. The run
 * where x_p never ends lets the same nodes happen as the run where x_p, x_p+1, ... all
 * never end, apart from those later ends themselves (every way out of an instruction of u
 * goes through a point that covers the earlier ones, §4), and such a run can be extended
 * into the next one by letting x_p end and going on: a node first happens in step p+1
 * exactly when it waits for x_p but for none of x_p+1, .... So one run per dimension,
 * resumed once per instruction of the dimension, gives every clock entry of that
 * dimension: O(dimensions x edges), like the clock engine. Counting waits fit such a run
 * because whether a wait may return only grows as sets end. */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "counting.h"
#include "start_clock.h"
#include "edges.h"

size_t hb_xgroup_unordered(const struct hb_matches *m, const struct hb_result *r, int g)
{
    for (size_t k = m->xgroup_set_first[g]; k + 1 < m->xgroup_set_first[g + 1]; k++)
        if (!hb_before(r, m->xgroup_sets[k], m->xgroup_sets[k + 1]))
            return k;
    return NO_INS;
}

bool hb_xsets_ordered(const struct hb_matches *m, const struct hb_result *r)
{
    for (int g = 0; g < m->nxgroups; g++)
        if (hb_xgroup_unordered(m, r, g) != NO_INS)
            return false;
    return true;
}

struct forward {
    const struct lw_program *p;
    const struct hb_matches *m;
    struct dep_graph g;
    unsigned *needs[2];         /* per instruction, extra indegree of its end: [release_never] */
    unsigned *indegree;
    size_t *ended;              /* per counting group: sets that have ended */
    bool *done;
    bool *held;                 /* nodes kept from happening in this run */
    size_t *stack;
    size_t top;
    struct dep_successors succ;     /* the node run_on is at */
};

/* What an instruction's end needs besides its edges: the releases of its counting groups,
 * and one that never comes for an end with a missing partner (the groups of a cross-core
 * wait say that themselves), unless release_never lets it go. */
static void needs_build(struct forward *f)
{
    const struct lw_program *p = f->p;
    const struct hb_matches *m = f->m;
    size_t n = p->nins ? p->nins : 1;
    for (int release = 0; release < 2; release++) {
        f->needs[release] = xcalloc(n, sizeof(unsigned));
        hb_xgroup_needs(m, release, f->needs[release]);
    }
    for (size_t i = 0; i < p->nins; i++)
        if (m->never[i] && !(p->ins[i].kind == INS_XWAIT && hb_xwait_ngroups(m, i) > 0))
            f->needs[0][i]++;
}

/* A fresh run: nothing has happened. A node needs all its predecessors and an end its
 * needs (needs_build); with `release_never`, what then still does not happen waits on a
 * cycle. */
static void run_start(struct forward *f, bool release_never)
{
    const struct lw_program *p = f->p;
    const struct hb_matches *m = f->m;
    memcpy(f->indegree, f->g.indegree, f->g.nnodes * sizeof(unsigned));
    for (size_t i = 0; i < p->nins; i++)
        f->indegree[NODE_END(i)] += f->needs[release_never][i];
    memset(f->ended, 0, (size_t)(m->nxgroups ? m->nxgroups : 1) * sizeof(size_t));
    memset(f->done, 0, f->g.nnodes * sizeof(bool));
    f->top = 0;
    for (size_t x = 0; x < f->g.nnodes; x++)
        if (f->indegree[x] == 0 && !f->held[x])
            f->stack[f->top++] = x;
}

static void ready(struct forward *f, size_t x)
{
    if (--f->indegree[x] == 0 && !f->held[x])
        f->stack[f->top++] = x;
}

/* Lets everything happen that can; with r, writes `value` into dimension d of the kept start
 * clock (hb_store_start_entry) of each instruction that starts now. */
static void run_on(struct forward *f, struct hb_result *r, size_t d, int32_t value)
{
    const struct lw_program *p = f->p;
    const struct hb_matches *m = f->m;
    while (f->top) {
        size_t x = f->stack[--f->top];
        f->done[x] = true;
        bool ins = x < NODE_HUBS(p);
        if (r && ins && NODE_IS_START(x))
            hb_store_start_entry(r, NODE_INS(x), (int)d, value);
        dep_graph_successors(p, &f->g, x, &f->succ);
        for (size_t k = 0; k < f->succ.len; k++)
            ready(f, f->succ.items[k]);
        if (!ins || !NODE_IS_END(x) || p->ins[NODE_INS(x)].kind != INS_XSIGNAL)
            continue;
        size_t first, end;
        hb_xset_groups(m, NODE_INS(x), &first, &end);
        for (size_t k = first; k < end; k++) {
            int grp = m->xset_groups[k];
            size_t w = hb_xgroup_released(m, grp, ++f->ended[grp]);
            if (w != NO_INS)
                ready(f, NODE_END(w));
        }
    }
}

/* Clock dimension d: its instructions in order (each held back at the node the dimension
 * speaks of), with the value hb_before and hb_wait_taken_by compare. */
struct dimension {
    struct size_vec members;
    bool at_start;              /* start and issue dimensions hold starts, the others ends */
};

static void dimension_members(const struct lw_program *p, int d, struct dimension *out)
{
    out->members.len = 0;
    int unit;
    enum hb_dim_kind kind = hb_dim_kind(p, d, &unit);
    out->at_start = kind == HB_DIM_START || kind == HB_DIM_ISSUE;
    if (kind == HB_DIM_ISSUE) {
        const struct lw_core *c = &p->cores[unit];
        for (size_t i = c->first_ins; i < c->first_ins + c->nins; i++)
            VEC_PUSH(out->members, i);
        return;
    }
    bool waits = kind == HB_DIM_WAIT;
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        if (x->unit != unit)
            continue;
        if (out->at_start || (x->kind == INS_WAIT || x->kind == INS_XWAIT) == waits)
            VEC_PUSH(out->members, i);
    }
}

static int32_t dimension_value(const struct lw_program *p, const struct hb_result *r, int d,
                               size_t i)
{
    int index;
    switch (hb_dim_kind(p, d, &index)) {
    case HB_DIM_WAIT:
        return r->wait_index[i];
    case HB_DIM_ISSUE:
        return lw_seq(p, i);
    case HB_DIM_END:
    case HB_DIM_START:
        break;
    }
    return p->ins[i].pos;
}

void hb_counting_run(const struct lw_program *p, const struct hb_matches *m, struct hb_result *r)
{
    struct forward f = {.p = p, .m = m};
    if (!dep_graph_build(p, m, true, &f.g)) {
        r->too_big = true;
        return;
    }
    size_t nnodes = f.g.nnodes ? f.g.nnodes : 1;
    f.indegree = xmalloc(nnodes * sizeof(unsigned));
    f.ended = xmalloc((size_t)(m->nxgroups ? m->nxgroups : 1) * sizeof(size_t));
    f.done = xmalloc(nnodes * sizeof(bool));
    f.held = xcalloc(nnodes, sizeof(bool));
    f.stack = xmalloc(nnodes * sizeof(size_t));
    needs_build(&f);

    run_start(&f, false);
    run_on(&f, NULL, 0, 0);
    for (size_t i = 0; i < p->nins; i++)
        r->started[i] = f.done[NODE_START(i)];
    run_start(&f, true);
    run_on(&f, NULL, 0, 0);
    r->cycle = false;
    free(r->in_cycle);
    r->in_cycle = NULL;
    for (size_t i = 0; i < p->nins; i++) {
        if (f.done[NODE_END(i)])
            continue;
        if (!r->in_cycle)
            r->in_cycle = xcalloc(p->nins, sizeof(bool));
        r->in_cycle[i] = r->cycle = true;
    }

    size_t dims = (size_t)r->dims;
    hb_clock_store_free(r);
    hb_clock_store_init(r, true);
    struct dimension dim = {0};
    for (int d = 0; d < (int)dims; d++) {
        dimension_members(p, d, &dim);
        if (dim.members.len == 0)
            continue;
        for (size_t k = 0; k < dim.members.len; k++) {
            size_t a = dim.members.items[k];
            f.held[dim.at_start ? NODE_START(a) : NODE_END(a)] = true;
        }
        /* Step 0: none of the dimension's instructions gets there; what happens anyway waits
         * for none of them (its entry stays -1). Step k+1: the k-th one gets there too. */
        run_start(&f, false);
        run_on(&f, NULL, 0, 0);
        for (size_t k = 0; k < dim.members.len; k++) {
            size_t a = dim.members.items[k], node = dim.at_start ? NODE_START(a) : NODE_END(a);
            f.held[node] = false;
            if (f.indegree[node] == 0)
                f.stack[f.top++] = node;
            run_on(&f, r, (size_t)d, dimension_value(p, r, d, a));
        }
    }
    VEC_FREE(dim.members);
    free(f.needs[0]);
    free(f.needs[1]);
    free(f.indegree);
    free(f.ended);
    free(f.done);
    free(f.held);
    free(f.stack);
    free(f.succ.items);
    dep_graph_free(&f.g);
}
