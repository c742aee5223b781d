/* The check driver for one file (see run.h). */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../graph/edges.h"
#include "../graph/graph.h"
#include "../ir/parse.h"
#include "../frontend/frontend.h"
#include "../lower/lower.h"
#include "../util/xalloc.h"
#include "check.h"
#include "levels.h"
#include "lowered.h"
#include "params.h"
#include "suppress.h"

void check_options_defaults(struct check_options *o)
{
    memset(o, 0, sizeof(*o));
    o->max_events = 10000000;
    o->max_file_events = 100000000;
    o->max_paths = 4096;
    o->max_errors = 1000;
    o->max_file_size = 16 * 1024 * 1024;
    o->max_tokens = 10000000;
    o->max_depth = 1000;
    o->max_trip_count = 1000000;
    o->max_buffers = 1024;
    o->max_model_size = MODEL_DEFAULT_MAX_SIZE;
    o->max_model_elements = MODEL_DEFAULT_MAX_ELEMENTS;
    o->max_clock_size = 100000000;
    o->max_pairs = 100000000;
    o->max_file_pairs = 400000000;
    o->hint_budget = 4000000;
    o->max_source_memory = 8192;
    o->max_source_seconds = 600;
    for (int i = 0; i < CHECK_COUNT; i++)
        o->level[i] = CHECK_LEVEL_DEFAULT;
}

static struct as_loc file_loc(const struct file_result *r)
{
    return (struct as_loc){.file = r->path, .line = 0, .col = 0, .len = 0};
}

/* ---------------------------------------------------------------- declarations */

static const char *decl_kind_name(enum ast_decl_kind k)
{
    static const char *const names[] = {"model", "param", "const", "buffer", "kernel"};
    return names[k];
}

/* Declarations sorted by (namespace, name, position) put each name's first declaration
 * right before its repeats, so a file of many declarations is checked in O(n log n). */
struct named_decl {
    const struct ast_decl *decl;
    size_t pos;
};

static int by_namespace_and_name(const void *x, const void *y)
{
    const struct named_decl *a = x, *b = y;
    bool ka = a->decl->kind == DECL_KERNEL, kb = b->decl->kind == DECL_KERNEL;
    if (ka != kb)
        return ka ? 1 : -1;
    int c = strcmp(a->decl->name, b->decl->name);
    if (c)
        return c;
    return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* Names must be unique among params, consts and buffers, and among kernels. */
static bool check_declarations(struct file_result *r)
{
    size_t n = 0;
    for (const struct ast_decl *d = r->ast->decls; d; d = d->next)
        n++;
    struct named_decl *sorted = xcalloc(n ? n : 1, sizeof(*sorted));
    const struct ast_decl **first = xcalloc(n ? n : 1, sizeof(*first));  /* by position */
    size_t named = 0, pos = 0;
    for (const struct ast_decl *d = r->ast->decls; d; d = d->next, pos++)
        if (d->kind != DECL_MODEL)
            sorted[named++] = (struct named_decl){d, pos};
    qsort(sorted, named, sizeof(*sorted), by_namespace_and_name);
    for (size_t i = 1; i < named; i++)
        if (by_namespace_and_name(&(struct named_decl){sorted[i].decl, 0},
                                  &(struct named_decl){sorted[i - 1].decl, 0}) == 0)
            first[sorted[i].pos] = first[sorted[i - 1].pos] ? first[sorted[i - 1].pos]
                                                           : sorted[i - 1].decl;
    free(sorted);

    bool ok = true;
    const struct ast_decl *model = NULL;
    pos = 0;
    for (const struct ast_decl *d = r->ast->decls; d; d = d->next, pos++) {
        const struct ast_decl *e = first[pos];
        if (d->kind == DECL_MODEL) {
            if (model) {
                diag_addf(&r->diags, CHECK_INPUT_ERROR, SEV_ERROR, d->loc,
                          "second model declaration (the first is at line %d)", model->loc.line);
                ok = false;
            }
            model = d;
        } else if (e) {
            diag_addf(&r->diags, CHECK_INPUT_ERROR, SEV_ERROR, d->name_loc,
                      "'%s' is already declared as a %s at line %d", d->name,
                      decl_kind_name(e->kind), e->name_loc.line);
            ok = false;
        }
    }
    free(first);
    return ok;
}

/* Every buffer costs memory per core in the lowering: their number is a limit. */
static bool check_buffer_count(struct file_result *r, const struct check_options *o)
{
    size_t n = 0;
    for (const struct ast_decl *d = r->ast->decls; d; d = d->next) {
        if (d->kind == DECL_BUFFER && ++n > o->max_buffers) {
            diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, d->name_loc,
                      "more than %zu buffers; raise the limit with --max-buffers",
                      o->max_buffers);
            return false;
        }
    }
    return true;
}

