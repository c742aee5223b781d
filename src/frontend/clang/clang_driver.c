/* The libclang parse every source frontend shares (see clang_driver.h). */
#include "clang_driver.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/words.h"
#include "../../util/xalloc.h"
#include "cursor_util.h"
#include "missing_headers.h"
#include "parse_guard.h"

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

/* Where a clang message points; one with no file ("too many errors emitted", an error of the
 * command line) is about the source being read: `path`, with no line. */
static struct as_loc diag_loc(struct diag_list *diags, CXSourceLocation where, const char *path)
{
    CXFile file;
    unsigned line, col;
    clang_getSpellingLocation(where, &file, &line, &col, NULL);
    CXString name = clang_getFileName(file);
    const char *spelled = clang_getCString(name);
    struct as_loc loc = spelled && *spelled
                            ? (struct as_loc){arena_strdup(&diags->arena, spelled), (int)line,
                                              (int)col, 1}
                            : (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1};
    clang_disposeString(name);
    return loc;
}

/* clang's errors as source-error findings; true if there was none. */
static bool report_clang_errors(CXTranslationUnit tu, const char *path, struct diag_list *diags)
{
    bool clean = true;
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString msg = clang_getDiagnosticSpelling(d);
            const char *hint = missing_header_hint(clang_getCString(msg));
            diag_addf(diags, CHECK_SOURCE_ERROR, SEV_ERROR,
                      diag_loc(diags, clang_getDiagnosticLocation(d), path), "%s%s%s",
                      clang_getCString(msg), hint ? "; " : "", hint ? hint : "");
            clang_disposeString(msg);
            clean = false;
        }
        clang_disposeDiagnostic(d);
    }
    return clean;
}

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

typedef VEC(char *) string_vec;
typedef VEC(struct CXUnsavedFile) unsaved_vec;

static void free_strings(string_vec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->items[i]);
    VEC_FREE(*v);
}

static void add_unsaved(unsaved_vec *unsaved, string_vec *owned, const char *dir,
                        const char *name, const char *text, size_t len)
{
    char *path = name[0] == '/' ? xstrdup(name) : xasprintf("%s/%s", dir, name);
    VEC_PUSH(*owned, path);
    struct CXUnsavedFile f = {path, text, (unsigned long)len};
    VEC_PUSH(*unsaved, f);
}

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

/* After `open` (one of "<(") at p, the matching close; NULL if the text ends first. Counts
 * the top-level commas. */
static const char *matching(const char *p, char open, char close, int *commas)
{
    int depth = 0;
    *commas = 0;
    for (; *p; p++) {
        if (*p == open)
            depth++;
        else if (*p == close && --depth == 0)
            return p;
        else if (*p == ',' && depth == 1)
            ++*commas;
        else if (*p == ';' || *p == '{')
            return NULL;
    }
    return NULL;
}

/* libclang shows no cursor for an explicit instantiation of a kernel template
 * (`template __global__ void k<float>(float *x, int n);`), so the template exists nowhere a
 * launch search can see. For each one written in the file, a call is appended after the
 * file's last line (no line moves): `k<float>(__accelsync_arg(), __accelsync_arg())`. */
