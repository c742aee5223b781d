/* Sync primitive calls: looks the name up in the model and turns the call into a signal,
 * wait, barrier or cross-core instruction, checking units, channels and ids. */
#include <stdio.h>
#include <string.h>

#include "lower_internal.h"

static bool want_args(struct lowerer *L, const struct ast_stmt *s, int n, const char *shape)
{
    if (s->nargs == n)
        return true;
    lower_fail(L, CHECK_INPUT_ERROR, s->loc, "%s takes %d argument%s %s, got %d", s->name, n,
               n == 1 ? "" : "s", shape, s->nargs);
    return false;
}

/* The i-th argument; callers check the count first, so a missing one is never used, but
 * the placeholder keeps every path free of NULL. */
static const struct ast_expr *arg(const struct ast_stmt *s, int i)
{
    static const struct ast_expr missing = {.kind = EXPR_NUM};
    const struct ast_expr *e = s->args;
    while (i-- > 0 && e)
        e = e->next;
    return e ? e : &missing;
}

/* A unit argument: a bare unit name. Returns the local index or -1 (reported). */
static int arg_unit(struct lowerer *L, const struct ast_stmt *s, int i)
{
    const struct ast_expr *e = arg(s, i);
    if (e->kind != EXPR_NAME) {
        lower_fail(L, CHECK_INPUT_ERROR, e->loc, "argument %d of %s must be a unit name", i + 1,
                   s->name);
        return -1;
    }
    return lower_local_unit(L, e->name, e->loc);
}

/* The channel (core, bank, src, dst, id): banks are apart, a bank's signal meets only its waits. */
static int channel_index(struct lowerer *L, int bank, int src, int dst, int64_t id)
{
    const int64_t key[KEY_MAP_WIDTH] = {L->core, src, dst, id | (int64_t)bank << 32};
    int i = key_map_get_or_put(&L->channel_keys, key, (int)L->channels.len);
    if ((size_t)i == L->channels.len) {
        struct lw_channel c = {.core = L->core, .bank = bank, .src = src, .dst = dst, .id = id};
        VEC_PUSH(L->channels, c);
    }
    return i;
}

static void lower_flag(struct lowerer *L, const struct ast_stmt *s, const struct model_prim *prim,
                       const struct scope *env)
{
    const struct stmt_memo *known = lower_memo_find(L, s);
    int src, dst;
    if (known) {
        src = known->unit;
        dst = known->dst;
    } else {
        size_t ndiags = L->diags->len;
        if (!want_args(L, s, 3, "(SRC, DST, ID)"))
            return;
        if ((src = arg_unit(L, s, 0)) < 0 || (dst = arg_unit(L, s, 1)) < 0)
            return;
        struct stmt_memo m = {.stmt = s, .ct = L->ct, .prim = prim, .unit = src, .dst = dst};
        lower_memo_put(L, &m, ndiags);
    }
    int64_t id;
    if (!lower_eval(L, arg(s, 2), env, &id))
        return;
    if (!((L->ct->allowed_dst[src] >> dst) & 1)) {
        lower_report(L, CHECK_BAD_CHANNEL, s->loc,
                     "%s(%s, %s, ...): %s -> %s is not a flag channel of core type %s", s->name,
                     L->ct->units[src].name, L->ct->units[dst].name, L->ct->units[src].name,
                     L->ct->units[dst].name, L->ct->name);
        return;
    }
    if (id < 0 || id >= prim->nids) {
        if (prim->bank)
            lower_report(L, CHECK_BAD_EVENT_ID, arg(s, 2)->loc,
                         "event id %lld is out of range: %s of model %s has ids 0..%d",
                         (long long)id, s->name, L->model->name, prim->nids - 1);
        else
            lower_report(L, CHECK_BAD_EVENT_ID, arg(s, 2)->loc,
                         "event id %lld is out of range: model %s has ids 0..%d", (long long)id,
                         L->model->name, prim->nids - 1);
        return;
    }
    bool is_signal = prim->kind == PRIM_SIGNAL;
    int channel = channel_index(L, prim->bank, src, dst, id);
    struct lw_ins *ins =
        lower_emit(L, is_signal ? INS_SIGNAL : INS_WAIT, is_signal ? src : dst, false, s);
    if (!ins)
        return;
    ins->channel = channel;
    struct lw_channel *ch = &L->channels.items[channel];
    ins->nth = is_signal ? ch->nsignals++ : ch->nwaits++;
    if (L->path->cuts && is_signal)
        lower_flow_signal(L, channel, s);
    else if (L->path->cuts)
        lower_flow_wait(L, channel);
}

