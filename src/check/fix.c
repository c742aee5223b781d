/* Fix hints: for a hazard (a, b), the cheapest primitive the model offers that orders a
 * before b: a flag pair with a free id, a single-unit barrier, a barrier over the fewest
 * units, or a cross-core flag or barrier. Everything comes from the model's tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../graph/counting.h"
#include "../graph/match.h"
#include "check.h"

/* The model's first primitive of a kind; for a signal or wait, of the event ids (bank 0), never
 * one with flags of its own. */
static const struct model_prim *prim_of_kind(const struct model *m, enum prim_kind kind)
{
    for (int i = 0; i < m->nprims; i++)
        if (m->prims[i].kind == kind && m->prims[i].bank == 0)
            return &m->prims[i];
    return NULL;
}

/* An id no signal or wait of this core uses on channel (src, dst); 0 if all are used. */
static long long free_id(const struct lw_program *p, int core, int src, int dst)
{
    for (int id = 0; id < p->model->flags.nids && id < 64; id++) {
        bool used = false;
        for (int c = 0; c < p->nchannels && !used; c++)
            used = p->channels[c].core == core && p->channels[c].bank == 0
                   && p->channels[c].src == src
                   && p->channels[c].dst == dst && p->channels[c].id == id;
        if (!used)
            return id;
    }
    return 0;
}

static int popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* The barrier call over the fewest units with ua in F and ub in T, written out. */
static const char *cheapest_barrier(const struct model *m, const struct model_coretype *ct,
                                    int ua, int ub, struct arena *arena)
{
    const char *best = NULL;
    int best_cost = 1 << 30;
    for (int i = 0; i < m->nprims; i++) {
        const struct model_prim *pr = &m->prims[i];
        if (pr->kind != PRIM_BARRIER)
            continue;
        const char *call = NULL;
        int cost = 1 << 30;
        if (pr->form == BAR_UNIT_ARG) {
            if (ua == ub) {
                call = arena_printf(arena, "%s(%s)", pr->name, ct->units[ua].name);
                cost = 2;
            } else if (pr->all_word) {
                call = arena_printf(arena, "%s(%s)", pr->name, pr->all_word);
                cost = 2 * ct->nunits;
            }
        } else if (pr->form == BAR_MASK_ARGS && pr->nmask > 0) {
            int fa = -1, tb = -1;
            for (int k = 0; k < pr->nmask; k++) {
                if (strcmp(pr->mask_units[k], ct->units[ua].name) == 0)
                    fa = k;
                if (strcmp(pr->mask_units[k], ct->units[ub].name) == 0)
                    tb = k;
            }
            if (fa >= 0 && tb >= 0) {
                char args[256] = "";
                for (int k = 0; k < 2 * pr->nmask; k++) {
                    size_t used = strlen(args);
                    int on = k < pr->nmask ? k == fa : k - pr->nmask == tb;
                    snprintf(args + used, sizeof(args) - used, "%s%d", k ? ", " : "", on);
                }
                call = arena_printf(arena, "%s(%s)", pr->name, args);
                cost = 2;
            }
        }
        if (pr->form == BAR_FIXED || (pr->form == BAR_MASK_ARGS && !call)) {
            uint64_t f = model_unit_set_mask(ct, &pr->from), t = model_unit_set_mask(ct, &pr->to);
            if (((f >> ua) & 1) && ((t >> ub) & 1)) {
                call = arena_printf(arena, "%s()", pr->name);
                cost = popcount(f) + popcount(t);
            }
        }
        if (call && cost < best_cost) {
            best = call;
            best_cost = cost;
        }
    }
    return best;
}

/* The unit a cross-core wait before y names: y's own, or the wait unit where the model
 * checks only waits on it (wait-blocks="named-unit"). */
static const char *xwait_unit(const struct lw_program *p, const struct lw_ins *y)
{
    const struct model_xflags *xf = &p->model->xflags;
    return xf->wait_blocks_named && xf->wait_unit ? xf->wait_unit : p->units[y->unit].mu->name;
}