static char *instantiation_calls(const char *text, const char *const *words)
{
    char *calls = xstrdup("");
    int n = 0;
    for (const char *p = text; words && (p = strstr(p, "template")) != NULL; p += 8) {
        if (p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
                         (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9')))
            continue;
        const char *q = skip_space(p + 8);
        size_t w = 0;
        while (words[w] && strncmp(q, words[w], strlen(words[w])) != 0)
            w++;
        if (!words[w])
            continue;
        q = skip_space(q + strlen(words[w]));
        while (q[0] == '_' && q[1] == '_') {   /* more qualifiers: __aicore__ */
            const char *end = q + 2;
            while (*end == '_' || (*end >= 'a' && *end <= 'z') || (*end >= 'A' && *end <= 'Z'))
                end++;
            q = skip_space(end);
        }
        if (strncmp(q, "void", 4) != 0)
            continue;
        const char *name = skip_space(q + 4), *lt = strchr(name, '<');
        int commas;
        const char *gt = lt ? matching(lt, '<', '>', &commas) : NULL;
        const char *paren = gt ? skip_space(gt + 1) : NULL;
        const char *close = paren && *paren == '(' ? matching(paren, '(', ')', &commas) : NULL;
        if (!close)
            continue;
        int nparams = skip_space(paren + 1) == close ? 0 : commas + 1;
        char *args = xstrdup("");
        for (int i = 0; i < nparams; i++) {
            char *more = xasprintf("%s%s__accelsync_arg()", args, i ? ", " : "");
            free(args);
            args = more;
        }
        char *more = xasprintf("%s static void __accelsync_instance_%d() { %.*s(%s); }", calls, n++,
                               (int)(gt + 1 - name), name, args);
        free(args);
        free(calls);
        calls = more;
    }
    if (n == 0) {
        free(calls);
        return NULL;
    }
    char *all = xasprintf("\nstruct __accelsync_arg { template <class T> operator T() const; };%s\n",
                          calls);
    free(calls);
    return all;
}

/* Each whole word renamed[2k] of text becomes renamed[2k + 1] (the same length). */
static void rename_words(char *text, const char *const *renamed)
{
    size_t len = strlen(text);
    for (size_t k = 0; renamed && renamed[k]; k += 2) {
        size_t n = strlen(renamed[k]);
        long at;
        for (size_t off = 0; (at = find_word(text + off, len - off, renamed[k])) >= 0;
             off += (size_t)at + n)
            memcpy(text + off + (size_t)at, renamed[k + 1], n);
    }
}

bool clang_parse_source(const struct clang_dialect *d, const struct source *src,
                        const struct frontend_options *o, const struct clang_extra_file *extra,
                        size_t nextra, const char *const *extra_args, size_t nextra_args,
                        struct clang_parse *out, struct diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    const char *range_error = NULL;
    for (size_t i = 0; i < o->ndefines && !range_error; i++)
        if (o->defines[i].range && macro_name(o->defines[i].name))
            range_error = o->defines[i].name;
    if (range_error || clang_range_count(o) > CLANG_MAX_RANGE_KERNELS) {
        struct as_loc at = {arena_strdup(&diags->arena, src->path), 0, 0, 1};
        if (range_error)
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                      "-D %s=LO..HI: a name in capitals is a macro of the source, which takes "
                      "one value (give -D %s=VALUE)", range_error, range_error);
        else
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                      "the -D ranges make %llu combinations of values; a kernel source is "
                      "lowered once per combination, at most %d",
                      (unsigned long long)clang_range_count(o), CLANG_MAX_RANGE_KERNELS);
        return false;
    }
    out->text = rewrite_launches(src->text, src->len);
    rename_words(out->text, d->renamed);
    size_t len = src->len;
    char *calls = instantiation_calls(out->text, d->entry_words);
    if (calls) {
        char *longer = xasprintf("%s%s", out->text, calls);
        len += strlen(calls);
        free(out->text);
        free(calls);
        out->text = longer;
    }
    if (o->appended) {   /* after the last line: no line moves */
        char *longer = xasprintf("%s\n%s", out->text, o->appended);
        len += 1 + strlen(o->appended);
        free(out->text);
        out->text = longer;
    }
    unsaved_vec unsaved = {0};
    string_vec owned = {0}, args = {0};
    struct CXUnsavedFile main_file = {src->path, out->text, (unsigned long)len};
    VEC_PUSH(unsaved, main_file);
    for (size_t i = 0; i < nextra; i++)
        add_unsaved(&unsaved, &owned, d->stub_dir, extra[i].name, extra[i].text,
                    strlen(extra[i].text));
    char *forwarder = xasprintf("#include \"%s\"\n", d->forward_to ? d->forward_to : "");
    for (size_t i = 0; i < d->nforwarded; i++)
        add_unsaved(&unsaved, &owned, d->stub_dir, d->forwarded[i], forwarder, strlen(forwarder));
    for (const struct embedded_file *e = d->stubs; e->path; e++)
        add_unsaved(&unsaved, &owned, d->stub_dir, e->path, (const char *)e->data, e->len);
    for (size_t i = 0; i < d->nargs; i++)
        VEC_PUSH(args, xstrdup(d->args[i]));
    for (size_t i = 0; parse_guard_args[i]; i++)
        VEC_PUSH(args, xstrdup(parse_guard_args[i]));
    char *dir_copy = xstrdup(src->path);
    VEC_PUSH(args, xasprintf("-I%s", dirname(dir_copy)));
    free(dir_copy);
    for (size_t i = 0; i < o->ninclude_dirs; i++)
        VEC_PUSH(args, xasprintf("-I%s", o->include_dirs[i]));
    /* the built-in declarations last: a header of the same name beside the source or in a
     * -I directory is the user's, and wins */
    VEC_PUSH(args, xasprintf("-I%s", d->stub_dir));
    for (size_t i = 0; i < nextra_args; i++)
        VEC_PUSH(args, xstrdup(extra_args[i]));
    for (size_t i = 0; i < o->ndefines; i++)
        if (!o->defines[i].origin && macro_name(o->defines[i].name))
            VEC_PUSH(args, xasprintf("-D%s=%lld", o->defines[i].name,
                                     (long long)o->defines[i].value));
    out->index = clang_createIndex(0, 0);
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        out->index, src->path, (const char *const *)args.items, (int)args.len, unsaved.items,
        (unsigned)unsaved.len,
        CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord, &out->tu);
    bool ok;
    if (rc == CXError_Crashed) {   /* its crash recovery caught a fault: most often memory */
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, src->path), 0, 0, 1},
                  "libclang crashed while parsing the kernel source: past the memory limit of "
                  "%llu MiB (--max-source-memory), or on a fault of its own",
                  (unsigned long long)o->max_memory_mib);
        ok = false;
    } else if (rc != CXError_Success || !out->tu) {
        diag_addf(diags, CHECK_SOURCE_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, src->path), 0, 0, 1},
                  "libclang could not parse %s (error %d)", src->path, (int)rc);
        ok = false;
    } else {   /* clang's messages quote what it read: none if it read a refused file */
        ok = parse_guard_inclusions(out->tu, src, o, diags) &&
             report_clang_errors(out->tu, src->path, diags);
    }
    free(forwarder);
    free_strings(&owned);
    free_strings(&args);
    VEC_FREE(unsaved);
    return ok;
}

