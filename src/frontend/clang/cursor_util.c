/* Answers libclang 14's C API gives only indirectly (see cursor_util.h): the shape of the
 * tree. Operators are cursor_operators.c's. */
#include "cursor_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/key_map.h"

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct cursor_vec *v = data;
    VEC_PUSH(*v, c);
    return CXChildVisit_Continue;
}

/* The children of the cursors asked about so far, on this thread (each thread parses and
 * runs its own sources): the interpreter asks for a statement's children every time it runs
 * it, and visiting them again each time was a fifth of its time on an SDK reading. A cursor
 * is its kind, its flags and its three pointers, the last its translation unit; the cache is
 * emptied when a translation unit is disposed, whose pointers a later one may reuse. */
struct children_span {
    size_t first, len;
};
static _Thread_local struct {
    struct key_map index;               /* cursor -> its span */
    VEC(struct children_span) spans;
    struct cursor_vec children;         /* every span's cursors */
} cache;

/* A cursor as a key: its kind and flags, its three pointers. */
static void cursor_key(CXCursor c, int64_t key[KEY_MAP_WIDTH])
{
    key[0] = (int64_t)((uint64_t)(uint32_t)c.kind | (uint64_t)(uint32_t)c.xdata << 32);
    key[1] = (int64_t)(intptr_t)c.data[0];
    key[2] = (int64_t)(intptr_t)c.data[1];
    key[3] = (int64_t)(intptr_t)c.data[2];
}

struct cursor_vec cursor_children(CXCursor c)
{
    int64_t key[KEY_MAP_WIDTH];
    cursor_key(c, key);
    int next = (int)cache.spans.len;
    int at = key_map_get_or_put(&cache.index, key, next);
    if (at == next) {
        struct children_span span = {cache.children.len, 0};
        clang_visitChildren(c, collect, &cache.children);
        span.len = cache.children.len - span.first;
        VEC_PUSH(cache.spans, span);
    }
    struct children_span span = cache.spans.items[at];
    struct cursor_vec v = {0};
    if (span.len) {
        v.items = xrealloc_array(NULL, span.len, sizeof(*v.items));
        memcpy(v.items, cache.children.items + span.first, span.len * sizeof(*v.items));
        v.len = v.cap = span.len;
    }
    return v;
}

void cursor_cache_clear(void)
{
    key_map_free(&cache.index);
    VEC_FREE(cache.spans);
    VEC_FREE(cache.children);
}

static bool is_expr(CXCursor c)
{
    return clang_isExpression(clang_getCursorKind(c));
}

struct cursor_vec cursor_exprs(CXCursor c)
{
    struct cursor_vec all = cursor_children(c), v = {0};
    for (size_t i = 0; i < all.len; i++)
        if (is_expr(all.items[i]))
            VEC_PUSH(v, all.items[i]);
    VEC_FREE(all);
    return v;
}

CXCursor cursor_first_expr(CXCursor c)
{
    struct cursor_vec v = cursor_exprs(c);
    CXCursor r = v.len ? v.items[0] : clang_getNullCursor();
    VEC_FREE(v);
    return r;
}

CXCursor cursor_last_expr(CXCursor c)
{
    struct cursor_vec v = cursor_exprs(c);
    CXCursor r = v.len ? v.items[v.len - 1] : clang_getNullCursor();
    VEC_FREE(v);
    return r;
}

bool cursor_two_exprs(CXCursor c, CXCursor *a, CXCursor *b)
{
    struct cursor_vec v = cursor_exprs(c);
    bool ok = v.len == 2;
    if (ok) {
        *a = v.items[0];
        *b = v.items[1];
    }
    VEC_FREE(v);
    return ok;
}

CXCursor cursor_initializer(CXCursor decl)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        return clang_getNullCursor();
    /* expansion locations: a declaration written by a macro (GET_TILING_DATA) has its name
     * and its initializer spelled in different files */
    CXFile file;
    unsigned name;
    clang_getExpansionLocation(clang_getCursorLocation(decl), &file, NULL, NULL, &name);
    struct cursor_vec v = cursor_exprs(decl);
    CXCursor r = clang_getNullCursor();
    for (size_t i = 0; i < v.len; i++) {
        CXFile f;
        unsigned off;
        clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(v.items[i])), &f,
                                   NULL, NULL, &off);
        if (clang_File_isEqual(f, file) && off >= name)
            r = v.items[i];
    }
    VEC_FREE(v);
    return r;
}

