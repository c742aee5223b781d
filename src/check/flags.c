/* Flag and liveness checks: flag overruns on binary flags, signals nobody consumes, waits
 * that never return (no partner) and waits that wait on each other (cycles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../graph/match.h"
#include "../util/xalloc.h"
#include "check.h"

static void add(const struct check_context *ctx, enum check_id check, enum severity sev,
                size_t at, size_t other, const char *message)
{
    const struct lw_program *p = ctx->p;
    struct finding f = {.check = check,
                        .severity = sev,
                        .message = message,
                        .loc = p->ins[at].stmt->loc,
                        .kernel = p->kernel,
                        .params = p->params,
                        .iter_second = p->ins[at].iters};
    if (other != NO_INS) {
        f.related = p->ins[other].stmt->loc;
        f.iter_first = p->ins[other].iters;
        f.related_what = describe_ins(p, &ctx->out->arena, other);
    }
    diag_add(ctx->out, &f);
}

static void check_channels(const struct check_context *ctx)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    size_t nch = (size_t)p->nchannels;
    struct size_vec *sigs = xcalloc(nch ? nch : 1, sizeof(*sigs));
    struct size_vec *waits = xcalloc(nch ? nch : 1, sizeof(*waits));
    for (size_t i = 0; i < p->nins; i++) {
        if (p->ins[i].kind == INS_SIGNAL)
            VEC_PUSH(sigs[p->ins[i].channel], i);
        else if (p->ins[i].kind == INS_WAIT)
            VEC_PUSH(waits[p->ins[i].channel], i);
    }
    for (size_t c = 0; c < nch; c++) {
        const struct size_vec *s = &sigs[c], *w = &waits[c];
        for (size_t k = 0; !p->model->flags.counting && k + 1 < s->len; k++) {
            size_t next = s->items[k + 1];
            if (!ctx->hb->started[next])
                continue;
            if (k < w->len && hb_before(ctx->hb, w->items[k], next))
                continue;
            add(ctx, CHECK_FLAG_OVERRUN, SEV_ERROR, next, s->items[k],
                arena_printf(A, "%s may fire while the flag is still set by %s at line %d: %s",
                             describe_ins(p, A, next), describe_ins(p, A, s->items[k]),
                             p->ins[s->items[k]].stmt->loc.line,
                             k < w->len ? "its wait is not ordered before this set"
                                        : "nothing waits for it in between"));
        }
        for (size_t k = w->len; k < s->len; k++)
            add(ctx, CHECK_UNMATCHED_SIGNAL, SEV_WARNING, s->items[k], NO_INS,
                arena_printf(A, "%s is never waited for: the flag is still set when the "
                                "kernel ends",
                             describe_ins(p, A, s->items[k])));
        for (size_t k = s->len; k < w->len; k++)
            add(ctx, CHECK_DEADLOCK, SEV_ERROR, w->items[k], NO_INS,
                arena_printf(A, "%s never returns: the channel is set %zu time%s and this is "
                                "wait %zu",
                             describe_ins(p, A, w->items[k]), s->len, s->len == 1 ? "" : "s",
                             k + 1));
    }
    for (size_t c = 0; c < nch; c++) {
        VEC_FREE(sigs[c]);
        VEC_FREE(waits[c]);
    }
    free(sigs);
    free(waits);
}

/* The cross-core signals and waits of a run, sorted for k-th lookups; built once. */
struct cross_tables {
    struct xflag_table sets, waits;
};

/* Cross-core signals whose count some target core never takes. */
static void check_cross_signals(const struct check_context *ctx, const struct cross_tables *xt)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    const struct xflag_table *sets = &xt->sets, *waits = &xt->waits;
    for (size_t s = 0; s < sets->len; s++) {
        size_t i = sets->items[s].ins;
        const struct lw_ins *x = &p->ins[i];
        size_t k = xflag_rank(sets, x, i);   /* this is the k-th set of its core on the flag */
        int left_on = -1;   /* a core it reaches that takes fewer counts */
        bool any_target = false;
        for (int t = 0; t < p->ncores && left_on < 0; t++) {
            if (!hb_xmode_links(p, x->xmode, t, x->core))
                continue;
            any_target = true;
            if (xflag_count(waits, t, x->xmode, x->xflag) <= k)
                left_on = t;
        }
        if (!any_target)
            add(ctx, CHECK_UNMATCHED_SIGNAL, SEV_WARNING, i, NO_INS,
                arena_printf(A, "%s reaches no core of this kernel in mode %d: its count is "
                                "left when the kernel ends",
                             describe_ins(p, A, i), x->xmode));
        else if (left_on >= 0)
            add(ctx, CHECK_UNMATCHED_SIGNAL, SEV_WARNING, i, NO_INS,
                arena_printf(A, "%s is never waited for on %s: its count is left when the "
                                "kernel ends",
                             describe_ins(p, A, i), p->cores[left_on].name));
    }
}

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