/* The index of the mask pair (from, to), a new one when it is the first. */
static int bar_masks(struct lowerer *L, uint64_t from, uint64_t to)
{
    int64_t key[KEY_MAP_WIDTH] = {(int64_t)from, (int64_t)to, 0, 0};
    int i = key_map_get_or_put(&L->bar_mask_keys, key, (int)L->bar_masks.len);
    if (i == (int)L->bar_masks.len) {
        struct lw_bar_masks m = {from, to};
        VEC_PUSH(L->bar_masks, m);
    }
    return i;
}

static void lower_barrier(struct lowerer *L, const struct ast_stmt *s,
                          const struct model_prim *prim, const struct scope *env)
{
    uint64_t from = model_unit_set_mask(L->ct, &prim->from), to = model_unit_set_mask(L->ct, &prim->to);
    int queue_unit = -1;
    switch (prim->form) {
    case BAR_FIXED:
        if (!want_args(L, s, 0, "()"))
            return;
        break;
    case BAR_UNIT_ARG: {
        char shape[96];
        snprintf(shape, sizeof(shape), "(UNIT or %s)", prim->all_word ? prim->all_word : "ALL");
        if (!want_args(L, s, 1, shape))
            return;
        const struct ast_expr *e = arg(s, 0);
        if (e->kind == EXPR_NAME && prim->all_word && strcmp(e->name, prim->all_word) == 0) {
            from = to = model_all_units(L->ct);
            break;
        }
        queue_unit = arg_unit(L, s, 0);
        if (queue_unit < 0)
            return;
        from = to = (uint64_t)1 << queue_unit;
        break;
    }
    case BAR_UNIT_PAIR: {
        if (!want_args(L, s, 2, "(FROM, TO)"))
            return;
        int f = arg_unit(L, s, 0), t = f < 0 ? -1 : arg_unit(L, s, 1);
        if (t < 0)
            return;
        from = (uint64_t)1 << f;
        to = (uint64_t)1 << t;
        break;
    }
    case BAR_MASK_ARGS:
        if (s->nargs == 0)
            break;
        if (s->nargs != 2 * prim->nmask) {
            lower_fail(L, CHECK_INPUT_ERROR, s->loc, "%s takes 0 or %d arguments, got %d",
                       s->name, 2 * prim->nmask, s->nargs);
            return;
        }
        from = to = 0;
        for (int i = 0; i < 2 * prim->nmask; i++) {
            int64_t flag;
            if (!lower_eval(L, arg(s, i), env, &flag))
                return;
            int u = model_unit_index(L->ct, prim->mask_units[i % prim->nmask]);
            if (flag && u >= 0)
                *(i < prim->nmask ? &from : &to) |= (uint64_t)1 << u;
        }
        break;
    }
    struct lw_ins *ins = lower_emit(L, INS_BARRIER, queue_unit, false, s);
    if (!ins)
        return;
    ins->bar_masks = bar_masks(L, from, to);
    if (from == model_all_units(L->ct) && to == model_all_units(L->ct))
        lower_try_cut(L, s);
}

