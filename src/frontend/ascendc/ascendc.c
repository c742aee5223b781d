/* The Ascend C frontend: parses a kernel source with libclang against the frontend's own
 * declarations of the vendor API (stubs/ascendc/, compiled into the binary), finds the
 * kernel entries and lowers each with the interpreter and the Ascend C API layer. */
#include "../clang/clang_api.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/model.h"
#include "../../util/embedded.h"
#include "../../util/xalloc.h"
#include "../clang/build_emulation.h"
#include "../clang/clang_driver.h"
#include "../clang/compile_commands.h"
#include "../clang/core_macros.h"
#include "../clang/device_syntax.h"
#include "../clang/op_dtypes.h"
#include "../clang/op_layout.h"
#include "../clang/entry_names.h"
#include "../interp/interp.h"
#include "../interp/session.h"
#include "../pir/pir_writer.h"
#include "ascendc.h"
#include "ascendc_api.h"
#include "ascendc_kernel.h"
#include "sdk/sdk_layout.h"
#include "sdk/sdk_lower.h"
#include "tiling_keys.h"
#include "tpl_select.h"
#include "../host/host_tiling.h"

extern const struct embedded_file ascendc_stubs[];

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
/* The arch and core-type macros (__NPU_ARCH__, __CCE_AICORE__, __DAV_C220_VEC__) are the
 * model's (its <source>, hwmodels/), added per file. __CCE__ is the device compiler's own, on
 * every arch: header libraries include kernel_operator.h only under it (catlass). */
static const char *const compiler_args[] = {"-x", "c++", "-std=c++17", "-D__CCE__"};

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

/* The constant keys of every TILING_KEY_IS call in the translation unit, sorted: a run meets
 * only the branches its own key takes, so the keys are read from the code itself. */
static enum CXChildVisitResult find_keys(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct tiling_keys *keys = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 1)
        return CXChildVisit_Recurse;
    CXString name = clang_getCursorSpelling(clang_getCursorReferenced(c));
    bool key_call = strcmp(clang_getCString(name), "TILING_KEY_IS") == 0;
    clang_disposeString(name);
    if (!key_call)
        return CXChildVisit_Recurse;
    CXEvalResult r = clang_Cursor_Evaluate(clang_Cursor_getArgument(c, 0));
    if (r && clang_EvalResult_getKind(r) == CXEval_Int)
        tiling_keys_add(keys, (int64_t)clang_EvalResult_getAsLongLong(r));
    if (r)
        clang_EvalResult_dispose(r);
    return CXChildVisit_Continue;
}

/* The entry of the cube core's parse that is the vector core's entry named `name` (by
 * entry_names: its template arguments, and its parameters where the name is shared). */
static CXCursor cube_entry(const struct cursor_vec *cube_entries,
                           const struct entry_name *cube_names, const char *name)
{
    for (size_t i = 0; i < cube_entries->len; i++)
        if (!strcmp(cube_names[i].spelled, name))
            return cube_entries->items[i];
    return clang_getNullCursor();
}

/* Each entry once; when the code tests tiling keys, once per key (kernels ENTRY_key<K>),
 * unless -D tiling_key fixes the key; with -D ranges, all that once per combination of their
 * values (kernels ENTRY_n<v>...). With a parse per core type (cube non-NULL), each entry is
 * lowered from both: the runtime values are set in each. */
static void lower_entries(struct interp *I, struct interp *cube, struct pir_writer *w,
                          const struct cursor_vec *entries, const struct cursor_vec *cube_entries,
                          const struct frontend_options *o, const struct model *m,
                          struct lowered_source *out)
{
    struct tiling_keys keys = {0};
    if (!interp_defined(I, "tiling_key", NULL)) {
        clang_visitChildren(clang_getTranslationUnitCursor(I->tu), find_keys, &keys);
        if (cube)
            clang_visitChildren(clang_getTranslationUnitCursor(cube->tu), find_keys, &keys);
    }
    uint64_t combinations = clang_range_count(o);
    struct entry_name *names = entry_names(entries);
    struct entry_name *cube_names = entry_names(cube_entries);
    entry_names_note(w, names, entries->len);
    for (size_t i = 0; i < entries->len; i++) {
        struct entry_parses p = {.vector_I = I, .vector_entry = entries->items[i],
                                 .cube_I = cube ? cube : I, .split = cube != NULL};
        p.cube_entry = cube ? cube_entry(cube_entries, cube_names, names[i].spelled)
                            : p.vector_entry;
        if (clang_Cursor_isNull(p.cube_entry)) {   /* the cube parse has no such entry */
            p.cube_I = I;
            p.cube_entry = p.vector_entry;
            p.split = false;
        }
        for (uint64_t c = 0; c < combinations; c++) {
            char *suffix = runtime_range_apply(I, o, c);
            if (cube)
                free(runtime_range_apply(cube, o, c));
            char *name = xasprintf("%s%s", names[i].kernel, suffix);
            if (keys.len == 0) {
                ascendc_lower_entry(&p, w, name, o, m, out);
                lowered_source_add_entry(out, name, names[i].spelled);
            }
            for (size_t k = 0; k < keys.len; k++) {
                char *keyed = xasprintf("%s_key%lld", name, (long long)keys.items[k]);
                interp_set_runtime(I, "tiling_key", keys.items[k],
                                   "TILING_KEY_IS(), one run per key");
                if (cube)
                    interp_set_runtime(cube, "tiling_key", keys.items[k],
                                       "TILING_KEY_IS(), one run per key");
                ascendc_lower_entry(&p, w, keyed, o, m, out);
                lowered_source_add_entry(out, keyed, names[i].spelled);
                free(keyed);
            }
            free(name);
            free(suffix);
        }
    }
    entry_names_free(names, entries->len);
    entry_names_free(cube_names, cube_entries->len);
    VEC_FREE(keys);
}

