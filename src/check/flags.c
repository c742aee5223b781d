/* Flag and liveness checks: flag overruns on binary flags, signals nobody consumes, waits
 * that never return (no partner) and waits that wait on each other (cycles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../graph/match.h"
#include "../util/xalloc.h"
#include "check.h"

static void add_finding(const struct check_context *ctx, enum check_id check, enum severity sev,
                        size_t at, size_t other, const struct hb_late *late, const char *message)
{
    const struct lw_program *p = ctx->p;
    if (check == CHECK_DEADLOCK && ctx->deadlocked)
        *ctx->deadlocked = true;
    struct finding f = {.check = check,
                        .severity = sev,
                        .message = message,
                        .loc = p->ins[at].stmt->loc,
                        .kernel = p->kernel,
                        .params = p->params,
                        .iter_second = *lw_iters(p, &p->ins[at]),
                        .ins_known = true,
                        .ins_at = at,
                        .ins_other = other,
                        .ins_late = late ? late->ins : NO_INS,
                        .late_issue = late && late->issue};
    if (other != NO_INS) {
        f.related = p->ins[other].stmt->loc;
        f.iter_first = *lw_iters(p, &p->ins[other]);
        f.related_what = ctx->brief ? NULL : describe_ins(p, &ctx->out->arena, other);
    }
    diag_add(ctx->out, &f);
}

void check_add_finding(const struct check_context *ctx, enum check_id check, enum severity sev,
                       size_t at, size_t other, const char *message)
{
    add_finding(ctx, check, sev, at, other, NULL, message);
}

void check_add_overrun(const struct check_context *ctx, size_t at, size_t other,
                       const struct hb_late *late, const char *message)
{
    add_finding(ctx, CHECK_FLAG_OVERRUN, SEV_ERROR, at, other, late, message);
}

/* " (i=1, j=0)": the loop values of an instruction, to tell two executions of one statement
 * apart; "" outside loops. */
static const char *iterations(struct arena *A, const struct lw_program *p, size_t i)
{
    const struct binding_list *iters = lw_iters(p, &p->ins[i]);
    if (!iters->len)
        return "";
    const char *t = " (";
    for (size_t k = 0; k < iters->len; k++)
        t = arena_printf(A, "%s%s%s=%lld", t, k ? ", " : "", iters->items[k].name,
                         (long long)iters->items[k].value);
    return arena_printf(A, "%s)", t);
}

/* Why wait w may not have taken the flag when the next set fires: what it waits for. */
static const char *overrun_why(const struct check_context *ctx, size_t w, const struct hb_late *late)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    const char *wait = arena_printf(A, "its wait %s at line %d", describe_ins(p, A, w),
                                    p->ins[w].stmt->loc.line);
    if (late->ins == NO_INS || late->ins == w)
        return arena_printf(A, "%s may not be issued before this set fires", wait);
    return arena_printf(A, "%s is reached only after %s at line %d ends, which this set does "
                           "not wait for", wait, describe_ins(p, A, late->ins),
                        p->ins[late->ins].stmt->loc.line);
}

static bool same_stmt(const struct lw_program *p, size_t a, size_t b)
{
    return p->ins[a].stmt == p->ins[b].stmt;
}

/* The signals t whose previous set on their channel is taken, in every execution, by the
 * wait matched with it before t fires (hb_wait_taken_by), as a bit per instruction. The
 * questions are asked in program order: asked channel by channel they jumped across the
 * whole program once per channel, and at 1e7 events nearly every one missed the cache
 * (its start row, its wait's frontier, both instructions). */
static uint64_t *taken_in_time(const struct check_context *ctx)
{
    const struct lw_program *p = ctx->p;
    const struct channel_lists *waits = &ctx->m->waits;
    uint64_t *taken = xcalloc(p->nins / 64 + 1, sizeof(uint64_t));
    for (size_t t = 0; t < p->nins; t++) {
        const struct lw_ins *x = &p->ins[t];
        if (x->kind != INS_SIGNAL || x->nth == 0 || !ctx->hb->started[t])
            continue;
        size_t c = (size_t)x->channel, k = x->nth - 1;
        struct hb_late late = {NO_INS, false};
        if (k < channel_count(waits, c)
            && hb_wait_taken_by(ctx->hb, ctx->m, waits->items[waits->first[c] + k], t, &late))
            taken[t / 64] |= UINT64_C(1) << (t % 64);
    }
    return taken;
}

