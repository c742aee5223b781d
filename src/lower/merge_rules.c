/* Which choices may be merged into one run, and which kernels of several cores may be checked
 * one core's choices at a time (docs/semantics.md §6): the static rules, read from the
 * kernel's statements and the model. Merging is exact only where an access on a side not
 * taken passes on no order (no interlock, no blocking, no `use`, no primitive in the sides)
 * and the kernel's barriers compose, or where interlocks order everything around the choice
 * (merge_windows.c); turns, where the cores meet only at cross-core barriers that compose.
 * alternatives.c lowers what these rules allow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

/* ------------------------------------------------------------ barrier shapes of a kernel */

#define MAX_CROSS_BARRIERS 16

/* The barriers a kernel calls, as (from, to) unit masks of one core type; `unknown` when a
 * call's units cannot be told without running it (mask arguments that are not numbers). */
struct shapes {
    VEC(struct lw_bar_masks) items;
    VEC(const struct ast_stmt *) calls;     /* the call of each item */
    const struct ast_stmt *unknown_call;    /* the first call whose units cannot be told */
    bool unknown;
};

static uint64_t unit_word_mask(const struct model_coretype *ct, const struct ast_expr *e,
                               const char *all_word, bool *unknown)
{
    if (!e || e->kind != EXPR_NAME) {
        *unknown = true;
        return 0;
    }
    if (all_word && strcmp(e->name, all_word) == 0)
        return model_all_units(ct);
    int u = model_unit_index(ct, e->name);
    return u < 0 ? 0 : (uint64_t)1 << u;
}

/* The shape of one barrier call on core type ct, as sync.c's lower_barrier makes it; false
 * when its units cannot be told without running it (mask arguments that are not numbers). */
bool lower_barrier_shape(const struct model_coretype *ct, const struct model_prim *prim,
                         const struct ast_stmt *s, struct lw_bar_masks *out)
{
    bool unknown = false;
    struct lw_bar_masks m = {model_all_units(ct), model_all_units(ct)};   /* a cross-core barrier */
    if (prim->kind == PRIM_BARRIER) {
        m.from = model_unit_set_mask(ct, &prim->from);
        m.to = model_unit_set_mask(ct, &prim->to);
        const struct ast_expr *a0 = s->args, *a1 = a0 ? a0->next : NULL;
        switch (prim->form) {
        case BAR_FIXED:
            break;
        case BAR_UNIT_ARG:
            m.from = m.to = unit_word_mask(ct, a0, prim->all_word, &unknown);
            break;
        case BAR_UNIT_PAIR:
            m.from = unit_word_mask(ct, a0, NULL, &unknown);
            m.to = unit_word_mask(ct, a1, NULL, &unknown);
            break;
        case BAR_MASK_ARGS:
            if (s->nargs == 0)
                break;
            m.from = m.to = 0;
            int i = 0;
            for (const struct ast_expr *e = s->args; e; e = e->next, i++) {
                if (e->kind != EXPR_NUM || i >= 2 * prim->nmask)
                    return false;
                int u = model_unit_index(ct, prim->mask_units[i % prim->nmask]);
                if (e->num && u >= 0)
                    *(i < prim->nmask ? &m.from : &m.to) |= (uint64_t)1 << u;
            }
            break;
        }
    }
    *out = m;
    return !unknown;
}

static void add_shape(struct shapes *sh, const struct model_coretype *ct,
                      const struct model_prim *prim, const struct ast_stmt *s)
{
    struct lw_bar_masks m;
    if (lower_barrier_shape(ct, prim, s, &m)) {
        VEC_PUSH(sh->items, m);
        VEC_PUSH(sh->calls, s);
    } else {
        sh->unknown = true;
        sh->unknown_call = s;
    }
}

static void collect_shapes(struct shapes *sh, const struct model *model,
                           const struct model_coretype *ct, const struct ast_stmt *list)
{
    for (const struct ast_stmt *s = list; s && !sh->unknown; s = s->next) {
        const struct model_prim *prim = lower_call_prim(model, s);
        if (prim && (prim->kind == PRIM_BARRIER || prim->kind == PRIM_XBARRIER))
            add_shape(sh, ct, prim, s);
        collect_shapes(sh, model, ct, s->body);
        collect_shapes(sh, model, ct, s->else_body);
    }
}

/* Whether an access c between barriers b1 (before it, c's unit in b1's T) and b2 (after it,
 * c's unit in b2's F) passes on nothing the barriers do not give without it: whatever b1
 * orders before c (its F units) b2 orders before what follows (F1 within F2), or whatever
 * b2 orders after c b1 already orders after what came before (T2 within T1). */