static const char *cross_core_fix(const struct lw_program *p, struct arena *arena, size_t a,
                                  size_t b)
{
    const struct lw_ins *x = &p->ins[a], *y = &p->ins[b];
    const struct model *m = p->model;
    const struct model_prim *set = prim_of_kind(m, PRIM_XSIGNAL), *wait = prim_of_kind(m, PRIM_XWAIT);
    if (set && wait) {
        for (int k = 0; k < m->xflags.nmodes; k++) {
            int mode = m->xflags.modes[k].id;
            if (hb_xmode_links(p, mode, y->core, x->core))
                return arena_printf(arena,
                                    "insert %s(%s, %d, ID) after line %d on %s and %s(%s, %d, "
                                    "ID) before line %d on %s",
                                    set->name, p->units[x->unit].mu->name, mode,
                                    x->stmt->loc.line, p->cores[x->core].name, wait->name,
                                    xwait_unit(p, y), mode, y->stmt->loc.line,
                                    p->cores[y->core].name);
        }
    }
    for (int i = 0; i < m->nprims; i++) {
        const struct model_prim *pr = &m->prims[i];
        if (pr->kind == PRIM_XBARRIER && hb_xbarrier_joins(p, pr, x->core, y->core))
            return arena_printf(arena, "insert %s() on every core between line %d and line %d",
                                pr->name, x->stmt->loc.line, y->stmt->loc.line);
    }
    return NULL;
}

static const char *same_line_fix(const struct lw_program *p, struct arena *arena,
                                 const struct lw_ins *x, int ua, int ub, int line)
{
    const struct model_coretype *ct = p->cores[x->core].type;
    const struct model_prim *set = prim_of_kind(p->model, PRIM_SIGNAL);
    const struct model_prim *wait = prim_of_kind(p->model, PRIM_WAIT);
    if (ua != ub && set && wait && ((ct->allowed_dst[ua] >> ub) & 1)) {
        long long id = free_id(p, x->core, ua, ub);
        return arena_printf(arena, "insert %s(%s, %s, %lld) after line %d and %s(%s, %s, %lld) "
                                   "before it, so that one execution of line %d is ordered "
                                   "before the next",
                            set->name, ct->units[ua].name, ct->units[ub].name, id, line,
                            wait->name, ct->units[ua].name, ct->units[ub].name, id, line);
    }
    const char *barrier = cheapest_barrier(p->model, ct, ua, ub, arena);
    if (barrier)
        return arena_printf(arena, "insert %s between one execution of line %d and the next "
                                   "(e.g. at the end of the loop body)",
                            barrier, line);
    return NULL;
}

/* Why a wait of b's core may not order a: a's core sets a flag b's core waits on from units
 * that nothing orders, so the wait may take the count of the later one (docs/semantics.md,
 * rule 9). NULL when there is no such flag. */
static const char *unordered_flag(const struct check_context *ctx, struct arena *arena, size_t a,
                                  size_t b)
{
    const struct lw_program *p = ctx->p;
    const struct hb_matches *m = ctx->m;
    int source = p->ins[a].core, waiter = p->ins[b].core;
    for (int g = 0; g < m->nxgroups; g++) {
        size_t first = m->xgroup_set_first[g], end = m->xgroup_set_first[g + 1];
        if (first == end || p->ins[m->xgroup_sets[first]].core != source
            || p->ins[m->xgroup_waits[m->xgroup_first[g]]].core != waiter)
            continue;
        size_t k = hb_xgroup_unordered(m, ctx->hb, g);
        if (k == NO_INS)
            continue;
        const struct lw_ins *s = &p->ins[m->xgroup_sets[k]], *t = &p->ins[m->xgroup_sets[k + 1]];
        return arena_printf(arena, "%s sets cross-core flag %lld from %s at line %d and from %s "
                                   "at line %d, which nothing orders, so a wait may take either "
                                   "count: give each unit its own flag",
                            p->cores[source].name, (long long)s->xflag, p->units[s->unit].mu->name,
                            s->stmt->loc.line, p->units[t->unit].mu->name, t->stmt->loc.line);
    }
    return NULL;
}

const char *fix_advice_for_hazard(const struct check_context *ctx, struct arena *arena, size_t a,
                                  size_t b)
{
    return ctx->p->ins[a].core != ctx->p->ins[b].core ? unordered_flag(ctx, arena, a, b) : NULL;
}

