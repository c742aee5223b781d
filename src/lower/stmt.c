/* Statements: walks a core's body in program order, unrolling loops (their trip count is
 * charged up front), deciding branches (`if (?)` by the path being explored) and binding
 * `let` names, and hands accesses and primitive calls to access.c and sync.c. */
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

static uint64_t saturating_add(uint64_t a, uint64_t b)
{
    return a > PATHS_MANY - b ? PATHS_MANY : a + b;
}

static uint64_t saturating_mul(uint64_t a, uint64_t b)
{
    return a && b > PATHS_MANY / a ? PATHS_MANY : a * b;
}

/* Whether any statement of list, at any depth, is `if (?)`. */
bool lower_has_choice(const struct ast_stmt *list)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        bool here = s->kind == STMT_IF && (s->cond->kind == EXPR_UNKNOWN ||
                                           lower_has_choice(s->else_body));
        if (here || ((s->kind == STMT_IF || s->kind == STMT_FOR || s->kind == STMT_BLOCK) &&
                     lower_has_choice(s->body)))
            return true;
    }
    return false;
}

bool lower_kernel_has_choice(const struct ast_decl *kernel)
{
    for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next)
        if (lower_has_choice(ac->body))
            return true;
    return false;
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
     * is refused from its bounds at once. Rounded up without `span + step - 1`, which
     * wraps for bounds near the ends of int64 and would make a huge loop look empty. */
    uint64_t span = hi > lo ? (uint64_t)hi - (uint64_t)lo : 0;
    uint64_t trips = span / (uint64_t)step + (span % (uint64_t)step != 0);
    if (L->limits->max_trip_count && trips > L->limits->max_trip_count) {
        lower_fail(L, CHECK_LIMIT_EXCEEDED, s->loc,
                   "loop 'for %s' runs %llu times, more than %llu; raise the limit with "
                   "--max-trip-count",
                   s->name, (unsigned long long)trips,
                   (unsigned long long)L->limits->max_trip_count);
        return;
    }
    if (L->path->counting && !lower_has_choice(s->body))
        return;     /* one path whatever it runs */
    if (!lower_spend(L, trips, s->loc))
        return;
    struct scope var = {.name = s->name, .next = env};
    struct binding b = {.name = s->name};
    VEC_PUSH(L->iters, b);
    size_t depth = L->iters.len - 1;
    for (uint64_t t = 0; t < trips && !L->stopped; t++) {
        /* lo + t * step lies in [lo, hi), but t * step alone may not fit in int64 (a step
         * of 2^62 from near INT64_MIN): computed modulo 2^64, which is exact here. */
        uint64_t value = (uint64_t)lo + t * (uint64_t)step;
        memcpy(&var.value, &value, sizeof(var.value));
        L->iters.items[depth].value = var.value;
        lower_stmts(L, s->body, &var);
    }
    L->iters.len = depth;
}

/* Counting: the paths so far times those of either side. */
static void count_choice(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    uint64_t before = L->path->counted;
    L->path->counted = 1;
    lower_stmts(L, s->body, env);
    uint64_t then_paths = L->path->counted;
    L->path->counted = 1;
    lower_stmts(L, s->else_body, env);
    L->path->counted = saturating_mul(before, saturating_add(then_paths, L->path->counted));
}

static void lower_if(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    bool take_then;
    if (s->cond->kind == EXPR_UNKNOWN && !lower_choice_mergeable(L, s))
        L->p->cores[L->core].chose = true;   /* a turn of its own would split it */
    if (s->cond->kind == EXPR_UNKNOWN && L->path->turns &&
        (L->core != L->path->turn || L->turn_cut)) {
        /* another core's turn (lower_turns_allowed), or this core's past a point its turn
         * passed before in the same state (cuts.c) */
        if (!L->path->counting)
            lower_merged_choice(L, s, env);
        return;
    }
    if (lower_choice_mergeable(L, s)) {
        if (!L->path->counting)
            lower_merged_choice(L, s, env);
        return;     /* counting: one path either way, and no choice within (sides_free) */
    }
    if (s->cond->kind == EXPR_UNKNOWN && L->path->counting) {
        count_choice(L, s, env);
        return;
    } else if (s->cond->kind == EXPR_UNKNOWN) {
        if (L->path->cuts)
            lower_try_cut_at_choice(L, s);
        if (L->stopped)
            return;
        take_then = choices_take(&L->path->taken);
        if (L->path->cuts)
            lower_note_choice(L, take_then);
    } else {
        int64_t c;
        if (!lower_eval(L, s->cond, env, &c))
            return;
        take_then = c != 0;
    }
    lower_stmts(L, take_then ? s->body : s->else_body, env);
    if (s->cond->kind == EXPR_UNKNOWN)
        L->choices_at_try = SIZE_MAX;   /* the sides meet again: try a cut at the next access */
}

/* A block's `let` names sit before the outer scope: a few as a chain of scope nodes (on the
 * stack, each checked for a repeat by a scan), many in a hashed table (a block may hold
 * thousands; each is then looked up and checked by hash). A loop body runs once per
 * iteration, so the common case allocates nothing. */
#define FEW_LETS 8

void lower_stmts(struct lowerer *L, const struct ast_stmt *list, const struct scope *env)
{
    size_t nlets = 0;
    for (const struct ast_stmt *s = list; s; s = s->next)
        nlets += s->kind == STMT_LET;
    struct scope few[FEW_LETS];
    bool hashed = nlets > FEW_LETS;
    struct scope *lets = hashed ? xmalloc(nlets * sizeof(*lets)) : few;
    struct scope_table block = {.head = {.next = env}};
    if (hashed)
        env = &block.head;
    size_t used = 0;
    for (const struct ast_stmt *s = list; s && !L->stopped; s = s->next) {
        /* Statements that emit nothing still cost time: each one executed is an event,
         * or a loop over a body of many empty blocks would run unbounded. */
        if ((s->kind == STMT_LET || s->kind == STMT_IF || s->kind == STMT_BLOCK)
            && !lower_spend(L, 1, s->loc))
            break;
        switch (s->kind) {
        case STMT_LET: {
            bool repeated = hashed && scope_table_find(&block, s->name);
            for (size_t k = 0; !hashed && k < used && !repeated; k++)
                repeated = strcmp(lets[k].name, s->name) == 0;
            if (repeated) {
                lower_fail(L, CHECK_INPUT_ERROR, s->name_loc,
                           "'%s' is already bound by a let in this block", s->name);
                break;
            }
            int64_t v;
            if (!lower_eval(L, s->value, env, &v))
                break;
            lets[used] = (struct scope){.name = s->name, .value = v, .next = hashed ? NULL : env};
            if (hashed)
                scope_table_add(&block, &lets[used]);
            else
                env = &lets[used];
            used++;
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
            if (!L->path->counting)
                lower_access(L, s, env);
            break;
        case STMT_CALL:
            if (!L->path->counting)
                lower_call(L, s, env);
            break;
        case STMT_USE:
            if (!L->path->counting)
                lower_use(L, s);
            break;
        }
    }
    scope_table_free(&block);
    if (hashed)
        free(lets);
}