static const struct ast_decl *find_decl(const struct ast_program *ast, enum ast_decl_kind kind,
                                        const char *name)
{
    for (const struct ast_decl *d = ast->decls; d; d = d->next)
        if (d->kind == kind && (!name || strcmp(d->name, name) == 0))
            return d;
    return NULL;
}

/* A model path written in a kernel file is relative to that file, as #include is; a name and
 * an absolute path stay as they are. Returns a string in the file's diagnostics arena. */
static const char *declared_model_path(struct file_result *r, const char *value)
{
    size_t n = strlen(value);
    bool path_like = strchr(value, '/') || (n >= 4 && strcmp(value + n - 4, ".xml") == 0);
    const char *slash = strrchr(r->path, '/');
    if (!path_like || value[0] == '/' || !slash)
        return value;
    return arena_printf(&r->diags.arena, "%.*s/%s", (int)(slash - r->path), r->path, value);
}

static bool load_model(struct file_result *r, const struct check_options *o)
{
    const struct ast_decl *decl = find_decl(r->ast, DECL_MODEL, NULL);
    struct model_limits limits = {.max_size = o->max_model_size,
                                  .max_elements = o->max_model_elements};
    if (o->model) {
        r->model = model_find_limited(o->model, file_loc(r), &limits, o->model_path,
                                      o->nmodel_path, o->models, &r->diags);
    } else if (decl) {
        r->model = model_find_limited(declared_model_path(r, decl->name), decl->name_loc,
                                      &limits, o->model_path, o->nmodel_path, o->models,
                                      &r->diags);
    } else {
        diag_addf(&r->diags, CHECK_MODEL_ERROR, SEV_ERROR, file_loc(r),
                  "no hardware model: declare one (model \"ascend910b2\";) or pass --model");
    }
    return r->model != NULL;
}

/* ---------------------------------------------------------------- kernels */

/* Findings of a run point into the run's lowered program (bindings, multi-core unit
 * names); copy what they use into the list's arena before the program is freed. */
static void adopt_findings(struct diag_list *d, size_t from)
{
    for (size_t i = from; i < d->len; i++) {
        struct finding *f = &d->items[i];
        if (f->unit_first)
            f->unit_first = arena_strdup(&d->arena, f->unit_first);
        if (f->unit_second)
            f->unit_second = arena_strdup(&d->arena, f->unit_second);
        struct binding_list *lists[] = {&f->params, &f->iter_first, &f->iter_second};
        for (size_t k = 0; k < 3; k++) {
            if (!lists[k]->len)
                continue;
            struct binding *b = arena_alloc_array(&d->arena, lists[k]->len, sizeof(*b));
            memcpy(b, lists[k]->items, lists[k]->len * sizeof(*b));
            for (size_t j = 0; j < lists[k]->len; j++)   /* -D names belong to the options */
                b[j].name = arena_strdup(&d->arena, b[j].name);
            lists[k]->items = b;
        }
    }
}

/* Checks one lowered run; false when a limit stopped it (reported). *deadlocked is set when
 * the run deadlocks, whether or not the finding is kept. */
