/* Lowering of one kernel: builds the global scope (params, consts), the cores and their
 * units, and walks each core's body, unrolling loops and deciding branches. */
#include "lower.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

void path_choices_init(struct path_choices *p) { memset(p, 0, sizeof(*p)); }
void path_choices_free(struct path_choices *p) { VEC_FREE(p->bits); }

bool path_next(struct path_choices *p)
{
    /* Depth-first: drop decisions the last run did not reach, then flip the deepest
     * remaining "then" into "else" and forget everything after it. */
    p->bits.len = p->used;
    while (p->bits.len > 0 && p->bits.items[p->bits.len - 1] == 0)
        p->bits.len--;
    if (p->bits.len == 0)
        return false;
    p->bits.items[p->bits.len - 1] = 0;
    p->used = 0;
    return true;
}

static bool path_take(struct path_choices *p)
{
    if (p->used == p->bits.len)
        VEC_PUSH(p->bits, 1);
    return p->bits.items[p->used++] != 0;
}

static void vreport(struct lowerer *L, enum check_id check, struct as_loc loc,
                    const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof(msg), fmt, ap);
    struct binding *iters = NULL;
    if (L->iters.len) {   /* the iteration stack changes: keep a copy */
        iters = arena_alloc_array(&L->p->arena, L->iters.len, sizeof(*iters));
        memcpy(iters, L->iters.items, L->iters.len * sizeof(*iters));
    }
    struct finding f = {.check = check,
                        .severity = SEV_ERROR,
                        .message = arena_strdup(&L->diags->arena, msg),
                        .loc = loc,
                        .kernel = L->file_level ? NULL : L->p->kernel,
                        .params = L->p->params,
                        .iter_second = {iters, L->iters.len}};
    diag_add(L->diags, &f);
}

void lower_fail(struct lowerer *L, enum check_id check, struct as_loc loc, const char *fmt, ...)
{
    if (L->stopped)
        return;
    va_list ap;
    va_start(ap, fmt);
    vreport(L, check, loc, fmt, ap);
    va_end(ap);
    L->stopped = true;
}

void lower_report(struct lowerer *L, enum check_id check, struct as_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(L, check, loc, fmt, ap);
    va_end(ap);
}

bool lower_eval(struct lowerer *L, const struct ast_expr *e, const struct scope *env,
                int64_t *out)
{
    struct eval_error err;
    if (eval_expr(e, env, out, &err))
        return true;
    lower_fail(L, err.check, err.loc, "%s", err.message);
    return false;
}

bool lower_spend(struct lowerer *L, uint64_t amount, struct as_loc loc)
{
    if (L->stopped)
        return false;
    if (amount > L->limits->max_events || L->work > L->limits->max_events - amount) {
        lower_fail(L, CHECK_LIMIT_EXCEEDED, loc,
                   "kernel '%s' unrolls to more than %llu events (instructions and loop "
                   "iterations); raise the limit with --max-events",
                   L->p->kernel, (unsigned long long)L->limits->max_events);
        return false;
    }
    L->work += amount;
    return true;
}

struct lw_ins *lower_emit(struct lowerer *L, enum ins_kind kind, int local_unit,
                          const struct ast_stmt *stmt)
{
    if (!lower_spend(L, 1, stmt->loc))
        return NULL;
    struct lw_ins ins = {.kind = kind, .core = L->core, .unit = -1, .pos = -1,
                         .seq = L->seq++, .stmt = stmt, .channel = -1};
    if (local_unit >= 0) {
        ins.unit = L->p->cores[L->core].first_unit + local_unit;
        ins.pos = L->unit_next_pos[ins.unit]++;
    }
    if (L->iters.len) {
        struct binding *b = arena_alloc_array(&L->p->arena, L->iters.len, sizeof(*b));
        memcpy(b, L->iters.items, L->iters.len * sizeof(*b));
        ins.iters.items = b;
        ins.iters.len = L->iters.len;
    }
    VEC_PUSH(L->ins, ins);
    return &L->ins.items[L->ins.len - 1];
}

/* ---------------------------------------------------------------- accesses */

static bool is_model_unit(const struct model *m, const char *name)
{
    for (int i = 0; i < m->ncoretypes; i++)
        if (model_unit_index(&m->coretypes[i], name) >= 0)
            return true;
    return false;
}