static void check_channels(const struct check_context *ctx)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    size_t nch = (size_t)p->nchannels;
    const struct channel_lists *sigs = &ctx->m->signals, *waits = &ctx->m->waits;
    uint64_t *taken = p->model->flags.counting ? NULL : taken_in_time(ctx);
    for (size_t c = 0; c < nch; c++) {
        const uint32_t *s = sigs->items + sigs->first[c], *w = waits->items + waits->first[c];
        size_t ns = channel_count(sigs, c), nw = channel_count(waits, c);
        for (size_t k = 0; !p->model->flags.counting && k + 1 < ns; k++) {
            size_t next = s[k + 1];
            if (!ctx->hb->started[next])
                continue;
            if ((taken[next / 64] >> (next % 64)) & 1)
                continue;
            /* Asked again for what to report: the answer names what is late. */
            struct hb_late late = {NO_INS, false};
            if (k < nw && hb_wait_taken_by(ctx->hb, ctx->m, w[k], next, &late))
                continue;
            check_add_overrun(ctx, next, s[k], &late,
                CHECK_TEXT(ctx, A, "%s%s may fire while the flag is still set by %s at line %d%s: %s",
                             describe_ins(p, A, next),
                             same_stmt(p, next, s[k]) ? iterations(A, p, next) : "",
                             describe_ins(p, A, s[k]), p->ins[s[k]].stmt->loc.line,
                             same_stmt(p, next, s[k]) ? iterations(A, p, s[k]) : "",
                             k < nw ? overrun_why(ctx, w[k], &late)
                                    : "nothing waits for it in between"));
        }
        /* a run cut short (lower.h) has not ended: its later waits were checked then */
        for (size_t k = nw; k < ns && !p->cut; k++)
            check_add_finding(ctx, CHECK_UNMATCHED_SIGNAL, SEV_WARNING, s[k], NO_INS,
                CHECK_TEXT(ctx, A, "%s is never waited for: the flag is still set when the "
                                "kernel ends",
                             describe_ins(p, A, s[k])));
        for (size_t k = ns; k < nw; k++)
            check_add_finding(ctx, CHECK_DEADLOCK, SEV_ERROR, w[k], NO_INS,
                CHECK_TEXT(ctx, A, "%s never returns: the channel is set %zu time%s and this is "
                                "wait %zu",
                             describe_ins(p, A, w[k]), ns, ns == 1 ? "" : "s",
                             k + 1));
    }
    free(taken);
}

/* The k-th set (from 0) of its core on its mode and flag, i: left over when a core it
 * reaches takes fewer counts (taken[t]: SIZE_MAX for a core it does not reach). */
static void cross_signal_left(const struct check_context *ctx, struct arena *A, size_t i, size_t k,
                              const size_t *taken)
{
    const struct lw_program *p = ctx->p;
    const struct lw_ins *x = &p->ins[i];
    int left_on = -1;   /* a core it reaches that takes fewer counts */
    bool any_target = false;
    for (int t = 0; t < p->ncores && left_on < 0; t++) {
        if (taken[t] == SIZE_MAX)
            continue;
        any_target = true;
        if (taken[t] <= k)
            left_on = t;
    }
    if (!any_target)
        check_add_finding(ctx, CHECK_UNMATCHED_SIGNAL, SEV_WARNING, i, NO_INS,
            CHECK_TEXT(ctx, A, "%s reaches no core of this kernel in mode %d: its count is "
                               "left when the kernel ends",
                       describe_ins(p, A, i), x->xmode));
    else if (left_on >= 0)
        check_add_finding(ctx, CHECK_UNMATCHED_SIGNAL, SEV_WARNING, i, NO_INS,
            CHECK_TEXT(ctx, A, "%s is never waited for on %s: its count is left when the "
                               "kernel ends",
                       describe_ins(p, A, i), p->cores[left_on].name));
}

/* Cross-core signals whose count some target core never takes: per run of the sets table
 * (one core, mode and flag), how many waits each target core has for them. */
