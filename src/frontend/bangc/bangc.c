/* The BANG C frontend: parses a .mlu file with libclang against the frontend's own
 * declarations of the device language (stubs/bangc/, compiled into the binary), finds the
 * kernel entries (__mlu_global__ / __mlu_entry__ definitions) and lowers each for the launch's
 * task type: a BLOCK task is one IPU; a UNIONn task is n clusters of one MPU and four IPUs,
 * each core running the entry with its own taskId, coreId and clusterId. */
#include "../clang/clang_api.h"
#include <stdlib.h>
#include <string.h>

#include "../../model/model.h"
#include "../../util/embedded.h"
#include "../../util/xalloc.h"
#include "../clang/clang_driver.h"
#include "../clang/core_macros.h"
#include "../clang/entry_names.h"
#include "../interp/interp.h"
#include "../interp/enum_args.h"
#include "../interp/session.h"
#include "../pir/pir_writer.h"
#include "bangc.h"
#include "bangc_api.h"
#include "launch_types.h"
#include "task_type.h"

extern const struct embedded_file bangc_stubs[];

#define STUB_DIR "/accelsync-frontend/bangc"

static const char *const forwarded_headers[] = {"bang_device_functions.h"};
/* The BANG C qualifiers are keywords of the vendor compiler: a header may use them without
 * including anything, so the language stub is included before every file. */
/* The device compiler's language options: C++17, half a native scalar type (so `c ? h : f`
 * converts as the device compiler does, to float), the declarations before the kernel. */
static const char *const compiler_args[] = {
    "-x", "c++", "-std=c++17", "-Xclang", "-fnative-half-type", "-Xclang",
    "-fnative-half-arguments-and-returns", "-include", "bang.h",
};

static const char *const entry_words[] = {"__mlu_global__", "__mlu_entry__", NULL};

static const struct clang_dialect dialect = {
    .stub_dir = STUB_DIR,
    .stubs = bangc_stubs,
    .forwarded = forwarded_headers,
    .nforwarded = sizeof(forwarded_headers) / sizeof(forwarded_headers[0]),
    .forward_to = "mlu.h",
    .args = compiler_args,
    .nargs = sizeof(compiler_args) / sizeof(compiler_args[0]),
    .entry_words = entry_words,
};

/* An integer kernel argument without -D (as in the Ascend C frontend). */
enum { IPUS_PER_CLUSTER = 4, MPU_CORE_ID = 0x80, DEFAULT_ARGUMENT = 4 };

/* Kernel arguments, bound once per kernel so that every core sees the same GDRAM: pointers
 * become GDRAM buffers named after them, integers runtime values (-D NAME=VALUE, default 4;
 * an enum one value per kernel, enum_args.h). */
struct params {
    VEC(struct value) values;
    size_t next;
    const struct enum_args *enums;  /* the entry's enum arguments, one value per kernel */
    size_t accesses;                /* access lines the kernel's runs wrote */
};

static struct value bind_param(struct interp *I, CXCursor parm, void *data)
{
    struct params *ps = data;
    /* an object (a struct argument) is the interpreter's for one run only: made again, from
     * the same runtime values */
    if (ps->next < ps->values.len && ps->values.items[ps->next].kind != VAL_OBJECT)
        return ps->values.items[ps->next++];
    CXString s = clang_getCursorSpelling(parm);
    const char *name = clang_getCString(s);
    /* an enum argument has a value per kernel (enum_args.h); past their limit, or for the
     * values the source does not name, what it selects stays unknown */
    bool other = true;
    const struct unnamed_values *unlike = NULL;
    struct value v = {.kind = VAL_UNKNOWN, .buffer = -1};
    if (clang_getCanonicalType(clang_getCursorType(parm)).kind != CXType_Enum ||
        interp_defined(I, name, NULL) || (enum_args_other(ps->enums, name, &other, &unlike)
                                          && !other))
        v = interp_kernel_argument(I, parm, "GDRAM", DEFAULT_ARGUMENT);
    else
        v.unlike = unlike;
    clang_disposeString(s);
    if (ps->next < ps->values.len)
        ps->values.items[ps->next] = v;
    else
        VEC_PUSH(ps->values, v);
    ps->next++;
    return v;
}