static bool compose(struct lw_bar_masks b1, struct lw_bar_masks b2)
{
    return !(b1.to & b2.from) || !(b1.from & ~b2.from) || !(b2.to & ~b1.to);
}

/* The core types a cross-core barrier joins, as a mask over the model's core types. */
static uint64_t participant_types(const struct model *model, const struct model_prim *prim)
{
    uint64_t mask = 0;
    for (int t = 0; t < model->ncoretypes && t < 64; t++) {
        bool in = prim->participants.all;
        for (int i = 0; i < prim->participants.len && !in; i++)
            in = strcmp(prim->participants.names[i], model->coretypes[t].name) == 0;
        if (in)
            mask |= (uint64_t)1 << t;
    }
    return mask;
}

/* Whether the cores one cross-core barrier joins lie within those another joins (per
 * cluster within every cluster's). */
static bool joins_within(const struct model *model, const struct model_prim *x,
                         const struct model_prim *y)
{
    uint64_t tx = participant_types(model, x), ty = participant_types(model, y);
    return !(tx & ~ty) && (x->per_cluster || !y->per_cluster);
}

/* compose() across cores: a cross-core barrier drains and holds every unit of the cores it
 * joins, so two compose when their cores do not meet or one's lie within the other's. A
 * local barrier composes with any cross-core one (its units are the caller's, which both
 * hold). seen[0 .. *nseen) are the kinds met so far; on false, the two that clash (2), or
 * none past MAX_CROSS_BARRIERS kinds (0). */
static bool cross_barriers_compose(const struct model *model, const struct ast_stmt *list,
                                   const struct model_prim **seen, size_t *nseen)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        const struct model_prim *prim = lower_call_prim(model, s);
        if (prim && prim->kind == PRIM_XBARRIER) {
            size_t k = 0;
            while (k < *nseen && seen[k] != prim)
                k++;
            if (k == *nseen) {
                for (size_t j = 0; j < *nseen; j++)
                    if ((participant_types(model, prim) & participant_types(model, seen[j]))
                        && !joins_within(model, prim, seen[j])
                        && !joins_within(model, seen[j], prim)) {
                        seen[0] = seen[j];   /* the two that clash, for the caller */
                        seen[1] = prim;
                        *nseen = 2;
                        return false;
                    }
                if (*nseen == MAX_CROSS_BARRIERS) {
                    *nseen = 0;   /* more kinds than any model has: not worth the case */
                    return false;
                }
                seen[(*nseen)++] = prim;
            }
        }
        if (!cross_barriers_compose(model, s->body, seen, nseen)
            || !cross_barriers_compose(model, s->else_body, seen, nseen))
            return false;
    }
    return true;
}

/* Why cross_barriers_compose said false, from what it left in seen[0 .. nseen). */
static void say_cross_clash(const struct model_prim *const *seen, size_t nseen, char *why,
                            size_t n)
{
    if (nseen == 2)
        snprintf(why, n, "its cross-core barriers %s and %s join cores that overlap, neither "
                 "within the other", seen[0]->name, seen[1]->name);
    else
        snprintf(why, n, "it calls more than %d kinds of cross-core barrier",
                 MAX_CROSS_BARRIERS);
}

/* Whether every access of the kernel is interlocked and it calls no flag primitive: then
 * rule 8 orders every conflicting pair of one core, and two cores are ordered only through
 * cross-core barriers (docs/semantics.md §6, "cores that interlock everything"). */
static bool kernel_interlocks(const struct ast_decl *kernel, const struct model *model)
{
    for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next)
        if (!lower_all_interlocked(ac->body, model) || lower_calls_flags(ac->body, model))
            return false;
    return true;
}

/* Whether the kernel's choices may be merged at all: its cross-core barriers compose, and
 * unless it interlocks everything, it has no `sync` unit and every two of its barriers
 * compose. On false, why (when why is not NULL). */
