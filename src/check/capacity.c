/* Counter capacity of cross-core flags: a counter holds at most `capacity` counts per
 * waiting core (the binary overrun rule with capacity 1). Checked for each source core's
 * sets of a flag against each core they count for.
 *
 * When the sets are ordered, the r-th set to end is the r-th issued, so the
 * (j + capacity)-th set must come after the j-th wait. When they are not (two units set
 * the flag), any set may be the one that overflows: when set s ends, j waits have taken
 * counts and the (j+1)-th has not, the counted sets are among those after neither s nor
 * that wait, and the counter overflows if, for some j no smaller than the number of waits
 * before s, there can be j + capacity of them. Counting them one set at a time could
 * overstate what one schedule reaches (a set might need a counting wait that needs s or
 * that wait); it never misses an overflow, and `check --witness` confirms each report by
 * simulation (tests/witness.py and tests/differential.py fail on one it does not). The
 * largest such j names the wait that frees the count, as in the ordered case.
 *
 * The unordered case stays near-linear: sets of one unit are ordered (each waits for its
 * unit to drain), so they form a few chains. Along a chain, "not after s" is a prefix and
 * "waits before it" grows, so the count for (s, j) is a sum over chains of
 * min(prefix of s, sets of the chain with at most j waits before them), and the search
 * for j runs on a segment tree per set of chains still below their prefix. */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "../util/search.h"
#include "check.h"

/* One source core's sets of a flag (in issue order) and the waits of one core they count
 * for. */
struct capacity_scope {
    const struct check_context *ctx;
    const struct xflag_entry *sets;
    size_t nsets;
    const struct xflag_entry *waits;
    size_t nwaits;
    int waiter;
    bool *reported;
};

static void report(const struct capacity_scope *c, size_t set, size_t wait)
{
    const struct check_context *ctx = c->ctx;
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    if (c->reported[set])
        return;
    c->reported[set] = true;   /* once per set, whichever core it overflows on first */
    struct hb_late late = {NO_INS, false};
    if (wait != NO_INS)
        hb_wait_taken_by(ctx->hb, ctx->m, wait, set, &late);
    check_add_overrun(ctx, set, wait, &late,
                      CHECK_TEXT(ctx, A, "%s may push the count of flag %lld on %s past the counter "
                                      "capacity %d: %s",
                                   describe_ins(p, A, set), (long long)p->ins[set].xflag,
                                   p->cores[c->waiter].name, p->model->xflags.capacity,
                                   wait == NO_INS ? "too few waits take counts before it"
                                                  : "the wait that frees a count may not have "
                                                    "taken it by then"));
}

struct taken_query {
    const struct capacity_scope *c;
    size_t x;
};

static bool taken_by_x(size_t i, const void *ctx)
{
    const struct taken_query *q = ctx;
    struct hb_late late;
    return hb_wait_taken_by(q->c->ctx->hb, q->c->ctx->m, q->c->waits[i].ins, q->x, &late);
}

/* How many of the waits have taken their counts by the time x fires: a prefix, since the
 * cross-core waits of a core all sit on the model's wait-unit (required by the schema) and
 * hold its queue. */
static size_t waits_before(const struct capacity_scope *c, size_t x)
{
    struct taken_query q = {c, x};
    return partition_point(0, c->nwaits, taken_by_x, &q);
}

static void capacity_in_order(const struct capacity_scope *c)
{
    size_t cap = (size_t)c->ctx->p->model->xflags.capacity;
    for (size_t r = cap; r < c->nsets; r++) {
        size_t s = c->sets[r].ins;
        if (!c->ctx->hb->started[s])
            continue;
        size_t w = r - cap < c->nwaits ? c->waits[r - cap].ins : NO_INS;
        struct hb_late late;
        if (w == NO_INS || !hb_wait_taken_by(c->ctx->hb, c->ctx->m, w, s, &late))
            report(c, s, w);
    }
}

/* ------------------------------------------------------------------ unordered sets */

struct chain {
    int unit;
    struct size_vec sets;       /* started sets of the unit, in issue order */
    size_t *before;             /* per set: waits ordered before it (nondecreasing) */
    int32_t *upto;              /* per j in [0, nwaits]: sets with before <= j */
};

