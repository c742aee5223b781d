/* Finding an operator's host tiling function and running it (host_tiling.h). */
#include "host_tiling.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/model.h"
#include "../../util/embedded.h"
#include "../../util/xalloc.h"
#include "../clang/clang_driver.h"
#include "../clang/cursor_util.h"
#include "../clang/parse_guard.h"
#include "../interp/interp.h"
#include "../pir/pir_writer.h"
#include "host_api.h"
#include "host_inputs.h"

extern const struct embedded_file host_stubs[];

/* The host API's declarations live at this path only inside the parse. */
#define HOST_STUB_DIR "/accelsync-frontend/host"

static const char *const host_args[] = {"-x", "c++", "-std=c++17"};

static const struct clang_dialect host_dialect = {
    .stub_dir = HOST_STUB_DIR,
    .stubs = host_stubs,
    .args = host_args,
    .nargs = sizeof(host_args) / sizeof(host_args[0]),
};

/* The operator's directory of a kernel in OP/op_kernel/: "OP" (malloc'ed), or NULL. */
static char *op_directory(const char *kernel_path)
{
    const char *at = NULL;
    for (const char *p = kernel_path; (p = strstr(p, "op_kernel/")) != NULL; p++)
        if (p == kernel_path || p[-1] == '/')
            at = p;
    if (!at)
        return NULL;
    if (at == kernel_path)
        return xstrdup(".");
    return xasprintf("%.*s", (int)(at - kernel_path - 1), kernel_path);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .cpp files of dir, sorted by name, each with its text; NULL-ended paths. */
struct host_sources {
    char **paths;
    struct source **texts;
    size_t n;
};

static void host_sources_read(const char *dir, size_t max_bytes, struct host_sources *out)
{
    memset(out, 0, sizeof(*out));
    DIR *d = opendir(dir);
    if (!d)
        return;
    VEC(char *) names = {0};
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len > 4 && !strcmp(e->d_name + len - 4, ".cpp")) {
            char *copy = xstrdup(e->d_name);
            VEC_PUSH(names, copy);
        }
    }
    closedir(d);
    if (names.len)
        qsort(names.items, names.len, sizeof(char *), compare_names);
    out->paths = xcalloc(names.len + 1, sizeof(char *));
    out->texts = xcalloc(names.len + 1, sizeof(struct source *));
    for (size_t i = 0; i < names.len; i++) {
        char *path = xasprintf("%s/%s", dir, names.items[i]);
        const char *err;
        struct source *s = source_read_regular(path, max_bytes, &err);
        if (s) {
            out->paths[out->n] = path;
            out->texts[out->n++] = s;
        } else {
            free(path);
        }
        free(names.items[i]);
    }
    VEC_FREE(names);
}

static void host_sources_free(struct host_sources *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->paths[i]);
        source_free(s->texts[i]);
    }
    free(s->paths);
    free(s->texts);
}

/* Whether a host source may hold a tiling function: it registers one or defines TilingFunc. */
static bool may_hold_tiling(const struct source *s)
{
    return strstr(s->text, ".Tiling(") || strstr(s->text, "SetTiling(") ||
           strstr(s->text, "TilingFunc");
}

static bool is_tiling_source(const char *path)
{
    size_t n = strlen(path);
    return n >= 11 && !strcmp(path + n - 11, "_tiling.cpp");
}

struct tiling_search {
    CXCursor registered;    /* the function .Tiling(F) or .SetTiling(F) names */
    CXCursor named;         /* a definition of TilingFunc(gert::TilingContext *) */
    const char *path;
};

static enum CXChildVisitResult find_function_ref(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_FunctionDecl) {
        *(CXCursor *)data = clang_getCursorReferenced(c);
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool in_file(CXCursor c, const char *path)
{
    CXFile file;
    clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
    if (!file)
        return false;
    CXString name = clang_getFileName(file);
    bool same = clang_getCString(name) && !strcmp(clang_getCString(name), path);
    clang_disposeString(name);
    return same;
}

static enum CXChildVisitResult find_tiling(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct tiling_search *s = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_CallExpr && clang_Cursor_isNull(s->registered)) {
        CXString name = clang_getCursorSpelling(clang_getCursorReferenced(c));
        const char *n = clang_getCString(name);
        bool registers = n && (!strcmp(n, "Tiling") || !strcmp(n, "SetTiling")) &&
                         clang_Cursor_getNumArguments(c) == 1;
        clang_disposeString(name);
        if (registers) {
            CXCursor fn = clang_getNullCursor();
            clang_visitChildren(clang_Cursor_getArgument(c, 0), find_function_ref, &fn);
            if (clang_Cursor_isNull(fn) &&
                clang_getCursorKind(clang_Cursor_getArgument(c, 0)) == CXCursor_DeclRefExpr)
                fn = clang_getCursorReferenced(clang_Cursor_getArgument(c, 0));
            if (!clang_Cursor_isNull(fn))
                s->registered = clang_getCursorDefinition(fn);
        }
    }
    if (kind == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        clang_Cursor_isNull(s->named) && in_file(c, s->path)) {
        CXString name = clang_getCursorSpelling(c);
        if (!strcmp(clang_getCString(name), "TilingFunc") && clang_Cursor_getNumArguments(c) == 1)
            s->named = c;
        clang_disposeString(name);
    }
    return CXChildVisit_Recurse;
}

