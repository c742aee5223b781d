/* Rule 9 as the hardware counts it. A cross-core wait returns once as many of its source
 * core's sets of the flag have ended as its rank, whichever sets those are. When a core's
 * sets of one flag are ordered by happens-before, the r-th set to end is always the r-th
 * in issue order, and the clock engine's issue-order matching is exact (docs/semantics.md
 * §3, rule 9). When they are not (two pipelined units setting one flag), the clocks come
 * from here instead: for each instruction a, one forward run of the dependency graph in
 * which a never ends says which instructions cannot start before a ended. That is the
 * definition of a -> b under the counting rule, at O(instructions x edges). */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "counting.h"
#include "edges.h"

bool hb_xsets_ordered(const struct hb_matches *m, const struct hb_result *r)
{
    for (int g = 0; g < m->nxgroups; g++)
        for (size_t k = m->xgroup_set_first[g]; k + 1 < m->xgroup_set_first[g + 1]; k++)
            if (!hb_before(r, m->xgroup_sets[k], m->xgroup_sets[k + 1]))
                return false;
    return true;
}

struct forward {
    const struct lw_program *p;
    const struct hb_matches *m;
    struct dep_graph g;
    unsigned *indegree;
    size_t *ended;              /* per counting group: sets that have ended */
    bool *done;
    size_t *stack;
};

static bool counted(const struct forward *f, size_t i, bool release_never)
{
    return f->p->ins[i].kind == INS_XWAIT && f->m->xwait_ngroups[i] > 0
           && !(release_never && f->m->never[i]);
}

/* Which nodes happen when the node `delayed` (or none: SIZE_MAX) never does. A node
 * happens once all its predecessors did; a counted cross-core wait's end also needs each
 * of its groups to have released it. With `release_never`, the ends that miss a partner
 * are let go, so what still does not happen waits on a cycle. */
static void forward_run(struct forward *f, size_t delayed, bool release_never)
{
    const struct lw_program *p = f->p;
    const struct hb_matches *m = f->m;
    size_t nnodes = f->g.nnodes;
    memcpy(f->indegree, f->g.indegree, nnodes * sizeof(unsigned));
    for (size_t i = 0; i < p->nins; i++) {
        if (counted(f, i, release_never))
            f->indegree[NODE_END(i)] += (unsigned)m->xwait_ngroups[i];
        else if (m->never[i] && !release_never && !(p->ins[i].kind == INS_XWAIT
                                                     && m->xwait_ngroups[i] > 0))
            f->indegree[NODE_END(i)]++;
    }
    memset(f->ended, 0, (size_t)(m->nxgroups ? m->nxgroups : 1) * sizeof(size_t));
    memset(f->done, 0, nnodes * sizeof(bool));
    size_t top = 0;
    for (size_t x = 0; x < nnodes; x++)
        if (f->indegree[x] == 0 && x != delayed)
            f->stack[top++] = x;
    while (top) {
        size_t x = f->stack[--top];
        f->done[x] = true;
        for (size_t k = f->g.succ_first[x]; k < f->g.succ_first[x + 1]; k++) {
            size_t y = f->g.succ[k];
            if (--f->indegree[y] == 0 && y != delayed)
                f->stack[top++] = y;
        }
        if (x >= 3 * p->nins || x % 3 != 1 || p->ins[x / 3].kind != INS_XSIGNAL)
            continue;
        for (size_t k = m->xset_first[x / 3]; k < m->xset_first[x / 3 + 1]; k++) {
            int grp = m->xset_groups[k];
            size_t w = hb_xgroup_released(m, grp, ++f->ended[grp]);
            if (w == NO_INS || !counted(f, w, release_never))
                continue;
            if (--f->indegree[NODE_END(w)] == 0 && NODE_END(w) != delayed)
                f->stack[top++] = NODE_END(w);
        }
    }
}

bool hb_counting_run(const struct lw_program *p, const struct hb_matches *m, uint64_t max_steps,
                     struct hb_result *r)
{
    struct forward f = {.p = p, .m = m};
    dep_graph_build(p, m, true, &f.g);
    /* Two runs, then one per instruction, each over every node, edge and (set, group). */
    uint64_t run = (uint64_t)f.g.nnodes + f.g.succ_first[f.g.nnodes] + m->xset_first[p->nins];
    r->counting_steps = ((uint64_t)p->nins + 2) * run;
    if (run > 0 && (uint64_t)p->nins + 2 > max_steps / run) {
        dep_graph_free(&f.g);
        return false;
    }
    size_t nnodes = f.g.nnodes ? f.g.nnodes : 1, n = p->nins ? p->nins : 1;
    f.indegree = xmalloc(nnodes * sizeof(unsigned));
    f.ended = xmalloc((size_t)(m->nxgroups ? m->nxgroups : 1) * sizeof(size_t));
    f.done = xmalloc(nnodes * sizeof(bool));
    f.stack = xmalloc(nnodes * sizeof(size_t));

    forward_run(&f, SIZE_MAX, false);
    for (size_t i = 0; i < p->nins; i++)
        r->started[i] = f.done[NODE_START(i)];
    forward_run(&f, SIZE_MAX, true);
    r->cycle = false;
    for (size_t i = 0; i < p->nins; i++) {
        r->in_cycle[i] = !f.done[NODE_END(i)];
        r->cycle |= r->in_cycle[i];
    }

    size_t dims = (size_t)r->dims;
    for (size_t k = 0; k < n * dims; k++)
        r->start_clock[k] = -1;
    for (size_t a = 0; a < p->nins; a++) {
        const struct lw_ins *x = &p->ins[a];
        if (x->unit < 0 || !r->started[a])
            continue;
        bool wait = x->kind == INS_WAIT || x->kind == INS_XWAIT;
        size_t d = wait ? (size_t)(p->nunits + x->unit) : (size_t)x->unit;
        int32_t v = wait ? r->wait_index[a] : x->pos;
        forward_run(&f, NODE_END(a), false);
        for (size_t b = 0; b < p->nins; b++) {
            int32_t *c = &r->start_clock[b * dims + d];
            if (r->started[b] && !f.done[NODE_START(b)] && v > *c)
                *c = v;
        }
    }
    free(f.indegree);
    free(f.ended);
    free(f.done);
    free(f.stack);
    dep_graph_free(&f.g);
    return true;
}
