/* An entry's enum arguments, one kernel per value the source names (enum_args.h). */
#include "enum_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"
#include "interp_internal.h"

struct named_scan {
    struct interp *I;
    const CXCursor *decls;      /* the arguments' enum declarations */
    bool *named;                /* per declaration, per enumerator (row of `width`) */
    size_t n, width;
    struct cursor_vec *enumerators;   /* per declaration */
};

static enum CXChildVisitResult find_named(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct named_scan *sc = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)) ||
        declared_in_stubs(sc->I, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor r = clang_getCursorReferenced(c);
        if (clang_getCursorKind(r) == CXCursor_EnumConstantDecl) {
            CXCursor owner = clang_getCursorSemanticParent(r);
            for (size_t d = 0; d < sc->n; d++)
                if (clang_equalCursors(owner, sc->decls[d]))
                    for (size_t e = 0; e < sc->enumerators[d].len; e++)
                        if (clang_equalCursors(r, sc->enumerators[d].items[e]))
                            sc->named[d * sc->width + e] = true;
        }
    }
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult list_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl)
        VEC_PUSH(*(struct cursor_vec *)data, c);
    return CXChildVisit_Continue;
}

static bool has_value(const struct enum_arg *a, int64_t v)
{
    for (size_t i = 0; i < a->values.len; i++)
        if (a->values.items[i] == v)
            return true;
    return false;
}

void enum_args_find(struct interp *I, CXCursor entry, struct enum_args *out)
{
    memset(out, 0, sizeof(*out));
    int nargs = clang_Cursor_getNumArguments(entry);
    struct cursor_vec decls = {0};
    for (int i = 0; i < nargs; i++) {
        CXCursor parm = clang_Cursor_getArgument(entry, (unsigned)i);
        CXType t = clang_getCanonicalType(clang_getCursorType(parm));
        CXString s = clang_getCursorSpelling(parm);
        const char *name = clang_getCString(s);
        if (t.kind == CXType_Enum && *name && !interp_defined(I, name, NULL)) {
            struct enum_arg a = {.name = xstrdup(name)};
            VEC_PUSH(out->args, a);
            VEC_PUSH(decls, clang_getTypeDeclaration(t));
        }
        clang_disposeString(s);
    }
    if (!decls.len)
        return;
    struct cursor_vec *enumerators = xcalloc(decls.len, sizeof(*enumerators));
    size_t width = 1;
    for (size_t d = 0; d < decls.len; d++) {
        clang_visitChildren(decls.items[d], list_enumerator, &enumerators[d]);
        if (enumerators[d].len > width)
            width = enumerators[d].len;
    }
    struct named_scan sc = {I, decls.items, xcalloc(decls.len * width, sizeof(bool)),
                            decls.len, width, enumerators};
    clang_visitChildren(clang_getTranslationUnitCursor(I->tu), find_named, &sc);
    for (size_t d = 0; d < decls.len; d++) {
        struct enum_arg *a = &out->args.items[d];
        for (size_t e = 0; e < enumerators[d].len; e++) {
            CXCursor en = enumerators[d].items[e];
            int64_t v = clang_getEnumConstantDeclValue(en);
            if (sc.named[d * width + e] && !has_value(a, v)) {
                CXString s = clang_getCursorSpelling(en);
                VEC_PUSH(a->values, v);
                VEC_PUSH(a->spellings, xstrdup(clang_getCString(s)));
                clang_disposeString(s);
            }
        }
        /* an enumerator not named, whose value no named one has (or none named at all) */
        a->other = !a->values.len;
        for (size_t e = 0; e < enumerators[d].len; e++)
            a->other |= !sc.named[d * width + e] &&
                        !has_value(a, clang_getEnumConstantDeclValue(enumerators[d].items[e]));
        a->unlike = (struct unnamed_values){a->values.items, a->values.len};
        char *named = xstrdup("");
        for (size_t v = 0; v < a->spellings.len; v++) {
            char *longer = xasprintf("%s%s%s", named, v ? ", " : "", a->spellings.items[v]);
            free(named);
            named = longer;
        }
        a->what = xasprintf("kernel argument '%s': one kernel per value the source names (%s)%s",
                            a->name, named, a->other ? ", and one for all the others" : "");
        free(named);
        VEC_FREE(enumerators[d]);
    }
    free(sc.named);
    free(enumerators);
    VEC_FREE(decls);
}

uint64_t enum_args_count(const struct enum_args *a)
{
    uint64_t n = 1;
    for (size_t i = 0; i < a->args.len; i++) {
        uint64_t k = a->args.items[i].values.len + a->args.items[i].other;
        n = n > UINT64_MAX / k ? UINT64_MAX : n * k;
    }
    return n;
}

char *enum_args_apply(struct interp *I, struct enum_args *a, uint64_t k)
{
    char *suffix = xstrdup("");
    for (size_t i = a->args.len; i-- > 0;) {
        struct enum_arg *arg = &a->args.items[i];
        uint64_t n = arg->values.len + arg->other;
        arg->pick = (size_t)(k % n);
        k /= n;
        bool other = arg->pick == arg->values.len;
        if (!other)
            interp_set_runtime(I, arg->name, arg->values.items[arg->pick], arg->what);
        char *longer = n < 2 ? xasprintf("%s", suffix)
                       : other ? xasprintf("_%s_other%s", arg->name, suffix)
                               : xasprintf("_%s%s", arg->spellings.items[arg->pick], suffix);
        free(suffix);
        suffix = longer;
    }
    return suffix;
}

bool enum_args_other(const struct enum_args *a, const char *name, bool *other,
                     const struct unnamed_values **unlike)
{
    for (size_t i = 0; i < a->args.len; i++) {
        const struct enum_arg *arg = &a->args.items[i];
        if (strcmp(arg->name, name) == 0) {
            *other = arg->pick == arg->values.len;
            *unlike = &arg->unlike;
            return true;
        }
    }
    return false;
}

const char *enum_args_other_name(const struct enum_args *a)
{
    for (size_t i = 0; i < a->args.len; i++)
        if (a->args.items[i].pick == a->args.items[i].values.len)
            return a->args.items[i].name;
    return NULL;
}

void enum_args_free(struct enum_args *a)
{
    for (size_t i = 0; i < a->args.len; i++) {
        struct enum_arg *arg = &a->args.items[i];
        free(arg->name);
        free(arg->what);
        for (size_t s = 0; s < arg->spellings.len; s++)
            free(arg->spellings.items[s]);
        VEC_FREE(arg->spellings);
        VEC_FREE(arg->values);
    }
    VEC_FREE(a->args);
}
