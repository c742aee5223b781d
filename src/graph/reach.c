/* When a wait has taken its count (docs/semantics.md §5): a wait is prompt, so it takes the
 * count as soon as it is reached and the count is there. Which events it waits for is a
 * property of the wait alone, its *frontier*: the events that may be late without bound
 * (issues, and the ends of instructions other than waits) from which its end follows
 * through events that are never late (starts, the ends of waits). In every execution the
 * wait has taken by the time a signal t fires iff each event of the frontier is ordered
 * before t fires, which the clocks answer one entry at a time.
 *
 * The frontier of wait w on unit u stays on u's queue: start(w) follows the start of the
 * instruction before it on u (rule 4), the end of that one when it holds the queue or u is
 * fifo (rules 2, 3; a wait's end in turn follows its signal's), the end of every issuer-level
 * barrier before it whose T set holds u (rule 7), and its own issue. So one pass along each
 * queue collects, per wait: the highest position of each unit whose end is in the frontier
 * (a later one on a unit covers the earlier ones, §4), the issuer-level barriers by T set
 * (the latest of each set covers the earlier ones for this purpose), and, when the kernel
 * counts (counting.c), the counting groups of the cross-core waits on the way with the
 * largest rank. Interlock and issue-gate edges need nothing: they lead to ends already in
 * the frontier, or to issues, which the wait's own issue covers.
 *
 * The counting condition is the one place where this is not exact: "r of the group's sets
 * have ended" is taken as "r of them, each on its own, end before t", which may miss runs
 * where t needs any one of two unordered sets; it can only report more, and the witness
 * of such a report says whether the simulator confirms it. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../lower/lower.h"
#include "../util/xalloc.h"
#include "edges.h"
#include "reach.h"
#include "start_clock.h"

struct barrier_req {
    uint64_t to;        /* core-local T set */
    size_t ins;         /* the latest issuer-level barrier with that T set */
};

struct count_req {
    int group;
    size_t rank;        /* from 1 */
};

/* What the frontier of a queue's next start holds so far. */
struct chain {
    int32_t *end;                   /* [nunits] */
    VEC(struct barrier_req) bars;
    VEC(struct count_req) counts;
    size_t prev;
    int32_t last_nonwait;           /* position of the latest non-wait instruction */
};

/* A unit's highest position whose end is in a wait's frontier. */
struct unit_end {
    int32_t unit, pos;
};

/* Per wait slot s, ranges items[first[s] .. first[s + 1]) of a table; first is NULL (every
 * range empty) when the table is. */
static size_t range_first(const size_t *first, size_t s)
{
    return first ? first[s] : 0;
}

struct hb_reach {
    int nunits;
    /* A wait's slot is its rank among the kernel's waits: by blocks of 64 instructions, the
     * block's waits and the count before it (a byte an instruction where a slot number for
     * each took four). */
    struct hb_row_block *waits;
    /* A wait's frontier: the ends on its own core's units, own_end[s * own_width + local]
     * (-1: none), and the few on other cores' units, by unit (range_first). */
    int own_width;                  /* the most units of a core type */
    int32_t *own_end;
    size_t *foreign_first;
    VEC(struct unit_end) foreign;
    size_t *bar_first;
    VEC(struct barrier_req) bars;
    size_t *count_first;
    VEC(struct count_req) counts;
    /* The instruction at (unit, position), lw_unit_queues: built when first asked for (to
     * name a late event, or for an issuer-level barrier), as a kernel that passes every check
     * has no use for it. */
    uint32_t *queue;
    size_t *queue_first;
};

static size_t wait_slot(const struct hb_reach *R, size_t w)
{
    const struct hb_row_block *blk = &R->waits[w / 64];
    return blk->prefix + (size_t)popcount64(blk->mask & ((UINT64_C(1) << (w % 64)) - 1));
}

