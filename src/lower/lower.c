/* Lowering of one kernel: builds the global scope (params, consts), the cores and their
 * units, then has stmt.c walk each core's body; also the helpers the lowering's files
 * share (reporting, evaluation, the event budget, emitting instructions). */
#include "lower.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"
#include "../util/pointer_hash.h"

void path_choices_init(struct path_choices *p)
{
    memset(p, 0, sizeof(*p));
    p->turn = -1;
}
void path_choices_free(struct path_choices *p)
{
    choices_free(&p->taken);
    cut_memo_free(p->cuts);
    p->cuts = NULL;
}
bool path_next(struct path_choices *p) { return choices_next(&p->taken); }

/* Up to this many of a kernel's guessed values are named in a finding's message. */
enum { GUESSES_NAMED = 4 };

/* ", under guessed values a = 1, b = 2: give the real ones with -D or --tiling FILE" into
 * out (size n): what an out-of-bounds region in a kernel checked under guessed values says. */
static void guessed_suffix(const struct ast_guess *g, char *out, size_t n)
{
    size_t at = (size_t)snprintf(out, n, ", under guessed values ");
    int named = 0, all = 0;
    for (const struct ast_guess *k = g; k; k = k->next, all++)
        if (named < GUESSES_NAMED && at < n) {
            at += (size_t)snprintf(out + at, n - at, "%s%s = %lld", named ? ", " : "", k->name,
                                   (long long)k->value);
            named++;
        }
    if (all > named && at < n)
        at += (size_t)snprintf(out + at, n - at, " and %d more", all - named);
    if (at < n)
        snprintf(out + at, n - at, ": give the real ones with -D or --tiling FILE");
}

static void vreport(struct lowerer *L, enum check_id check, struct as_loc loc,
                    const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, 512, fmt, ap);
    /* A kernel checked under values a frontend guessed (docs/pir.md): a region outside its
     * buffer may be the guess's, not the kernel's. A note, never an error. */
    const struct ast_guess *guesses = L->file_level ? NULL : L->p->kernel_decl->guesses;
    bool guessed = check == CHECK_OUT_OF_BOUNDS && guesses;
    if (guessed)
        guessed_suffix(guesses, msg + strlen(msg), sizeof(msg) - strlen(msg));
    struct binding *iters = NULL;
    if (L->iters.len) {   /* the iteration stack changes: keep a copy */
        iters = arena_alloc_array(&L->p->arena, L->iters.len, sizeof(*iters));
        memcpy(iters, L->iters.items, L->iters.len * sizeof(*iters));
    }
    struct finding f = {.check = check,
                        .severity = guessed ? SEV_NOTE : SEV_ERROR,
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
    uint64_t left = L->limits->file_events_left;
    if (L->limits->file_budget && left < L->limits->max_events
        && (amount > left || L->work > left - amount)) {
        lower_fail(L, CHECK_LIMIT_EXCEEDED, loc,
                   "the file's kernels unroll to more than %llu events in all (every kernel, "
                   "parameter value and path); raise the limit with --max-file-events",
                   (unsigned long long)L->limits->max_file_events);
        return false;
    }
    if (amount > L->limits->max_events || L->work > L->limits->max_events - amount) {
        lower_fail(L, CHECK_LIMIT_EXCEEDED, loc,
                   "kernel '%s' unrolls to more than %llu events (instructions, loop iterations "
                   "and other statements); raise the limit with --max-events",
                   L->p->kernel, (unsigned long long)L->limits->max_events);
        return false;
    }
    L->work += amount;
    return true;
}

/* Rule 1: the issuer issues nothing after x until x ends. So it is for a wait or a barrier
 * placed on the core's issuer unit, a cross-core wait, a blocking access and anything on a
 * `sync` unit; the issuer's own accesses do not stop it (docs/semantics.md §2). */
static bool blocks_issue(const struct lw_program *p, const struct lw_ins *x)
{
    if (x->kind == INS_USE)
        return true;    /* rule 10: nothing after it is issued before the value arrived */
    if (x->unit < 0)
        return false;   /* issuer-level barriers order only their T units */
    const struct lw_unit *u = &p->units[x->unit];
    bool on_issuer = u->local == p->cores[x->core].type->issuer;
    return x->kind == INS_XWAIT || (x->kind == INS_ACCESS && x->blocking)
           || u->mu->cls == UNIT_SYNC
           || (on_issuer && (x->kind == INS_WAIT || x->kind == INS_BARRIER));
}