static bool check_run(struct file_result *r, const struct check_options *o,
                      struct lw_program *p, bool *deadlocked)
{
    /* The clock engine keeps a clock of units entries per access and 3 x units + cores per
     * signal: refused before allocating rather than after running out of memory. */
    if (p->nins > GRAPH_MAX_INSTRUCTIONS) {   /* node numbers are 32-bit (graph/edges.h) */
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, p->kernel_decl->name_loc,
                  "kernel '%s' lowers to %zu instructions, more than the %zu the "
                  "happens-before engine can number in one run", p->kernel, p->nins,
                  GRAPH_MAX_INSTRUCTIONS);
        return false;
    }
    if (p->nunits > 0 && (uint64_t)p->nins > o->max_clock_size / (uint64_t)p->nunits) {
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, p->kernel_decl->name_loc,
                  "kernel '%s' lowers to %zu instructions on %d units, more than %llu "
                  "instruction-units for the happens-before engine; raise the limit with "
                  "--max-clock-size",
                  p->kernel, p->nins, p->nunits, (unsigned long long)o->max_clock_size);
        return false;
    }
    /* The reference engine keeps a reachability set per instruction: quadratic. */
    if (o->reference_engine && p->nins > 0 && (uint64_t)p->nins > o->max_clock_size / p->nins) {
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, p->kernel_decl->name_loc,
                  "kernel '%s' lowers to %zu instructions, more than the reference engine can "
                  "take within %llu instructions squared; raise the limit with "
                  "--max-clock-size",
                  p->kernel, p->nins, (unsigned long long)o->max_clock_size);
        return false;
    }
    struct hb_matches m;
    struct hb_result hb;
    hb_matches_build(p, &m);
    if (o->reference_engine)
        hb_reference_run(p, &m, &hb);
    else
        hb_clock_run(p, &m, &hb);
    if (hb.too_big) {
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, p->kernel_decl->name_loc,
                  "kernel '%s' lowers to %zu instructions whose ordering rules take more than "
                  "%zu edges (or 2^31 - 1 into one event), more than the happens-before engine "
                  "can number in one run",
                  p->kernel, p->nins, GRAPH_MAX_EDGES);
        hb_result_free(&hb);
        hb_matches_free(&m);
        return false;
    }
    /* The file's budget of pairs, shared by all its runs, is never below one run's: what
     * one run may compare a file may compare once. The tighter of the two is named. */
    uint64_t run_pairs = o->max_pairs ? o->max_pairs : UINT64_MAX;
    uint64_t file_pairs = o->max_file_pairs > run_pairs ? o->max_file_pairs : run_pairs;
    uint64_t file_left = file_pairs - r->pairs_spent;
    bool file_binds = file_left < run_pairs;
    struct check_context ctx = {.p = p, .m = &m, .hb = &hb, .out = &r->diags,
                                .all_pairs = o->reference_engine,
                                .max_pairs = file_binds ? file_left : run_pairs,
                                .brief = o->brief, .deadlocked = deadlocked};
    check_flags(&ctx);
    uint64_t pairs = 0;
    bool complete = check_hazards(&ctx, &pairs);
    r->pairs_spent += pairs < file_pairs - r->pairs_spent ? pairs : file_pairs - r->pairs_spent;
    if (!complete && file_binds)
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, p->kernel_decl->name_loc,
                  "the file's hazard searches compared more than %llu pairs of accesses in all "
                  "(every kernel, parameter value and path); raise the limit with "
                  "--max-file-pairs",
                  (unsigned long long)file_pairs);
    else if (!complete)
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, p->kernel_decl->name_loc,
                  "kernel '%s': the hazard search compared more than %llu pairs of accesses; "
                  "raise the limit with --max-pairs",
                  p->kernel, (unsigned long long)o->max_pairs);
    hb_result_free(&hb);
    hb_matches_free(&m);
    return complete;
}

/* The choices of the last run still on their first side: depth-first, each is flipped in a
 * later run of its own (util/choices.h). */
static uint64_t first_sides_left(const struct path_choices *path)
{
    uint64_t n = 0;
    for (size_t i = 0; i < path->taken.used; i++)
        n += path->taken.bits.items[i] != 0;
    return n;
}

typedef VEC(bool) bool_vec;

/* One kernel's check, shared by its assignments' runs. */
struct kernel_check {
    struct file_result *r;
    const struct check_options *o;
    const struct ast_decl *kernel;
    struct kernel_result *kr;
    struct lower_limits limits;
    uint64_t file_budget;
    enum cut_places cuts;
    struct merge_set *merge;    /* the choices that may be merged; NULL: none */
    bool turns;
    char why[256];      /* why a kernel of several cores has its choices multiply, or "" */
    const char *turn_core;  /* the core whose choices are explored (turns), or NULL */
    bool resplit;           /* every path run again: a merged run deadlocked (check_kernel) */
    bool deadlocked;        /* a run deadlocked, reported or not (a configuration may drop it) */
    VEC(const char *) core_names;   /* the cores of the first run (turns) */
};

/* The kernel passed --max-paths. The message says how its choices were explored: with
 * c->why, why the choices of its cores multiply (lower_turns_allowed); with c->turn_core,
 * checked one core at a time, the core whose choices were explored when the limit was
 * passed, alone (its own paths pass it) or not; and the first choice explored as paths
 * rather than merged, with why (lower_why_split), or that --choices split asked for it. */
static void too_many_paths(const struct kernel_check *c, bool alone)
{
    const struct check_options *o = c->o;
    const struct ast_decl *kernel = c->kernel;
    char split[480] = "";
    if (!c->resplit && !*c->why) {   /* why names the side's statement already */
        char why[400];
        if (o->split_choices)
            snprintf(split, sizeof(split), "; every choice explored as paths (--choices split)");
        else if (lower_why_split(kernel, c->r->model, c->merge, why, sizeof(why)))
            snprintf(split, sizeof(split), "; the first choice explored as paths, not merged: %s",
                     why);
    }
    if (c->resplit)
        diag_addf(&c->r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, kernel->name_loc,
                  "kernel '%s' has more than %zu paths (parameter values x if (?) choices; a "
                  "run with its choices merged deadlocks, so every path is run, and its races "
                  "on the paths that do not deadlock may be missing); raise the limit with "
                  "--max-paths",
                  kernel->name, o->max_paths);
    else if (c->turn_core)
        diag_addf(&c->r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, kernel->name_loc,
                  "kernel '%s' has more than %zu paths (parameter values x if (?) choices; "
                  "checked one core at a time, %s%s%s); raise the limit with --max-paths",
                  kernel->name, o->max_paths, alone ? "the choices of one core pass it alone: " :
                  "the cores' paths add up past it at ", c->turn_core, split);
    else
        diag_addf(&c->r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, kernel->name_loc,
                  "kernel '%s' has more than %zu paths (parameter values x if (?) choices%s%s%s); "
                  "raise the limit with --max-paths",
                  kernel->name, o->max_paths,
                  *c->why ? "; the choices of its cores multiply: " : "", c->why, split);
}

