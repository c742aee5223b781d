/* Code chosen per core type at compile time (docs/frontends.md): a source is parsed with the
 * macros of the model's vector core, and again with those of its cube core when a file of
 * the translation unit (the stubs aside) names one of the cube core's (`__DAV_C220_CUBE__`).
 * A macro of a core type parsed for neither would hide code: its first mention is reported
 * as unsupported. So is a source's own #define of one of the model's macros (its arch). */
#include "core_macros.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/words.h"
#include "../../util/xalloc.h"

struct macro_search {
    CXTranslationUnit tu;
    const struct model_source *ms;
    const char *coretype;       /* the macros of this core type; NULL: of any type parsed for
                                 * neither the vector nor the cube core */
    const char *stub_dir;
    const char *name;           /* the macro found, or NULL */
    CXFile file;
    unsigned offset;
};

/* The offset of the first identifier token `word` in the file (comments and strings are not
 * tokens of that kind), or -1. */
static long find_identifier(CXTranslationUnit tu, CXFile file, size_t len, const char *word)
{
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                       clang_getLocationForOffset(tu, file, (unsigned)len));
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, all, &tokens, &n);
    long found = -1;
    for (unsigned i = 0; i < n && found < 0; i++) {
        if (clang_getTokenKind(tokens[i]) != CXToken_Identifier)
            continue;
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        if (!strcmp(clang_getCString(s), word)) {
            unsigned offset;
            clang_getSpellingLocation(clang_getTokenLocation(tu, tokens[i]), NULL, NULL, NULL,
                                      &offset);
            found = offset;
        }
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, tokens, n);
    return found;
}

static void visit_file(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    (void)depth;
    struct macro_search *s = data;
    if (s->name)
        return;
    CXString name = clang_getFileName(file);
    bool stub = strncmp(clang_getCString(name), s->stub_dir, strlen(s->stub_dir)) == 0;
    clang_disposeString(name);
    size_t len = 0;
    const char *text = stub ? NULL : clang_getFileContents(s->tu, file, &len);
    for (int i = 0; text && i < s->ms->ndefines && !s->name; i++) {
        const struct model_source_define *d = &s->ms->defines[i];
        if (!d->coretype || (s->coretype ? strcmp(d->coretype, s->coretype) != 0
                                         : !strcmp(d->coretype, s->ms->vector_core) ||
                                               !strcmp(d->coretype, s->ms->cube_core)))
            continue;
        long at = find_word(text, len, d->name) >= 0 ? find_identifier(s->tu, file, len, d->name)
                                                      : -1;
        if (at >= 0) {
            s->name = d->name;
            s->file = file;
            s->offset = (unsigned)at;
        }
    }
}

bool core_macro_used(CXTranslationUnit tu, const struct model_source *ms, const char *coretype,
                     const char *stub_dir)
{
    struct macro_search s = {.tu = tu, .ms = ms, .coretype = coretype, .stub_dir = stub_dir};
    clang_getInclusions(tu, visit_file, &s);
    return s.name != NULL;
}

bool other_core_macro_used(CXTranslationUnit tu, const struct model_source *ms,
                           const char *stub_dir, struct diag_list *diags)
{
    struct macro_search s = {.tu = tu, .ms = ms, .stub_dir = stub_dir};
    clang_getInclusions(tu, visit_file, &s);
    if (!s.name)
        return false;
    CXFile file;
    unsigned line, col;
    clang_getSpellingLocation(clang_getLocationForOffset(tu, s.file, s.offset), &file, &line,
                              &col, NULL);
    CXString path = clang_getFileName(s.file);
    struct as_loc at = {arena_strdup(&diags->arena, clang_getCString(path)), (int)line, (int)col,
                        (int)strlen(s.name)};
    clang_disposeString(path);
    diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, at,
              "%s selects code for a core type at compile time that the source is not parsed "
              "for (only as %s and %s code), so that code would not be checked", s.name,
              ms->vector_core, ms->cube_core);
    return true;
}

/* The value a macro definition gives its name: its tokens after the name, without spaces. */
static char *definition_value(CXTranslationUnit tu, CXCursor def)
{
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(def), &tokens, &n);
    char *value = xstrdup("");
    for (unsigned i = 1; i < n; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        char *longer = xasprintf("%s%s", value, clang_getCString(s));
        clang_disposeString(s);
        free(value);
        value = longer;
    }
    clang_disposeTokens(tu, tokens, n);
    return value;
}

struct redefinition_search {
    CXTranslationUnit tu;
    const struct model_source *ms;
    const char *stub_dir;
    struct diag_list *diags;
    bool found;
};

static enum CXChildVisitResult find_redefinition(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct redefinition_search *s = data;
    if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    const struct model_source_define *d = NULL;
    for (int i = 0; i < s->ms->ndefines && !d; i++)
        if (!strcmp(s->ms->defines[i].name, clang_getCString(name)))
            d = &s->ms->defines[i];
    clang_disposeString(name);
    CXFile file = NULL;
    unsigned line, col;
    clang_getSpellingLocation(clang_getCursorLocation(c), &file, &line, &col, NULL);
    if (!d || !file)   /* not the model's, or given on the command line */
        return CXChildVisit_Continue;
    CXString path = clang_getFileName(file);
    bool stub = strncmp(clang_getCString(path), s->stub_dir, strlen(s->stub_dir)) == 0;
    struct as_loc at = {arena_strdup(&s->diags->arena, clang_getCString(path)), (int)line,
                        (int)col, (int)strlen(d->name)};
    clang_disposeString(path);
    char *value = stub ? NULL : definition_value(s->tu, c);
    if (value && d->coretype) {
        diag_addf(s->diags, CHECK_UNSUPPORTED, SEV_ERROR, at,
                  "the source defines %s, which the frontend defines itself when it parses %s "
                  "code: the code it selects would be read for the wrong core type", d->name,
                  d->coretype);
        s->found = true;
    } else if (value && (!d->value || strcmp(value, d->value) != 0)) {
        diag_addf(s->diags, CHECK_UNSUPPORTED, SEV_ERROR, at,
                  "the source defines %s as %s, but it is read for a model whose %s is %s: "
                  "code for another arch would be checked against this one (--arch, or "
                  "-D %s=VALUE, reads it for the model of that arch)", d->name,
                  *value ? value : "nothing", d->name, d->value ? d->value : "defined", d->name);
        s->found = true;
    }
    free(value);
    return CXChildVisit_Continue;
}

bool arch_macro_redefined(CXTranslationUnit tu, const struct model_source *ms,
                          const char *stub_dir, struct diag_list *diags)
{
    struct redefinition_search s = {tu, ms, stub_dir, diags, false};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_redefinition, &s);
    return s.found;
}
