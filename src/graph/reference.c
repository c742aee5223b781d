/* The reference happens-before engine, deliberately simple and slow: every rule of
 * docs/semantics.md §3 becomes literal edges between start and end nodes (all pairs
 * where the rule says so), except rule 9, which counts: a cross-core wait's end happens
 * once its rank's worth of its source cores' sets have ended (the matching's counting
 * groups). a -> b is the definition: start(b) does not happen when end(a) never does.
 * It shares only the lowered program and the matching with the clock engine; the tests
 * compare the two on every kernel. */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "graph.h"

#define S(i) (2 * (i))
#define E(i) (2 * (i) + 1)

struct reference {
    const struct hb_matches *m;     /* the caller's, alive as long as the result */
    size_t nnodes;
    struct size_vec *succ;
    unsigned char **blocked;    /* lazily: bitset of the nodes that do not happen when E(i)
                                 * never does */
};

static void edge(struct reference *g, size_t from, size_t to) { VEC_PUSH(g->succ[from], to); }

static bool overlaps(const struct mem_region *x, const struct mem_region *y)
{
    return x->memory == y->memory && x->lo < y->hi && y->lo < x->hi;
}

static bool conflict(const struct lw_ins *a, const struct lw_ins *b)
{
    for (int i = 0; i < a->nwrites; i++) {
        for (int j = 0; j < b->nreads; j++)
            if (overlaps(&a->writes[i], &b->reads[j]))
                return true;
        for (int j = 0; j < b->nwrites; j++)
            if (overlaps(&a->writes[i], &b->writes[j]))
                return true;
    }
    for (int i = 0; i < a->nreads; i++)
        for (int j = 0; j < b->nwrites; j++)
            if (overlaps(&a->reads[i], &b->writes[j]))
                return true;
    return false;
}

static bool local_bit(uint64_t mask, const struct lw_program *p, const struct lw_ins *x)
{
    return x->unit >= 0 && ((mask >> (x->unit - p->cores[x->core].first_unit)) & 1);
}

static void core_edges(struct reference *g, const struct lw_program *p, const struct lw_core *c)
{
    size_t first = c->first_ins, end = c->first_ins + c->nins;
    for (size_t a = first; a < end; a++) {
        const struct lw_ins *x = &p->ins[a];
        edge(g, S(a), E(a));
        const struct model_unit *mu = x->unit >= 0 ? p->units[x->unit].mu : NULL;
        bool issue_gate = (mu && mu->cls == UNIT_SYNC) || (x->kind == INS_ACCESS && x->blocking);
        bool holds = x->kind == INS_WAIT || x->kind == INS_XWAIT
                     || (x->kind == INS_BARRIER && x->unit >= 0);
        bool started_next = false;
        for (size_t b = a + 1; b < end; b++) {
            const struct lw_ins *y = &p->ins[b];
            bool same_unit = x->unit >= 0 && x->unit == y->unit;
            if (issue_gate)                                               /* rule 1 */
                edge(g, E(a), S(b));
            if (same_unit && (mu->cls == UNIT_FIFO || holds))             /* rules 2, 3 */
                edge(g, E(a), S(b));
            if (same_unit && !started_next) {                             /* rule 4 */
                edge(g, S(a), S(b));
                started_next = true;
            }
            bool drains = y->kind == INS_SIGNAL || y->kind == INS_XSIGNAL
                          || (y->kind == INS_BARRIER && y->unit >= 0);
            if (same_unit && drains)                                      /* rules 5, 7 */
                edge(g, E(a), S(b));
            if ((y->kind == INS_BARRIER || y->kind == INS_XBARRIER) && y->unit < 0
                && local_bit(y->bar_from, p, x))                          /* rule 7 */
                edge(g, E(a), S(b));
            if ((x->kind == INS_BARRIER || x->kind == INS_XBARRIER) && x->unit < 0
                && local_bit(x->bar_to, p, y))
                edge(g, E(a), S(b));
            if (x->kind == INS_ACCESS && y->kind == INS_ACCESS && x->interlocked
                && y->interlocked && conflict(x, y))                      /* rule 8 */
                edge(g, E(a), S(b));
        }
    }
}

static void match_edges(struct reference *g, const struct lw_program *p, const struct hb_matches *m)
{
    for (size_t x = 0; x < p->nins; x++) {
        if (p->ins[x].kind == INS_WAIT && m->wait_signal[x] != NO_INS)
            edge(g, E(m->wait_signal[x]), E(x));                          /* rule 6 */
    }
    for (int grp = 0; grp < m->ngroups; grp++)
        for (size_t k = m->group_first[grp]; k < m->group_first[grp + 1]; k++)
            for (size_t j = m->group_first[grp]; j < m->group_first[grp + 1]; j++)
                edge(g, S(m->group_members[k]), E(m->group_members[j]));
}

