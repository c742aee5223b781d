/* Choices merged inside a quiet window (docs/semantics.md §6, "choices in a quiet window"):
 * an `if (?)` whose sides hold interlocked accesses, `use` and barriers of one core may be
 * merged when no instruction that an interlock does not order (an access of an op that is
 * not interlocked, a flag primitive) can be issued on its core between the last barrier
 * before it that orders every unit and the first such barrier after it. Such a barrier
 * (`sync()`, `pipe_barrier(ALL)`, a cross-core barrier) counts only where every path has it:
 * outside the sides of every `if (?)`.
 *
 * Two may-analyses over each core's statements find the windows: forward, whether a loud
 * instruction may have been issued since the last such barrier when a choice is reached;
 * backward, whether one may be issued after the choice before the next. Loops may run any
 * number of times (zero included) and an `if` on a known value either side: the answers
 * cover every run, and every order in which a merged run lays out the sides it holds. */
#include <stdlib.h>

#include "lower_internal.h"
#include "../util/key_map.h"

struct window_walk {
    const struct model *model;
    const struct model_coretype *ct;
    bool backward;
    int sides;      /* depth of `if (?)` sides around the statement walked */
    struct key_map reached_loud;   /* choices a loud state reaches (either direction): 1 */
};

/* Whether barrier call s orders every unit of ct before every unit after it. */
static bool orders_every_unit(const struct model_coretype *ct, const struct model_prim *prim,
                              const struct ast_stmt *s)
{
    if (prim->kind == PRIM_XBARRIER)
        return true;   /* drains and holds every unit of each core it joins */
    struct lw_bar_masks m;
    return lower_barrier_shape(ct, prim, s, &m)
           && m.from == model_all_units(ct) && m.to == model_all_units(ct);
}

/* Whether choice is marked as reached by a loud state; with `set`, marks it (asked without
 * `set` only once both walks are done: asking stores an unmarked choice as such). */
static bool reached_loud(struct window_walk *w, const struct ast_stmt *choice, bool set)
{
    const int64_t key[KEY_MAP_WIDTH] = {(int64_t)(uintptr_t)choice};
    return key_map_get_or_put(&w->reached_loud, key, set) == 1;
}

static bool walk_list(struct window_walk *w, const struct ast_stmt *list, bool loud);

static bool walk_stmt(struct window_walk *w, const struct ast_stmt *s, bool loud)
{
    switch (s->kind) {
    case STMT_LET:
    case STMT_USE:
        return loud;
    case STMT_ACCESS:
        return loud || !lower_access_interlocked(w->model, s);
    case STMT_CALL: {
        const struct model_prim *prim = lower_call_prim(w->model, s);
        if (!prim || (prim->kind != PRIM_BARRIER && prim->kind != PRIM_XBARRIER))
            return true;   /* a flag: its order is the paths' own */
        if (w->sides == 0 && orders_every_unit(w->ct, prim, s))
            return false;
        return loud;
    }
    case STMT_BLOCK:
        return walk_list(w, s->body, loud);
    case STMT_FOR: {
        /* any number of iterations: the state entering the body is what enters the loop or
         * leaves the body; a second pass, loud, reaches the fixed point of a boolean */
        bool out = walk_list(w, s->body, loud);
        if (out && !loud)
            out = walk_list(w, s->body, true);
        return loud || out;
    }
    case STMT_IF: {
        bool choice = s->cond->kind == EXPR_UNKNOWN;
        if (choice && loud)
            reached_loud(w, s, true);
        w->sides += choice;
        bool then = walk_list(w, s->body, loud), other = walk_list(w, s->else_body, loud);
        w->sides -= choice;
        return then || other;
    }
    }
    return true;
}

static bool walk_list(struct window_walk *w, const struct ast_stmt *list, bool loud)
{
    if (!w->backward) {
        for (const struct ast_stmt *s = list; s; s = s->next)
            loud = walk_stmt(w, s, loud);
        return loud;
    }
    size_t n = 0;
    for (const struct ast_stmt *s = list; s; s = s->next)
        n++;
    if (!n)
        return loud;
    const struct ast_stmt **order = xmalloc(n * sizeof(*order));
    n = 0;
    for (const struct ast_stmt *s = list; s; s = s->next)
        order[n++] = s;
    while (n--)
        loud = walk_stmt(w, order[n], loud);
    free(order);
    return loud;
}

/* Whether every statement of a side, at any depth, is one a window's side may hold:
 * interlocked accesses (blocking or not), `use`, lets, loops, `if`s and barriers of one
 * core. No flag (a path's own order) and no cross-core barrier (matched across cores). */
static bool side_quiet(const struct model *model, const struct ast_stmt *list)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        if (s->kind == STMT_ACCESS && !lower_access_interlocked(model, s))
            return false;
        if (s->kind == STMT_CALL) {
            const struct model_prim *prim = lower_call_prim(model, s);
            if (!prim || prim->kind != PRIM_BARRIER)
                return false;
        }
        if (!side_quiet(model, s->body) || !side_quiet(model, s->else_body))
            return false;
    }
    return true;
}

static void collect_quiet(stmt_ptr_vec *out, struct window_walk *w,
                          const struct ast_stmt *list)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        if (s->kind == STMT_IF && s->cond->kind == EXPR_UNKNOWN
            && side_quiet(w->model, s->body) && side_quiet(w->model, s->else_body)
            && !reached_loud(w, s, false))
            VEC_PUSH(*out, s);
        collect_quiet(out, w, s->body);
        collect_quiet(out, w, s->else_body);
    }
}

void lower_window_choices(const struct ast_decl *kernel, const struct model *model,
                          stmt_ptr_vec *out)
{
    for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next) {
        if (!lower_has_choice(ac->body))
            continue;
        const struct model_coretype *ct = ac->type ? model_coretype_find(model, ac->type)
                                                   : &model->coretypes[model->default_coretype];
        if (!ct)
            continue;   /* lowering reports the unknown type */
        struct window_walk w = {.model = model, .ct = ct};
        walk_list(&w, ac->body, false);
        w.backward = true;
        walk_list(&w, ac->body, false);
        collect_quiet(out, &w, ac->body);
        key_map_free(&w.reached_loud);
    }
}