/* The instruction of unit u at queue position pos. */
static size_t queue_at(const struct lw_program *p, struct hb_reach *R, int u, int32_t pos)
{
    if (!R->queue)
        lw_unit_queues(p, &R->queue, &R->queue_first);
    return R->queue[R->queue_first[u] + (size_t)pos];
}

static bool is_wait(const struct lw_ins *x) { return x->kind == INS_WAIT || x->kind == INS_XWAIT; }

static void raise_to(int32_t *v, int d, int32_t value)
{
    if (value > v[d])
        v[d] = value;
}

static void add_barrier(struct chain *c, uint64_t to, size_t ins)
{
    for (size_t k = 0; k < c->bars.len; k++)
        if (c->bars.items[k].to == to) {
            c->bars.items[k].ins = ins;
            return;
        }
    struct barrier_req b = {to, ins};
    VEC_PUSH(c->bars, b);
}

static void add_count(struct chain *c, int group, size_t rank)
{
    for (size_t k = 0; k < c->counts.len; k++)
        if (c->counts.items[k].group == group) {
            if (rank > c->counts.items[k].rank)
                c->counts.items[k].rank = rank;
            return;
        }
    struct count_req q = {group, rank};
    VEC_PUSH(c->counts, q);
}

/* Per cross-core wait: its counting groups and its rank in each. */
struct wait_groups {
    size_t *first;
    VEC(struct count_req) items;
};

static void wait_groups_build(const struct lw_program *p, const struct hb_matches *m,
                              struct wait_groups *wg)
{
    size_t n = p->nins ? p->nins : 1;
    size_t *count = xcalloc(n + 1, sizeof(size_t));
    for (int g = 0; g < m->nxgroups; g++)
        for (size_t k = m->xgroup_first[g]; k < m->xgroup_first[g + 1]; k++)
            count[m->xgroup_waits[k] + 1]++;
    for (size_t i = 0; i < p->nins; i++)
        count[i + 1] += count[i];
    wg->first = count;
    memset(&wg->items, 0, sizeof(wg->items));
    struct count_req none = {0, 0};
    for (size_t i = 0; i < count[p->nins]; i++)
        VEC_PUSH(wg->items, none);
    size_t *fill = xmalloc((n + 1) * sizeof(size_t));
    memcpy(fill, count, (n + 1) * sizeof(size_t));
    for (int g = 0; g < m->nxgroups; g++)
        for (size_t k = m->xgroup_first[g]; k < m->xgroup_first[g + 1]; k++) {
            struct count_req q = {g, k - m->xgroup_first[g] + 1};
            wg->items.items[fill[m->xgroup_waits[k]]++] = q;
        }
    free(fill);
}

/* What the end of wait w adds to its start's frontier: its signal's end, or the counts of
 * its source cores (as the k-th sets' ends when the kernel does not count). */
static void wait_end_frontier(const struct lw_program *p, const struct hb_matches *m,
                              bool counting, const struct wait_groups *wg, size_t w,
                              struct chain *c)
{
    if (p->ins[w].kind == INS_WAIT) {
        size_t s = hb_wait_signal(p, m, w);
        if (s != NO_INS)
            raise_to(c->end, p->ins[s].unit, p->ins[s].pos);
        return;
    }
    if (!counting) {
        size_t first, end;
        hb_xwait_sources(m, w, &first, &end);
        for (size_t k = first; k < end; k++) {
            size_t s = m->xwait_sources[k];
            raise_to(c->end, p->ins[s].unit, p->ins[s].pos);
        }
        return;
    }
    for (size_t k = wg->first[w]; k < wg->first[w + 1]; k++)
        add_count(c, wg->items.items[k].group, wg->items.items[k].rank);
}