/* The tiling function's only parameter: the context. */
static struct value bind_context(struct interp *I, CXCursor parm, void *data)
{
    (void)data;
    CXType t = clang_getCanonicalType(clang_getCursorType(parm));
    if (t.kind == CXType_Pointer)
        t = clang_getPointeeType(t);
    return host_api_context(I, t);
}

static char *own(struct host_tiling *t, char *s)
{
    t->owned = xrealloc_array(t->owned, t->nowned + 1, sizeof(char *));
    t->owned[t->nowned++] = s;
    return s;
}

static void add_define(struct host_tiling *t, const char *name, int64_t value, char *origin)
{
    t->defines = xrealloc_array(t->defines, t->ndefines + 1, sizeof(*t->defines));
    t->defines[t->ndefines++] = (struct define){.name = own(t, xstrdup(name)), .value = value,
                                                .origin = own(t, origin)};
}

/* The path of loc as a note shows it: from the op's directory ("op_host/x_tiling.cpp"). */
static const char *short_path(const char *path, const char *op_dir)
{
    size_t n = strlen(op_dir);
    if (strcmp(op_dir, ".") && !strncmp(path, op_dir, n) && path[n] == '/')
        return path + n + 1;
    return path;
}

struct field_walk {
    struct host_tiling *t;
    struct host_run *r;
    const char *from, *op_dir, *inputs;
};

/* Fields of the tiling structure the host never set: 0, as in the framework's zeroed buffer. */
static enum CXChildVisitResult unset_field(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct field_walk *fw = data;
    if (clang_getCursorKind(c) != CXCursor_FieldDecl)
        return CXChildVisit_Continue;
    CXType ft = clang_getCanonicalType(clang_getCursorType(c));
    if (!interp_is_integer_type(ft))
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    const char *n = clang_getCString(name);
    bool set = false;
    for (size_t i = 0; i < fw->r->fields.len && !set; i++)
        set = !strcmp(fw->r->fields.items[i].name, n);
    if (!set)
        add_define(fw->t, n, 0, xasprintf("not set by %s for %s, 0 as in the zeroed tiling "
                                          "buffer", fw->from, fw->inputs));
    clang_disposeString(name);
    return CXChildVisit_Continue;
}

/* The header's account of guessed values, and the warning that says why. */
static void guessed(struct host_tiling *t, struct diag_list *diags, struct as_loc at,
                    const char *why)
{
    diag_addf(diags, CHECK_HOST_TILING, SEV_WARNING, at, "%s; the kernel is checked with "
              "guessed tiling values", why);
    t->note = xasprintf("tiling: guessed by field name (-D to change): %s", why);
}