/* "IO or MOVE": the units an op table entry may run on, for messages. */
static const char *op_units(struct arena *a, const struct model_op *te)
{
    const char *out = te->units[0];
    for (int i = 1; i < te->nunits; i++)
        out = arena_printf(a, "%s%s%s", out, i + 1 == te->nunits ? " or " : ", ", te->units[i]);
    return out;
}

int lower_local_unit(struct lowerer *L, const char *name, struct as_loc loc)
{
    int u = model_unit_index(L->ct, name);
    if (u < 0) {
        char units[256];
        lower_report(L, CHECK_BAD_UNIT, loc,
                     "unit '%s' does not exist on core type %s (its units: %s)", name,
                     L->ct->name, model_unit_names(L->ct, units, sizeof(units)));
    }
    return u;
}

static void check_space(struct lowerer *L, const struct model_unit *mu,
                        const struct model_op *te, const struct mem_region *r,
                        const struct ast_region *ar, bool write)
{
    int space = L->p->buffers[r->buffer].space;
    uint64_t bit = (uint64_t)1 << space;
    const char *sname = L->model->spaces[space].name;
    if (!((write ? mu->writes : mu->reads) & bit)) {
        lower_report(L, CHECK_BAD_UNIT, ar->loc, "unit %s may not %s %s (buffer '%s')",
                     mu->name, write ? "write" : "read", sname, ar->buffer);
        return;
    }
    uint64_t allowed = te ? (write ? te->write_spaces : te->read_spaces) : 0;
    if (allowed && !(allowed & bit))
        lower_report(L, CHECK_BAD_UNIT, ar->loc, "op '%s' does not %s %s (buffer '%s')",
                     te->name, write ? "write" : "read", sname, ar->buffer);
}

static int lower_regions(struct lowerer *L, const struct ast_region *list,
                         const struct scope *env, const struct model_unit *mu,
                         const struct model_op *te, bool write, struct mem_region **out)
{
    int n = 0;
    for (const struct ast_region *r = list; r; r = r->next)
        n++;
    *out = arena_alloc_array(&L->p->arena, (size_t)n, sizeof(**out));
    int kept = 0;
    for (const struct ast_region *r = list; r && !L->stopped; r = r->next) {
        if (!lower_region(L, r, env, &(*out)[kept]))
            continue;
        check_space(L, mu, te, &(*out)[kept], r, write);
        kept++;
    }
    return kept;
}

static void lower_access(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    const char *unit = NULL, *op;
    struct as_loc unit_loc = s->head_loc, op_loc;
    const struct ast_region *writes = s->writes;
    if (s->opword) {
        unit = s->head;
        op = s->opword;
        op_loc = s->opword_loc;
    } else if (is_model_unit(L->model, s->head)) {
        if (!writes || writes->indices) {
            lower_fail(L, CHECK_INPUT_ERROR, s->head_loc,
                       "missing op name after unit '%s' (write UNIT OP writes <- reads;)",
                       s->head);
            return;
        }
        unit = s->head;
        op = writes->buffer;
        op_loc = writes->name_loc;
        writes = writes->next;
    } else {
        op = s->head;
        op_loc = s->head_loc;
    }

    const struct model_op *te = model_op_find(L->model, op);
    int u;
    if (unit) {
        u = lower_local_unit(L, unit, unit_loc);
        if (u < 0)
            return;
        if (te && !model_op_runs_on(te, unit))
            lower_report(L, CHECK_BAD_UNIT, op_loc, "op '%s' runs on %s, not on %s", op,
                         op_units(&L->p->arena, te), unit);
    } else {
        if (!te) {
            lower_fail(L, CHECK_UNKNOWN_NAME, op_loc,
                       "unknown op '%s': model %s's op table does not list it; write its "
                       "unit explicitly (UNIT %s ...)",
                       op, L->model->name, op);
            return;
        }
        unit = te->unit;
        u = model_unit_index(L->ct, unit);
        if (u < 0) {
            lower_report(L, CHECK_BAD_UNIT, op_loc,
                         "op '%s' runs on %s, which core type %s does not have", op, unit,
                         L->ct->name);
            return;
        }
    }
    const struct model_unit *mu = &L->ct->units[u];
    struct mem_region *w, *r;
    int nw = lower_regions(L, writes, env, mu, te, true, &w);
    int nr = lower_regions(L, s->reads, env, mu, te, false, &r);
    if (L->stopped)
        return;
    struct lw_ins *ins = lower_emit(L, INS_ACCESS, u, s);
    if (!ins)
        return;
    ins->op = op;
    model_op_attrs(L->model, op, &ins->blocking, &ins->interlocked);
    ins->writes = w;
    ins->nwrites = nw;
    ins->reads = r;
    ins->nreads = nr;
}