struct lw_ins *lower_emit(struct lowerer *L, enum ins_kind kind, int local_unit, bool blocking,
                          const struct ast_stmt *stmt)
{
    if (!lower_spend(L, 1, stmt->loc))
        return NULL;
    if (L->nins >= LOWER_MAX_ITER_LISTS) {   /* an instruction's iteration is a 32-bit index */
        lower_fail(L, CHECK_LIMIT_EXCEEDED, stmt->loc,
                   "kernel '%s' lowers to more than %llu instructions, more than one run can "
                   "number", L->p->kernel, (unsigned long long)LOWER_MAX_ITER_LISTS);
        return NULL;
    }
    if (L->nins == L->ins_cap) {
        xbig_reserve(&L->ins_block, (L->nins + 1) * sizeof(struct lw_ins));
        L->ins = L->ins_block.p;
        L->ins_cap = L->ins_block.bytes / sizeof(struct lw_ins);
    }
    /* Written field by field in place: built on the stack and copied, its bytes were read
     * back right after the byte-sized stores, which the CPU cannot forward (a stall per
     * event; lower_emit was half of a 10^7-event lowering). */
    struct lw_ins *x = &L->ins[L->nins];
    const struct lw_ins *prev = L->nins ? x - 1 : NULL;
    x->stmt = stmt;
    memset(&x->access, 0, sizeof(x->access));   /* and the other members of the kind's union */
    x->kind = (uint8_t)kind;
    x->blocking = blocking;
    x->interlocked = false;
    x->atomic = false;
    x->core = (uint16_t)L->core;
    x->unit = -1;
    x->pos = -1;
    if (local_unit >= 0) {
        x->unit = L->p->cores[L->core].first_unit + local_unit;
        x->pos = L->p->units[x->unit].count++;
    }
    /* Here, while the instruction is in cache: a pass over 10^7 of them afterwards costs a
     * tenth of the lowering in cache misses alone. */
    x->blocks_issue = blocks_issue(L->p, x);
    L->p->nkind[kind]++;
    L->p->nissuer_barriers += x->unit < 0 && x->kind != INS_USE;
    x->iters = 0;   /* outside every loop (lower_kernel) */
    if (L->iters.len) {   /* shared with the instruction before when the iteration is the same */
        size_t bytes = L->iters.len * sizeof(struct binding);
        const struct binding_list *before = prev ? L->iter_lists.items[prev->iters] : NULL;
        if (before && before->len == L->iters.len
            && memcmp(before->items, L->iters.items, bytes) == 0) {
            x->iters = prev->iters;
        } else {
            struct binding *b = arena_alloc_array_unzeroed(&L->p->arena, L->iters.len, sizeof(*b));
            memcpy(b, L->iters.items, bytes);
            struct binding_list *list = arena_alloc_array_unzeroed(&L->p->arena, 1, sizeof(*list));
            *list = (struct binding_list){b, L->iters.len};
            x->iters = (uint32_t)L->iter_lists.len;   /* at most one per instruction */
            VEC_PUSH(L->iter_lists, list);
        }
    }
    if (L->alt_of.items)
        VEC_PUSH(L->alt_of, L->alt);
    L->nins++;
    return x;
}

/* Two candidate slots per statement: its address's, and the next. */
static size_t memo_slot(const struct ast_stmt *s)
{
    return pointer_slot(s, STMT_MEMO_BITS);
}

struct stmt_memo *lower_memo_find(struct lowerer *L, const struct ast_stmt *s)
{
    size_t k = memo_slot(s);
    for (size_t i = 0; i < 2; i++) {
        struct stmt_memo *m = &L->memo[(k + i) & (STMT_MEMO_SLOTS - 1)];
        if (m->stmt == s && m->ct == L->ct)
            return m;
    }
    return NULL;
}

