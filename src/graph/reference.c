/* The reference happens-before engine, deliberately simple and slow: every rule of
 * docs/semantics.md §3 becomes literal edges between issue, start and end nodes (all pairs
 * where the rule says so), except rule 9, which counts: a cross-core wait's end happens
 * once its rank's worth of its source cores' sets have ended (the matching's counting
 * groups). a -> b is the definition: start(b) does not happen when end(a) never does; a
 * wait has taken its count by the time t fires when no way of keeping the wait from
 * returning (a set of late issues and ends, §5) lets t fire. It shares only the lowered
 * program and the matching with the clock engine; the tests compare the two on every
 * kernel. */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "graph.h"

#define S(i) (3 * (i))
#define E(i) (3 * (i) + 1)
#define I(i) (3 * (i) + 2)      /* issue */
#define NODE_INS(x) ((x) / 3)

struct reference {
    const struct hb_matches *m;     /* the caller's, alive as long as the result */
    size_t nnodes;
    struct size_vec *succ;
    struct size_vec *pred;          /* built on the first wait question */
    unsigned char **blocked;        /* lazily, per node: bitset of the nodes that do not happen
                                     * when that node never does */
};

static void edge(struct reference *g, size_t from, size_t to) { VEC_PUSH(g->succ[from], to); }


static bool local_bit(uint64_t mask, const struct lw_program *p, const struct lw_ins *x)
{
    return x->unit >= 0 && ((mask >> (x->unit - p->cores[x->core].first_unit)) & 1);
}

static bool is_wait(const struct lw_ins *x) { return x->kind == INS_WAIT || x->kind == INS_XWAIT; }

static void core_edges(struct reference *g, const struct lw_program *p, const struct lw_core *c)
{
    size_t first = c->first_ins, end = c->first_ins + c->nins;
    for (size_t a = first; a < end; a++) {
        const struct lw_ins *x = &p->ins[a];
        edge(g, I(a), S(a));
        edge(g, S(a), E(a));
        if (a + 1 < end)
            edge(g, I(a), I(a + 1));                                      /* issue order */
        const struct model_unit *mu = x->unit >= 0 ? p->units[x->unit].mu : NULL;
        bool holds = is_wait(x) || (x->kind == INS_BARRIER && x->unit >= 0);
        bool started_next = false;
        for (size_t b = a + 1; b < end; b++) {
            const struct lw_ins *y = &p->ins[b];
            bool same_unit = x->unit >= 0 && x->unit == y->unit;
            if (x->blocks_issue)                                          /* rule 1 */
                edge(g, E(a), I(b));
            if (same_unit && (mu->cls != UNIT_PIPELINED || holds))        /* rules 2, 3 */
                edge(g, E(a), S(b));
            if (same_unit && !started_next) {                             /* rule 4 */
                edge(g, S(a), S(b));
                started_next = true;
            }
            if (same_unit && (y->kind == INS_SIGNAL || y->kind == INS_XSIGNAL))
                edge(g, E(a), E(b));                                      /* rule 5 */
            if (same_unit && y->kind == INS_BARRIER)                      /* rule 7 */
                edge(g, E(a), S(b));
            if ((y->kind == INS_BARRIER || y->kind == INS_XBARRIER) && y->unit < 0
                && local_bit(lw_bar_from(p, y), p, x))                          /* rule 7 */
                edge(g, E(a), S(b));
            if ((x->kind == INS_BARRIER || x->kind == INS_XBARRIER) && x->unit < 0
                && local_bit(lw_bar_to(p, x), p, y))
                edge(g, E(a), S(b));
            if (y->kind == INS_USE && y->value_read == a)                 /* rule 10 */
                edge(g, E(a), S(b));
            if (x->kind == INS_ACCESS && y->kind == INS_ACCESS && x->interlocked
                && y->interlocked && lw_accesses_conflict(p, x, y))                   /* rule 8 */
                edge(g, E(a), S(b));
        }
    }
}