/* Runs `fn` of the parse; fills t from what it set. */
static void run_function(CXTranslationUnit tu, CXCursor fn, const char *path, const char *op_dir,
                         const char *inputs, const struct frontend_options *o,
                         struct host_run *r, struct host_tiling *t, struct diag_list *diags)
{
    struct pir_writer w;
    pir_writer_init(&w);
    struct diag_list run_diags;
    diag_list_init(&run_diags, 0);
    struct interp_options io = {.max_steps = o->max_steps ? o->max_steps : 10000000,
                                .max_depth = 64, .max_runs = 1,
                                .max_nesting = o->max_depth ? o->max_depth : 1000,
                                .stop_at_unsupported = true, .exact = true};
    struct interp I;
    interp_init(&I, tu, HOST_STUB_DIR "/", host_api(), r, &w, &run_diags, &io);
    interp_run_kernel(&I, fn, bind_context, NULL);
    CXString fname = clang_getCursorSpelling(fn);
    char *from = xasprintf("%s in %s", clang_getCString(fname), short_path(path, op_dir));
    clang_disposeString(fname);
    const struct finding *first = NULL;
    for (size_t i = 0; i < run_diags.len && !first; i++)
        if (run_diags.items[i].severity == SEV_ERROR)
            first = &run_diags.items[i];
    if (first) {
        struct as_loc at = first->loc;
        at.file = arena_strdup(&diags->arena, at.file ? at.file : path);
        char *why = xasprintf("the host tiling %s could not be run for %s: %s", from, inputs,
                              first->message);
        guessed(t, diags, at, why);
        free(why);
    } else if (I.returned.kind == VAL_INT && I.returned.num != 0) {
        struct as_loc at = interp_loc(&I, fn);
        at.file = arena_strdup(&diags->arena, at.file);
        char *why = xasprintf("the host tiling %s returned %lld (a failure) for %s: the op "
                              "refuses these inputs", from, (long long)I.returned.num, inputs);
        guessed(t, diags, at, why);
        free(why);
    } else {
        for (size_t i = 0; i < r->fields.len; i++) {
            const struct host_field *f = &r->fields.items[i];
            add_define(t, f->name, f->value,
                       xasprintf("computed by %s:%d for %s", short_path(f->at.file, op_dir),
                                 f->at.line, inputs));
        }
        if (r->fields.len) {   /* the structure of the first field set: its other fields */
            struct field_walk fw = {t, r, from, op_dir, inputs};
            clang_visitChildren(clang_getCursorSemanticParent(r->tiling_member),
                                unset_field, &fw);
        }
        if (r->has_key)
            add_define(t, "tiling_key", r->key,
                       xasprintf("set by SetTilingKey at %s:%d for %s",
                                 short_path(r->key_at.file, op_dir), r->key_at.line, inputs));
        else    /* the framework launches with key 0 when the host sets none */
            add_define(t, "tiling_key", 0,
                       xasprintf("not set by %s for %s: 0, the framework's", from, inputs));
        if (r->has_block_dim)
            add_define(t, "block_num", r->block_dim,
                       xasprintf("set by SetBlockDim at %s:%d for %s",
                                 short_path(r->block_dim_at.file, op_dir), r->block_dim_at.line,
                                 inputs));
        char key[64] = "no tiling key (0)", dim[64] = "no block dim";
        if (r->has_key)
            snprintf(key, sizeof(key), "tiling key %lld", (long long)r->key);
        if (r->has_block_dim)
            snprintf(dim, sizeof(dim), "block dim %lld", (long long)r->block_dim);
        t->note = xasprintf("tiling: computed by the host tiling %s for %s on %s (%lld vector "
                            "cores): %zu field%s set, %s, %s", from, inputs, r->model->name,
                            (long long)r->vector_cores, r->fields.len,
                            r->fields.len == 1 ? "" : "s", key, dim);
    }
    free(from);
    diag_list_free(&run_diags);
    interp_free(&I);
    pir_writer_free(&w);
}

/* Parses the host source at `path` and runs the tiling function it holds; false if it holds
 * none (nothing reported). */
static bool run_source(const struct source *host, const char *op_dir, const char *inputs,
                       const struct frontend_options *o, struct host_run *r,
                       struct host_tiling *t, struct diag_list *diags)
{
    struct diag_list parse_diags;
    diag_list_init(&parse_diags, 0);
    struct frontend_options ho = *o;
    ho.extra_roots = NULL;
    ho.nextra_roots = 0;
    ho.appended = NULL;
    struct clang_parse parse = {0};
    bool parsed = parse_guard_scan(host, &ho, &parse_diags) &&
                  clang_parse_source(&host_dialect, host, &ho, NULL, 0, NULL, 0, &parse,
                                     &parse_diags);
    bool found = true;
    if (!parsed) {
        const struct finding *first = parse_diags.len ? &parse_diags.items[0] : NULL;
        struct as_loc at = first ? first->loc : (struct as_loc){host->path, 0, 0, 1};
        at.file = arena_strdup(&diags->arena, at.file ? at.file : host->path);
        char *why = xasprintf("the host source %s does not compile under the frontend's host "
                              "API declarations: %s", short_path(host->path, op_dir),
                              first ? first->message : "libclang could not parse it");
        guessed(t, diags, at, why);
        free(why);
    } else {
        struct tiling_search s = {clang_getNullCursor(), clang_getNullCursor(), host->path};
        clang_visitChildren(clang_getTranslationUnitCursor(parse.tu), find_tiling, &s);
        CXCursor fn = !clang_Cursor_isNull(s.registered) ? s.registered : s.named;
        found = !clang_Cursor_isNull(fn) && !clang_Cursor_isNull(cursor_body(fn));
        if (found)
            run_function(parse.tu, fn, host->path, op_dir, inputs, o, r, t, diags);
    }
    clang_parse_free(&parse);
    diag_list_free(&parse_diags);
    return found;
}