/* The model's macros for code of core type `coretype`, as clang arguments appended to args
 * (a NULL-terminated, malloc'ed list). */
static char **with_model_macros(char **args, const struct model_source *ms, const char *coretype)
{
    size_t n = 0;
    while (args[n])
        n++;
    args = xrealloc_array(args, n + (size_t)ms->ndefines + 1, sizeof(*args));
    for (int i = 0; i < ms->ndefines; i++) {
        const struct model_source_define *d = &ms->defines[i];
        if (d->coretype && strcmp(d->coretype, coretype) != 0)
            continue;
        args[n++] = d->value ? xasprintf("-D%s=%s", d->name, d->value) : xasprintf("-D%s", d->name);
    }
    args[n] = NULL;
    return args;
}

/* The header line saying what auto-sync is assumed: off on request; on as the model's
 * <auto-sync> describes it; or not modelled for this model (checked as written). */
static void note_auto_sync(struct pir_writer *w, const struct frontend_options *o,
                           const struct model *m)
{
    const struct model_source *ms = &m->source;
    if (o->manual_sync) {
        pir_writer_note(w, "auto-sync: off (no compiler-inserted sync is assumed)");
        return;
    }
    if (!ms->nauto_pairs) {
        pir_writer_note(w, "auto-sync: model %s does not describe the compiler's auto-sync, so "
                        "the source is checked as written (as with --auto-sync=off)", m->name);
        return;
    }
    char pairs[256] = "";
    size_t n = 0;
    for (int i = 0; i < ms->nauto_pairs && n < sizeof(pairs); i++)
        n += (size_t)snprintf(pairs + n, sizeof(pairs) - n, "%s%s->%s", i ? " " : "",
                              ms->auto_src[i], ms->auto_dst[i]);
    pir_writer_note(w, "auto-sync: on (the compiler's syncs for %s, a barrier within one pipe "
                    "and flag %d between two%s%s%s, are added where accesses conflict, marked "
                    "auto-sync; --auto-sync=off to check without them)", pairs,
                    ms->auto_sync_id, ms->auto_barrier ? " or, out of the issuer, " : "",
                    ms->auto_barrier ? ms->auto_barrier : "",
                    ms->auto_barrier ? " (the order of its pair, with no flag to set twice)" : "");
}

/* The model's __NPU_ARCH__, or NULL. */
static const char *npu_arch(const struct model_source *ms)
{
    for (int i = 0; i < ms->ndefines; i++)
        if (!strcmp(ms->defines[i].name, "__NPU_ARCH__"))
            return ms->defines[i].value;
    return NULL;
}

/* What both parses of a source share (the vector core's and, when the source selects code per
 * core type, the cube core's): the op build's layout and its overlay file, the -I the staging
 * adds, the tiling declarations, and the source and its headers with the device compiler's
 * [aicore] lists blanked. */
struct parse_setup {
    struct source parsed;               /* the source as parsed (device syntax blanked) */
    struct frontend_options staged;     /* the options, the staging's -I after the user's */
    struct op_staging staging;
    const struct op_dtypes *dtypes;     /* the op definition's variant read (the caller's) */
    char *tiling;
    struct device_header *headers;
    size_t nheaders;
};

static void parse_setup_init(struct parse_setup *p, const struct source *src,
                             const struct frontend_options *o, const struct op_dtypes *dtypes,
                             const struct model_source *ms)
{
    op_staging_init(&p->staging, src->path, src->text, npu_arch(ms), o->include_dirs,
                    o->ninclude_dirs);
    p->dtypes = dtypes;
    p->staged = *o;
    p->staged.include_dirs = p->staging.include_dirs;
    p->staged.ninclude_dirs = p->staging.ninclude_dirs;
    p->tiling = tiling_declarations(src->path, (const char *const *)p->staging.layout.host_dirs,
                                    p->staging.layout.nhost_dirs, o->include_dirs,
                                    o->ninclude_dirs);
    p->parsed = *src;
    p->parsed.text = xmalloc(src->len + 1);
    memcpy(p->parsed.text, src->text, src->len + 1);
    device_syntax_blank(p->parsed.text, p->parsed.len);
    p->headers = device_syntax_headers(src->path, src->text, p->staged.include_dirs,
                                       p->staged.ninclude_dirs, &p->nheaders);
}