static void lower_cross_flag(struct lowerer *L, const struct ast_stmt *s,
                             const struct model_prim *prim, const struct scope *env)
{
    /* The unit and the queue depend on the statement and the core type only: worked out
     * once (name lookups were a tenth of lowering a cross-core kernel). */
    const struct stmt_memo *known = lower_memo_find(L, s);
    int queue;
    if (known) {
        queue = known->unit;
    } else {
        size_t ndiags = L->diags->len;
        if (!want_args(L, s, 3, "(UNIT, MODE, FLAG)"))
            return;
        int unit = arg_unit(L, s, 0);
        if (unit < 0)
            return;
        queue = unit;
        const char *wait_unit = L->model->xflags.wait_unit;
        if (prim->kind != PRIM_XSIGNAL && L->model->xflags.wait_blocks_named && wait_unit &&
            unit != model_unit_index(L->ct, wait_unit)) {
            /* held on wait_unit, it would order the other units after it, which the
             * hardware does not: fewer findings than the kernel has */
            lower_report(L, CHECK_UNSUPPORTED, arg(s, 0)->loc,
                         "on model %s a cross-core wait blocks only the unit it names (%s), "
                         "which the engine cannot express yet: only waits on %s are checked",
                         L->model->name, L->ct->units[unit].name, wait_unit);
            return;
        }
        if (prim->kind != PRIM_XSIGNAL && wait_unit) {
            int w = model_unit_index(L->ct, wait_unit);
            if (w >= 0)
                queue = w;
        }
        struct stmt_memo m = {.stmt = s, .ct = L->ct, .prim = prim, .unit = queue};
        lower_memo_put(L, &m, ndiags);
    }
    int64_t mode, flag;
    if (!lower_eval(L, arg(s, 1), env, &mode) || !lower_eval(L, arg(s, 2), env, &flag))
        return;
    const struct model_xflags *xf = &L->model->xflags;
    bool known_mode = false;
    for (int i = 0; i < xf->nmodes; i++)
        known_mode |= xf->modes[i].id == mode;
    if (!known_mode) {
        lower_report(L, CHECK_BAD_CHANNEL, arg(s, 1)->loc,
                     "cross-core mode %lld is not a mode of model %s", (long long)mode,
                     L->model->name);
        return;
    }
    if (flag < 0 || flag >= xf->nflags) {
        lower_report(L, CHECK_BAD_EVENT_ID, arg(s, 2)->loc,
                     "cross-core flag %lld is out of range: model %s has flags 0..%d",
                     (long long)flag, L->model->name, xf->nflags - 1);
        return;
    }
    bool is_signal = prim->kind == PRIM_XSIGNAL;
    struct lw_ins *ins = lower_emit(L, is_signal ? INS_XSIGNAL : INS_XWAIT, queue, false, s);
    if (!ins)
        return;
    L->no_cuts = true;
    L->p->units[ins->unit].has_xsignal |= is_signal;
    ins->xmode = (int)mode;
    ins->xflag = (int32_t)flag;   /* in range: checked above */
}

void lower_call(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    const struct stmt_memo *known = lower_memo_find(L, s);
    const struct model_prim *prim = known ? known->prim : model_prim_find(L->model, s->name);
    if (!prim) {
        lower_fail(L, CHECK_UNKNOWN_NAME, s->name_loc,
                   "unknown sync primitive '%s' in model %s", s->name, L->model->name);
        return;
    }
    switch (prim->kind) {
    case PRIM_SIGNAL:
    case PRIM_WAIT:
        lower_flag(L, s, prim, env);
        break;
    case PRIM_BARRIER:
        lower_barrier(L, s, prim, env);
        break;
    case PRIM_XSIGNAL:
    case PRIM_XWAIT:
        lower_cross_flag(L, s, prim, env);
        break;
    case PRIM_XBARRIER: {
        if (!want_args(L, s, 0, "()"))
            return;
        struct lw_ins *ins = lower_emit(L, INS_XBARRIER, -1, false, s);
        if (!ins)
            return;
        /* In a core's turn the calls of cross-core barriers are the same in every run (no
         * side calls one): whether a call is ever passed is the same for all (cuts.c). */
        if (!L->path->turns)
            L->no_cuts = true;
        ins->bar_masks = bar_masks(L, model_all_units(L->ct), model_all_units(L->ct));
        ins->xbar_prim = (uint32_t)(prim - L->model->prims);
        break;
    }
    }
}