void lower_memo_put(struct lowerer *L, const struct stmt_memo *m, size_t ndiags)
{
    if (L->diags->len != ndiags || L->stopped)
        return;
    size_t k = memo_slot(m->stmt), other = (k + 1) & (STMT_MEMO_SLOTS - 1);
    L->memo[L->memo[k].stmt && !L->memo[other].stmt ? other : k] = *m;
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
    const struct scope *env = &L->globals.head;
    VEC(struct binding) params = {0};
    for (const struct ast_decl *d = L->ast->globals; d && !L->stopped; d = d->next_global) {
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
        *sc = (struct scope){.name = d->name, .value = v};
        scope_table_add(&L->globals, sc);
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

/* One core group of one cluster instance: `count` cores of type `ct` running ac's body. */
struct core_plan {
    const struct ast_core *ac;
    const struct model_coretype *ct;
    int64_t count;
    int cluster;                /* kernel-wide cluster index; 0 in a kernel without clusters */
    const char *cluster_name;   /* "c[1]", "c"; NULL in a kernel without clusters */
};

typedef VEC(struct core_plan) core_plan_vec;

struct cluster_plan {
    int64_t count;              /* instances of the current cluster block */
    int64_t total;              /* clusters of the kernel so far */
};

static bool eval_count(struct lowerer *L, const struct ast_expr *e, const struct scope *env,
                       const char *what, int64_t *out)
{
    *out = 1;
    if (!e)
        return true;
    if (!lower_eval(L, e, env, out))
        return false;
    if (*out < 1 || *out > 4096) {
        lower_fail(L, CHECK_INPUT_ERROR, e->loc, "%s count must be between 1 and 4096, got %lld",
                   what, (long long)*out);
        return false;
    }
    return true;
}

static bool plan_group(struct lowerer *L, const struct ast_core *ac, const struct scope *env,
                       struct core_plan *out)
{
    out->ac = ac;
    if (ac->type) {
        out->ct = model_coretype_find(L->model, ac->type);
        if (!out->ct) {
            char types[256];
            lower_fail(L, CHECK_UNKNOWN_NAME, ac->type_loc,
                       "unknown core type '%s' in model %s (core types: %s)", ac->type,
                       L->model->name, model_coretype_names(L->model, types, sizeof(types)));
            return false;
        }
    } else {
        out->ct = &L->model->coretypes[L->model->default_coretype];
    }
    return eval_count(L, ac->count, env, "core", &out->count);
}

/* The cores of one cluster instance (plan[first..n)) fit the model's cluster shape. */
static bool check_cluster_shape(struct lowerer *L, const struct core_plan *plan, size_t first,
                                size_t n)
{
    const struct model *m = L->model;
    if (m->ncluster_members == 0)
        return true;
    for (size_t i = first; i < n; i++) {
        const char *type = plan[i].ct->name;
        int64_t have = 0;
        for (size_t j = first; j < n; j++)
            have += strcmp(plan[j].ct->name, type) == 0 ? plan[j].count : 0;
        int max = 0;
        for (int k = 0; k < m->ncluster_members; k++)
            if (strcmp(m->cluster_members[k].coretype, type) == 0)
                max = m->cluster_members[k].max;
        if (have <= max)
            continue;
        const struct ast_core *ac = plan[i].ac;
        if (!ac->cluster)
            lower_fail(L, CHECK_INPUT_ERROR, ac->loc,
                       "kernel declares %lld %s cores, but one %s cluster holds at most %d: "
                       "group the cores in `cluster` blocks", (long long)have, type, m->name, max);
        else
            lower_fail(L, CHECK_INPUT_ERROR, ac->cluster->loc,
                       "cluster '%s' declares %lld %s cores, but one %s cluster holds at most %d",
                       ac->cluster->name, (long long)have, type, m->name, max);
        return false;
    }
    return true;
}

/* Expands the kernel's core groups, cluster blocks replicated, into plan entries in the
 * order their cores are numbered. */
static bool plan_cores(struct lowerer *L, const struct scope *env, core_plan_vec *plan)
{
    const struct ast_core *first = L->p->kernel_decl->cores;
    bool clustered = false;
    for (const struct ast_core *ac = first; ac; ac = ac->next)
        clustered |= ac->cluster != NULL;
    int64_t total = 0, clusters = 0;
    for (const struct ast_core *ac = first; ac;) {
        if (clustered && !ac->cluster) {
            lower_fail(L, CHECK_INPUT_ERROR, ac->loc,
                       "core group '%s' is outside every cluster block; in a kernel with "
                       "clusters every core group belongs to one", ac->name);
            return false;
        }
        const struct ast_core *end = ac->next;   /* the groups of ac's cluster block */
        while (end && ac->cluster && end->cluster == ac->cluster)
            end = end->next;
        if (!ac->cluster)
            end = NULL;
        int64_t instances = 1;
        if (ac->cluster && !eval_count(L, ac->cluster->count, env, "cluster", &instances))
            return false;
        for (int64_t k = 0; k < instances; k++, clusters++) {
            size_t at = plan->len;
            for (const struct ast_core *g = ac; g != end; g = g->next) {
                struct core_plan cp = {.cluster = (int)clusters};
                if (g->cluster)
                    cp.cluster_name = g->cluster->count
                                          ? arena_printf(&L->p->arena, "%s[%lld]", g->cluster->name,
                                                         (long long)k)
                                          : g->cluster->name;
                if (!plan_group(L, g, env, &cp))
                    return false;
                total += cp.count;
                if (total > LOWER_MAX_CORES) {
                    lower_fail(L, CHECK_LIMIT_EXCEEDED, g->loc, "kernel has more than %d cores",
                               LOWER_MAX_CORES);
                    return false;
                }
                VEC_PUSH(*plan, cp);
            }
            if (L->p->multicore && !check_cluster_shape(L, plan->items, at, plan->len))
                return false;
        }
        ac = end;
    }
    L->p->nclusters = (int)(clusters ? clusters : 1);
    L->p->clustered = clustered;
    return true;
}

static void build_cores(struct lowerer *L, const struct core_plan *plan, size_t nplan)
{
    struct lw_program *p = L->p;
    int ncores = 0, nunits = 0;
    for (size_t i = 0; i < nplan; i++) {
        ncores += (int)plan[i].count;
        nunits += (int)plan[i].count * plan[i].ct->nunits;
    }
    p->ncores = ncores;
    p->nunits = nunits;
    p->cores = arena_alloc_array(&p->arena, (size_t)ncores, sizeof(*p->cores));
    p->units = arena_alloc_array(&p->arena, (size_t)nunits, sizeof(*p->units));
    int c = 0, u = 0;
    for (size_t i = 0; i < nplan; i++) {
        for (int64_t k = 0; k < plan[i].count; k++, c++) {
            struct lw_core *core = &p->cores[c];
            core->type = plan[i].ct;
            core->coreid = (int)k;
            core->cluster = plan[i].cluster;
            core->first_unit = u;
            core->name = plan[i].ac->count
                             ? arena_printf(&p->arena, "%s[%lld]", plan[i].ac->name, (long long)k)
                             : plan[i].ac->name;
            if (plan[i].cluster_name)
                core->name = arena_join(&p->arena, plan[i].cluster_name, ".", core->name);
            for (int lu = 0; lu < plan[i].ct->nunits; lu++, u++) {
                p->units[u] = (struct lw_unit){
                    .core = c,
                    .local = lu,
                    .mu = &plan[i].ct->units[lu],
                    .name = p->multicore
                                ? arena_join(&p->arena, core->name, ".", plan[i].ct->units[lu].name)
                                : plan[i].ct->units[lu].name};
            }
        }
    }
}

/* Runs every core's body; a kernel with clusters also binds clusterid and nclusters. */
static void lower_cores(struct lowerer *L, const struct scope *globals,
                        const struct core_plan *plan, size_t nplan)
{
    int c = 0;
    for (size_t i = 0; i < nplan && !L->stopped; i++) {
        struct scope nclusters = {.name = "nclusters", .value = L->p->nclusters, .next = globals};
        struct scope clusterid = {.name = "clusterid", .value = plan[i].cluster,
                                  .next = &nclusters};
        const struct scope *outer = L->p->clustered ? &clusterid : globals;
        for (int64_t k = 0; k < plan[i].count && !L->stopped; k++, c++) {
            struct scope ncores = {.name = "ncores", .value = plan[i].count, .next = outer};
            struct scope coreid = {.name = "coreid", .value = k, .next = &ncores};
            L->core = c;
            L->ct = plan[i].ct;
            L->p->cores[c].first_ins = L->nins;
            lower_stmts(L, plan[i].ac->body, &coreid);
            L->p->cores[c].nins = L->nins - L->p->cores[c].first_ins;
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
    path->taken.used = 0;
    static const struct binding_list no_loop = {NULL, 0};
    VEC_PUSH(L.iter_lists, &no_loop);   /* lw_ins.iters 0 */
    xbig_reserve(&L.region_block, 64 * sizeof(struct mem_region));   /* never NULL */
    if (ast->nvalues) {
        L.value_read = xmalloc((size_t)ast->nvalues * sizeof(*L.value_read));
        for (int k = 0; k < ast->nvalues; k++)
            L.value_read[k] = NO_VALUE_READ;
    }

    const struct scope *globals = NULL;
    core_plan_vec plan = {0};
    /* Declarations are the file's, not the kernel's: a problem there is reported once. */
    L.file_level = true;
    bool declarations_ok = lower_globals(&L, assignment, &globals) && lower_buffers(&L, globals);
    L.file_level = false;
    if (declarations_ok && plan_cores(&L, globals, &plan)) {
        build_cores(&L, plan.items, plan.len);
        lower_cores(&L, globals, plan.items, plan.len);
    }
    VEC_FREE(plan);
    scope_table_free(&L.globals);
    key_map_free(&L.memory_keys);
    key_map_free(&L.channel_keys);
    key_map_free(&L.bar_mask_keys);
    VEC_FREE(L.iters);
    VEC_FREE(L.scratch);
    free(L.value_read);
    xbig_resize(&L.region_block, L.nregions * sizeof(*p->regions));
    p->region_block = L.region_block;
    p->regions = p->region_block.p;
    p->nregions = L.nregions;
    /* Exactly as long as it is too: one per instruction in a loop of one instruction. */
    p->iter_lists = xrealloc_array(L.iter_lists.items, L.iter_lists.len, sizeof(*p->iter_lists));
    p->niter_lists = L.iter_lists.len;
    lower_flows_free(&L);
    /* Exactly as long as it is: the spare capacity of the growing block is given back. */
    xbig_resize(&L.ins_block, L.nins * sizeof(*p->ins));
    p->ins_block = L.ins_block;
    p->ins = p->ins_block.p;
    p->nins = L.nins;
    p->channels = L.channels.items;
    p->bar_masks = L.bar_masks.items;
    p->nbar_masks = (int)L.bar_masks.len;
    p->nchannels = (int)L.channels.len;
    p->memories = L.memories.items;
    p->nmemories = (int)L.memories.len;
    p->cut = L.cut;
    p->turn_cut = L.turn_cut;
    p->work = L.work;
    p->alt_of = L.alt_of.items;
    p->alts = L.alts.items;
    *stopped = L.stopped && !L.cut;
    return p;
}

uint64_t lower_count_paths(const struct ast_program *ast, const struct ast_decl *kernel,
                           const struct model *model, const struct binding_list *assignment,
                           const struct lower_limits *limits, const struct path_choices *like)
{
    if (!lower_kernel_has_choice(kernel))
        return 1;   /* the common case costs no walk */
    struct diag_list quiet;
    diag_list_init(&quiet, 0);
    struct path_choices path = {.counting = true, .counted = 1, .merge = like->merge,
                                .turns = like->turns, .turn = like->turn};
    bool stopped;
    lw_program_free(lower_kernel(ast, kernel, model, assignment, &path, limits, &quiet, &stopped));
    diag_list_free(&quiet);
    return stopped ? 0 : path.counted;
}

void lw_program_free(struct lw_program *p)
{
    if (!p)
        return;
    xbig_free(&p->ins_block);
    xbig_free(&p->region_block);
    free(p->iter_lists);
    free(p->channels);
    free(p->bar_masks);
    free(p->memories);
    free(p->alt_of);
    free(p->alts);
    arena_free(&p->arena);
    free(p);
}

void lw_unit_queues(const struct lw_program *p, uint32_t **queue, size_t **first)
{
    size_t nu = p->nunits ? (size_t)p->nunits : 1;
    size_t *f = xcalloc(nu + 1, sizeof(size_t));
    for (size_t i = 0; i < p->nins; i++)
        if (p->ins[i].unit >= 0)
            f[p->ins[i].unit + 1]++;
    for (size_t u = 0; u < (size_t)p->nunits; u++)
        f[u + 1] += f[u];
    uint32_t *q = xmalloc((p->nins ? p->nins : 1) * sizeof(uint32_t));
    for (size_t i = 0; i < p->nins; i++)
        if (p->ins[i].unit >= 0)
            q[f[p->ins[i].unit] + (size_t)p->ins[i].pos] = (uint32_t)i;
    *queue = q;
    *first = f;
}