static void parse_setup_free(struct parse_setup *p)
{
    free(p->parsed.text);
    free(p->tiling);
    device_syntax_headers_free(p->headers, p->nheaders);
    op_staging_free(&p->staging);
}

/* The parse's arguments past the dialect's and the user's: the DTYPE_* macros (their names
 * looked for in the -I directories and the other operators' kernel code the source includes),
 * the model's macros for `coretype`, the build's own from compile_commands.json (-p, after
 * the built-in headers) and the staging's overlay. NULL, with an input-error, when -p's
 * database cannot be read. */
static char **parse_arguments(const struct parse_setup *p, const struct model_source *ms,
                              const char *coretype, struct diag_list *diags)
{
    const struct frontend_options *o = &p->staged;
    const char *path = p->parsed.path;
    char **args = with_model_macros(type_macro_arguments(path, p->parsed.text,
                                                         p->staging.type_dirs,
                                                         p->staging.ntype_dirs, p->dtypes),
                                    ms, coretype);
    size_t nargs = 0;
    while (args[nargs])
        nargs++;
    if (o->compile_db) {
        char *why = NULL;
        char **db = compile_commands_arguments(o->compile_db, path, &why);
        if (!db) {
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                      (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1},
                      "-p %s: %s", o->compile_db, why);
            free(why);
            free_arguments(args);
            return NULL;
        }
        size_t ndb = 0;
        while (db[ndb])
            ndb++;
        args = xrealloc_array(args, nargs + ndb + 1, sizeof(*args));
        memcpy(args + nargs, db, (ndb + 1) * sizeof(*args));
        nargs += ndb;
        free(db);
    }
    args = xrealloc_array(args, nargs + p->staging.nargs + 1, sizeof(*args));
    for (size_t i = 0; i < p->staging.nargs; i++)
        args[nargs++] = xstrdup(p->staging.args[i]);
    args[nargs] = NULL;
    return args;
}

/* Parses the source with the model's macros for `coretype`. */
static bool parse_for(const struct parse_setup *p, const struct model_source *ms,
                      const char *coretype, struct clang_parse *parse, struct diag_list *diags)
{
    memset(parse, 0, sizeof(*parse));
    char **args = parse_arguments(p, ms, coretype, diags);
    if (!args)
        return false;
    size_t nargs = 0;
    while (args[nargs])
        nargs++;
    struct clang_extra_file *files = xmalloc((p->nheaders + 1) * sizeof(*files));
    files[0] = (struct clang_extra_file){"accelsync_tiling.h", p->tiling};
    for (size_t i = 0; i < p->nheaders; i++)   /* the device syntax blanked (device_syntax.h) */
        files[i + 1] = (struct clang_extra_file){p->headers[i].path, p->headers[i].text};
    bool ok = clang_parse_source(&dialect, &p->parsed, &p->staged, files, p->nheaders + 1,
                                 (const char *const *)args, nargs, parse, diags);
    free(files);
    free_arguments(args);
    return ok;
}


