/* The Ascend C frontend: parses a kernel source with libclang against the frontend's own
 * declarations of the vendor API (stubs/ascendc/, compiled into the binary), finds the
 * kernel entries and lowers each with the interpreter and the Ascend C API layer. */
#include "clang_api.h"
#include <stdlib.h>
#include <string.h>

#include "../util/embedded.h"
#include "../util/xalloc.h"
#include "ascendc_api.h"
#include "build_emulation.h"
#include "clang_driver.h"
#include "frontend.h"
#include "interp.h"
#include "pir_writer.h"

extern const struct embedded_file ascendc_stubs[];

bool ascendc_lower(const struct source *src, const struct frontend_options *o,
                   struct lowered_source *out, struct diag_list *diags);

/* The stub headers live at this path only inside the parse (libclang's unsaved files). */
#define STUB_DIR "/accelsync-frontend/ascendc"

/* SDK headers kernels include besides kernel_operator.h: each forwards to it, so the kernel
 * parses and whatever it calls from them is declared there (or reported as unsupported). */
static const char *const forwarded_headers[] = {
    "impl/dav_c220/kernel_operator_reg_others_impl.h", "lib/matmul_intf.h",
    "lib/matrix/matmul/matmul.h", "lib/math/kernel_operator_asin_intf.h",
    "lib/math/kernel_operator_acos_intf.h", "lib/math/kernel_operator_atan_intf.h",
    "lib/math/kernel_operator_sin_intf.h", "lib/math/kernel_operator_cos_intf.h",
    "lib/math/kernel_operator_tanh_intf.h", "lib/math/kernel_operator_erf_intf.h",
    "lib/math/kernel_operator_power_intf.h", "lib/math/kernel_operator_log_intf.h",
    "lib/math/kernel_operator_exp_intf.h", "lib/math/kernel_operator_sign_intf.h",
    "lib/math/kernel_operator_floor_intf.h", "lib/math/kernel_operator_ceil_intf.h",
    "lib/math/kernel_operator_trunc_intf.h", "lib/math/kernel_operator_round_intf.h",
    "lib/reduce/kernel_operator_reduce_intf.h", "lib/pad/kernel_operator_pad_intf.h",
};
/* The vector core of the arch the Ascend models describe (Atlas A2: NPU arch 2201, AI core
 * version 220, which kernels test as __CCE_AICORE__ == 220). */
static const char *const compiler_args[] = {"-x", "c++", "-std=c++17", "-D__NPU_ARCH__=2201",
                                            "-D__CCE_AICORE__=220", "-D__DAV_C220_VEC__"};

static const char *const entry_words[] = {"__global__", NULL};

static const struct clang_dialect dialect = {
    .stub_dir = STUB_DIR,
    .stubs = ascendc_stubs,
    .forwarded = forwarded_headers,
    .nforwarded = sizeof(forwarded_headers) / sizeof(forwarded_headers[0]),
    .forward_to = "kernel_operator.h",
    .args = compiler_args,
    .nargs = sizeof(compiler_args) / sizeof(compiler_args[0]),
    .entry_words = entry_words,
};

/* The operator framework passes the tiling data last, in a GM_ADDR parameter named for it
 * (`tiling`, `tilingGm`). */
static bool is_tiling_parameter(CXCursor parm)
{
    CXCursor fn = clang_getCursorSemanticParent(parm);
    int n = clang_Cursor_getNumArguments(fn);
    if (n < 1 || !clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)n - 1), parm))
        return false;
    CXString s = clang_getCursorSpelling(parm);
    bool named = strstr(clang_getCString(s), "tiling") || strstr(clang_getCString(s), "Tiling");
    clang_disposeString(s);
    return named;
}

/* Kernel arguments: GM addresses become GM buffers named after them; integers are runtime
 * values (-D NAME=VALUE, default 4). */
static struct value bind_param(struct interp *I, CXCursor parm, void *data)
{
    (void)data;
    struct value v = clang_kernel_argument(I, parm, "GM", 4);
    if (v.kind == VAL_POINTER && is_tiling_parameter(parm))
        ascendc_api_tiling_argument(I, v.buffer);
    return v;
}

struct key_list {
    int64_t *items;
    size_t len, cap;
};

/* Runs of one entry, one per combination of sides of its conditions on data, beyond which
 * the kernel is not lowered. */