/* ---------------------------------------------------------------- statements */

static void lower_stmts(struct lowerer *L, const struct ast_stmt *list, const struct scope *env);

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

static void lower_stmts(struct lowerer *L, const struct ast_stmt *list, const struct scope *env)
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

/* ---------------------------------------------------------------- globals and cores */

static const struct binding *assignment_find(const struct binding_list *a, const char *name)
{
    for (size_t i = 0; a && i < a->len; i++)
        if (strcmp(a->items[i].name, name) == 0)
            return &a->items[i];
    return NULL;
}

/* Params and consts in declaration order into *out (innermost first); false on error. */
static bool lower_globals(struct lowerer *L, const struct binding_list *assignment,
                                         const struct scope **out)
{
    const struct scope *env = NULL;
    VEC(struct binding) params = {0};
    for (const struct ast_decl *d = L->ast->decls; d && !L->stopped; d = d->next) {
        if (d->kind != DECL_PARAM && d->kind != DECL_CONST)
            continue;
        int64_t v = 0;
        const struct binding *given = d->kind == DECL_PARAM ? assignment_find(assignment, d->name)
                                                            : NULL;
        if (given) {
            v = given->value;
        } else if (d->kind == DECL_PARAM && (d->is_range || !d->value)) {
            lower_fail(L, CHECK_INPUT_ERROR, d->name_loc,
                       "param '%s' has no value: give one with -D %s=VALUE or declare a "
                       "range (param %s in LO..HI;)",
                       d->name, d->name, d->name);
        } else {
            lower_eval(L, d->value, env, &v);
        }
        if (L->stopped)
            break;
        struct scope *sc = arena_alloc(&L->p->arena, sizeof(*sc));
        *sc = (struct scope){.name = d->name, .value = v, .next = env};
        env = sc;
        if (d->kind == DECL_PARAM) {
            struct binding b = {.name = d->name, .value = v};
            VEC_PUSH(params, b);
        }
    }
    if (params.len) {
        struct binding *b = arena_alloc_array(&L->p->arena, params.len, sizeof(*b));
        memcpy(b, params.items, params.len * sizeof(*b));
        L->p->params.items = b;
        L->p->params.len = params.len;
    }
    VEC_FREE(params);
    *out = env;
    return !L->stopped;
}

struct core_plan {
    const struct ast_core *ac;
    const struct model_coretype *ct;
    int64_t count;
};

static bool plan_cores(struct lowerer *L, const struct scope *env, struct core_plan *plan,
                       int nplan)
{
    const struct ast_core *ac = L->p->kernel_decl->cores;
    int64_t total = 0;
    for (int i = 0; i < nplan; i++, ac = ac->next) {
        plan[i].ac = ac;
        if (ac->type) {
            plan[i].ct = model_coretype_find(L->model, ac->type);
            if (!plan[i].ct) {
                char types[256];
                lower_fail(L, CHECK_UNKNOWN_NAME, ac->type_loc,
                           "unknown core type '%s' in model %s (core types: %s)", ac->type,
                           L->model->name, model_coretype_names(L->model, types, sizeof(types)));
                return false;
            }
        } else {
            plan[i].ct = &L->model->coretypes[L->model->default_coretype];
        }
        plan[i].count = 1;
        if (ac->count) {
            if (!lower_eval(L, ac->count, env, &plan[i].count))
                return false;
            if (plan[i].count < 1 || plan[i].count > 4096) {
                lower_fail(L, CHECK_INPUT_ERROR, ac->count->loc,
                           "core count must be between 1 and 4096, got %lld",
                           (long long)plan[i].count);
                return false;
            }
        }
        total += plan[i].count;
        if (total > 4096) {
            lower_fail(L, CHECK_LIMIT_EXCEEDED, ac->loc, "kernel has more than 4096 cores");
            return false;
        }
    }
    return true;
}