static void report_capacity(const struct capacity_scope *c, size_t set, size_t wait)
{
    const struct check_context *ctx = c->ctx;
    const struct lw_program *p = ctx->p;
    int waiter = c->waiter;
    if (c->reported[set])
        return;
    c->reported[set] = true;
    struct arena *A = &ctx->out->arena;
    add(ctx, CHECK_FLAG_OVERRUN, SEV_ERROR, set, wait,
        arena_printf(A, "%s may push the count of flag %lld on %s past the counter "
                        "capacity %d: %s",
                     describe_ins(p, A, set), (long long)p->ins[set].xflag, p->cores[waiter].name,
                     p->model->xflags.capacity,
                     wait == NO_INS ? "too few waits take counts before it"
                                    : "the wait that frees a count is not ordered before it"));
}

/* How many of the waits come before x: they are ordered, so a prefix. */
static size_t waits_before(const struct check_context *ctx, const struct xflag_entry *w, size_t n,
                           size_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (hb_before(ctx->hb, w[mid].ins, x))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The sets of one source core (in issue order) against the waits of one core they count
 * for, when the sets are ordered: the r-th set to end is the r-th issued, so the
 * (j + capacity)-th set must come after the j-th wait. */
static void capacity_in_order(const struct capacity_scope *c)
{
    const struct check_context *ctx = c->ctx;
    const struct xflag_entry *sets = c->sets, *waits = c->waits;
    size_t nsets = c->nsets, nwaits = c->nwaits;
    size_t cap = (size_t)ctx->p->model->xflags.capacity;
    for (size_t r = cap; r < nsets; r++) {
        size_t s = sets[r].ins;
        if (!ctx->hb->started[s])
            continue;
        size_t w = r - cap < nwaits ? waits[r - cap].ins : NO_INS;
        if (w == NO_INS || !hb_before(ctx->hb, w, s))
            report_capacity(c, s, w);
    }
}

/* The same when the sets are not ordered, so any of them may end first. When set s ends,
 * j waits have taken counts and the (j+1)-th has not, the sets already counted are among
 * those neither after s nor after that wait; the counter overflows at s if, for some j at
 * least the number of waits before s, there can be j + capacity of them. Counting them as
 * one set may overstate what one schedule reaches (a counting wait may need both to be
 * late); it never misses an overflow. The largest such j names the wait that frees the
 * count, as in the ordered case. */
static void capacity_any_order(const struct capacity_scope *c)
{
    const struct check_context *ctx = c->ctx;
    const struct xflag_entry *sets = c->sets, *waits = c->waits;
    size_t nsets = c->nsets, nwaits = c->nwaits;
    size_t cap = (size_t)ctx->p->model->xflags.capacity;
    size_t *before = xmalloc((nsets ? nsets : 1) * sizeof(size_t));   /* per set: waits before it */
    size_t *count = xmalloc((nwaits + 1) * sizeof(size_t));
    for (size_t k = 0; k < nsets; k++)
        before[k] = waits_before(ctx, waits, nwaits, sets[k].ins);
    for (size_t k = 0; k < nsets; k++) {
        size_t s = sets[k].ins;
        if (!ctx->hb->started[s])
            continue;
        memset(count, 0, (nwaits + 1) * sizeof(size_t));
        for (size_t o = 0; o < nsets; o++)
            if (o != k && ctx->hb->started[sets[o].ins] && !hb_before(ctx->hb, s, sets[o].ins))
                count[before[o]]++;
        for (size_t j = 1; j <= nwaits; j++)
            count[j] += count[j - 1];
        for (size_t j = nwaits + 1; j-- > before[k];) {
            if (count[j] >= j + cap) {
                report_capacity(c, s, j < nwaits ? waits[j].ins : NO_INS);
                break;
            }
        }
    }
    free(before);
    free(count);
}

static bool sets_ordered(const struct check_context *ctx, const struct xflag_entry *sets, size_t n)
{
    for (size_t k = 0; k + 1 < n; k++)
        if (!hb_before(ctx->hb, sets[k].ins, sets[k + 1].ins))
            return false;
    return true;
}

/* Counting cross-core flags hold at most `capacity` counts per waiting core (the binary
 * overrun rule with capacity 1), for each source core's sets of a flag and each core
 * they count for. */
static void check_cross_capacity(const struct check_context *ctx, const struct cross_tables *xt)
{
    const struct lw_program *p = ctx->p;
    if (p->model->xflags.capacity <= 0)
        return;
    bool *reported = xcalloc(p->nins ? p->nins : 1, sizeof(bool));   /* once per set */
    for (size_t a = 0, b; a < xt->sets.len; a = b) {
        const struct xflag_entry *key = &xt->sets.items[a];
        size_t nsets;
        xflag_entries(&xt->sets, key->core, key->mode, key->flag, &nsets);
        b = a + nsets;
        bool ordered = sets_ordered(ctx, key, b - a);
        for (int t = 0; t < p->ncores; t++) {
            if (!hb_xmode_links(p, key->mode, t, key->core))
                continue;
            size_t nwaits;
            const struct xflag_entry *waits = xflag_entries(&xt->waits, t, key->mode, key->flag,
                                                            &nwaits);
            struct capacity_scope c = {ctx, key, b - a, waits, nwaits, t, reported};
            if (ordered)
                capacity_in_order(&c);
            else
                capacity_any_order(&c);
        }
    }
    free(reported);
}

/* Why a cross-core wait never returns: the first core it waits for that sets the flag
 * fewer times than this wait needs. */
static const char *xwait_never_why(const struct check_context *ctx, const struct cross_tables *xt,
                                   size_t i)
{
    const struct lw_program *p = ctx->p;
    const struct lw_ins *w = &p->ins[i];
    struct arena *A = &ctx->out->arena;
    size_t k = xflag_rank(&xt->waits, w, i);
    const char *why = arena_printf(A, "no core sets flag %lld in mode %d for %s",
                                   (long long)w->xflag, w->xmode, p->cores[w->core].name);
    for (int q = 0; q < p->ncores; q++) {
        if (!hb_xmode_links(p, w->xmode, w->core, q))
            continue;
        size_t n = xflag_count(&xt->sets, q, w->xmode, w->xflag);
        if (n <= k) {
            why = arena_printf(A, "%s sets flag %lld in mode %d %zu time%s and this is wait %zu",
                               p->cores[q].name, (long long)w->xflag, w->xmode, n,
                               n == 1 ? "" : "s", k + 1);
            break;
        }
    }
    return why;
}

/* Why a cross-core barrier call never completes: the participants' call counts. */
static const char *xbarrier_never_why(const struct check_context *ctx, size_t i)
{
    const struct lw_program *p = ctx->p;
    const struct lw_ins *b = &p->ins[i];
    struct arena *A = &ctx->out->arena;
    if (!hb_xbarrier_participates(p, b->prim, b->core))
        return arena_printf(A, "%s does not take part in %s()", p->cores[b->core].name, b->op);
    const char *counts = "";
    int shown = 0;
    for (int c = 0; c < p->ncores && shown < 6; c++) {
        if (!hb_xbarrier_participates(p, b->prim, c))
            continue;
        size_t n = 0;
        for (size_t j = p->cores[c].first_ins; j < p->cores[c].first_ins + p->cores[c].nins; j++)
            n += p->ins[j].kind == INS_XBARRIER && p->ins[j].prim == b->prim;
        counts = arena_printf(A, "%s%s%s %zu", counts, shown++ ? ", " : "", p->cores[c].name, n);
    }
    return arena_printf(A, "not every participating core calls it that many times (calls: %s)",
                        counts);
}

static void check_never(const struct check_context *ctx, const struct cross_tables *xt)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        if (!ctx->m->never[i] || x->kind == INS_WAIT)
            continue;   /* flag waits are reported with their channel's counts */
        const char *why = x->kind == INS_XWAIT ? xwait_never_why(ctx, xt, i)
                                               : xbarrier_never_why(ctx, i);
        add(ctx, CHECK_DEADLOCK, SEV_ERROR, i, NO_INS,
            arena_printf(A, "%s never returns: %s", describe_ins(p, A, i), why));
    }
}