/* Runs the entry as one core; false when something was not modelled. */
static bool run_core(struct interp *I, CXCursor entry, const struct bangc_core *core,
                     struct params *ps)
{
    void *data = bangc_api_data_new(I->w, core);
    I->api_data = data;
    ps->next = 0;
    interp_run_kernel(I, entry, bind_param, ps);
    ps->accesses += bangc_api_data_free(data);
    return !I->incomplete;
}

static void block_core(struct interp *I, struct bangc_core *c)
{
    memset(c, 0, sizeof(*c));
    c->task[BANGC_TASK_ID] = interp_runtime(I, "taskId", 0, "taskId of the BLOCK task checked");
    c->task[BANGC_TASK_DIM] = interp_runtime(I, "taskDim", 1, "taskDim of the launch");
    c->task[BANGC_TASK_ID_X] = c->task[BANGC_TASK_ID];
    c->task[BANGC_TASK_DIM_X] = c->task[BANGC_TASK_DIM];
    c->task[BANGC_TASK_DIM_Y] = c->task[BANGC_TASK_DIM_Z] = 1;
    c->task[BANGC_CORE_DIM] = 1;
    c->task[BANGC_CLUSTER_DIM] = 1;
}

static void union_core(struct bangc_core *c, int clusters, int cluster, int ipu)
{
    memset(c, 0, sizeof(*c));
    c->mpu = ipu < 0;
    c->task[BANGC_CLUSTER_ID] = cluster;
    c->task[BANGC_CLUSTER_DIM] = clusters;
    c->task[BANGC_CORE_DIM] = IPUS_PER_CLUSTER;
    c->task[BANGC_CORE_ID] = c->mpu ? MPU_CORE_ID : ipu;
    /* the MPU has no task of its own: it is given its cluster's first */
    c->task[BANGC_TASK_ID] = (int64_t)cluster * IPUS_PER_CLUSTER + (c->mpu ? 0 : ipu);
    c->task[BANGC_TASK_DIM] = (int64_t)clusters * IPUS_PER_CLUSTER;
    c->task[BANGC_TASK_ID_X] = c->task[BANGC_TASK_ID];
    c->task[BANGC_TASK_DIM_X] = c->task[BANGC_TASK_DIM];
    c->task[BANGC_TASK_DIM_Y] = c->task[BANGC_TASK_DIM_Z] = 1;
}

/* One entry as one PIR kernel: a single-core kernel for BLOCK, cluster blocks for UNIONn. */
static void lower_entry(struct interp *I, struct pir_writer *w, CXCursor entry, int clusters,
                        const struct entry_name *name, const char *suffix, const char *launch,
                        const struct enum_args *enums, const struct frontend_options *o,
                        struct lowered_source *out)
{
    struct pir_mark mark = pir_writer_mark(w);
    struct as_loc at = interp_loc(I, entry);
    size_t first_diag = I->diags->len;
    char *kernel = xasprintf("%s%s", name->kernel, suffix);
    pir_writer_open(w, at, "kernel %s", kernel);
    struct params ps = {.enums = enums};
    struct bangc_core core;
    bool complete = true;
    if (clusters == 0) {
        block_core(I, &core);
        complete = run_core(I, entry, &core, &ps);
    }
    for (int c = 0; c < clusters && complete; c++) {
        pir_writer_open(w, at, "cluster c%d", c);
        for (int k = -1; k < IPUS_PER_CLUSTER && complete; k++) {
            if (k < 0)
                pir_writer_open(w, at, "core mpu : MPU");
            else
                pir_writer_open(w, at, "core ipu%d : IPU", k);
            union_core(&core, clusters, c, k);
            complete = run_core(I, entry, &core, &ps);
            pir_writer_close(w, at);
        }
        pir_writer_close(w, at);
    }
    pir_writer_close(w, at);
    VEC_FREE(ps.values);
    const char *other = enum_args_other_name(enums);
    if (complete && other && !ps.accesses && enum_args_count(enums) > 1) {
        /* what the source does with the values it does not name: nothing (an entry of no
         * other kernel stays one, empty, and is said so) */
        pir_writer_rollback(w, mark);
        pir_writer_note(w, "entry %s: with '%s' one of the values the source does not name, "
                        "it accesses no memory: not a kernel of its own", name->spelled, other);
        free(kernel);
        return;
    }
    out->kernels++;
    if (!complete) {
        out->incomplete++;
        if (!o->keep_incomplete) {
            pir_writer_rollback(w, mark);
            lowered_add_stop(out, kernel, I->diags, first_diag);
        }
    }
    lowered_source_add_launched_entry(out, kernel, name->spelled, launch);
    free(kernel);
}