/* The runs of assignment k's paths, depth-first; with turns, only core `turn`'s choices are
 * explored (-1: none), the other cores' merged. chose, when not NULL, gets per core whether
 * the first run reached an `if (?)` on it. False when stopped (reported). */
static bool run_paths(struct kernel_check *c, uint64_t k, const struct binding_list *assignment,
                      int turn, bool_vec *chose)
{
    struct file_result *r = c->r;
    const struct check_options *o = c->o;
    struct kernel_result *kr = c->kr;
    struct path_choices path;
    path_choices_init(&path);
    path.merge = c->merge;
    path.turns = c->turns;
    path.turn = turn;
    c->limits.file_events_left = c->file_budget - r->events_spent;
    /* Counted before the first run: a kernel with too many paths is refused at once,
     * not after the first --max-paths of them (0: not counted, the runs will say why).
     * The count does not see cuts at barriers (lower.h), so a kernel that may be cut
     * is run instead, up to --max-paths runs. */
    uint64_t npaths = o->first_run_only ? 0
                                        : lower_count_paths(r->ast, c->kernel, r->model,
                                                            assignment, &c->limits, &path);
    if (npaths > o->max_paths - kr->paths && c->cuts == CUT_NOWHERE) {
        too_many_paths(c, npaths > o->max_paths);
        return false;
    }
    if (c->cuts != CUT_NOWHERE && npaths > 1)
        path.cuts = cut_memo_new(c->cuts);
    /* Past the count, runs go on only while cuts pay: after 16, one in 8 must have been
     * cut short, or the kernel is refused as the count would have (its states never meet
     * again at the points it may be cut at). */
    bool on_trial = npaths > o->max_paths - kr->paths, stopped = false, more;
    uint64_t runs = 0, cut_runs = 0;
    do {
        if (kr->paths >= o->max_paths || (on_trial && runs >= 16 && cut_runs * 8 < runs)) {
            too_many_paths(c, false);
            stopped = true;
            break;
        }
        size_t before = r->diags.len;
        c->limits.file_events_left = c->file_budget - r->events_spent;
        struct lw_program *p = lower_kernel(r->ast, c->kernel, r->model, assignment, &path,
                                            &c->limits, &r->diags, &stopped);
        r->events_spent += p ? p->work : 0;
        if (!stopped) {
            if (!o->lower_only && !check_run(r, o, p, &c->deadlocked))
                stopped = true;
            if (o->on_run && !stopped)
                o->on_run(o->on_run_arg, p, &r->diags, before);
            kr->events += p->nins;
            kr->accesses += p->nkind[INS_ACCESS];
            kr->merged += p->nmerged;
            kr->paths++;
            runs++;
            cut_runs += p->cut || p->turn_cut;
            if (kr->nparams_checked == k) {   /* first path of this assignment */
                size_t n = p->params.len;
                struct binding *b = arena_alloc_array(&r->diags.arena, n ? n : 1, sizeof(*b));
                if (n)
                    memcpy(b, p->params.items, n * sizeof(*b));
                kr->params_checked[kr->nparams_checked++] = (struct binding_list){b, n};
            }
            for (int i = 0; chose && runs == 1 && i < p->ncores; i++) {
                VEC_PUSH(*chose, p->cores[i].chose);
                VEC_PUSH(c->core_names, arena_strdup(&r->diags.arena, p->cores[i].name));
            }
        }
        adopt_findings(&r->diags, before);
        lw_program_free(p);
        if (!stopped && o->stop_after_run && o->stop_after_run(o->stop_arg, &r->diags))
            stopped = true;
        /* each first side taken is yet to be flipped, a run each, cuts or not */
        if (!stopped && path.cuts && kr->paths + first_sides_left(&path) > o->max_paths) {
            too_many_paths(c, false);
            stopped = true;
        }
        more = !stopped && !o->first_run_only && path_next(&path);
        /* Past --max-errors nothing more is shown and the file is not verified: the paths
         * left would only spend time on findings no one sees (said in the cap's message). */
        if (more && r->diags.too_many) {
            r->paths_unrun = true;
            stopped = true;
            more = false;
        }
    } while (more);
    path_choices_free(&path);
    return !stopped;
}

