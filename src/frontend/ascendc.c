/* The Ascend C frontend: parses a kernel source with libclang against the frontend's own
 * declarations of the vendor API (stubs/ascendc/, compiled into the binary), finds the
 * kernel entries and lowers each with the interpreter and the Ascend C API layer. */
#include <clang-c/Index.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "../util/embedded.h"
#include "../util/xalloc.h"
#include "ascendc_api.h"
#include "build_emulation.h"
#include "config.h"
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
static const char forwarder[] = "#include \"kernel_operator.h\"\n";

/* Host launches `kernel<<<blocks, l2, stream>>>(args)` are not C++: the launch brackets
 * become the opening and closing of a comment, three characters each, so every column stays
 * where it was and the call keeps its arguments. */
static char *rewrite_launches(const char *text, size_t len)
{
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    for (char *p = copy; (p = strstr(p, "<<<")) != NULL;) {
        char *end = strstr(p + 3, ">>>");
        if (!end)
            break;
        bool closes_early = false;
        for (char *q = p + 3; q < end - 1; q++)
            closes_early |= q[0] == '*' && q[1] == '/';
        if (closes_early)
            break;
        memcpy(p, "/*<", 3);
        memcpy(end, ">*/", 3);
        p = end + 3;
    }
    return copy;
}

static bool has_annotation(CXCursor c, const char *what);

struct annotation_search {
    const char *what;
    bool found;
};

static enum CXChildVisitResult find_annotation(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct annotation_search *s = data;
    if (clang_getCursorKind(c) == CXCursor_AnnotateAttr) {
        CXString sp = clang_getCursorSpelling(c);
        if (strcmp(clang_getCString(sp), s->what) == 0)
            s->found = true;
        clang_disposeString(sp);
    }
    return CXChildVisit_Continue;
}

static bool has_annotation(CXCursor c, const char *what)
{
    struct annotation_search s = {what, false};
    clang_visitChildren(c, find_annotation, &s);
    return s.found;
}

struct cursor_list {
    CXCursor *items;
    size_t len, cap;
};

/* Kernel entries: definitions in the main file marked __global__. */
static enum CXChildVisitResult find_entries(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct cursor_list *entries = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if ((k == CXCursor_FunctionDecl) && clang_isCursorDefinition(c) &&
        clang_Location_isFromMainFile(clang_getCursorLocation(c)) &&
        has_annotation(c, "accelsync:global"))
        VEC_PUSH(*entries, c);
    return CXChildVisit_Continue;
}

static struct as_loc diag_loc(struct diag_list *diags, CXSourceLocation where)
{
    CXFile file;
    unsigned line, col;
    clang_getSpellingLocation(where, &file, &line, &col, NULL);
    struct as_loc loc = {NULL, (int)line, (int)col, 1};
    CXString name = clang_getFileName(file);
    loc.file = arena_strdup(&diags->arena, clang_getCString(name) ? clang_getCString(name) : "");
    clang_disposeString(name);
    return loc;
}

/* clang's errors as source-error findings; true if there was none. */
static bool report_clang_errors(CXTranslationUnit tu, struct diag_list *diags)
{
    bool clean = true;
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString msg = clang_getDiagnosticSpelling(d);
            diag_addf(diags, CHECK_SOURCE_ERROR, SEV_ERROR,
                      diag_loc(diags, clang_getDiagnosticLocation(d)), "%s",
                      clang_getCString(msg));
            clang_disposeString(msg);
            clean = false;
        }
        clang_disposeDiagnostic(d);
    }
    return clean;
}

/* Kernel arguments: GM addresses become GM buffers named after them; integers are runtime
 * values (-D NAME=VALUE, default 4). */
