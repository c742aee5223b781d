/* Types and enumerators as the interpreter needs them: element sizes, enumerator names,
 * template arguments, integer widths. */
#include "interp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"

/* ---- types and enums ---- */

int64_t interp_element_size(CXType t)
{
    t = clang_getCanonicalType(type_without_reference(t));
    if (clang_Type_getNumTemplateArguments(t) < 1)
        return 0;
    long long size = clang_Type_getSizeOf(clang_Type_getTemplateArgumentAsType(t, 0));
    return size > 0 ? size : 0;
}

struct enum_search {
    long long value;
    CXCursor found;
    bool ok;
};

static enum CXChildVisitResult find_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct enum_search *s = data;
    if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl &&
        clang_getEnumConstantDeclValue(c) == s->value) {
        s->found = c;
        s->ok = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

const char *interp_enumerator(struct interp *I, CXCursor enum_decl, int64_t value)
{
    struct enum_search s = {.value = value};
    clang_visitChildren(enum_decl, find_enumerator, &s);
    if (!s.ok)
        return NULL;
    CXString name = clang_getCursorSpelling(s.found);
    const char *interned = interp_intern(I, clang_getCString(name));
    clang_disposeString(name);
    return interned;
}

/* The declared type of template parameter i of the template `fn` was made from. */
static CXType template_parameter_type(CXCursor fn, unsigned i)
{
    CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
    struct cursor_vec kids = cursor_children(tmpl);
    CXType t = {.kind = CXType_Invalid};
    unsigned k = 0;
    for (size_t j = 0; j < kids.len; j++) {
        enum CXCursorKind kind = clang_getCursorKind(kids.items[j]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter &&
            kind != CXCursor_TemplateTemplateParameter)
            continue;
        if (k++ == i) {
            t = clang_getCursorType(kids.items[j]);
            break;
        }
    }
    VEC_FREE(kids);
    return t;
}

/* libclang 14 gives template arguments of functions, not of methods: for a method, the
 * enumerators written in the callee (`pipe.AllocEventID<HardEvent::MTE2_V>`) are read. */
static const char *written_template_enum(struct interp *I, CXCursor call, unsigned i)
{
    CXCursor callee = cursor_strip(cursor_first_expr(call));
    struct cursor_vec kids = cursor_children(callee);
    const char *found = NULL;
    unsigned k = 0;
    for (size_t j = 0; j < kids.len && !found; j++) {
        CXCursor ref = clang_getCursorReferenced(kids.items[j]);
        if (clang_getCursorKind(kids.items[j]) != CXCursor_DeclRefExpr ||
            clang_getCursorKind(ref) != CXCursor_EnumConstantDecl || k++ != i)
            continue;
        CXString s = clang_getCursorSpelling(ref);
        found = interp_intern(I, clang_getCString(s));
        clang_disposeString(s);
    }
    VEC_FREE(kids);
    return found;
}

const char *interp_template_enum(struct interp *I, CXCursor fn, CXCursor call, unsigned i)
{
    if (clang_Cursor_getNumTemplateArguments(fn) < 0)
        return written_template_enum(I, call, i);
    if (clang_Cursor_getNumTemplateArguments(fn) <= (int)i ||
        clang_Cursor_getTemplateArgumentKind(fn, i) != CXTemplateArgumentKind_Integral)
        return NULL;
    CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(template_parameter_type(fn, i)));
    if (clang_getCursorKind(decl) != CXCursor_EnumDecl)
        return NULL;
    return interp_enumerator(I, decl, clang_Cursor_getTemplateArgumentValue(fn, i));
}

bool interp_template_int(CXCursor fn, unsigned i, int64_t *out)
{
    if (clang_Cursor_getNumTemplateArguments(fn) <= (int)i ||
        clang_Cursor_getTemplateArgumentKind(fn, i) != CXTemplateArgumentKind_Integral)
        return false;
    *out = clang_Cursor_getTemplateArgumentValue(fn, i);
    return true;
}

/* ---- constants ---- */

struct value constant_value(CXCursor c)
{
    int64_t n;
    return cursor_int_constant(c, &n) ? int_value(n) : unknown;
}

struct value default_argument_value(CXCursor parm)
{
    CXCursor e = cursor_last_expr(parm);
    if (clang_Cursor_isNull(e))
        return unknown;
    return constant_value(e);
}

/* Truncates an integer to the width and signedness of an integer type. */
int64_t fit_to_type(CXType t, int64_t v)
{
    t = clang_getCanonicalType(t);
    long long size = clang_Type_getSizeOf(t);
    bool is_unsigned;
    switch (t.kind) {
    case CXType_Bool:
        return v != 0;
    case CXType_UChar: case CXType_UShort: case CXType_UInt: case CXType_ULong:
    case CXType_ULongLong: case CXType_Char_U:
        is_unsigned = true;
        break;
    case CXType_SChar: case CXType_Short: case CXType_Int: case CXType_Long:
    case CXType_LongLong: case CXType_Char_S:
        is_unsigned = false;
        break;
    default:
        return v;
    }
    if (size <= 0 || size >= 8)
        return v;
    int bits = (int)size * 8;
    uint64_t mask = ((uint64_t)1 << bits) - 1, u = (uint64_t)v & mask;
    if (!is_unsigned && (u >> (bits - 1)))
        return (int64_t)(u | ~mask);
    return (int64_t)u;
}

bool interp_is_integer_type(CXType t)
{
    t = clang_getCanonicalType(t);
    /* char16_t is the Ascend C SDK reading's stand-in for bfloat16_t, a floating type
     * (sdk/prelude/accelsync_sdk.h): its values are data, as a float's, never a constant
     * folded to an integer (`bfloat16_t beta = 0.5f` is not 0) */
    if (t.kind == CXType_Char16)
        return false;
    return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum;
}