static void record(struct hb_reach *R, const struct lw_core *core, const struct chain *c,
                   size_t slot)
{
    int own = core->type->nunits;
    int32_t *row = R->own_end + slot * (size_t)R->own_width;
    for (int lu = 0; lu < R->own_width; lu++)
        row[lu] = lu < own ? c->end[core->first_unit + lu] : -1;
    for (int u = 0; u < R->nunits && own < R->nunits; u++)   /* other cores' units */
        if (c->end[u] >= 0 && (u < core->first_unit || u >= core->first_unit + own)) {
            struct unit_end e = {u, c->end[u]};
            VEC_PUSH(R->foreign, e);
        }
    R->foreign_first[slot + 1] = R->foreign.len;
    for (size_t k = 0; k < c->bars.len; k++)
        VEC_PUSH(R->bars, c->bars.items[k]);
    for (size_t k = 0; k < c->counts.len; k++)
        VEC_PUSH(R->counts, c->counts.items[k]);
    R->bar_first[slot + 1] = R->bars.len;
    R->count_first[slot + 1] = R->counts.len;
}

static void walk_core(const struct lw_program *p, const struct hb_matches *m, bool counting,
                      const struct wait_groups *wg, const struct lw_core *core,
                      struct chain *chains, struct chain *scratch, struct hb_reach *R)
{
    for (size_t x = core->first_ins; x < core->first_ins + core->nins; x++) {
        const struct lw_ins *ins = &p->ins[x];
        if (ins->kind == INS_USE)
            continue;   /* it orders issues only, which the wait's own issue covers */
        if (ins->unit < 0) {
            /* An issuer-level barrier: its end holds the next start of every unit in T. */
            for (int lu = 0; lu < core->type->nunits; lu++)
                if ((lw_bar_to(p, ins) >> lu) & 1)
                    add_barrier(&chains[core->first_unit + lu], lw_bar_to(p, ins), x);
            continue;
        }
        struct chain *c = &chains[ins->unit];
        size_t prev = c->prev;
        if (prev != NO_INS) {
            const struct lw_ins *pv = &p->ins[prev];
            if (dep_holds_queue(pv) || p->units[ins->unit].mu->cls != UNIT_PIPELINED) {
                if (is_wait(pv))
                    wait_end_frontier(p, m, counting, wg, prev, c);
                else
                    raise_to(c->end, ins->unit, pv->pos);
            }
            if (ins->kind == INS_BARRIER && c->last_nonwait >= 0)
                raise_to(c->end, ins->unit, c->last_nonwait);   /* it starts once drained */
        }
        if (is_wait(ins)) {
            /* The wait's own end: its start's frontier and what it takes. */
            memcpy(scratch->end, c->end, (size_t)p->nunits * sizeof(int32_t));
            scratch->bars.len = scratch->counts.len = 0;
            for (size_t k = 0; k < c->bars.len; k++)
                VEC_PUSH(scratch->bars, c->bars.items[k]);
            for (size_t k = 0; k < c->counts.len; k++)
                VEC_PUSH(scratch->counts, c->counts.items[k]);
            wait_end_frontier(p, m, counting, wg, x, scratch);
            record(R, core, scratch, wait_slot(R, x));
        } else {
            c->last_nonwait = ins->pos;
        }
        c->prev = x;
    }
}