static void build_cores(struct lowerer *L, const struct core_plan *plan, int nplan)
{
    struct lw_program *p = L->p;
    int ncores = 0, nunits = 0;
    for (int i = 0; i < nplan; i++) {
        ncores += (int)plan[i].count;
        nunits += (int)plan[i].count * plan[i].ct->nunits;
    }
    p->ncores = ncores;
    p->nunits = nunits;
    p->cores = arena_alloc_array(&p->arena, (size_t)ncores, sizeof(*p->cores));
    p->units = arena_alloc_array(&p->arena, (size_t)nunits, sizeof(*p->units));
    int c = 0, u = 0;
    for (int i = 0; i < nplan; i++) {
        for (int64_t k = 0; k < plan[i].count; k++, c++) {
            struct lw_core *core = &p->cores[c];
            core->type = plan[i].ct;
            core->coreid = (int)k;
            core->first_unit = u;
            core->name = plan[i].ac->count
                             ? arena_printf(&p->arena, "%s[%lld]", plan[i].ac->name, (long long)k)
                             : plan[i].ac->name;
            for (int lu = 0; lu < plan[i].ct->nunits; lu++, u++) {
                p->units[u] = (struct lw_unit){
                    .core = c,
                    .local = lu,
                    .mu = &plan[i].ct->units[lu],
                    .name = p->multicore ? arena_printf(&p->arena, "%s.%s", core->name,
                                                        plan[i].ct->units[lu].name)
                                         : plan[i].ct->units[lu].name};
            }
        }
    }
}

static void lower_cores(struct lowerer *L, const struct scope *globals,
                        const struct core_plan *plan, int nplan)
{
    int c = 0;
    for (int i = 0; i < nplan && !L->stopped; i++) {
        for (int64_t k = 0; k < plan[i].count && !L->stopped; k++, c++) {
            struct scope ncores = {.name = "ncores", .value = plan[i].count, .next = globals};
            struct scope coreid = {.name = "coreid", .value = k, .next = &ncores};
            L->core = c;
            L->ct = plan[i].ct;
            L->seq = 0;
            L->p->cores[c].first_ins = L->ins.len;
            lower_stmts(L, plan[i].ac->body, &coreid);
            L->p->cores[c].nins = L->ins.len - L->p->cores[c].first_ins;
        }
    }
}

struct lw_program *lower_kernel(const struct ast_program *ast, const struct ast_decl *kernel,
                                const struct model *model,
                                const struct binding_list *assignment,
                                struct path_choices *path, const struct lower_limits *limits,
                                struct diag_list *diags, bool *stopped)
{
    struct lw_program *p = xcalloc(1, sizeof(*p));
    arena_init(&p->arena);
    p->model = model;
    p->kernel = kernel->name;
    p->kernel_decl = kernel;
    p->multicore = kernel->multicore;
    struct lowerer L = {.ast = ast, .model = model, .p = p, .diags = diags,
                        .limits = limits, .path = path};
    path->used = 0;

    const struct scope *globals = NULL;
    int nplan = 0;
    for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next)
        nplan++;
    struct core_plan *plan = xcalloc((size_t)(nplan ? nplan : 1), sizeof(*plan));
    /* Declarations are the file's, not the kernel's: a problem there is reported once. */
    L.file_level = true;
    bool declarations_ok = lower_globals(&L, assignment, &globals) && lower_buffers(&L, globals);
    L.file_level = false;
    if (declarations_ok && plan_cores(&L, globals, plan, nplan)) {
        build_cores(&L, plan, nplan);
        L.unit_next_pos = xcalloc((size_t)(p->nunits ? p->nunits : 1), sizeof(int));
        lower_cores(&L, globals, plan, nplan);
    }
    free(plan);
    free(L.unit_next_pos);
    VEC_FREE(L.iters);
    p->ins = L.ins.items;
    p->nins = L.ins.len;
    p->channels = L.channels.items;
    p->nchannels = (int)L.channels.len;
    p->memories = L.memories.items;
    p->nmemories = (int)L.memories.len;
    *stopped = L.stopped;
    return p;
}

void lw_program_free(struct lw_program *p)
{
    if (!p)
        return;
    free(p->ins);
    free(p->channels);
    free(p->memories);
    arena_free(&p->arena);
    free(p);
}