static bool lower_merge_allowed(const struct ast_decl *kernel, const struct model *model,
                                bool interlocks, char *why, size_t n)
{
    const struct model_prim *seen[MAX_CROSS_BARRIERS];
    size_t nseen = 0;
    bool ok = true;
    for (const struct ast_core *ac = kernel->cores; ac && ok; ac = ac->next)
        ok = cross_barriers_compose(model, ac->body, seen, &nseen);
    if (!ok && why)
        say_cross_clash(seen, nseen, why, n);
    if (interlocks || !ok)
        return ok;   /* no pair of one core can race: what one barrier passes on is moot */
    for (int t = 0; t < model->ncoretypes && ok; t++) {
        const struct model_coretype *ct = &model->coretypes[t];
        for (int u = 0; u < ct->nunits && ok; u++)
            if (ct->units[u].cls == UNIT_SYNC) {   /* everything on it blocks issue */
                ok = false;
                if (why)
                    snprintf(why, n, "the model's unit %s blocks issue", ct->units[u].name);
            }
        struct shapes sh = {0};
        for (const struct ast_core *ac = kernel->cores; ac && ok; ac = ac->next)
            collect_shapes(&sh, model, ct, ac->body);
        if (ok && sh.unknown) {
            ok = false;
            if (why)
                snprintf(why, n, "the units of its barrier %s at line %d are not numbers",
                         sh.unknown_call->name, sh.unknown_call->loc.line);
        }
        for (size_t i = 0; i < sh.items.len && ok; i++)
            for (size_t j = 0; j < sh.items.len && ok; j++)
                if (!compose(sh.items.items[i], sh.items.items[j])) {
                    ok = false;
                    if (why)
                        snprintf(why, n, "its barriers %s at line %d and %s at line %d do "
                                 "not compose (an access between them would pass on an order "
                                 "neither gives alone)", sh.calls.items[i]->name,
                                 sh.calls.items[i]->loc.line, sh.calls.items[j]->name,
                                 sh.calls.items[j]->loc.line);
                }
        VEC_FREE(sh.items);
        VEC_FREE(sh.calls);
    }
    return ok;
}

/* ------------------------------------------------------------ one core's choices at a time */

/* The first call of a cross-core flag primitive in list (rule 9 orders across cores through
 * it, not only at barriers), or NULL. */
static const struct ast_stmt *cross_flag_call(const struct model *model,
                                              const struct ast_stmt *list)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        const struct model_prim *prim = lower_call_prim(model, s);
        if (prim && (prim->kind == PRIM_XSIGNAL || prim->kind == PRIM_XWAIT))
            return s;
        const struct ast_stmt *in = cross_flag_call(model, s->body);
        if (in || (in = cross_flag_call(model, s->else_body)))
            return in;
    }
    return NULL;
}

/* The first statement of list, at any depth, that calls a flag primitive or a cross-core
 * barrier, or NULL: what a side merged across cores may not hold (its signals, waits and
 * barrier calls would count twice). A barrier of one core may be there: like a blocking op
 * it only orders more of its core. A value a side binds is that side's block's: no `use`
 * outside the side names it. */
static const struct ast_stmt *loud(const struct model *model, const struct ast_stmt *list)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        const struct model_prim *prim = lower_call_prim(model, s);
        if (s->kind == STMT_CALL && (!prim || prim->kind != PRIM_BARRIER))
            return s;
        const struct ast_stmt *in = loud(model, s->body);
        if (in || (in = loud(model, s->else_body)))
            return in;
    }
    return NULL;
}

/* The first `if (?)` of list with a side that is not quiet (its statement in *what), or
 * NULL. */
static const struct ast_stmt *loud_choice(const struct model *model,
                                          const struct ast_stmt *list,
                                          const struct ast_stmt **what)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        if (s->kind == STMT_IF && s->cond->kind == EXPR_UNKNOWN) {
            if ((*what = loud(model, s->body)) || (*what = loud(model, s->else_body)))
                return s;
            continue;
        }
        const struct ast_stmt *in = loud_choice(model, s->body, what);
        if (in || (in = loud_choice(model, s->else_body, what)))
            return in;
    }
    return NULL;
}