static struct value bind_param(struct interp *I, CXCursor parm, void *data)
{
    (void)data;
    CXType t = clang_getCanonicalType(clang_getCursorType(parm));
    CXString s = clang_getCursorSpelling(parm);
    const char *name = clang_getCString(s);
    struct value v = {.kind = VAL_UNKNOWN, .buffer = -1};
    if (t.kind == CXType_Pointer) {
        v = (struct value){.kind = VAL_POINTER, .num = 0,
                           .buffer = pir_writer_buffer(I->w, *name ? name : "gm", "GM", 0, -1,
                                                       interp_loc(I, parm), "kernel argument")};
    } else if (interp_is_integer_type(t)) {
        char *what = xasprintf("kernel argument '%s'", name);
        v = (struct value){.kind = VAL_INT, .buffer = -1, .num = interp_runtime(I, name, 4, what)};
        free(what);
    }
    clang_disposeString(s);
    return v;
}

/* A -D is both a runtime value (kernel arguments, block_idx, ...) and, when written in
 * capitals as C macros are, a macro: `-D rows=12` must not turn `uint32_t rows` into
 * `uint32_t 12`. */
static bool macro_name(const char *name)
{
    bool letter = false;
    for (const char *p = name; *p; p++) {
        if (*p >= 'a' && *p <= 'z')
            return false;
        letter |= *p >= 'A' && *p <= 'Z';
    }
    return letter;
}

static char *define_arg(const struct binding *b)
{
    return xasprintf("-D%s=%lld", b->name, (long long)b->value);
}

struct key_list {
    int64_t *items;
    size_t len, cap;
};

/* One run of an entry as PIR kernel `name`. */
static void lower_run(struct interp *I, struct pir_writer *w, CXCursor entry, const char *name,
                      const struct frontend_options *o, struct lowered_source *out)
{
    struct pir_mark mark = pir_writer_mark(w);
    void *api_data = ascendc_api_data_new(w, !o->manual_sync);
    I->api_data = api_data;
    struct as_loc at = interp_loc(I, entry);
    pir_writer_open(w, at, "kernel %s", name);
    interp_run_kernel(I, entry, bind_param, NULL);
    pir_writer_close(w, at);
    ascendc_api_data_free(api_data);
    out->kernels++;
    if (I->incomplete) {
        out->incomplete++;
        if (!o->keep_incomplete)
            pir_writer_rollback(w, mark);
    }
}