enum { MAX_RUNS = 64 };

/* The runs of an entry on one core, written as `if (?) { run 1 } else { if (?) { run 2 } else
 * { ... run n } }` (the runs are whole executions: the Ascend C state is never joined), or as
 * the one run's statements. Sets *incomplete when something was not modelled; returns whether
 * the kernel depends on its core or synchronizes with other cores. */
static bool lower_runs(struct interp *I, struct pir_writer *w, CXCursor entry, struct as_loc at,
                       const struct frontend_options *o, bool *incomplete)
{
    bool more, multi_core = false;
    int runs = 0;
    do {
        struct pir_mark at_if = pir_writer_mark(w);
        pir_writer_open(w, at, "if (?)");
        struct pir_mark start = pir_writer_mark(w);
        void *api_data = ascendc_api_data_new(w, !o->manual_sync);
        I->api_data = api_data;
        interp_run_kernel(I, entry, bind_param, NULL);
        multi_core |= ascendc_api_multi_core(api_data);
        ascendc_api_data_free(api_data);
        *incomplete |= I->incomplete;
        more = !I->incomplete && interp_next_run(I);
        if (more && ++runs == MAX_RUNS) {
            interp_unsupported(I, entry, "more than %d runs: conditions on data split the "
                               "kernel into more combinations than are lowered", MAX_RUNS);
            *incomplete = true;
            more = false;
        }
        if (more) {
            pir_writer_close(w, at);
            pir_writer_open(w, at, "else");
        } else {
            pir_writer_unwrap(w, at_if, start, pir_writer_mark(w));
        }
    } while (more);
    for (int k = 0; k < runs; k++)
        pir_writer_close(w, at);
    while (interp_next_run(I))  /* an incomplete kernel leaves its choices behind */
        ;
    return multi_core;
}

/* Cores a multi-core kernel is lowered on, at most (each is interpreted). */
enum { MAX_CORES = 64 };

/* A kernel that depends on its core or synchronizes cores, on each of the block_num cores it
 * is launched on:
 * `core aiv[N] : AIV { if (coreid == 0) { core 0's runs } else { if (coreid == 1) ... } }`,
 * every core run with its own GetBlockIdx(). */
static void lower_cores(struct interp *I, struct pir_writer *w, CXCursor entry, struct as_loc at,
                        const struct frontend_options *o, bool *incomplete)
{
    int64_t cores = interp_runtime(I, "block_num", 8, "GetBlockNum()");
    if (cores < 1 || cores > MAX_CORES) {
        interp_unsupported(I, entry, "block_num = %lld: a kernel that depends on its core is "
                           "lowered on each core, 1 to %d", (long long)cores, MAX_CORES);
        *incomplete = true;
        return;
    }
    pir_writer_open(w, at, "core aiv[%lld] : AIV", (long long)cores);
    for (int64_t b = 0; b < cores && !*incomplete; b++) {
        interp_set_runtime(I, "block_idx", b, "GetBlockIdx(): each core its own, 0 to block_num - 1");
        if (b < cores - 1)
            pir_writer_open(w, at, "if (coreid == %lld)", (long long)b);
        lower_runs(I, w, entry, at, o, incomplete);
        if (b < cores - 1) {
            pir_writer_close(w, at);
            pir_writer_open(w, at, "else");
        }
    }
    for (int64_t b = 0; b < cores - 1; b++)
        pir_writer_close(w, at);
    pir_writer_close(w, at);
}

/* An entry as PIR kernel `name`: on one vector core, or, when it depends on its core
 * (GetBlockIdx(), GetBlockNum()) or synchronizes with other cores (SyncAll, cross-core flags),
 * on every core it is launched on. */
static void lower_run(struct interp *I, struct pir_writer *w, CXCursor entry, const char *name,
                      const struct frontend_options *o, struct lowered_source *out)
{
    struct pir_mark mark = pir_writer_mark(w);
    struct as_loc at = interp_loc(I, entry);
    pir_writer_open(w, at, "kernel %s", name);
    struct pir_mark body = pir_writer_mark(w);
    bool incomplete = false;
    if (lower_runs(I, w, entry, at, o, &incomplete) && !incomplete) {
        pir_writer_rollback(w, body);
        lower_cores(I, w, entry, at, o, &incomplete);
    }
    pir_writer_close(w, at);
    out->kernels++;
    if (incomplete) {
        out->incomplete++;
        if (!o->keep_incomplete)
            pir_writer_rollback(w, mark);
    }
}


