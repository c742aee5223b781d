/* Variables the ISA layer places: arrays the source keeps in GM, and the compiler's
 * block_idx and block_num.
 *
 * Arrays the source keeps in GM (`const __gm__ int32_t assist[256] = {...}` at namespace
 * scope, ops-transformer's moe kernels): the SDK's prelude erases `__gm__`, so such an array
 * would be a plain array of the program, and the address a GlobalTensor takes of it no address
 * a copy can read. Read as the device has it instead: a GM buffer of its own, named after the
 * array and of its size, which copies and the scalar unit access; a scalar read of a constant
 * integer table gives the initializer's element (the read still written, rule 10). */
#include "isa_internal.h"
#include "../../clang/cursor_util.h"

#include <stdlib.h>
#include <string.h>

/* Whether decl's own tokens (as written, before the prelude's macro) name `__gm__`. */
static bool spelled_gm(CXCursor decl)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(decl);
    CXToken *toks;
    unsigned n;
    clang_tokenize(tu, clang_getCursorExtent(decl), &toks, &n);
    bool gm = false;
    for (unsigned i = 0; i < n && !gm; i++) {
        if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
            continue;
        CXString sp = clang_getTokenSpelling(tu, toks[i]);
        gm = strcmp(clang_getCString(sp), "__gm__") == 0;
        clang_disposeString(sp);
    }
    clang_disposeTokens(tu, toks, n);
    return gm;
}

static bool in_function(CXCursor decl)
{
    for (CXCursor p = clang_getCursorSemanticParent(decl); !clang_Cursor_isNull(p) &&
         clang_getCursorKind(p) != CXCursor_TranslationUnit; p = clang_getCursorSemanticParent(p)) {
        enum CXCursorKind k = clang_getCursorKind(p);
        if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
            k == CXCursor_FunctionTemplate || k == CXCursor_Constructor)
            return true;
    }
    return false;
}

/* Whether decl is the prelude's (its file in ISA_PRELUDE_DIR). */
static bool in_prelude(CXCursor decl)
{
    CXFile file;
    clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL, NULL, NULL);
    CXString name = clang_getFileName(file);
    const char *path = clang_getCString(name);
    bool ours = path && !strncmp(path, ISA_PRELUDE_DIR "/", strlen(ISA_PRELUDE_DIR "/"));
    clang_disposeString(name);
    return ours;
}

bool isa_declare(struct interp *I, CXCursor var, struct value *out)
{
    struct isa_state *s = I->api_data;
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    if (t.kind != CXType_ConstantArray && in_prelude(var)) {
        CXString name = clang_getCursorSpelling(var);
        bool block = isa_block_value(I, s, clang_getCString(name), out);
        clang_disposeString(name);
        return block;
    }
    if (t.kind != CXType_ConstantArray || in_function(var) || !spelled_gm(var))
        return false;
    long long size = clang_Type_getSizeOf(t);
    CXString name = clang_getCursorSpelling(var);
    int b = pir_writer_buffer(s->w, clang_getCString(name), "GM", size > 0 ? size : 1, -1,
                              interp_loc(I, var), "an array the source keeps in GM");
    clang_disposeString(name);
    struct isa_gm_table table = {var, b};
    VEC_PUSH(s->gm_tables, table);
    *out = (struct value){.kind = VAL_POINTER, .buffer = b, .num = 0};
    return true;
}

bool isa_gm_table_element(const struct isa_state *s, struct value p, int64_t bytes,
                          int64_t *out)
{
    for (size_t i = 0; i < s->gm_tables.len; i++) {
        CXCursor decl = s->gm_tables.items[i].decl;
        if (s->gm_tables.items[i].buffer != p.buffer)
            continue;
        CXType t = clang_getCanonicalType(clang_getCursorType(decl));
        CXType elem = clang_getCanonicalType(clang_getArrayElementType(t));
        long long esize = clang_Type_getSizeOf(elem);
        if (!cursor_is_constant_array(decl) || p.num == OFFSET_UNKNOWN || esize != bytes ||
            p.num % esize != 0 || elem.kind < CXType_Bool || elem.kind > CXType_Int128)
            return false;   /* data: written, a float, a row, or where data decides */
        int64_t k = p.num / esize;
        if (k >= clang_getArraySize(t))
            return false;
        CXCursor list = cursor_init_list(decl);
        if (clang_Cursor_isNull(list))
            return false;
        struct cursor_vec elems = cursor_exprs(list);
        bool known = (size_t)k >= elems.len ? (*out = 0, true)   /* value-initialized */
                                            : cursor_int_constant(elems.items[k], out);
        VEC_FREE(elems);
        return known;
    }
    return false;
}