const char *fix_for_pair(const struct lw_program *p, struct arena *arena, size_t a, size_t b)
{
    const struct lw_ins *x = &p->ins[a], *y = &p->ins[b];
    if (x->core != y->core)
        return cross_core_fix(p, arena, a, b);
    const struct model_coretype *ct = p->cores[x->core].type;
    int ua = p->units[x->unit].local, ub = p->units[y->unit].local;
    int la = x->stmt->loc.line, lb = y->stmt->loc.line;
    if (la == lb)   /* two executions of one statement, in different iterations */
        return same_line_fix(p, arena, x, ua, ub, la);
    const struct model_prim *set = prim_of_kind(p->model, PRIM_SIGNAL);
    const struct model_prim *wait = prim_of_kind(p->model, PRIM_WAIT);
    if (ua != ub && set && wait && ((ct->allowed_dst[ua] >> ub) & 1)) {
        long long id = free_id(p, x->core, ua, ub);
        return arena_printf(arena, "insert %s(%s, %s, %lld) after line %d and %s(%s, %s, %lld) "
                                   "before line %d",
                            set->name, ct->units[ua].name, ct->units[ub].name, id, la,
                            wait->name, ct->units[ua].name, ct->units[ub].name, id, lb);
    }
    const char *barrier = cheapest_barrier(p->model, ct, ua, ub, arena);
    if (barrier)
        return arena_printf(arena, "insert %s between line %d and line %d", barrier, la, lb);
    return NULL;
}

struct candidate {
    struct fix_edit edit;
    int cost;
    size_t order;   /* ties keep the order of generation */
};

static int by_cost(const void *x, const void *y)
{
    const struct candidate *a = x, *b = y;
    if (a->cost != b->cost)
        return (a->cost > b->cost) - (a->cost < b->cost);
    return (a->order > b->order) - (a->order < b->order);
}

#define MAX_CANDIDATES (64 + 2 * MODEL_MAX_UNITS)

static void add(struct candidate *c, size_t *n, const char *before_second, const char *after_first,
                int cost)
{
    c[*n] = (struct candidate){{before_second, after_first}, cost, *n};
    ++*n;
}

/* Whether a's core sets cross-core flag `flag` in `mode` from a's unit somewhere. */
static bool sets_xflag(const struct lw_program *p, const struct lw_ins *x, int mode, int64_t flag)
{
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *s = &p->ins[i];
        if (s->kind == INS_XSIGNAL && s->core == x->core && s->unit == x->unit && s->xmode == mode
            && s->xflag == flag)
            return true;
    }
    return false;
}

/* Across cores: b's core waits for a cross-core flag that a's core sets after a. A flag a's
 * core already sets from a's unit needs only the wait (cost 0); otherwise a pair, on the
 * highest flags first. Or a cross-core barrier both cores take part in. */
static size_t cross_core_edits(const struct lw_program *p, struct arena *arena,
                               const struct lw_ins *x, const struct lw_ins *y, struct candidate *c)
{
    const struct model *m = p->model;
    const struct model_prim *set = prim_of_kind(m, PRIM_XSIGNAL), *wait = prim_of_kind(m, PRIM_XWAIT);
    size_t n = 0;
    for (int i = 0; i < m->nprims && n + 2 <= MAX_CANDIDATES; i++) {
        const struct model_prim *pr = &m->prims[i];
        if (pr->kind != PRIM_XBARRIER || !hb_xbarrier_joins(p, pr, x->core, y->core))
            continue;
        /* one barrier before b serves a body that every core runs; cores with bodies of
         * their own each need one, so a second goes after a */
        const char *call = arena_printf(arena, "%s();", pr->name);
        add(c, &n, call, NULL, 2);
        add(c, &n, call, call, 3);
    }
    if (!set || !wait)
        return n;
    const char *ua = p->units[x->unit].mu->name, *ub = xwait_unit(p, y);
    /* the flags a kernel's own code may use (<cross-flags user-flags>): the others are the
     * vendor library's, and a hint is a user's edit */
    int flags = m->source.cross_user_flags ? m->source.cross_user_flags : m->xflags.nflags;
    for (int k = 0; k < m->xflags.nmodes; k++) {
        int mode = m->xflags.modes[k].id;
        if (!hb_xmode_links(p, mode, y->core, x->core))
            continue;
        for (int flag = flags - 1; flag >= 0 && n + 2 <= MAX_CANDIDATES; flag--) {
            const char *w = arena_printf(arena, "%s(%s, %d, %d);", wait->name, ub, mode, flag);
            if (sets_xflag(p, x, mode, flag))
                add(c, &n, w, NULL, 0);
            add(c, &n, w, arena_printf(arena, "%s(%s, %d, %d);", set->name, ua, mode, flag), 1);
        }
    }
    return n;
}