/* The constant keys of every TILING_KEY_IS call in the translation unit, sorted: a run meets
 * only the branches its own key takes, so the keys are read from the code itself. */
static enum CXChildVisitResult find_keys(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct key_list *keys = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 1)
        return CXChildVisit_Recurse;
    CXString name = clang_getCursorSpelling(clang_getCursorReferenced(c));
    bool key_call = strcmp(clang_getCString(name), "TILING_KEY_IS") == 0;
    clang_disposeString(name);
    if (!key_call)
        return CXChildVisit_Recurse;
    CXEvalResult r = clang_Cursor_Evaluate(clang_Cursor_getArgument(c, 0));
    if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
        int64_t k = (int64_t)clang_EvalResult_getAsLongLong(r);
        size_t at = 0;
        while (at < keys->len && keys->items[at] < k)
            at++;
        if (at == keys->len || keys->items[at] != k) {
            VEC_PUSH(*keys, k);
            memmove(keys->items + at + 1, keys->items + at, (keys->len - 1 - at) * sizeof(int64_t));
            keys->items[at] = k;
        }
    }
    if (r)
        clang_EvalResult_dispose(r);
    return CXChildVisit_Continue;
}

/* Each entry once; when the code tests tiling keys, once per key (kernels ENTRY_key<K>),
 * unless -D tiling_key fixes the key. */
static void lower_entries(struct interp *I, struct pir_writer *w, const struct cursor_vec *entries,
                          const struct frontend_options *o, struct lowered_source *out)
{
    struct key_list keys = {0};
    if (!interp_defined(I, "tiling_key", NULL))
        clang_visitChildren(clang_getTranslationUnitCursor(I->tu), find_keys, &keys);
    for (size_t i = 0; i < entries->len; i++) {
        CXCursor entry = entries->items[i];
        CXString spelled = clang_getCursorSpelling(entry);
        char *name = xstrdup(clang_getCString(spelled));
        clang_disposeString(spelled);
        if (keys.len == 0)
            lower_run(I, w, entry, name, o, out);
        for (size_t k = 0; k < keys.len; k++) {
            char *keyed = xasprintf("%s_key%lld", name, (long long)keys.items[k]);
            interp_set_runtime(I, "tiling_key", keys.items[k], "TILING_KEY_IS(), one run per key");
            lower_run(I, w, entry, keyed, o, out);
            free(keyed);
        }
        free(name);
    }
    VEC_FREE(keys);
}

bool ascendc_lower(const struct source *src, const struct frontend_options *o,
                   struct lowered_source *out, struct diag_list *diags)
{
    const char *path = src->path;
    char *tiling = tiling_declarations(path, o->include_dirs, o->ninclude_dirs);
    char **type_macros = type_macro_arguments(path, src->text, o->include_dirs, o->ninclude_dirs);
    size_t nmacros = 0;
    while (type_macros[nmacros])
        nmacros++;
    struct clang_extra_file tiling_file = {"accelsync_tiling.h", tiling};
    struct clang_parse parse;
    bool ok = clang_parse_source(&dialect, src, o, &tiling_file, 1,
                                 (const char *const *)type_macros, nmacros, &parse, diags);
    if (ok) {
        struct cursor_vec entries = clang_entries(parse.tu, path, "__global__", diags);
        ok = entries.len > 0;
        if (ok) {
            struct clang_session ss;
            clang_session_begin(&ss, &parse, path, STUB_DIR "/", ascendc_api(), o, diags);
            pir_writer_note(&ss.w, o->manual_sync
                                       ? "auto-sync: off (no compiler-inserted sync is assumed)"
                                       : "auto-sync: on (the compiler's V->V barriers and "
                                         "S<->V/MTE2/MTE3 flags are added where accesses conflict, "
                                         "marked auto-sync; --auto-sync=off to check without them)");
            lower_entries(&ss.I, &ss.w, &entries, o, out);
            clang_session_end(&ss, o, "ascend910b2", out);
        }
        VEC_FREE(entries);
    }
    clang_parse_free(&parse);
    free(tiling);
    free_arguments(type_macros);
    return ok;
}