/* For one set of chains (a bitmask), the segment tree of sum over them of upto[j] - j. */
struct tree {
    uint64_t mask;
    size_t size;                /* leaves: a power of two >= nwaits + 1 */
    int64_t *max;               /* max[1] the root, max[size + j] leaf j */
};

struct any_order {
    const struct capacity_scope *c;
    struct chain *chains;       /* at most MODEL_MAX_UNITS, one per unit of the core */
    int nchains;
    VEC(struct tree) trees;     /* built as the search needs them; few in practice */
};

static int64_t leaf_value(const struct any_order *o, uint64_t mask, size_t j)
{
    int64_t v = -(int64_t)j;
    for (int b = 0; b < o->nchains; b++)
        if ((mask >> b) & 1u)
            v += o->chains[b].upto[j];
    return v;
}

static const struct tree *tree_for(struct any_order *o, uint64_t mask)
{
    for (size_t k = 0; k < o->trees.len; k++)
        if (o->trees.items[k].mask == mask)
            return &o->trees.items[k];
    struct tree fresh = {.mask = mask};
    VEC_PUSH(o->trees, fresh);
    struct tree *t = &o->trees.items[o->trees.len - 1];
    size_t n = o->c->nwaits + 1;
    t->size = 1;
    while (t->size < n)
        t->size *= 2;
    t->max = xmalloc(2 * t->size * sizeof(int64_t));
    for (size_t j = 0; j < t->size; j++)
        t->max[t->size + j] = j < n ? leaf_value(o, mask, j) : INT64_MIN;
    for (size_t k = t->size - 1; k >= 1; k--)
        t->max[k] = t->max[2 * k] > t->max[2 * k + 1] ? t->max[2 * k] : t->max[2 * k + 1];
    return t;
}

/* The largest j in [a, b] of node k (covering [lo, hi]) with value >= v, or -1. */
static int64_t rightmost(const struct tree *t, size_t k, size_t lo, size_t hi, size_t a, size_t b,
                         int64_t v)
{
    if (hi < a || lo > b || t->max[k] < v)
        return -1;
    if (lo == hi)
        return (int64_t)lo;
    size_t mid = lo + (hi - lo) / 2;
    int64_t r = rightmost(t, 2 * k + 1, mid + 1, hi, a, b, v);
    return r >= 0 ? r : rightmost(t, 2 * k, lo, mid, a, b, v);
}

struct after_query {
    const struct any_order *o;
    const struct chain *ch;
    size_t s;
};

static bool not_after_s(size_t i, const void *ctx)
{
    const struct after_query *q = ctx;
    return !hb_before(q->o->c->ctx->hb, q->s, q->ch->sets.items[i]);
}

/* Sets of the chain not after s: a prefix. */
static size_t not_after(const struct any_order *o, const struct chain *ch, size_t s)
{
    struct after_query q = {o, ch, s};
    return partition_point(0, ch->sets.len, not_after_s, &q);
}

/* The largest j >= lo at which set i of chain a may find j + capacity counted sets, or
 * -1. count(j) = sum over chains b of min(len[b], upto_b[j]); chain b is all in
 * (min = len[b]) from j = from[b] on. */
static int64_t overflow_at(struct any_order *o, int a, size_t i, size_t lo)
{
    size_t cap = (size_t)o->c->ctx->p->model->xflags.capacity, n = o->c->nwaits;
    size_t s = o->chains[a].sets.items[i];
    size_t len[MODEL_MAX_UNITS], from[MODEL_MAX_UNITS], total = 0;
    for (int b = 0; b < o->nchains; b++) {
        const struct chain *ch = &o->chains[b];
        len[b] = b == a ? i : not_after(o, ch, s);
        from[b] = len[b] ? ch->before[len[b] - 1] : 0;
        total += len[b];
    }
    if (total < cap || total - cap < lo)
        return -1;
    size_t hi = total - cap < n ? total - cap : n;
    /* Walk down the stretches between `from` values, where the chains not yet all in are
     * fixed: on [floor, hi], count(j) - j = full + sum over those of upto_b[j] - j. */
    while (true) {
        uint64_t mask = 0;
        size_t full = 0, floor = lo;
        for (int b = 0; b < o->nchains; b++) {
            if (from[b] > hi) {
                mask |= (uint64_t)1 << b;
            } else {
                full += len[b];
                if (from[b] > floor)
                    floor = from[b];
            }
        }
        int64_t need = (int64_t)cap - (int64_t)full, j = -1;
        if (mask == 0) {
            int64_t top = -need < (int64_t)hi ? -need : (int64_t)hi;   /* full - j >= cap */
            j = top >= (int64_t)floor ? top : -1;
        } else if (floor <= hi) {
            const struct tree *t = tree_for(o, mask);
            j = rightmost(t, 1, 0, t->size - 1, floor, hi, need);
        }
        if (j >= 0 || floor == lo)
            return j;
        hi = floor - 1;
    }
}