const struct fix_edit *fix_edits_for_pair(const struct lw_program *p, struct arena *arena,
                                          size_t a, size_t b)
{
    const struct lw_ins *x = &p->ins[a], *y = &p->ins[b];
    if (x->unit < 0 || y->unit < 0)
        return NULL;
    const struct model *m = p->model;
    struct candidate c[MAX_CANDIDATES];
    size_t n = 0;
    if (x->core != y->core) {
        n = cross_core_edits(p, arena, x, y, c);
        goto sorted;
    }
    const struct model_coretype *ct = p->cores[x->core].type;
    int ua = p->units[x->unit].local, ub = p->units[y->unit].local;
    const struct model_prim *set = prim_of_kind(m, PRIM_SIGNAL);
    const struct model_prim *wait = prim_of_kind(m, PRIM_WAIT);
    if (ua != ub && set && wait && ((ct->allowed_dst[ua] >> ub) & 1) && m->flags.nids >= 2) {
        /* a ping-pong pair on the kernel's own loop variables, innermost first */
        for (size_t k = lw_iters(p, y)->len; k-- > 0 && n < 8;)
            add(c, &n,
                arena_printf(arena, "%s(%s, %s, %s %% 2); %s(%s, %s, %s %% 2);", set->name,
                             ct->units[ua].name, ct->units[ub].name, lw_iters(p, y)->items[k].name,
                             wait->name, ct->units[ua].name, ct->units[ub].name,
                             lw_iters(p, y)->items[k].name),
                NULL, 0);
    }
    if (ua != ub && set && wait && ((ct->allowed_dst[ua] >> ub) & 1)) {
        /* a flag pair on every id, the highest first (framework code takes the low ones) */
        for (int id = m->flags.nids - 1; id >= 0 && n < 32; id--)
            add(c, &n,
                arena_printf(arena, "%s(%s, %s, %d); %s(%s, %s, %d);", set->name,
                             ct->units[ua].name, ct->units[ub].name, id, wait->name,
                             ct->units[ua].name, ct->units[ub].name, id),
                NULL, 1);
    }
    for (int i = 0; i < m->nprims && n < MAX_CANDIDATES; i++) {
        const struct model_prim *pr = &m->prims[i];
        if (pr->kind != PRIM_BARRIER)
            continue;
        if (pr->form == BAR_UNIT_ARG) {
            if (ua == ub)
                add(c, &n, arena_printf(arena, "%s(%s);", pr->name, ct->units[ua].name), NULL, 2);
            if (pr->all_word && n < MAX_CANDIDATES)
                add(c, &n, arena_printf(arena, "%s(%s);", pr->name, pr->all_word), NULL,
                    2 * ct->nunits);
            continue;
        }
        uint64_t f = model_unit_set_mask(ct, &pr->from), t = model_unit_set_mask(ct, &pr->to);
        if (((f >> ua) & 1) && ((t >> ub) & 1))
            add(c, &n, arena_printf(arena, "%s();", pr->name), NULL, popcount(f) + popcount(t));
    }
sorted:
    if (!n)
        return NULL;
    qsort(c, n, sizeof(c[0]), by_cost);
    struct fix_edit *out = arena_alloc_array(arena, n + 1, sizeof(*out));
    for (size_t k = 0; k < n; k++)
        out[k] = c[k].edit;
    out[n] = (struct fix_edit){NULL, NULL};
    return out;
}