static void check_cross_signals(const struct check_context *ctx)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    const struct xflag_table *sets = ctx->m->xsets, *waits = ctx->m->xwaits;
    size_t *taken = xmalloc((size_t)(p->ncores ? p->ncores : 1) * sizeof(size_t));
    for (size_t a = 0, b; a < sets->len; a = b) {
        b = xflag_run_end(sets, a);
        const struct xflag_entry *key = &sets->items[a];
        for (int t = 0; t < p->ncores; t++)
            taken[t] = hb_xmode_links(p, key->mode, t, key->core)
                           ? xflag_count(waits, t, key->mode, key->flag) : SIZE_MAX;
        for (size_t s = a; s < b; s++)
            cross_signal_left(ctx, A, sets->items[s].ins, s - a, taken);
    }
    free(taken);
}

/* Why a cross-core wait never returns: the first core it waits for that sets the flag
 * fewer times than this wait needs. */
static const char *xwait_never_why(const struct check_context *ctx, size_t i)
{
    const struct lw_program *p = ctx->p;
    const struct lw_ins *w = &p->ins[i];
    struct arena *A = &ctx->out->arena;
    size_t k = xflag_rank(ctx->m->xwaits, w, i);
    const char *why = arena_printf(A, "no core sets flag %lld in mode %d for %s",
                                   (long long)w->xflag, w->xmode, p->cores[w->core].name);
    for (int q = 0; q < p->ncores; q++) {
        if (!hb_xmode_links(p, w->xmode, w->core, q))
            continue;
        size_t n = xflag_count(ctx->m->xsets, q, w->xmode, w->xflag);
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
    if (!hb_xbarrier_participates(p, lw_xbar_prim(p, b), b->core))
        return arena_printf(A, "%s does not take part in %s()", p->cores[b->core].name,
                            lw_op(p, b));
    const char *counts = "";
    int shown = 0;
    for (int c = 0; c < p->ncores && shown < 6; c++) {
        if (!hb_xbarrier_joins(p, lw_xbar_prim(p, b), b->core, c))
            continue;
        size_t n = 0;
        for (size_t j = p->cores[c].first_ins; j < p->cores[c].first_ins + p->cores[c].nins; j++)
            n += p->ins[j].kind == INS_XBARRIER && p->ins[j].xbar_prim == b->xbar_prim;
        counts = arena_printf(A, "%s%s%s %zu", counts, shown++ ? ", " : "", p->cores[c].name, n);
    }
    return arena_printf(A, "not every participating core calls it that many times (calls: %s)",
                        counts);
}

static void check_never(const struct check_context *ctx)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        if (!ctx->m->never[i] || x->kind == INS_WAIT)
            continue;   /* flag waits are reported with their channel's counts */
        const char *why = ctx->brief ? ""
                          : x->kind == INS_XWAIT ? xwait_never_why(ctx, i)
                                                 : xbarrier_never_why(ctx, i);
        check_add_finding(ctx, CHECK_DEADLOCK, SEV_ERROR, i, NO_INS,
            CHECK_TEXT(ctx, A, "%s never returns: %s", describe_ins(p, A, i), why));
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
        if (!waits || !hb_in_cycle(ctx->hb, i))
            continue;
        if (first == NO_INS)
            first = i;
        if (listed++ < 4 && !ctx->brief) {
            size_t used = strlen(names);
            snprintf(names + used, sizeof(names) - used, "%s%s at line %d", listed > 1 ? ", " : "",
                     describe_ins(p, A, i), x->stmt->loc.line);
        }
    }
    if (first == NO_INS)
        return;
    /* Worded like the missing-partner deadlocks: what never returns, then why. */
    check_add_finding(ctx, CHECK_DEADLOCK, SEV_ERROR, first, NO_INS,
        CHECK_TEXT(ctx, A, "%s never returns: it and the other waits of a cycle can each only be "
                        "released by something that waits, directly or not, for one of them: "
                        "%s%s",
                     describe_ins(p, A, first), names, listed > 4 ? ", ..." : ""));
}

void check_flags(const struct check_context *ctx)
{
    check_channels(ctx);
    check_cross_signals(ctx);
    check_cross_capacity(ctx, ctx->m->xsets, ctx->m->xwaits);
    check_never(ctx);
    check_cycle(ctx);
}