static bool lower_source(const struct source *src, const struct frontend_options *o,
                         const struct op_dtypes *dtypes, const struct model *m,
                         struct lowered_source *out, struct diag_list *diags)
{
    const char *path = src->path;
    const struct model_source *ms = &m->source;
    struct sdk_layout sdk;
    switch (sdk_locate(o, path, &sdk, diags)) {
    case SDK_BAD:
        return false;
    case SDK_FOUND: {   /* the SDK's headers may be included, wherever it is */
        struct frontend_options through = *o;
        const char *roots[] = {sdk.root};
        through.extra_roots = roots;
        through.nextra_roots = 1;
        bool read = sdk_lower(src, &through, dtypes, m, &sdk, out, diags);
        sdk_layout_free(&sdk);
        return read;
    }
    case SDK_NONE:
        break;
    }
    struct parse_setup setup;
    parse_setup_init(&setup, src, o, dtypes, ms);
    struct clang_parse parse, cube_parse = {0};
    /* A kernel template whose instances ASCENDC_TPL_SEL lists is parsed again with the
     * instances written after the source: the first parse's errors count only without it. */
    struct diag_list first;
    diag_list_init(&first, 0);
    bool ok = parse_for(&setup, ms, ms->vector_core, &parse, &first);
    struct tpl_plan plan;
    enum tpl_status tpl = tpl_plan(parse.tu, path, o, &plan, diags);
    if (tpl == TPL_PARSE_AGAIN) {   /* a -D of a template parameter was taken as a macro */
        clang_parse_free(&parse);
        diag_list_free(&first);
        diag_list_init(&first, 0);
        parse_setup_free(&setup);
        parse_setup_init(&setup, src, &plan.options, dtypes, ms);
        ok = parse_for(&setup, ms, ms->vector_core, &parse, &first);
        tpl_plan_free(&plan);
        tpl = tpl_plan(parse.tu, path, o, &plan, diags);
    }
    if (tpl == TPL_INSTANCES) {
        clang_parse_free(&parse);
        o = &plan.options;
        parse_setup_free(&setup);
        parse_setup_init(&setup, src, o, dtypes, ms);
        ok = parse_for(&setup, ms, ms->vector_core, &parse, diags);
    } else {
        diag_add_copies(diags, &first);
    }
    diag_list_free(&first);
    if (ok && (other_core_macro_used(parse.tu, ms, STUB_DIR "/", diags) |
               arch_macro_redefined(parse.tu, ms, STUB_DIR "/", diags)))
        ok = false;
    /* Code chosen per core type at compile time (a macro of either core named, as in `#if
     * defined(__DAV_C220_CUBE__)` or `#if !defined(__DAV_C220_VEC__)`): parsed again, as the
     * cube core's. */
    bool split = ok && strcmp(ms->vector_core, ms->cube_core) != 0 &&
                 (core_macro_used(parse.tu, ms, ms->cube_core, STUB_DIR "/") ||
                  core_macro_used(parse.tu, ms, ms->vector_core, STUB_DIR "/"));
    if (split)
        ok = parse_for(&setup, ms, ms->cube_core, &cube_parse, diags);
    if (ok) {
        struct cursor_vec entries = clang_entries(parse.tu, path, "__global__", diags);
        struct cursor_vec cube_entries = {0};
        if (split)
            cube_entries = clang_entries(cube_parse.tu, path, "__global__", NULL);
        ok = entries.len > 0;
        if (ok) {
            struct lowering_session ss;
            lowering_session_begin(&ss, &parse, path, STUB_DIR "/", ascendc_api(), o, diags);
            if (split)
                lowering_session_second(&ss, &cube_parse, STUB_DIR "/", ascendc_api(), diags);
            note_auto_sync(&ss.w, o, m);
            char *read_as = op_dtypes_describe(dtypes);
            if (read_as)
                pir_writer_note(&ss.w, "%s", read_as);
            free(read_as);
            if (split)
                pir_writer_note(&ss.w, "parsed twice: as %s code and as %s code (the source "
                                "selects code per core type at compile time)", ms->vector_core,
                                ms->cube_core);
            lower_entries(&ss.I, split ? &ss.second : NULL, &ss.w, &entries, &cube_entries, o,
                          m, out);
            lowering_session_end(&ss, o, m->name, out);
        }
        VEC_FREE(entries);
        VEC_FREE(cube_entries);
    }
    clang_parse_free(&parse);
    if (split)
        clang_parse_free(&cube_parse);
    tpl_plan_free(&plan);
    parse_setup_free(&setup);
    return ok;
}

/* The operator's host tiling first (with --shape): its values are runtime values of the
 * kernel, whether read with the built-in declarations or through the SDK. */
bool ascendc_lower(const struct source *src, const struct frontend_options *o,
                   const struct model *m, struct lowered_source *out, struct diag_list *diags)
{
    /* the op definition's variant, read once: the host computes for the data types the
     * kernel is read with (op_dtypes.h) */
    struct op_dtypes dtypes;
    char *no_variant;
    op_dtypes_for_kernel(src->path, npu_arch(&m->source), m->socs, m->nsocs, o, &dtypes,
                         &no_variant);
    struct frontend_options typed = *o;
    size_t ninputs;
    struct host_input *inputs = op_dtypes_host_inputs(&dtypes, o, &ninputs);
    if (inputs) {
        typed.host_inputs = inputs;
        typed.nhost_inputs = ninputs;
    }
    o = &typed;
    struct host_tiling host;
    bool ok = host_tiling_run(src, o, m, &host, diags);
    if (ok && no_variant) {   /* after the host's own errors on the same inputs */
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, src->path), 0, 0, 1}, "%s",
                  no_variant);
        ok = false;
    }
    if (ok) {
        struct frontend_options with_host = *o;
        if (host.defines) {
            with_host.defines = host.defines;
            with_host.ndefines = host.ndefines;
        }
        with_host.header_note = host.note;
        ok = lower_source(src, &with_host, &dtypes, m, out, diags);
    }
    host_tiling_free(&host);
    free(inputs);
    free(no_variant);
    op_dtypes_free(&dtypes);
    return ok;
}