/* Assignment k's runs. With turns (docs/semantics.md §6), a first run merges every core's
 * choices; then, for each core that reached one, the runs of its own choices, the other
 * cores' merged: the sum of the cores' paths, not their product. */
static bool check_assignment(struct kernel_check *c, uint64_t k,
                             const struct binding_list *assignment)
{
    if (!c->turns)
        return run_paths(c, k, assignment, -1, NULL);
    bool_vec chose = {0};
    c->core_names.len = 0;
    bool ok = run_paths(c, k, assignment, -1, &chose);
    for (size_t core = 0; ok && core < chose.len; core++)
        if (chose.items[core] && c->r->diags.too_many) {
            c->r->paths_unrun = true;   /* past --max-errors: as run_paths, no more runs */
            ok = false;
        } else if (chose.items[core]) {
            c->kr->turns++;
            c->turn_core = c->core_names.items[core];
            ok = run_paths(c, k, assignment, (int)core, NULL);
            c->turn_core = NULL;
        }
    VEC_FREE(chose);
    return ok;
}

/* The first `total` assignments' runs, in order; false when one was stopped (reported). */
static bool check_assignments(struct kernel_check *c, const struct assignments *as,
                              uint64_t total)
{
    for (uint64_t k = 0; k < total; k++) {
        struct binding_list assignment = assignment_at(as, k, &c->r->diags.arena);
        if (!check_assignment(c, k, &assignment))
            return false;
    }
    return true;
}

static void check_kernel(struct file_result *r, const struct check_options *o,
                         const struct ast_decl *kernel, const struct assignments *as,
                         struct kernel_result *kr)
{
    kr->name = kernel->name;
    size_t nguessed = 0;
    for (const struct ast_guess *g = kernel->guesses; g; g = g->next)
        nguessed++;
    if (nguessed) {
        struct binding *b = arena_alloc_array(&r->diags.arena, nguessed, sizeof(*b));
        size_t i = 0;
        for (const struct ast_guess *g = kernel->guesses; g; g = g->next, i++)
            b[i] = (struct binding){arena_strdup(&r->diags.arena, g->name), g->value};
        kr->guessed = (struct binding_list){b, nguessed};
    }
    uint64_t total = assignment_count(as);
    if (total > o->max_paths) {
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, kernel->name_loc,
                  "kernel '%s' has more than %zu parameter assignments to check; raise the "
                  "limit with --max-paths or fix values with -D",
                  kernel->name, o->max_paths);
        return;
    }
    /* The file's budget is shared by its kernels and all their runs; it is never below one
     * run's, so what one run may do a file may do once. */
    uint64_t file_budget = o->max_file_events > o->max_events ? o->max_file_events : o->max_events;
    /* The simulator (lower_only) runs whole programs and one side of each choice: it neither
     * cuts nor merges. */
    bool merging = !o->lower_only && !o->split_choices;
    struct kernel_check c = {
        .r = r, .o = o, .kernel = kernel, .kr = kr,
        .limits = {.max_events = o->max_events, .max_trip_count = o->max_trip_count,
                   .file_budget = true, .max_file_events = file_budget},
        .file_budget = file_budget,
        .merge = merging ? lower_merge_set(kernel, r->model) : NULL};
    c.turns = merging && !o->first_run_only
              && lower_turns_allowed(kernel, r->model, c.why, sizeof(c.why));
    c.cuts = o->first_run_only || o->lower_only ? CUT_NOWHERE
                                                : lower_cut_places(kernel, r->model, c.turns);
    kr->params_checked = arena_alloc_array(&r->diags.arena, (size_t)total, sizeof(struct binding_list));
    if (o->first_run_only && total > 1)
        total = 1;
    bool stopped = !check_assignments(&c, as, total);
    /* Merged runs (docs/semantics.md §6) rely on every core calling the cross-core barriers
     * it shares with another in one order. Where they do not, a side's instruction between
     * two calls chains them on the path that takes it, which deadlocks, and the merged run,
     * holding that instruction, orders the other paths' accesses through the chain as well:
     * their races would be missing. Any path's deadlock is the merged run's, so a merged run
     * that deadlocks has every path run again; their findings join the run's (which are
     * theirs too: a merged run orders more, never less). The deadlock counts whether or not
     * it is reported: a configuration that turns the check off must not hide those races. */
    if (!stopped && (kr->merged || kr->turns) && c.deadlocked) {
        merge_set_free(c.merge);
        c.merge = NULL;
        c.turns = false;
        c.resplit = true;
        c.cuts = o->first_run_only ? CUT_NOWHERE : lower_cut_places(kernel, r->model, false);
        kr->paths = kr->turns = 0;
        kr->merged = kr->events = kr->accesses = 0;
        stopped = !check_assignments(&c, as, total);
    }
    VEC_FREE(c.core_names);
    merge_set_free(c.merge);
    kr->verified = !stopped;
}