bool lower_turns_allowed(const struct ast_decl *kernel, const struct model *model, char *why,
                         size_t n)
{
    if (!kernel->multicore)
        return false;
    if (!lower_kernel_has_choice(kernel))
        return false;
    const struct model_prim *seen[MAX_CROSS_BARRIERS];
    size_t nseen = 0;
    for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next) {
        const struct ast_stmt *s = cross_flag_call(model, ac->body), *what = NULL;
        if (s) {
            snprintf(why, n, "it calls the cross-core flag primitive %s at line %d", s->name,
                     s->loc.line);
            return false;
        }
        if ((s = loud_choice(model, ac->body, &what))) {
            snprintf(why, n, "a side of the if (?) at line %d calls %s at line %d",
                     s->loc.line, what->name, what->loc.line);
            return false;
        }
        if (!cross_barriers_compose(model, ac->body, seen, &nseen)) {
            say_cross_clash(seen, nseen, why, n);
            return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------ mergeable choices */

/* The first statement of list, at any depth, that a merged side may not hold, or NULL;
 * with kind >= 0, the first such of that kind (the statements around it walked through). A
 * merged side may hold lets, blocks, loops, `if`s whose sides are such too, and accesses that
 * are neither blocking nor interlocked (rules 1 and 8 would let them order what follows them
 * on one side only). No primitive call, and no `use` (rule 10: it orders everything after it
 * on its side only). A value a side binds belongs to the side's block, so only a `use` inside
 * it could name it. In a kernel that interlocks everything, what a side orders on its own
 * core is moot (no pair of one core can race), so any access, `use` and barrier of one core
 * may be on it. */
static const struct ast_stmt *first_not_free_of(const struct model *model,
                                                const struct ast_stmt *list, bool interlocks,
                                                int kind)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        const struct ast_stmt *in;
        if (kind >= 0 && s->kind != (enum ast_stmt_kind)kind && s->kind != STMT_FOR
            && s->kind != STMT_BLOCK && s->kind != STMT_IF)
            continue;
        switch (s->kind) {
        case STMT_LET:
            break;
        case STMT_FOR:
        case STMT_BLOCK:
        case STMT_IF:
            if ((in = first_not_free_of(model, s->body, interlocks, kind))
                || (in = first_not_free_of(model, s->else_body, interlocks, kind)))
                return in;
            break;
        case STMT_ACCESS: {
            const char *op = access_words(model, s).op;
            bool blocking = true, interlocked = true;
            if (op)
                model_op_attrs(model, op, &blocking, &interlocked);
            if (!op || ((blocking || interlocked) && !interlocks))
                return s;
            break;
        }
        case STMT_CALL: {
            const struct model_prim *prim = lower_call_prim(model, s);
            if (!interlocks || !prim || prim->kind != PRIM_BARRIER)
                return s;   /* a cross-core barrier or a flag: the paths differ in them */
            break;
        }
        case STMT_USE:
            if (!interlocks)
                return s;
            break;
        }
    }
    return NULL;
}

static bool sides_free(const struct model *model, const struct ast_stmt *list, bool interlocks)
{
    return !first_not_free_of(model, list, interlocks, -1);
}

struct merge_set {
    VEC(const struct ast_stmt *) choices;   /* sorted by address */
};

static void collect_mergeable(struct merge_set *set, const struct model *model,
                              const struct ast_stmt *list, bool interlocks)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        if (s->kind == STMT_IF && s->cond->kind == EXPR_UNKNOWN
            && sides_free(model, s->body, interlocks)
            && sides_free(model, s->else_body, interlocks))
            VEC_PUSH(set->choices, s);
        collect_mergeable(set, model, s->body, interlocks);
        collect_mergeable(set, model, s->else_body, interlocks);
    }
}

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(const struct ast_stmt *const *)a;
    uintptr_t y = (uintptr_t)*(const struct ast_stmt *const *)b;
    return (x > y) - (x < y);
}

/* Whether any core of kernel calls a cross-core flag primitive. */
static bool kernel_cross_flags(const struct ast_decl *kernel, const struct model *model)
{
    for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next)
        if (cross_flag_call(model, ac->body))
            return true;
    return false;
}

struct merge_set *lower_merge_set(const struct ast_decl *kernel, const struct model *model)
{
    if (!lower_kernel_has_choice(kernel))
        return NULL;   /* the common case walks no further */
    bool interlocks = kernel_interlocks(kernel, model);
    struct merge_set *set = xcalloc(1, sizeof(*set));
    if (lower_merge_allowed(kernel, model, interlocks, NULL, 0))
        for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next)
            collect_mergeable(set, model, ac->body, interlocks);
    /* Choices in quiet windows (merge_windows.c), where no cross-core flag's count can
     * depend on what a side not taken orders and the cross-core barriers compose (a core
     * entered at one and left at the next needs an instruction between them on every path
     * or one barrier's cores within the other's). With interlocks everywhere every window
     * is quiet: collect_mergeable has them. */
    if (!interlocks && !kernel_cross_flags(kernel, model)
        && lower_merge_allowed(kernel, model, true, NULL, 0)) {
        stmt_ptr_vec quiet = {0};
        lower_window_choices(kernel, model, &quiet);
        for (size_t i = 0; i < quiet.len; i++)
            VEC_PUSH(set->choices, quiet.items[i]);
        VEC_FREE(quiet);
    }
    if (set->choices.len) {
        qsort(set->choices.items, set->choices.len, sizeof(*set->choices.items), by_address);
        size_t n = 1;   /* a choice both rules let be merged is listed once */
        for (size_t i = 1; i < set->choices.len; i++)
            if (set->choices.items[i] != set->choices.items[n - 1])
                set->choices.items[n++] = set->choices.items[i];
        set->choices.len = n;
    }
    return set;
}

