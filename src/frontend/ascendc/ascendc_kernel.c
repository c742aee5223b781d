/* One Ascend C kernel entry as one PIR kernel, on the cores it needs (docs/frontends.md,
 * "Entries"): the entry is run once on a vector core; what that run shows decides whether it
 * is lowered again on several vector cores, on the cube core, or as a MIX kernel of one cube
 * and two vector cores. Every run of a core is a whole execution (conditions on data split
 * the kernel into runs, never joined). */
#include "ascendc_kernel.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/clang_driver.h"
#include "../interp/session.h"
#include "ascendc_api.h"
#include "tiling_defaults.h"
#include "tiling_search.h"
#include "../../util/xalloc.h"

/* Cores of a kernel that synchronizes them, at most. (The runs of one core, one per
 * combination of sides of its conditions on data, are at most interp_options.max_runs.) */
enum { MAX_CORES = 64 };

/* Kernel arguments: GM addresses become GM buffers named after them; integers are runtime
 * values (-D NAME=VALUE, default 4). */
static struct value bind_param(struct interp *I, CXCursor parm, void *data)
{
    (void)data;
    struct value v = interp_kernel_argument(I, parm, "GM", 4);
    if (v.kind == VAL_POINTER && tiling_parameter(parm))
        ascendc_api_tiling_argument(I, v.buffer);
    return v;
}

/* Which core a run is on, the parse it runs (the entry in it), and what the entry's runs
 * share. */
struct core_kind {
    struct interp *I;
    CXCursor entry;
    bool cube;              /* the cube core (g_coreType AIC), else a vector core */
    bool probe;             /* a thrown-away run asking what the cube core does */
    bool mix;               /* one core of a MIX kernel's group */
    struct ascendc_entry_facts *facts;
    const struct model_source *types;   /* the model's core type names */
};

struct traits {
    struct ascendc_traits api;
    bool wrote;             /* the runs wrote statements */
};

static void merge(struct ascendc_traits *into, struct ascendc_traits t)
{
    into->cross_core |= t.cross_core;
    into->core_dependent |= t.core_dependent;
    into->cube |= t.cube;
    into->cube_link |= t.cube_link;
    into->core_type_read |= t.core_type_read;
    into->vector_on_cube |= t.vector_on_cube;
}

struct core_run {
    const struct frontend_options *o;
    struct core_kind core;
    struct traits t;
};

static void run_on_core(struct interp *I, CXCursor entry, void *ctx)
{
    struct core_run *c = ctx;
    void *api_data = ascendc_api_data_new(
        I->w, (struct ascendc_run){.auto_sync = !c->o->manual_sync, .cube_core = c->core.cube,
                                   .mix = c->core.mix, .probe = c->core.probe,
                                   .facts = c->core.facts, .source = c->core.types});
    I->api_data = api_data;
    interp_run_kernel(I, entry, bind_param, NULL);
    ascendc_api_end_run(I, interp_end_loc(I, cursor_body(entry)));
    merge(&c->t.api, ascendc_api_traits(api_data));
    ascendc_api_data_free(api_data);
}

/* The runs of the entry on one core (interp_lower_runs). Sets *incomplete when something was
 * not modelled. */
static struct traits lower_runs(struct pir_writer *w, struct as_loc at,
                                const struct frontend_options *o, struct core_kind core,
                                bool *incomplete)
{
    struct pir_mark first = pir_writer_mark(w);
    struct core_run c = {.o = o, .core = core};
    interp_lower_runs(core.I, core.entry, at, run_on_core, &c, incomplete);
    c.t.wrote = pir_writer_mark(w).offset != first.offset;
    return c.t;
}

/* `core NAME[count] : TYPE { if (coreid == 0) { ... } else { if (coreid == 1) ... } }`, every
 * core run with its own GetBlockIdx() (`block_what` says which). In a kernel of `clusters`
 * clusters (more than 1), the cores of cluster c are `if (clusterid == c)` and have blocks
 * c * count to c * count + count - 1. */
static void lower_group(struct pir_writer *w, struct as_loc at, const struct frontend_options *o,
                        struct core_kind core, int64_t clusters, int64_t count,
                        const char *block_what, bool *incomplete)
{
    const char *type = core.cube ? core.types->cube_core : core.types->vector_core;
    char name[64];
    size_t n = 0;
    for (; type[n] && n + 1 < sizeof(name); n++)   /* the core's name: its type, lower case */
        name[n] = (char)tolower((unsigned char)type[n]);
    name[n] = '\0';
    if (count == 1)
        pir_writer_open(w, at, "core %s : %s", name, type);
    else
        pir_writer_open(w, at, "core %s[%lld] : %s", name, (long long)count, type);
    /* the `else` blocks left open, closed at the end (fewer when a core stops the lowering) */
    int64_t open_clusters = 0;
    for (int64_t c = 0; c < clusters && !*incomplete; c++) {
        if (c < clusters - 1)
            pir_writer_open(w, at, "if (clusterid == %lld)", (long long)c);
        int64_t open_cores = 0;
        for (int64_t b = 0; b < count && !*incomplete; b++) {
            interp_set_runtime(core.I, "block_idx", c * count + b, block_what);
            if (b < count - 1)
                pir_writer_open(w, at, "if (coreid == %lld)", (long long)b);
            lower_runs(w, at, o, core, incomplete);
            if (b < count - 1) {
                pir_writer_close(w, at);
                pir_writer_open(w, at, "else");
                open_cores++;
            }
        }
        for (int64_t b = 0; b < open_cores; b++)
            pir_writer_close(w, at);
        if (c < clusters - 1) {
            pir_writer_close(w, at);
            pir_writer_open(w, at, "else");
            open_clusters++;
        }
    }
    for (int64_t c = 0; c < open_clusters; c++)
        pir_writer_close(w, at);
    pir_writer_close(w, at);
}