/* Where an entry's task types come from (launch_types.h), and the launches whose type the
 * host code beside it does not resolve. */
static void launch_notes(struct pir_writer *w, const struct entry_name *name,
                         const struct launch_types *found)
{
    size_t n = found->types.len;
    for (size_t t = 0; t < n; t++) {
        int clusters = found->types.items[t].clusters;
        char *kernel = n < 2 ? xstrdup(name->kernel)
                       : clusters ? xasprintf("%s_union%d", name->kernel, clusters)
                                  : xasprintf("%s_block", name->kernel);
        if (clusters)
            pir_writer_note(w, "kernel %s: task type UNION%d (%d cluster%s of one MPU and four "
                            "IPUs), from %s", kernel, clusters, clusters,
                            clusters == 1 ? "" : "s", found->types.items[t].origin);
        else
            pir_writer_note(w, "kernel %s: task type BLOCK (one IPU), from %s", kernel,
                            found->types.items[t].origin);
        free(kernel);
    }
    for (size_t u = 0; u < found->unknown.len; u++)
        pir_writer_note(w, "entry %s: a task type not resolved from the host code, not checked: %s%s",
                        name->spelled, found->unknown.items[u],
                        n ? "" : " (checked as BLOCK, --task-type UNIONn for clusters)");
}