/* Whether o asks for a host run: a --shape or --attr (a --dtype alone chooses the kernel's
 * data type variant, op_dtypes.h). */
static bool run_asked(const struct frontend_options *o)
{
    for (size_t i = 0; i < o->nhost_inputs; i++)
        if (o->host_inputs[i].kind != HOST_DTYPE)
            return true;
    return false;
}

bool host_tiling_run(const struct source *src, const struct frontend_options *o,
                     const struct model *m, struct host_tiling *t, struct diag_list *diags)
{
    memset(t, 0, sizeof(*t));
    bool asked = run_asked(o);
    struct as_loc at = {arena_strdup(&diags->arena, src->path), 0, 0, 1};
    char *op_dir = op_directory(src->path);
    if (!op_dir) {
        if (asked)
            guessed(t, diags, at, "--shape is given, but the kernel is not in an operator's "
                    "op_kernel/ directory, so there is no host tiling to run");
        return true;
    }
    char *host_dir = xasprintf("%s/op_host", op_dir);
    struct host_sources hs;
    host_sources_read(host_dir, o->max_header_size ? o->max_header_size : 4u << 20, &hs);
    bool ok = true;
    size_t candidates = 0;
    for (size_t i = 0; i < hs.n; i++)
        candidates += may_hold_tiling(hs.texts[i]);
    if (!asked) {
        if (candidates)
            t->note = xasprintf("tiling: guessed by field name (-D to change): the host tiling "
                                "in %s/ was not run (no --shape)", short_path(host_dir, op_dir));
    } else if (!candidates) {
        char *why = xasprintf("--shape is given, but %s/ holds no host tiling source (a .cpp "
                              "that registers a tiling function or defines TilingFunc)",
                              host_dir);
        guessed(t, diags, at, why);
        free(why);
    } else {
        struct host_run r = {0};
        r.model = m;
        const char **texts = xcalloc(hs.n + 1, sizeof(char *));
        for (size_t i = 0; i < hs.n; i++)
            texts[i] = hs.texts[i]->text;
        char *inputs = NULL;
        ok = host_inputs_resolve(texts, hs.n, o, &r, &inputs, at, diags);
        free(texts);
        if (ok && !m->source.has_host) {
            char *why = xasprintf("model %s does not describe the chip as host code sees it "
                                  "(no <host> in its <source>)", m->name);
            guessed(t, diags, at, why);
            free(why);
        } else if (ok) {
            r.vector_cores = m->source.host_vector_cores;
            r.cube_cores = m->source.host_cube_cores;
            r.ub_reserved = m->source.host_ub_reserved;
            /* the tiling sources (*_tiling.cpp) first: an op definition that registers the
             * function may use more of the definition API than the stubs declare */
            bool ran = false;
            for (int pass = 0; pass < 2 && !ran; pass++)
                for (size_t i = 0; i < hs.n && !ran; i++)
                    if (is_tiling_source(hs.paths[i]) == (pass == 0) &&
                        may_hold_tiling(hs.texts[i]))
                        ran = run_source(hs.texts[i], op_dir, inputs, o, &r, t, diags);
            if (!ran) {
                char *why = xasprintf("--shape is given, but no source in %s/ registers a "
                                      "tiling function (IMPL_OP_OPTILING(Op).Tiling(F), "
                                      "AICore().SetTiling(F)) or defines TilingFunc", host_dir);
                guessed(t, diags, at, why);
                free(why);
            }
        }
        free(inputs);
        host_run_free(&r);
    }
    if (t->ndefines) {   /* o's own after the host's: the last of a name counts */
        t->defines = xrealloc_array(t->defines, t->ndefines + o->ndefines + 1,
                                    sizeof(*t->defines));
        if (o->ndefines)   /* o->defines may be NULL then, which memcpy must not see */
            memcpy(t->defines + t->ndefines, o->defines, o->ndefines * sizeof(*o->defines));
        t->ndefines += o->ndefines;
    }
    host_sources_free(&hs);
    free(host_dir);
    free(op_dir);
    return ok;
}

void host_tiling_free(struct host_tiling *t)
{
    for (size_t i = 0; i < t->nowned; i++)
        free(t->owned[i]);
    free(t->owned);
    free(t->defines);
    free(t->note);
    memset(t, 0, sizeof(*t));
}