/* The cores of a kernel launched on block_num of them (-D block_num, default 8). */
static int64_t launched_cores(struct interp *I, CXCursor entry, bool *incomplete)
{
    int64_t cores = interp_runtime(I, "block_num", 8, "GetBlockNum()");
    if (cores < 1 || cores > MAX_CORES) {
        interp_unsupported(I, entry, "block_num = %lld: a kernel that depends on its core is "
                           "lowered on each core, 1 to %d", (long long)cores, MAX_CORES);
        *incomplete = true;
    }
    return cores;
}

/* A MIX kernel: block_num groups (AI cores) of one cube core and two vector cores (the
 * vendor's MIX_AIC_1_2 kernel type), each group a PIR cluster when there are several: the
 * model's modes 1 and 2 link only the cores of one cluster. -D block_num gives the groups;
 * without it, one. GetBlockIdx() is the group on the cube core and 2 * group + 0 or 1 on the
 * vector cores, as the vendor documents it. */
static void lower_mix(struct pir_writer *w, struct as_loc at, const struct frontend_options *o,
                      struct core_kind vector, struct core_kind cube, bool *incomplete)
{
    struct interp *I = vector.I;
    CXCursor entry = vector.entry;
    if (!strcmp(vector.types->vector_core, vector.types->cube_core)) {
        interp_unsupported(I, entry, "a MIX kernel (code for the cube and the vector cores) on a "
                           "model with one core type for both (%s)", vector.types->vector_core);
        *incomplete = true;
        return;
    }
    /* -D block_num (its current value, under a -D range too), else one group */
    bool given = interp_defined(I, "block_num", NULL);
    int64_t groups = given ? interp_runtime(I, "block_num", 1, "GetBlockNum()") : 1;
    if (groups < 1 || groups > MAX_CORES / (1 + AC_MIX_VECTOR_CORES)) {
        interp_unsupported(I, entry, "block_num = %lld: a MIX kernel is lowered on each group of "
                           "a cube core and %d vector cores, 1 to %d groups", (long long)groups,
                           AC_MIX_VECTOR_CORES, MAX_CORES / (1 + AC_MIX_VECTOR_CORES));
        *incomplete = true;
        return;
    }
    const char *what = given ? "GetBlockNum(): the groups of a cube core and two vector cores"
                             : "GetBlockNum(): a MIX kernel is lowered on one group of a cube "
                               "core and two vector cores unless -D block_num gives more";
    interp_set_runtime(vector.I, "block_num", groups, what);
    if (cube.I != vector.I)
        interp_set_runtime(cube.I, "block_num", groups, what);
    cube.mix = vector.mix = true;
    if (groups > 1)
        pir_writer_open(w, at, "cluster group[%lld]", (long long)groups);
    static const char block_what[] = "GetBlockIdx(): the group on the cube core, 2 * group and "
                                     "2 * group + 1 on its vector cores";
    lower_group(w, at, o, cube, groups, 1, block_what, incomplete);
    if (!*incomplete)
        lower_group(w, at, o, vector, groups, AC_MIX_VECTOR_CORES, block_what, incomplete);
    if (groups > 1)
        pir_writer_close(w, at);
}

/* One lowering of the entry as kernel `name`, with the runtime values as they are; true when
 * something was not modelled (the kernel is incomplete). */