static void match_edges(struct reference *g, const struct lw_program *p, const struct hb_matches *m)
{
    for (size_t x = 0; x < p->nins; x++) {
        if (p->ins[x].kind == INS_WAIT && hb_wait_signal(p, m, x) != NO_INS)
            edge(g, E(hb_wait_signal(p, m, x)), E(x));                          /* rule 6 */
    }
    for (int grp = 0; grp < m->ngroups; grp++)
        for (size_t k = m->group_first[grp]; k < m->group_first[grp + 1]; k++)
            for (size_t j = m->group_first[grp]; j < m->group_first[grp + 1]; j++)
                edge(g, S(m->group_members[k]), E(m->group_members[j]));
}

/* Which nodes happen when the nodes of `delayed` (n of them) never do: a node happens once
 * all its predecessors did and, for a cross-core wait's end, once each of its groups counted
 * enough ended sets (rule 9); the end of an instruction with a missing partner never does.
 * With `release_never`, those ends are let go (a cross-core wait still waits for the
 * partners that exist), so what still does not happen waits on a cycle. */
static bool *happens(const struct reference *g, const struct lw_program *p,
                     const struct hb_matches *m, const size_t *delayed, size_t ndelayed,
                     bool release_never)
{
    size_t nins = p->nins;
    unsigned *indegree = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(unsigned));
    bool *held = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(bool));
    for (size_t k = 0; k < ndelayed; k++)
        held[delayed[k]] = true;
    for (size_t x = 0; x < g->nnodes; x++)
        for (size_t k = 0; k < g->succ[x].len; k++)
            indegree[g->succ[x].items[k]]++;
    unsigned *needs = xcalloc(nins ? nins : 1, sizeof(unsigned));
    hb_xgroup_needs(m, release_never, needs);
    for (size_t i = 0; i < nins; i++) {
        bool grouped = p->ins[i].kind == INS_XWAIT && hb_xwait_ngroups(m, i) > 0;
        indegree[E(i)] += needs[i] + (!release_never && m->never[i] && !grouped);
    }
    free(needs);
    size_t *ended = xcalloc((size_t)(m->nxgroups ? m->nxgroups : 1), sizeof(size_t));
    bool *done = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(bool));
    size_t *stack = xmalloc((g->nnodes ? g->nnodes : 1) * sizeof(size_t));
    size_t top = 0;
    for (size_t x = 0; x < g->nnodes; x++)
        if (indegree[x] == 0 && !held[x])
            stack[top++] = x;
    while (top) {
        size_t x = stack[--top];
        done[x] = true;
        for (size_t k = 0; k < g->succ[x].len; k++)
            if (--indegree[g->succ[x].items[k]] == 0 && !held[g->succ[x].items[k]])
                stack[top++] = g->succ[x].items[k];
        if (x != E(NODE_INS(x)) || p->ins[NODE_INS(x)].kind != INS_XSIGNAL)
            continue;
        size_t first, end;
        hb_xset_groups(m, NODE_INS(x), &first, &end);
        for (size_t k = first; k < end; k++) {
            int grp = m->xset_groups[k];
            size_t w = hb_xgroup_released(m, grp, ++ended[grp]);         /* rule 9 */
            if (w != NO_INS && --indegree[E(w)] == 0 && !held[E(w)])
                stack[top++] = E(w);
        }
    }
    free(ended);
    free(stack);
    free(indegree);
    free(held);
    return done;
}

/* Whether `node` happens when `delayed` never does, from a cached run. */
static bool happens_without(struct reference *g, const struct lw_program *p, size_t delayed,
                            size_t node)
{
    if (!g->blocked[delayed]) {
        bool *done = happens(g, p, g->m, &delayed, 1, false);
        unsigned char *blocked = xcalloc(g->nnodes / 8 + 1, 1);
        for (size_t x = 0; x < g->nnodes; x++)
            if (!done[x])
                blocked[x / 8] |= (unsigned char)(1u << (x % 8));
        free(done);
        g->blocked[delayed] = blocked;
    }
    return !((g->blocked[delayed][node / 8] >> (node % 8)) & 1);
}