static void check_kernels(struct file_result *r, const struct check_options *o)
{
    struct arena scratch;
    arena_init(&scratch);
    struct assignments as = {0};
    if (!plan_params(r, o, &scratch, &as)) {
        free(as.ranges);
        arena_free(&scratch);
        return;
    }
    for (const struct ast_decl *d = r->ast->decls; d; d = d->next)
        r->nkernels += d->kind == DECL_KERNEL;
    r->kernels = xcalloc(r->nkernels ? r->nkernels : 1, sizeof(*r->kernels));
    size_t i = 0;
    bool all_verified = true;
    for (const struct ast_decl *d = r->ast->decls; d; d = d->next) {
        if (d->kind != DECL_KERNEL)
            continue;
        if (o->only_kernel && strcmp(d->name, o->only_kernel) != 0) {
            r->kernels[i].name = d->name;   /* not checked; see check_options.only_kernel */
            r->kernels[i++].verified = true;
            continue;
        }
        check_kernel(r, o, d, &as, &r->kernels[i]);
        all_verified &= r->kernels[i].verified;
        i++;
    }
    r->checked = all_verified;
    free(as.ranges);
    arena_free(&scratch);
}

static int by_location(const void *x, const void *y)
{
    const struct finding *a = x, *b = y;
    if (a->loc.line != b->loc.line)
        return a->loc.line < b->loc.line ? -1 : 1;
    if (a->loc.col != b->loc.col)
        return a->loc.col < b->loc.col ? -1 : 1;
    if (a->check != b->check)
        return a->check < b->check ? -1 : 1;
    if (a->related.line != b->related.line)
        return a->related.line < b->related.line ? -1 : 1;
    return a->related.col < b->related.col ? -1 : a->related.col > b->related.col;
}

/* Stable order for readers and diffs: by location, equal keys in the order found. A
 * qsort with the position as the last key, since input errors are not capped and an
 * insertion sort over many of them would be quadratic. */
struct numbered_finding {
    struct finding f;
    size_t seq;
};

static int by_location_then_seq(const void *x, const void *y)
{
    const struct numbered_finding *a = x, *b = y;
    int c = by_location(&a->f, &b->f);
    return c ? c : (a->seq < b->seq ? -1 : a->seq > b->seq);
}

static void sort_by_location(struct diag_list *d)
{
    if (d->len < 2)
        return;
    struct numbered_finding *tmp = xcalloc(d->len, sizeof(*tmp));
    for (size_t i = 0; i < d->len; i++)
        tmp[i] = (struct numbered_finding){d->items[i], i};
    qsort(tmp, d->len, sizeof(*tmp), by_location_then_seq);
    for (size_t i = 0; i < d->len; i++)
        d->items[i] = tmp[i].f;
    free(tmp);
}

static void init_result(struct file_result *r, const char *path, const struct check_options *o)
{
    memset(r, 0, sizeof(*r));
    r->path = xstrdup(path);
    r->config = o->config ? xstrdup(o->config) : NULL;
    memcpy(r->level, o->level, sizeof(r->level));
    diag_list_init(&r->diags, o->max_errors);
    for (int c = 0; c < CHECK_COUNT; c++)   /* off: never kept, so never counted toward a cap */
        if (o->level[c] == CHECK_LEVEL_OFF && !check_is_input_error((enum check_id)c))
            r->diags.dropped |= (uint64_t)1 << c;
}

static void check_parsed(struct file_result *r, const struct check_options *o,
                         const struct lowered_source *low, const struct diag_list *front);

/* Parses and checks `pir` into r. For a lowered source file, `low` maps the PIR's lines back
 * to the source and `front` holds what the frontend reported; both are NULL for PIR. */
static void check_pir(struct file_result *r, struct source *pir, const struct check_options *o,
                      const struct lowered_source *low, const struct diag_list *front)
{
    struct parse_limits pl = {.max_tokens = o->max_tokens, .max_depth = o->max_depth};
    r->ast = pir ? pir_parse(pir, &pl, &r->diags) : NULL;
    check_parsed(r, o, low, front);
}

/* An entry of a kernel source that lowers to no memory access in any run was not verified:
 * its code is compiled out under the macros and values it was read with, or reaches none
 * (docs/diagnostics.md#empty-kernel). Reported at the kernel, whose PIR line is the entry's. */