bool bangc_lower(const struct source *src, const struct frontend_options *o,
                 const struct model *m, struct lowered_source *out, struct diag_list *diags)
{
    int clusters = bangc_task_clusters(o->task_type);
    if (clusters < 0) {
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, src->path), 0, 0, 1},
                  "unknown task type '%s' (BLOCK, UNION1, UNION2, UNION4, UNION8, UNION16)",
                  o->task_type);
        return false;
    }
    /* The arch macros are the model's (<source>): a header of the stub directory included
     * before the source, so a -D of the command line never overrides them unseen. */
    const struct model_source *ms = &m->source;
    char *macros = xstrdup("");
    for (int i = 0; i < ms->ndefines; i++) {
        char *more = xasprintf("%s#define %s %s\n", macros, ms->defines[i].name,
                               ms->defines[i].value ? ms->defines[i].value : "1");
        free(macros);
        macros = more;
    }
    struct clang_extra_file model_file = {"accelsync_model.h", macros};
    static const char *const include_model[] = {"-include", "accelsync_model.h"};
    struct clang_parse parse;
    bool ok = clang_parse_source(&dialect, src, o, &model_file, 1, include_model, 2, &parse,
                                 diags);
    free(macros);
    if (ok && arch_macro_redefined(parse.tu, ms, STUB_DIR "/", diags))
        ok = false;
    if (ok) {
        struct cursor_vec entries = clang_entries(parse.tu, src->path,
                                                  "__mlu_global__ or __mlu_entry__", diags);
        ok = entries.len > 0;
        if (ok) {
            struct lowering_session ss;
            lowering_session_begin(&ss, &parse, src->path, STUB_DIR "/", bangc_api(), o, diags);
            uint64_t combinations = clang_range_count(o);   /* -D NAME=LO..HI */
            struct entry_name *names = entry_names(&entries);
            entry_names_note(&ss.w, names, entries.len);
            /* --task-type decides for every entry; without it, the launches of the host code
             * beside the kernel do, and an entry launched nowhere is checked as BLOCK */
            struct launch_scan *scan = o->task_type ? NULL : launch_scan_new(src, o);
            struct launch_types *found = xcalloc(entries.len, sizeof(*found));
            bool block_default = scan == NULL && clusters == 0;
            for (size_t i = 0; i < entries.len && scan; i++) {
                CXString spelled = clang_getCursorSpelling(entries.items[i]);
                launch_types_find(scan, clang_getCString(spelled), &found[i]);
                clang_disposeString(spelled);
                block_default |= found[i].types.len == 0;
            }
            if (o->task_type && clusters > 0)
                pir_writer_note(&ss.w, "task type UNION%d: %d cluster%s of one MPU and four IPUs",
                                clusters, clusters, clusters == 1 ? "" : "s");
            if (block_default)
                pir_writer_note(&ss.w,
                                "task type BLOCK: one IPU (--task-type UNIONn for clusters)");
            if (scan && launch_scan_unread(scan))
                pir_writer_note(&ss.w, "%zu file%s beside the kernel not read for its launches "
                                "(past 512 files or 64 MiB)", launch_scan_unread(scan),
                                launch_scan_unread(scan) == 1 ? "" : "s");
            for (size_t i = 0; i < entries.len; i++)
                launch_notes(&ss.w, &names[i], &found[i]);
            for (size_t i = 0; i < entries.len; i++) {
                size_t ntypes = found[i].types.len ? found[i].types.len : 1;
                struct enum_args enums;
                enum_args_find(&ss.I, entries.items[i], &enums);
                uint64_t nenums = enum_args_count(&enums);
                if (nenums > ENUM_ARGS_MAX_KERNELS ||
                    nenums * combinations > CLANG_MAX_RANGE_KERNELS) {
                    pir_writer_note(&ss.w, "entry %s: its enum arguments take %llu combinations "
                                    "of the values the source names, past %d: each stays "
                                    "unknown, a choice of its own on every core (-D NAME=VALUE "
                                    "fixes one)", names[i].spelled,
                                    (unsigned long long)nenums, ENUM_ARGS_MAX_KERNELS);
                    enum_args_free(&enums);
                    nenums = 1;
                }
                for (size_t t = 0; t < ntypes; t++) {
                    int entry_clusters = found[i].types.len ? found[i].types.items[t].clusters
                                                            : clusters;
                    char *typed = ntypes < 2 ? xstrdup("")
                                  : entry_clusters ? xasprintf("_union%d", entry_clusters)
                                                   : xstrdup("_block");
                    /* what the report says of a type the host code gave */
                    char *launch = !found[i].types.len ? NULL
                                   : entry_clusters
                                       ? xasprintf("a UNION%d task: %s", entry_clusters,
                                                   found[i].types.items[t].origin)
                                       : xasprintf("a BLOCK task: %s",
                                                   found[i].types.items[t].origin);
                    for (uint64_t c = 0; c < combinations; c++) {
                        char *range = runtime_range_apply(&ss.I, o, c);
                        for (uint64_t e = 0; e < nenums; e++) {
                            char *valued = enum_args_apply(&ss.I, &enums, e);
                            char *suffix = xasprintf("%s%s%s", typed, range, valued);
                            lower_entry(&ss.I, &ss.w, entries.items[i], entry_clusters,
                                        &names[i], suffix, launch, &enums, o, out);
                            free(suffix);
                            free(valued);
                        }
                        free(range);
                    }
                    free(typed);
                    free(launch);
                }
                enum_args_free(&enums);
                launch_types_free(&found[i]);
            }
            free(found);
            launch_scan_free(scan);
            entry_names_free(names, entries.len);
            lowering_session_end(&ss, o, m->name, out);
        }
        VEC_FREE(entries);
    }
    clang_parse_free(&parse);
    return ok;
}