void hb_reference_run(const struct lw_program *p, const struct hb_matches *m,
                      struct hb_result *r)
{
    memset(r, 0, sizeof(*r));
    r->p = p;
    struct reference *g = xcalloc(1, sizeof(*g));
    g->m = m;
    g->nnodes = 3 * p->nins;
    g->succ = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(*g->succ));
    g->blocked = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(*g->blocked));
    for (int c = 0; c < p->ncores; c++)
        core_edges(g, p, &p->cores[c]);
    match_edges(g, p, m);
    r->reference = g;

    size_t n = p->nins ? p->nins : 1;
    r->started = xcalloc(n, sizeof(bool));
    r->in_cycle = xcalloc(n, sizeof(bool));
    bool *done = happens(g, p, m, NULL, 0, false);
    bool *released = happens(g, p, m, NULL, 0, true);
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
    if (!r->started[b])
        return true;
    return !happens_without(r->reference, r->p, E(a), S(b));
}

/* Free nodes may be late without bound: issues and the ends of instructions other than
 * waits and uses. The others (starts, the ends of waits and uses) happen as soon as they can
 * (§5; a use ends as soon as its value is there). */
static bool is_free(const struct lw_program *p, size_t node)
{
    const struct lw_ins *x = &p->ins[NODE_INS(node)];
    return node == I(NODE_INS(node))
           || (node == E(NODE_INS(node)) && !is_wait(x) && x->kind != INS_USE);
}

struct ways {
    VEC(struct size_vec) items;     /* each a set of free nodes that, all late, stop the wait */
};

static void way_add(struct ways *w, const size_t *nodes, size_t n)
{
    struct size_vec v = {0};
    for (size_t k = 0; k < n; k++)
        VEC_PUSH(v, nodes[k]);
    VEC_PUSH(w->items, v);
}

/* Every way of leaving fewer than `rank` of group g's sets ended: a prefix of each unit's
 * sets (a unit's sets end in order), rank - 1 of them in all, and the next one of each
 * unit late. */
static void fewer_than(const struct lw_program *p, const struct hb_matches *m, int g, size_t rank,
                       struct ways *out)
{
    size_t first = m->xgroup_set_first[g], n = m->xgroup_set_first[g + 1] - first;
    VEC(struct size_vec) chains = {0};
    for (size_t k = 0; k < n; k++) {
        size_t s = m->xgroup_sets[first + k];
        size_t c = 0;
        while (c < chains.len && p->ins[chains.items[c].items[0]].unit != p->ins[s].unit)
            c++;
        if (c == chains.len) {
            struct size_vec v = {0};
            VEC_PUSH(chains, v);
        }
        VEC_PUSH(chains.items[c], s);
    }
    size_t total = rank - 1 < n ? rank - 1 : n;
    size_t *take = xcalloc(chains.len + 1, sizeof(size_t));
    size_t *late = xmalloc((chains.len + 1) * sizeof(size_t));
    /* Odometer over the prefix lengths. */
    for (;;) {
        size_t sum = 0, nl = 0;
        for (size_t c = 0; c < chains.len; c++) {
            sum += take[c];
            if (take[c] < chains.items[c].len)
                late[nl++] = E(chains.items[c].items[take[c]]);
        }
        if (sum == total)
            way_add(out, late, nl);
        size_t c = 0;
        while (c < chains.len && take[c] == chains.items[c].len) {
            take[c] = 0;
            c++;
        }
        if (c == chains.len)
            break;
        take[c]++;
    }
    free(take);
    free(late);
    for (size_t c = 0; c < chains.len; c++)
        VEC_FREE(chains.items[c]);
    VEC_FREE(chains);
}

/* The ways to keep `node` (not free) from happening: each free node it depends on through
 * nodes that are not free, and each way of leaving a counting group it waits for short. */