void hb_reach_build(const struct lw_program *p, const struct hb_matches *m, struct hb_result *r)
{
    struct hb_reach *R = xcalloc(1, sizeof(*R));
    size_t n = p->nins ? p->nins : 1, nu = p->nunits ? (size_t)p->nunits : 1;
    R->nunits = p->nunits;
    r->reach = R;
    if (p->nkind[INS_WAIT] + p->nkind[INS_XWAIT] == 0)
        return;   /* no wait to ask about (hb_reach_taken_by) */
    size_t nblocks = n / 64 + 1, nwaits = 0;
    R->waits = xmalloc(nblocks * sizeof(struct hb_row_block));
    for (size_t b = 0; b < nblocks; b++) {
        R->waits[b] = (struct hb_row_block){0, (uint32_t)nwaits};
        for (size_t i = 64 * b; i < 64 * b + 64 && i < p->nins; i++)
            if (is_wait(&p->ins[i])) {
                R->waits[b].mask |= UINT64_C(1) << (i % 64);
                nwaits++;
            }
    }
    for (int c = 0; c < p->ncores; c++)
        if (p->cores[c].type->nunits > R->own_width)
            R->own_width = p->cores[c].type->nunits;
    R->own_end = xmalloc((nwaits ? nwaits : 1) * (size_t)(R->own_width ? R->own_width : 1)
                         * sizeof(int32_t));
    R->foreign_first = xcalloc(nwaits + 1, sizeof(size_t));
    R->bar_first = xcalloc(nwaits + 1, sizeof(size_t));
    R->count_first = xcalloc(nwaits + 1, sizeof(size_t));

    struct wait_groups wg = {0};
    if (r->counting)
        wait_groups_build(p, m, &wg);
    struct chain *chains = xcalloc(nu, sizeof(struct chain));
    struct chain scratch = {.end = xmalloc(nu * sizeof(int32_t))};
    for (size_t u = 0; u < nu; u++) {
        chains[u].end = xmalloc(nu * sizeof(int32_t));
        for (size_t d = 0; d < nu; d++)
            chains[u].end[d] = -1;
        chains[u].prev = NO_INS;
        chains[u].last_nonwait = -1;
    }
    for (int c = 0; c < p->ncores; c++)
        walk_core(p, m, r->counting, &wg, &p->cores[c], chains, &scratch, R);
    for (size_t u = 0; u < nu; u++) {
        free(chains[u].end);
        VEC_FREE(chains[u].bars);
        VEC_FREE(chains[u].counts);
    }
    free(chains);
    free(scratch.end);
    VEC_FREE(scratch.bars);
    VEC_FREE(scratch.counts);
    free(wg.first);
    VEC_FREE(wg.items);
    /* Empty tables need no ranges (most kernels have neither issuer barriers nor counting,
     * and a single-core one no other core). */
    if (R->foreign.len == 0) {
        free(R->foreign_first);
        R->foreign_first = NULL;
    }
    if (R->bars.len == 0) {
        free(R->bar_first);
        R->bar_first = NULL;
    }
    if (R->counts.len == 0) {
        free(R->count_first);
        R->count_first = NULL;
    }
}

void hb_reach_free(struct hb_reach *R)
{
    if (!R)
        return;
    free(R->waits);
    free(R->own_end);
    free(R->foreign_first);
    VEC_FREE(R->foreign);
    free(R->bar_first);
    free(R->count_first);
    VEC_FREE(R->bars);
    VEC_FREE(R->counts);
    free(R->queue);
    free(R->queue_first);
    free(R);
}

/* Signal t and its kept start clock, looked up once per query (the row's place is a rank
 * computation). */
struct firing {
    const struct hb_result *r;
    size_t t;
    const struct lw_ins *x;
    const int32_t *row;
};

/* The clock of the node where t fires: its start's, and its own unit drained up to it. */
static int32_t fired(const struct firing *f, int d)
{
    int col = hb_start_column(f->r, f->t, d);
    assert(col >= 0);   /* the dimensions a signal's row keeps (start_clock.h) */
    int32_t v = f->row[col];
    if (d == hb_dim_end(f->x->unit) && f->x->pos > v)
        v = f->x->pos;
    return v;
}

/* Whether the end of issuer-level barrier b comes before t fires: some instruction of a unit
 * in b's T set issued after b has started by then. */