void clang_parse_free(struct clang_parse *p)
{
    if (p->tu) {
        cursor_cache_clear();   /* its cursors' pointers may be a later unit's */
        clang_disposeTranslationUnit(p->tu);
    }
    if (p->index)
        clang_disposeIndex(p->index);
    free(p->text);
    memset(p, 0, sizeof(*p));
}

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

bool clang_has_annotation(CXCursor c, const char *what)
{
    struct annotation_search s = {what, false};
    clang_visitChildren(c, find_annotation, &s);
    return s.found;
}

struct entry_search {
    const char *annotation;
    struct cursor_vec entries;
};

static enum CXChildVisitResult find_entries(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct entry_search *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        clang_Location_isFromMainFile(clang_getCursorLocation(c)) &&
        clang_has_annotation(c, s->annotation))
        VEC_PUSH(s->entries, c);
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_launches(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct entry_search *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    /* a launch or call, or an explicit instantiation (`template __mlu_global__ void f<T>(...);`) */
    bool instantiation = k == CXCursor_FunctionDecl &&
                         !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c));
    if (k != CXCursor_CallExpr && !instantiation)
        return CXChildVisit_Recurse;
    CXCursor fn = instantiation ? c : clang_getCursorReferenced(c);
    CXCursor pattern = clang_getSpecializedCursorTemplate(fn);
    CXCursor def = clang_getCursorDefinition(fn);
    if (clang_Cursor_isNull(pattern) || clang_Cursor_isNull(def) ||
        !(clang_has_annotation(fn, s->annotation) || clang_has_annotation(pattern, s->annotation)))
        return CXChildVisit_Recurse;
    for (size_t i = 0; i < s->entries.len; i++)
        if (clang_equalCursors(s->entries.items[i], def))
            return CXChildVisit_Recurse;
    VEC_PUSH(s->entries, def);
    return CXChildVisit_Recurse;
}

struct cursor_vec clang_entries(CXTranslationUnit tu, const char *path, const char *qualifiers,
                                struct diag_list *diags)
{
    struct entry_search s = {"accelsync:global", {0}};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_entries, &s);
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_launches, &s);
    if (s.entries.len == 0 && diags)
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1},
                  "no kernel entry in %s (a function defined with %s, or a template of one "
                  "launched or instantiated in the file)", path, qualifiers);
    return s.entries;
}

uint64_t clang_range_count(const struct frontend_options *o)
{
    uint64_t n = 1;
    for (size_t i = 0; i < o->ndefines; i++) {
        if (!o->defines[i].range)
            continue;
        uint64_t k = (uint64_t)(o->defines[i].hi - o->defines[i].value) + 1;
        n = k > UINT64_MAX / n ? UINT64_MAX : n * k;
    }
    return n;
}