CXCursor cursor_init_list(CXCursor decl)
{
    struct cursor_vec kids = cursor_exprs(decl);
    CXCursor list = clang_getNullCursor();
    for (size_t k = 0; k < kids.len; k++)
        if (clang_getCursorKind(kids.items[k]) == CXCursor_InitListExpr)
            list = kids.items[k];
    VEC_FREE(kids);
    return list;
}

CXCursor cursor_strip(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
            k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXFunctionalCastExpr)
            return c;
        CXCursor inner = cursor_last_expr(c);
        if (clang_Cursor_isNull(inner))
            return c;
        c = inner;
    }
}

bool cursor_is_constant_array(CXCursor decl)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    return clang_getCursorKind(decl) == CXCursor_VarDecl
           && (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
           && (clang_isConstQualifiedType(t)
               || clang_isConstQualifiedType(clang_getArrayElementType(t)));
}

CXType type_without_reference(CXType t)
{
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        return clang_getPointeeType(t);
    return t;
}

CXCursor cursor_body(CXCursor fn)
{
    struct cursor_vec v = cursor_children(fn);
    CXCursor r = clang_getNullCursor();
    for (size_t i = 0; i < v.len; i++)
        if (clang_getCursorKind(v.items[i]) == CXCursor_CompoundStmt)
            r = v.items[i];
    VEC_FREE(v);
    return r;
}

bool cursor_int_constant(CXCursor c, int64_t *out)
{
    if (clang_getCursorKind(c) == CXCursor_VarDecl) {
        /* Only constants: a mutable global's initializer is not its value. */
        CXType t = clang_getCursorType(c);
        if (!clang_isConstQualifiedType(t))
            return false;
    }
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r)
        return false;
    bool is_int = clang_EvalResult_getKind(r) == CXEval_Int;
    if (is_int)
        *out = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r)
                                                 : (int64_t)clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    return is_int;
}

static unsigned token_offset(CXTranslationUnit tu, CXToken t)
{
    unsigned off;
    clang_getSpellingLocation(clang_getTokenLocation(tu, t), NULL, NULL, NULL, &off);
    return off;
}

static unsigned cursor_offset(CXCursor c)
{
    unsigned off;
    clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL,
                              &off);
    return off;
}

bool cursor_for_parts(CXTranslationUnit tu, CXCursor s, CXCursor *init, CXCursor *cond,
                      CXCursor *inc, CXCursor *body)
{
    struct cursor_vec k = cursor_children(s);
    *init = *cond = *inc = *body = clang_getNullCursor();
    bool ok = true;
    if (k.len == 4) {
        *init = k.items[0];
        *cond = k.items[1];
        *inc = k.items[2];
        *body = k.items[3];
    } else if (k.len >= 1) {
        /* Some parts are empty: place each child by the header's semicolons. */
        CXToken *toks;
        unsigned n;
        clang_tokenize(tu, clang_getCursorExtent(s), &toks, &n);
        unsigned semi[2] = {0, 0}, close = 0;
        int found = 0, depth = 0;
        for (unsigned i = 0; i < n && !close; i++) {
            CXString sp = clang_getTokenSpelling(tu, toks[i]);
            const char *t = clang_getCString(sp);
            if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
                depth++;
            else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) {
                if (--depth == 0)
                    close = token_offset(tu, toks[i]);
            } else if (!strcmp(t, ";") && depth == 1 && found < 2)
                semi[found++] = token_offset(tu, toks[i]);
            clang_disposeString(sp);
        }
        clang_disposeTokens(tu, toks, n);
        ok = found == 2 && close;
        for (size_t i = 0; ok && i < k.len; i++) {
            unsigned off = cursor_offset(k.items[i]);
            if (off < semi[0]) *init = k.items[i];
            else if (off < semi[1]) *cond = k.items[i];
            else if (off < close) *inc = k.items[i];
            else *body = k.items[i];
        }
        ok = ok && !clang_Cursor_isNull(*body);
    } else {
        ok = false;
    }
    VEC_FREE(k);
    return ok;
}