/* Which nodes happen when the node `delayed` (SIZE_MAX: none) never does: a node happens
 * once all its predecessors did and, for a cross-core wait's end, once each of its groups
 * counted enough ended sets (rule 9); the end of an instruction with a missing partner
 * never does. With `release_never`, those ends are let go (a cross-core wait still waits
 * for the partners that exist), so what still does not happen waits on a cycle. */
static bool *happens(const struct reference *g, const struct lw_program *p,
                     const struct hb_matches *m, size_t delayed, bool release_never)
{
    size_t nins = p->nins;
    unsigned *indegree = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(unsigned));
    for (size_t x = 0; x < g->nnodes; x++)
        for (size_t k = 0; k < g->succ[x].len; k++)
            indegree[g->succ[x].items[k]]++;
    unsigned *needs = xcalloc(nins ? nins : 1, sizeof(unsigned));
    hb_xgroup_needs(m, release_never, needs);
    for (size_t i = 0; i < nins; i++) {
        bool grouped = p->ins[i].kind == INS_XWAIT && m->xwait_ngroups[i] > 0;
        indegree[E(i)] += needs[i] + (!release_never && m->never[i] && !grouped);
    }
    free(needs);
    size_t *ended = xcalloc((size_t)(m->nxgroups ? m->nxgroups : 1), sizeof(size_t));
    bool *done = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(bool));
    size_t *stack = xmalloc((g->nnodes ? g->nnodes : 1) * sizeof(size_t));
    size_t top = 0;
    for (size_t x = 0; x < g->nnodes; x++)
        if (indegree[x] == 0 && x != delayed)
            stack[top++] = x;
    while (top) {
        size_t x = stack[--top];
        done[x] = true;
        for (size_t k = 0; k < g->succ[x].len; k++)
            if (--indegree[g->succ[x].items[k]] == 0 && g->succ[x].items[k] != delayed)
                stack[top++] = g->succ[x].items[k];
        if (x % 2 == 0 || p->ins[x / 2].kind != INS_XSIGNAL)
            continue;
        for (size_t k = m->xset_first[x / 2]; k < m->xset_first[x / 2 + 1]; k++) {
            int grp = m->xset_groups[k];
            size_t w = hb_xgroup_released(m, grp, ++ended[grp]);         /* rule 9 */
            if (w != NO_INS && --indegree[E(w)] == 0 && E(w) != delayed)
                stack[top++] = E(w);
        }
    }
    free(ended);
    free(stack);
    free(indegree);
    return done;
}

void hb_reference_run(const struct lw_program *p, const struct hb_matches *m,
                      struct hb_result *r)
{
    memset(r, 0, sizeof(*r));
    r->p = p;
    struct reference *g = xcalloc(1, sizeof(*g));
    g->m = m;
    g->nnodes = 2 * p->nins;
    g->succ = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(*g->succ));
    g->blocked = xcalloc(p->nins ? p->nins : 1, sizeof(*g->blocked));
    for (int c = 0; c < p->ncores; c++)
        core_edges(g, p, &p->cores[c]);
    match_edges(g, p, m);
    r->reference = g;

    size_t n = p->nins ? p->nins : 1;
    r->started = xcalloc(n, sizeof(bool));
    r->in_cycle = xcalloc(n, sizeof(bool));
    bool *done = happens(g, p, m, SIZE_MAX, false);
    bool *released = happens(g, p, m, SIZE_MAX, true);
    for (size_t i = 0; i < p->nins; i++) {
        r->started[i] = done[S(i)];
        r->in_cycle[i] = !released[E(i)];
        r->cycle |= r->in_cycle[i];
    }
    free(done);
    free(released);
}

bool hb_reference_before(const struct hb_result *r, size_t a, size_t b)
{
    struct reference *g = r->reference;
    if (!r->started[b])
        return true;
    if (!g->blocked[a]) {
        bool *done = happens(g, r->p, g->m, E(a), false);
        unsigned char *blocked = xcalloc(g->nnodes / 8 + 1, 1);
        for (size_t x = 0; x < g->nnodes; x++)
            if (!done[x])
                blocked[x / 8] |= (unsigned char)(1u << (x % 8));
        free(done);
        g->blocked[a] = blocked;
    }
    return (g->blocked[a][S(b) / 8] >> (S(b) % 8)) & 1;
}

void hb_reference_free(struct hb_result *r)
{
    struct reference *g = r->reference;
    if (!g)
        return;
    for (size_t x = 0; x < g->nnodes; x++)
        VEC_FREE(g->succ[x]);
    for (size_t i = 0; i < g->nnodes / 2; i++)
        free(g->blocked[i]);
    free(g->succ);
    free(g->blocked);
    free(g);
    r->reference = NULL;
}