static void capacity_any_order(const struct capacity_scope *c)
{
    const struct lw_program *p = c->ctx->p;
    struct any_order o = {.c = c};
    o.chains = xcalloc((size_t)p->nunits ? (size_t)p->nunits : 1, sizeof(struct chain));
    int *chain_of = xmalloc((size_t)(p->nunits ? p->nunits : 1) * sizeof(int));
    for (int u = 0; u < p->nunits; u++)
        chain_of[u] = -1;
    for (size_t k = 0; k < c->nsets; k++) {
        size_t s = c->sets[k].ins;
        if (!c->ctx->hb->started[s])
            continue;   /* a set that never starts leaves later ones of its unit unstarted */
        int u = p->ins[s].unit;
        if (chain_of[u] < 0) {
            chain_of[u] = o.nchains++;
            o.chains[chain_of[u]].unit = u;
        }
        VEC_PUSH(o.chains[chain_of[u]].sets, s);
    }
    size_t n = c->nwaits;
    for (int b = 0; b < o.nchains; b++) {
        struct chain *ch = &o.chains[b];
        ch->before = xmalloc((ch->sets.len ? ch->sets.len : 1) * sizeof(size_t));
        ch->upto = xcalloc(n + 1, sizeof(int32_t));
        for (size_t k = 0; k < ch->sets.len; k++) {
            ch->before[k] = waits_before(c, ch->sets.items[k]);
            ch->upto[ch->before[k]]++;
        }
        for (size_t j = 1; j <= n; j++)
            ch->upto[j] += ch->upto[j - 1];
    }
    for (int a = 0; a < o.nchains; a++) {
        for (size_t i = 0; i < o.chains[a].sets.len; i++) {
            int64_t j = overflow_at(&o, a, i, o.chains[a].before[i]);
            if (j >= 0)
                report(c, o.chains[a].sets.items[i], (size_t)j < n ? c->waits[j].ins : NO_INS);
        }
    }
    for (size_t k = 0; k < o.trees.len; k++)
        free(o.trees.items[k].max);
    VEC_FREE(o.trees);
    for (int b = 0; b < o.nchains; b++) {
        VEC_FREE(o.chains[b].sets);
        free(o.chains[b].before);
        free(o.chains[b].upto);
    }
    free(o.chains);
    free(chain_of);
}

static bool sets_ordered(const struct check_context *ctx, const struct xflag_entry *sets, size_t n)
{
    for (size_t k = 0; k + 1 < n; k++)
        if (!hb_before(ctx->hb, sets[k].ins, sets[k + 1].ins))
            return false;
    return true;
}

void check_cross_capacity(const struct check_context *ctx, const struct xflag_table *sets,
                          const struct xflag_table *waits)
{
    const struct lw_program *p = ctx->p;
    if (p->model->xflags.capacity <= 0)
        return;
    bool *reported = xcalloc(p->nins ? p->nins : 1, sizeof(bool));
    for (size_t a = 0, nsets; a < sets->len; a += nsets) {
        const struct xflag_entry *key = &sets->items[a];
        xflag_entries(sets, key->core, key->mode, key->flag, &nsets);
        bool ordered = sets_ordered(ctx, key, nsets);
        for (int t = 0; t < p->ncores; t++) {
            if (!hb_xmode_links(p, key->mode, t, key->core))
                continue;
            size_t nwaits;
            const struct xflag_entry *w = xflag_entries(waits, t, key->mode, key->flag, &nwaits);
            struct capacity_scope c = {ctx, key, nsets, w, nwaits, t, reported};
            if (ordered)
                capacity_in_order(&c);
            else
                capacity_any_order(&c);
        }
    }
    free(reported);
}