static bool given(const struct frontend_options *o, const char *name)
{
    for (size_t i = 0; i < o->ndefines; i++)
        if (strcmp(o->defines[i].name, name) == 0)
            return true;
    return false;
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
static void lower_entries(struct interp *I, struct pir_writer *w, const struct cursor_list *entries,
                          const struct frontend_options *o, struct lowered_source *out)
{
    struct key_list keys = {0};
    if (!given(o, "tiling_key"))
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

static void note_runtime_values(struct interp *I, struct pir_writer *w)
{
    for (size_t i = 0; i < I->runtime.len; i++) {
        const struct runtime_value *rv = &I->runtime.items[i];
        pir_writer_note(w, "runtime value %s = %lld: %s, %s", rv->name, (long long)rv->value,
                        rv->what, rv->given ? "given by -D" : "the default (-D to change)");
    }
}

bool ascendc_lower(const struct source *src, const struct frontend_options *o,
                   struct lowered_source *out, struct diag_list *diags)
{
    const char *path = src->path;
    char *text = rewrite_launches(src->text, src->len);
    char *tiling = tiling_declarations(path, o->include_dirs, o->ninclude_dirs);
    char **type_macros = type_macro_arguments(path, text, o->include_dirs, o->ninclude_dirs);
    /* the source, the generated tiling header and the stub headers */
    VEC(struct CXUnsavedFile) unsaved = {0};
    VEC(char *) stub_paths = {0};
    struct CXUnsavedFile main_file = {path, text, (unsigned long)src->len};
    struct CXUnsavedFile tiling_file = {STUB_DIR "/accelsync_tiling.h", tiling,
                                        (unsigned long)strlen(tiling)};
    VEC_PUSH(unsaved, main_file);
    VEC_PUSH(unsaved, tiling_file);
    for (size_t i = 0; i < sizeof(forwarded_headers) / sizeof(forwarded_headers[0]); i++) {
        char *stub_path = xasprintf(STUB_DIR "/%s", forwarded_headers[i]);
        VEC_PUSH(stub_paths, stub_path);
        struct CXUnsavedFile f = {stub_path, forwarder, (unsigned long)strlen(forwarder)};
        VEC_PUSH(unsaved, f);
    }
    for (const struct embedded_file *e = ascendc_stubs; e->path; e++) {
        char *stub_path = xasprintf(STUB_DIR "/%s", e->path);
        VEC_PUSH(stub_paths, stub_path);
        struct CXUnsavedFile f = {stub_path, (const char *)e->data, (unsigned long)e->len};
        VEC_PUSH(unsaved, f);
    }
    char *dir_copy = xstrdup(path);
    VEC(char *) args = {0};
    const char *fixed[] = {"-x", "c++", "-std=c++17", "-I" STUB_DIR, "-D__NPU_ARCH__=2201",
                           "-D__DAV_C220_VEC__"};
    for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
        VEC_PUSH(args, xstrdup(fixed[i]));
    VEC_PUSH(args, xasprintf("-I%s", dirname(dir_copy)));
    for (size_t i = 0; i < o->ninclude_dirs; i++)
        VEC_PUSH(args, xasprintf("-I%s", o->include_dirs[i]));
    for (char **m = type_macros; *m; m++)
        VEC_PUSH(args, xstrdup(*m));
    for (size_t i = 0; i < o->ndefines; i++)
        if (macro_name(o->defines[i].name))
            VEC_PUSH(args, define_arg(&o->defines[i]));
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, path, (const char *const *)args.items, (int)args.len, unsaved.items,
        (unsigned)unsaved.len,
        CXTranslationUnit_KeepGoing, &tu);
    bool ok = false;
    if (rc != CXError_Success || !tu) {
        diag_addf(diags, CHECK_SOURCE_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1},
                  "libclang could not parse %s (error %d)", path, (int)rc);
    } else if (report_clang_errors(tu, diags)) {
        struct cursor_list entries = {0};
        clang_visitChildren(clang_getTranslationUnitCursor(tu), find_entries, &entries);
        if (entries.len == 0) {
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                      (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1},
                      "no kernel entry in %s (a function defined with __global__)", path);
        } else {
            struct pir_writer w;
            pir_writer_init(&w);
            VEC(struct define_value) defines = {0};
            for (size_t i = 0; i < o->ndefines; i++) {
                struct define_value d = {o->defines[i].name, o->defines[i].value};
                VEC_PUSH(defines, d);
            }
            struct interp_options io = {defines.items, defines.len,
                                        o->max_steps ? o->max_steps : 10000000, 64};
            struct interp I;
            interp_init(&I, tu, STUB_DIR "/", ascendc_api(), NULL, &w, diags, &io);
            pir_writer_note(&w, "%s lowered by accelsync %s (Ascend C frontend); checked as written "
                            "here", path, AS_VERSION);
            pir_writer_note(&w, o->manual_sync
                                    ? "auto-sync: off (no compiler-inserted sync is assumed)"
                                    : "auto-sync: on (the compiler's V->V barriers and S<->V/MTE2/MTE3 "
                                      "flags are added where accesses conflict, marked auto-sync; "
                                      "--auto-sync=off to check without them)");
            lower_entries(&I, &w, &entries, o, out);
            note_runtime_values(&I, &w);
            out->pir = pir_writer_finish(&w, o->model ? o->model : "ascend910b2", &out->origins,
                                         &out->nlines, &out->len);
            /* the origins point into the interpreter's file names: hand them over */
            out->files = I.files.items;
            out->nfiles = I.files.len;
            I.files.items = NULL;
            I.files.len = I.files.cap = 0;
            interp_free(&I);
            pir_writer_free(&w);
            VEC_FREE(defines);
            ok = true;
        }
        VEC_FREE(entries);
    }
    if (tu)
        clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    for (size_t i = 0; i < args.len; i++)
        free(args.items[i]);
    VEC_FREE(args);
    free(dir_copy);
    free(text);
    free(tiling);
    free_arguments(type_macros);
    VEC_FREE(unsaved);
    for (size_t i = 0; i < stub_paths.len; i++)
        free(stub_paths.items[i]);
    VEC_FREE(stub_paths);
    return ok;
}