static bool lower_entry_once(const struct entry_parses *p, struct pir_writer *w, const char *name,
                             const struct frontend_options *o, const struct model_source *cores)
{
    struct interp *I = p->vector_I;
    CXCursor entry = p->vector_entry;
    struct as_loc at = interp_loc(I, entry);
    pir_writer_open(w, at, "kernel %s", name);
    struct pir_mark body = pir_writer_mark(w);
    size_t buffers = w->nbuffers;   /* the ones declared before the entry's first run */
    bool incomplete = false;
    struct ascendc_entry_facts facts;
    ascendc_entry_facts_init(&facts);
    struct core_kind vector = {.I = I, .entry = entry, .facts = &facts, .types = cores};
    struct core_kind cube = {.I = p->cube_I, .entry = p->cube_entry, .cube = true,
                             .facts = &facts, .types = cores};
    struct core_kind probe_cube = cube;
    probe_cube.mix = probe_cube.probe = true;
    /* `__global__ __cube__` / `__vector__`: the entry says which core it is for */
    bool cube_only = clang_has_annotation(entry, "accelsync:cube");
    bool vector_only = clang_has_annotation(entry, "accelsync:vector");
    struct traits v = lower_runs(w, at, o, cube_only ? cube : vector, &incomplete);
    struct ascendc_traits t = v.api;
    bool cube_side = cube_only || t.cube || t.cube_link;
    if (!incomplete && vector_only && cube_side) {
        interp_unsupported(I, entry, "a __vector__ kernel that uses the cube (Mmad, LoadData, "
                           "Fixpipe, a mode-2 flag)");
        incomplete = true;
    }
    /* A parse per core type separates the cores' code, unless the vector parse uses the cube
     * itself (the macros select something else). */
    bool split = p->split && !t.cube;
    /* The cube core's own parse, or code that tests which core it is on: run it on the cube
     * core to see if it has work. */
    bool probe = !cube_only && !vector_only && (split || t.core_type_read);
    if (!incomplete && probe && !cube_side) {
        struct pir_mark at_probe = pir_writer_mark(w);
        size_t before = w->nbuffers;
        struct traits c = lower_runs(w, at, o, probe_cube, &incomplete);
        /* Cube work is the cube's APIs or a link to the vector cores. Under a parse per core
         * type, code the macros leave to both cores (copies, ~TPipe) is not; a vector API the
         * cube core reaches means the macros do not separate the cores' code at all. Under
         * g_coreType, anything the cube core's branch writes is. */
        bool by_macros = split;
        if (c.api.vector_on_cube)
            split = false;
        cube_side = c.api.cube || c.api.cube_link ||
                    (!by_macros && c.wrote && !c.api.vector_on_cube);
        t.cross_core |= c.api.cross_core;
        t.core_dependent |= c.api.core_dependent;
        pir_writer_rollback(w, at_probe);
        if (!incomplete)   /* incomplete: kept for `lower`, which shows what was read */
            pir_writer_drop_buffers(w, before);
    }
    bool several = t.cross_core || (t.core_dependent && interp_defined(I, "block_num", NULL));
    /* With a parse per core type, the vector parse has vector code when its run wrote some. */
    bool mix = !cube_only && (split ? v.wrote || t.cube_link : t.core_type_read || t.cube_link);
    if (!incomplete && cube_side && mix) {
        pir_writer_rollback(w, body);
        pir_writer_drop_buffers(w, buffers);
        lower_mix(w, at, o, vector, cube, &incomplete);
    } else if (!incomplete && cube_side) {   /* a cube kernel: no vector code */
        pir_writer_rollback(w, body);
        pir_writer_drop_buffers(w, buffers);
        int64_t count = several ? launched_cores(I, entry, &incomplete) : 1;
        if (!incomplete)
            lower_group(w, at, o, cube, 1, count,
                        "GetBlockIdx(): each core its own, 0 to block_num - 1", &incomplete);
    } else if (!incomplete && several) {
        pir_writer_rollback(w, body);
        pir_writer_drop_buffers(w, buffers);
        int64_t count = launched_cores(I, entry, &incomplete);
        if (!incomplete)
            lower_group(w, at, o, vector, 1, count,
                        "GetBlockIdx(): each core its own, 0 to block_num - 1", &incomplete);
    }
    pir_writer_close(w, at);
    return incomplete;
}

struct entry_lowering {
    const struct entry_parses *p;
    struct pir_writer *w;
    const char *name;
    const struct frontend_options *o;
    const struct model_source *cores;
};

static bool lower_entry_attempt(void *ctx)
{
    const struct entry_lowering *e = ctx;
    return lower_entry_once(e->p, e->w, e->name, e->o, e->cores);
}

/* The entry lowered with guesses of its tiling the host could produce (tiling_search.h). A
 * kernel checked with guessed values says which (`guessed(...)`). */
void ascendc_lower_entry(const struct entry_parses *p, struct pir_writer *w, const char *name,
                         const struct frontend_options *o, const struct model *m,
                         struct lowered_source *out)
{
    struct interp *I = p->vector_I;
    struct pir_mark mark = pir_writer_mark(w);
    size_t buffers = w->nbuffers;
    size_t first_diag = I->diags->len;
    struct entry_lowering e = {p, w, name, o, &m->source};
    struct tiling_search s = {.I = I, .J = p->cube_I, .entry = p->vector_entry, .w = w,
                              .m = m, .keep_incomplete = o->keep_incomplete,
                              .lower = lower_entry_attempt, .ctx = &e};
    bool incomplete = tiling_search_lower(&s, name);
    out->kernels++;
    if (incomplete) {
        out->incomplete++;
        if (!o->keep_incomplete) {
            pir_writer_rollback(w, mark);
            pir_writer_drop_buffers(w, buffers);
            lowered_add_stop(out, name, I->diags, first_diag);
        }
    }
}
