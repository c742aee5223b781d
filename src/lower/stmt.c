/* Statements: walks a core's body in program order, unrolling loops (their trip count is
 * charged up front), deciding branches (`if (?)` by the path being explored) and binding
 * `let` names, and hands accesses and primitive calls to access.c and sync.c. */
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

static bool path_take(struct path_choices *p)
{
    if (p->used == p->bits.len)
        VEC_PUSH(p->bits, 1);
    return p->bits.items[p->used++] != 0;
}

static void lower_for(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    int64_t lo, hi, step = 1;
    if (!lower_eval(L, s->lo, env, &lo) || !lower_eval(L, s->hi, env, &hi))
        return;
    if (s->step && !lower_eval(L, s->step, env, &step))
        return;
    if (step <= 0) {
        lower_fail(L, CHECK_INPUT_ERROR, s->step->loc,
                   "loop step must be positive, got %lld", (long long)step);
        return;
    }
    /* The trip count is charged before the first iteration, so a loop too long to unroll
     * is refused from its bounds at once. */
    uint64_t trips = hi > lo ? ((uint64_t)hi - (uint64_t)lo + (uint64_t)step - 1) / (uint64_t)step
                             : 0;
    if (!lower_spend(L, trips, s->loc))
        return;
    struct scope var = {.name = s->name, .next = env};
    struct binding b = {.name = s->name};
    VEC_PUSH(L->iters, b);
    size_t depth = L->iters.len - 1;
    for (uint64_t t = 0; t < trips && !L->stopped; t++) {
        var.value = lo + (int64_t)(t * (uint64_t)step);
        L->iters.items[depth].value = var.value;
        lower_stmts(L, s->body, &var);
    }
    L->iters.len = depth;
}

static void lower_if(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    bool take_then;
    if (s->cond->kind == EXPR_UNKNOWN) {
        take_then = path_take(L->path);
    } else {
        int64_t c;
        if (!lower_eval(L, s->cond, env, &c))
            return;
        take_then = c != 0;
    }
    lower_stmts(L, take_then ? s->body : s->else_body, env);
}

void lower_stmts(struct lowerer *L, const struct ast_stmt *list, const struct scope *env)
{
    /* `let` bindings of this block, innermost last; freed when the block ends. */
    size_t nlets = 0;
    for (const struct ast_stmt *s = list; s; s = s->next)
        nlets += s->kind == STMT_LET;
    struct scope *lets = nlets ? xmalloc(nlets * sizeof(*lets)) : NULL;
    size_t used = 0;
    for (const struct ast_stmt *s = list; s && !L->stopped; s = s->next) {
        switch (s->kind) {
        case STMT_LET: {
            for (size_t i = 0; i < used; i++) {
                if (strcmp(lets[i].name, s->name) == 0) {
                    lower_fail(L, CHECK_INPUT_ERROR, s->name_loc,
                               "'%s' is already bound by a let in this block", s->name);
                    break;
                }
            }
            int64_t v;
            if (L->stopped || !lower_eval(L, s->value, env, &v))
                break;
            lets[used] = (struct scope){.name = s->name, .value = v, .next = env};
            env = &lets[used++];
            break;
        }
        case STMT_FOR:
            lower_for(L, s, env);
            break;
        case STMT_IF:
            lower_if(L, s, env);
            break;
        case STMT_BLOCK:
            lower_stmts(L, s->body, env);
            break;
        case STMT_ACCESS:
            lower_access(L, s, env);
            break;
        case STMT_CALL:
            lower_call(L, s, env);
            break;
        }
    }
    free(lets);
}
