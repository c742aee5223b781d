/* The Ascend C frontend: parses a kernel source with libclang against the frontend's own
 * declarations of the vendor API (stubs/ascendc/, compiled into the binary), finds the
 * kernel entries and lowers each with the interpreter and the Ascend C API layer. */
#include <clang-c/Index.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "ascendc_api.h"
#include "config.h"
#include "frontend.h"
#include "interp.h"
#include "pir_writer.h"

extern const unsigned char ascendc_kernel_operator_h[];
extern const size_t ascendc_kernel_operator_h_len;

bool ascendc_lower(const char *path, const struct frontend_options *o, struct lowered_source *out,
                   struct diag_list *diags);

/* The stub headers live at this path only inside the parse (libclang's unsaved files). */
#define STUB_DIR "/accelsync-frontend/ascendc"

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
    } else if (t.kind >= CXType_Bool && t.kind <= CXType_Int128) {
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

static void lower_entries(struct interp *I, struct pir_writer *w, const struct cursor_list *entries,
                          const struct frontend_options *o, struct lowered_source *out)
{
    for (size_t i = 0; i < entries->len; i++) {
        CXCursor entry = entries->items[i];
        CXString name = clang_getCursorSpelling(entry);
        struct pir_mark mark = pir_writer_mark(w);
        void *api_data = ascendc_api_data_new(w, !o->manual_sync);
        I->api_data = api_data;
        struct as_loc at = interp_loc(I, entry);
        pir_writer_open(w, at, "kernel %s", clang_getCString(name));
        interp_run_kernel(I, entry, bind_param, NULL);
        pir_writer_close(w, at);
        ascendc_api_data_free(api_data);
        out->kernels++;
        if (I->incomplete) {
            out->incomplete++;
            if (!o->keep_incomplete)
                pir_writer_rollback(w, mark);
        }
        clang_disposeString(name);
    }
}

static void note_runtime_values(struct interp *I, struct pir_writer *w)
{
    for (size_t i = 0; i < I->runtime.len; i++) {
        const struct runtime_value *rv = &I->runtime.items[i];
        pir_writer_note(w, "runtime value %s = %lld: %s, %s", rv->name, (long long)rv->value,
                        rv->what, rv->given ? "given by -D" : "the default (-D to change)");
    }
}

bool ascendc_lower(const char *path, const struct frontend_options *o, struct lowered_source *out,
                   struct diag_list *diags)
{
    const char *err = NULL;
    struct source *src = source_read(path, SIZE_MAX, &err);
    if (!src) {
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1}, "cannot read %s: %s",
                  path, err);
        return false;
    }
    char *text = rewrite_launches(src->text, src->len);
    struct CXUnsavedFile unsaved[] = {
        {path, text, (unsigned long)src->len},
        {STUB_DIR "/kernel_operator.h", (const char *)ascendc_kernel_operator_h,
         (unsigned long)ascendc_kernel_operator_h_len},
    };
    char *dir_copy = xstrdup(path);
    VEC(char *) args = {0};
    const char *fixed[] = {"-x", "c++", "-std=c++17", "-I" STUB_DIR, "-D__NPU_ARCH__=2201",
                           "-D__DAV_C220_VEC__"};
    for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
        VEC_PUSH(args, xstrdup(fixed[i]));
    VEC_PUSH(args, xasprintf("-I%s", dirname(dir_copy)));
    for (size_t i = 0; i < o->ninclude_dirs; i++)
        VEC_PUSH(args, xasprintf("-I%s", o->include_dirs[i]));
    for (size_t i = 0; i < o->ndefines; i++)
        if (macro_name(o->defines[i].name))
            VEC_PUSH(args, define_arg(&o->defines[i]));
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, path, (const char *const *)args.items, (int)args.len, unsaved, 2,
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
    source_free(src);
    return ok;
}