static bool barrier_before(const struct firing *f, struct hb_reach *R, size_t b)
{
    const struct lw_program *p = f->r->p;
    const struct lw_ins *bar = &p->ins[b];
    const struct lw_core *core = &p->cores[bar->core];
    for (int lu = 0; lu < core->type->nunits; lu++) {
        if (!((lw_bar_to(p, bar) >> lu) & 1))
            continue;
        int u = core->first_unit + lu;
        int32_t started = fired(f, hb_dim_start(p, u));
        if (started >= 0 && lw_seq(p, queue_at(p, R, u, started)) > lw_seq(p, b))
            return true;
    }
    return false;
}

/* How many of group g's sets end, each on its own, before t fires. */
static size_t sets_before(const struct firing *f, const struct hb_matches *m, int g)
{
    size_t n = 0;
    for (size_t k = m->xgroup_set_first[g]; k < m->xgroup_set_first[g + 1]; k++) {
        const struct lw_ins *s = &f->r->p->ins[m->xgroup_sets[k]];
        n += s->pos <= fired(f, hb_dim_end(s->unit));
    }
    return n;
}

/* The end of unit u's instruction at pos (none: -1) is not ordered before t fires: it is named
 * in *late. */
static bool end_late(const struct firing *f, int u, int32_t pos, struct hb_late *late)
{
    if (pos < 0 || pos <= fired(f, hb_dim_end(u)))
        return false;
    late->ins = queue_at(f->r->p, f->r->reach, u, pos);
    return true;
}

bool hb_reach_taken_by(const struct hb_result *r, const struct hb_matches *m, size_t w, size_t t,
                       struct hb_late *late)
{
    const struct lw_program *p = r->p;
    struct hb_reach *R = r->reach;
    late->ins = NO_INS;
    late->issue = false;
    if (!r->started[t])
        return true;    /* t never fires */
    if (m->never[w] || !r->started[w]) {
        late->ins = w;
        return false;
    }
    const struct firing at = {r, t, &p->ins[t], hb_start_row(r, t)};
    if (fired(&at, hb_dim_issue(p, p->ins[w].core)) < lw_seq(p, w)) {
        late->ins = w;
        late->issue = true;
        return false;
    }
    size_t slot = wait_slot(R, w);
    /* In unit order, the first unit whose end is late is named: the other cores' units
     * before w's core, w's core's, the other cores' after. */
    const struct lw_core *core = &p->cores[p->ins[w].core];
    const int32_t *own = R->own_end + slot * (size_t)R->own_width;
    size_t f = range_first(R->foreign_first, slot), fend = range_first(R->foreign_first, slot + 1);
    const struct unit_end *foreign = R->foreign.items;
    for (; f < fend && foreign[f].unit < core->first_unit; f++)
        if (end_late(&at, foreign[f].unit, foreign[f].pos, late))
            return false;
    for (int lu = 0; lu < core->type->nunits; lu++)
        if (end_late(&at, core->first_unit + lu, own[lu], late))
            return false;
    for (; f < fend; f++)
        if (end_late(&at, foreign[f].unit, foreign[f].pos, late))
            return false;
    for (size_t k = range_first(R->bar_first, slot); k < range_first(R->bar_first, slot + 1); k++)
        if (!barrier_before(&at, R, R->bars.items[k].ins)
            && (late->ins == NO_INS || R->bars.items[k].ins < late->ins))
            late->ins = R->bars.items[k].ins;   /* the earliest, as the reference names it */
    if (late->ins != NO_INS)
        return false;
    size_t count_end = range_first(R->count_first, slot + 1);
    for (size_t k = range_first(R->count_first, slot); k < count_end; k++) {
        const struct count_req *q = &R->counts.items[k];
        if (sets_before(&at, m, q->group) < q->rank) {
            for (size_t j = m->xgroup_set_first[q->group]; j < m->xgroup_set_first[q->group + 1]; j++) {
                const struct lw_ins *s = &p->ins[m->xgroup_sets[j]];
                if (s->pos > fired(&at, hb_dim_end(s->unit))) {
                    late->ins = m->xgroup_sets[j];
                    break;
                }
            }
            return false;
        }
    }
    return true;
}