static void report_empty_kernels(struct file_result *r)
{
    size_t i = 0;
    for (const struct ast_decl *d = r->ast->decls; d && i < r->nkernels; d = d->next) {
        if (d->kind != DECL_KERNEL)
            continue;
        struct kernel_result *kr = &r->kernels[i++];
        if (!kr->verified || kr->accesses)
            continue;
        kr->verified = false;
        kr->empty = true;
        bool renamed = kr->entry && strcmp(kr->entry, kr->name) != 0;
        struct finding *f = diag_addf(
            &r->diags, CHECK_EMPTY_KERNEL, SEV_WARNING, d->name_loc,
            "kernel '%s'%s%s%s accesses no memory as it was read (its code compiled out for "
            "this arch, data type or key, never reached, or moving no bytes with the values it "
            "ran with): nothing in it was verified",
            kr->name, renamed ? " (entry " : "", renamed ? kr->entry : "", renamed ? ")" : "");
        if (f)
            f->kernel = kr->name;
    }
}

/* check_pir once the program is parsed (r->ast, NULL if it could not be). */
static void check_parsed(struct file_result *r, const struct check_options *o,
                         const struct lowered_source *low, const struct diag_list *front)
{
    struct source *pir = low ? r->lowered : r->src;
    if (r->ast && !r->diags.errors && check_declarations(r) && check_buffer_count(r, o) &&
        load_model(r, o)) {
        check_kernels(r, o);
        if (low) {
            lowered_name_entries(r, low);
            report_empty_kernels(r);
        }
    } else if (!low) {
        return;
    }
    if (low) {
        lowered_move_to_source(r, pir, low, front);
        if (low->incomplete)
            r->checked = false;
    }
    suppress_findings(r->src, &r->diags);
    apply_check_levels(o->level, &r->diags);
    sort_by_location(&r->diags);
    free(r->diags.slots);   /* positions changed: rebuilt by the next addition */
    r->diags.slots = NULL;
    r->diags.nslots = 0;
    if (r->diags.too_many) {   /* last, after what was kept */
        r->checked = false;
        r->diags.max_errors = 0;
        diag_addf(&r->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, file_loc(r),
                  "more than %zu finding%s (errors and warnings): %zu more %s not reported, "
                  "and the file counts as not verified%s (--max-errors)",
                  o->max_errors, o->max_errors == 1 ? "" : "s", r->diags.cut,
                  r->diags.cut == 1 ? "was" : "were",
                  r->paths_unrun ? "; the paths of its kernels not yet run then were not run"
                                 : "");
    }
}

void check_source(struct source *src, const struct check_options *o, struct file_result *r)
{
    init_result(r, src->path, o);
    r->src = src;
    check_pir(r, src, o, NULL, NULL);
}

void check_program(struct source *src, struct ast_program *ast, const struct check_options *o,
                   struct file_result *r)
{
    init_result(r, src->path, o);
    r->src = src;
    r->ast = ast;
    check_parsed(r, o, NULL, NULL);
}

void file_result_free_borrowed(struct file_result *r)
{
    r->src = NULL;
    r->ast = NULL;
    file_result_free(r);
}

/* The rest of the lowered header's line "// <lead>...", in r's arena; NULL: none. */
static const char *header_line(struct file_result *r, const struct lowered_source *low,
                               const char *lead)
{
    char *find = xasprintf("\n// %s", lead);
    const char *at = low->pir ? strstr(low->pir, find) : NULL;
    free(find);
    if (!at)
        return NULL;
    at += strlen(lead) + 4;
    return arena_strndup(&r->diags.arena, at, strcspn(at, "\n"));
}

/* A kernel source (Ascend C): lowered to PIR by the frontend, checked, and the findings
 * moved back to the source's own lines. */