void merge_set_free(struct merge_set *set)
{
    if (set)
        VEC_FREE(set->choices);
    free(set);
}

/* Whether set (NULL: none) holds choice s. */
static bool set_holds(const struct merge_set *set, const struct ast_stmt *s)
{
    return set && set->choices.len
           && bsearch(&s, set->choices.items, set->choices.len, sizeof(*set->choices.items),
                      by_address);
}

bool lower_choice_mergeable(struct lowerer *L, const struct ast_stmt *s)
{
    return s->cond->kind == EXPR_UNKNOWN && set_holds(L->path->merge, s);
}

/* ------------------------------------------------------------ why a choice was not merged */

/* The first `if (?)` of list (in the order the statements are written) not in set. */
static const struct ast_stmt *first_split(const struct merge_set *set,
                                          const struct ast_stmt *list)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        if (s->kind == STMT_IF && s->cond->kind == EXPR_UNKNOWN && !set_holds(set, s))
            return s;
        const struct ast_stmt *in = first_split(set, s->body);
        if (in || (in = first_split(set, s->else_body)))
            return in;
    }
    return NULL;
}

/* What statement s of a side is, for a sentence: "COMPUTE bang_add at line 12, which is
 * interlocked". */
static void describe_not_free(const struct model *model, const struct ast_stmt *s, char *out,
                              size_t n)
{
    if (s->kind == STMT_USE) {
        snprintf(out, n, "a use at line %d (it orders what follows it on its side only)",
                 s->loc.line);
        return;
    }
    if (s->kind == STMT_CALL) {
        const struct model_prim *prim = lower_call_prim(model, s);
        snprintf(out, n, "a call of %s at line %d (%s)", s->name, s->loc.line,
                 prim && prim->kind == PRIM_BARRIER
                     ? "a barrier orders what follows it on its side only"
                     : "a flag or cross-core barrier: the paths differ in it");
        return;
    }
    struct access_words w = access_words(model, s);
    bool blocking = true, interlocked = true;
    if (w.op)
        model_op_attrs(model, w.op, &blocking, &interlocked);
    snprintf(out, n, "%s%s%s at line %d, %s", w.unit ? w.unit : "", w.unit ? " " : "",
             w.op ? w.op : s->opword ? s->opword : s->head, s->loc.line,
             !w.op ? "an op the model does not name"
             : interlocked ? "which is interlocked (it orders what follows it on its side only)"
                           : "which is blocking (it orders what follows it on its side only)");
}

bool lower_why_split(const struct ast_decl *kernel, const struct model *model,
                     const struct merge_set *set, char *why, size_t n)
{
    const struct ast_stmt *choice = NULL;
    for (const struct ast_core *ac = kernel->cores; ac && !choice; ac = ac->next)
        choice = first_split(set, ac->body);
    if (!choice)
        return false;
    bool interlocks = kernel_interlocks(kernel, model);
    char reason[320];
    if (!lower_merge_allowed(kernel, model, interlocks, reason, sizeof(reason))) {
        snprintf(why, n, "the if (?) at line %d, as every choice of the kernel: %s",
                 choice->loc.line, reason);
        return true;
    }
    /* the statement that says most: a primitive call, then a use, then an access */
    static const int kinds[] = {STMT_CALL, STMT_USE, STMT_ACCESS};
    const struct ast_stmt *what = NULL;
    for (size_t k = 0; k < sizeof(kinds) / sizeof(*kinds) && !what; k++)
        if (!(what = first_not_free_of(model, choice->body, interlocks, kinds[k])))
            what = first_not_free_of(model, choice->else_body, interlocks, kinds[k]);
    if (what) {
        describe_not_free(model, what, reason, sizeof(reason));
        snprintf(why, n, "the if (?) at line %d: a side holds %s%s", choice->loc.line, reason,
                 what->kind == STMT_ACCESS && lower_access_interlocked(model, what)
                     ? ", outside a quiet window" : "");
    } else {
        snprintf(why, n, "the if (?) at line %d", choice->loc.line);
    }
    return true;
}