static void check_cycle(const struct check_context *ctx)
{
    const struct lw_program *p = ctx->p;
    if (!ctx->hb->cycle)
        return;
    struct arena *A = &ctx->out->arena;
    size_t first = NO_INS, listed = 0;
    char names[600] = "";
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        bool waits = x->kind == INS_WAIT || x->kind == INS_XWAIT || x->kind == INS_XBARRIER;
        if (!waits || !ctx->hb->in_cycle[i])
            continue;
        if (first == NO_INS)
            first = i;
        if (listed++ < 4) {
            size_t used = strlen(names);
            snprintf(names + used, sizeof(names) - used, "%s%s at line %d", listed > 1 ? ", " : "",
                     describe_ins(p, A, i), x->stmt->loc.line);
        }
    }
    if (first == NO_INS)
        return;
    add(ctx, CHECK_DEADLOCK, SEV_ERROR, first, NO_INS,
        arena_printf(A, "deadlock: each of these waits can only be released by something "
                        "that waits, directly or not, for one of them: %s%s",
                     names, listed > 4 ? ", ..." : ""));
}

void check_flags(const struct check_context *ctx)
{
    check_channels(ctx);
    struct cross_tables xt;
    xflag_table_build(ctx->p, INS_XSIGNAL, &xt.sets);
    xflag_table_build(ctx->p, INS_XWAIT, &xt.waits);
    check_cross_signals(ctx, &xt);
    check_cross_capacity(ctx, &xt);
    check_never(ctx, &xt);
    xflag_table_free(&xt.sets);
    xflag_table_free(&xt.waits);
    check_cycle(ctx);
}