static void check_lowered(struct source *src, const struct check_options *o, struct file_result *r)
{
    init_result(r, src->path, o);
    r->src = src;
    struct frontend_options fo = {
        .include_dirs = o->include_dirs, .ninclude_dirs = o->ninclude_dirs,
        .defines = o->defines, .ndefines = o->ndefines, .model = o->model,
        .max_steps = o->max_events, .max_file_steps = o->max_file_events,
        .manual_sync = o->manual_sync, .split_choices = o->split_choices,
        .task_type = o->task_type,
        .keep_incomplete = false, .arch = o->arch, .sdk = o->sdk, .model_path = o->model_path,
        .nmodel_path = o->nmodel_path, .max_memory_mib = o->max_source_memory,
        .max_seconds = o->max_source_seconds, .max_header_size = o->max_file_size,
        .max_depth = o->max_depth, .host_inputs = o->host_inputs,
        .nhost_inputs = o->nhost_inputs,
        .compile_db = o->compile_db};
    struct lowered_source low;
    struct diag_list front;
    diag_list_init(&front, 0);
    frontend_lower(src, &fo, &low, &front);
    /* the report says which inputs and data types the verdicts are for */
    r->tiling = header_line(r, &low, "tiling: ");
    r->data_types = header_line(r, &low, "data types: ");
    r->chip = header_line(r, &low, "chip: ");
    if (low.pir) {
        char *name = xasprintf("%s.pir", src->path);
        r->lowered = source_from_string(name, low.pir, low.len);
        free(name);
    }
    /* the -D values were the frontend's (macros, runtime values): the PIR has no params */
    struct check_options po = *o;
    po.defines = NULL;
    po.ndefines = 0;
    r->stopped = xcalloc(low.nstopped ? low.nstopped : 1, sizeof(*r->stopped));
    for (size_t i = 0; i < low.nstopped; i++, r->nstopped++)
        r->stopped[i] = (struct stopped_kernel){arena_strdup(&r->diags.arena, low.stopped[i].kernel),
                                                arena_strdup(&r->diags.arena, low.stopped[i].reason)};
    struct lowered_place place = {r->lowered ? r->lowered->path : "", &low};
    lowered_place_findings(r, &place);
    check_pir(r, r->lowered, &po, &low, &front);
    lowered_source_free(&low);
    diag_list_free(&front);
}

void check_unread(const char *path, const char *why, const struct check_options *o,
                  struct file_result *r)
{
    init_result(r, path, o);
    diag_addf(&r->diags, strstr(why, "limit") ? CHECK_LIMIT_EXCEEDED : CHECK_INPUT_ERROR,
              SEV_ERROR, file_loc(r), "cannot read %s: %s", path, why);
}

void check_file(const char *path, const struct check_options *o, struct file_result *r)
{
    const char *err = NULL;
    struct source *src = source_read(path, o->max_file_size, &err);
    if (!src) {
        check_unread(path, err, o, r);
        return;
    }
    if (frontend_for_path(path) != FRONTEND_NONE)
        check_lowered(src, o, r);
    else
        check_source(src, o, r);
}

/* s, or a copy in `to` when `from` owns it. */
static const char *out_of(const struct arena *from, struct arena *to, const char *s)
{
    return s && arena_owns(from, s) ? arena_strdup(to, s) : s;
}

/* l, or a copy in `to` when `from` owns one of its names. */
static void bindings_out_of(const struct arena *from, struct arena *to, struct binding_list *l)
{
    size_t i = 0;
    while (i < l->len && !arena_owns(from, l->items[i].name))
        i++;
    if (i == l->len)
        return;
    struct binding *b = arena_alloc_array(to, l->len, sizeof(*b));
    for (size_t k = 0; k < l->len; k++)
        b[k] = (struct binding){.name = out_of(from, to, l->items[k].name),
                                .value = l->items[k].value};
    l->items = b;
}

void file_result_drop_ast(struct file_result *r)
{
    if (!r->ast)
        return;
    for (size_t i = 0; i < r->diags.len; i++)
        if (r->diags.items[i].trace)
            return;   /* a witness's instructions are named through the program */
    const struct arena *from = &r->ast->arena;
    struct arena *to = &r->diags.arena;
    for (size_t i = 0; i < r->diags.len; i++) {
        struct finding *f = &r->diags.items[i];
        const char **names[] = {&f->message, &f->loc.file, &f->related.file, &f->related_what,
                                &f->kernel, &f->unit_first, &f->unit_second, &f->op_first,
                                &f->op_second, &f->buffer, &f->fix, &f->suppressed,
                                &f->fix_advice};
        for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
            *names[k] = out_of(from, to, *names[k]);
        bindings_out_of(from, to, &f->params);
        bindings_out_of(from, to, &f->iter_first);
        bindings_out_of(from, to, &f->iter_second);
        /* Edits are worded into the list's arena (check/fix.c), never the program's. */
    }
    for (size_t k = 0; k < r->nkernels; k++) {
        struct kernel_result *kr = &r->kernels[k];
        kr->name = out_of(from, to, kr->name);
        for (size_t j = 0; j < kr->nparams_checked; j++)
            bindings_out_of(from, to, &kr->params_checked[j]);
    }
    ast_program_free(r->ast);
    r->ast = NULL;
}

void file_result_free(struct file_result *r)
{
    ast_program_free(r->ast);
    model_free(r->model);
    source_free(r->src);
    source_free(r->lowered);
    diag_list_free(&r->diags);
    free(r->kernels);
    free(r->stopped);
    free(r->path);
    free(r->config);
    memset(r, 0, sizeof(*r));
}

int file_result_exit_code(const struct file_result *r, bool werror)
{
    if (!r->checked || diag_has_input_error(&r->diags))
        return 2;
    if (r->diags.errors || (werror && r->diags.warnings))
        return 1;
    return 0;
}