static void ways_to_stop(struct reference *g, const struct lw_program *p, size_t node,
                         struct ways *out)
{
    const struct hb_matches *m = g->m;
    bool *seen = xcalloc(g->nnodes, sizeof(bool));
    struct size_vec todo = {0};
    VEC_PUSH(todo, node);
    seen[node] = true;
    while (todo.len) {
        size_t x = todo.items[--todo.len];
        for (size_t k = 0; k < g->pred[x].len; k++) {
            size_t y = g->pred[x].items[k];
            if (seen[y])
                continue;
            seen[y] = true;
            if (is_free(p, y))
                way_add(out, &y, 1);
            else
                VEC_PUSH(todo, y);
        }
        size_t i = NODE_INS(x);
        if (x != E(i) || p->ins[i].kind != INS_XWAIT)
            continue;
        for (int grp = 0; grp < m->nxgroups; grp++)
            for (size_t k = m->xgroup_first[grp]; k < m->xgroup_first[grp + 1]; k++)
                if (m->xgroup_waits[k] == i)
                    fewer_than(p, m, grp, k - m->xgroup_first[grp] + 1, out);
    }
    VEC_FREE(todo);
    free(seen);
}

/* Whether free node x is named before free node y as the late event: the wait's issue, then
 * the end of an instruction with a unit (the lowest unit, its latest position: late there,
 * it keeps the earlier ones from counting too), then the earliest issuer-level barrier. */
static bool later_named(const struct lw_program *p, size_t x, size_t y)
{
    const struct lw_ins *a = &p->ins[NODE_INS(x)], *b = &p->ins[NODE_INS(y)];
    int ra = x == I(NODE_INS(x)) ? 0 : a->unit >= 0 ? 1 : 2;
    int rb = y == I(NODE_INS(y)) ? 0 : b->unit >= 0 ? 1 : 2;
    if (ra != rb)
        return ra < rb;
    if (ra == 1 && a->unit != b->unit)
        return a->unit < b->unit;
    if (ra == 1)
        return a->pos > b->pos;
    if (ra == 0)
        return NODE_INS(x) > NODE_INS(y);   /* the wait's own issue covers the earlier ones */
    return NODE_INS(x) < NODE_INS(y);
}

bool hb_reference_taken_by(const struct hb_result *r, size_t w, size_t t, struct hb_late *late)
{
    struct reference *g = r->reference;
    const struct lw_program *p = r->p;
    late->ins = NO_INS;
    late->issue = false;
    if (!r->started[t])
        return true;
    if (g->m->never[w]) {
        late->ins = w;
        return false;
    }
    if (!g->pred) {
        g->pred = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(*g->pred));
        for (size_t x = 0; x < g->nnodes; x++)
            for (size_t k = 0; k < g->succ[x].len; k++)
                VEC_PUSH(g->pred[g->succ[x].items[k]], x);
    }
    struct ways ways = {0};
    ways_to_stop(g, p, E(w), &ways);
    bool taken = true;
    size_t named = NO_INS;      /* the late event to name, chosen as the clock engine does */
    for (size_t k = 0; k < ways.items.len; k++) {
        const struct size_vec *v = &ways.items.items[k];
        bool fires;
        if (v->len == 1) {
            fires = happens_without(g, p, v->items[0], E(t));
        } else {
            bool *done = happens(g, p, g->m, v->items, v->len, false);
            fires = done[E(t)];
            free(done);
        }
        if (!fires)
            continue;
        taken = false;
        if (v->len && (named == NO_INS || later_named(p, v->items[0], named)))
            named = v->items[0];
    }
    if (named != NO_INS) {
        late->ins = NODE_INS(named);
        late->issue = named == I(late->ins);
    }
    for (size_t k = 0; k < ways.items.len; k++)
        VEC_FREE(ways.items.items[k]);
    VEC_FREE(ways.items);
    return taken;
}

void hb_reference_free(struct hb_result *r)
{
    struct reference *g = r->reference;
    if (!g)
        return;
    for (size_t x = 0; x < g->nnodes; x++) {
        VEC_FREE(g->succ[x]);
        if (g->pred)
            VEC_FREE(g->pred[x]);
        free(g->blocked[x]);
    }
    free(g->pred);
    free(g->succ);
    free(g->blocked);
    free(g);
    r->reference = NULL;
}
