/* The operators of expressions (see cursor_operators.h): from the tokens between the
 * operands; one written inside a macro's definition, where libclang reports the invocation
 * instead, from the expanded invocation (macro_ops.c). */
#include "cursor_operators.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cursor_util.h"
#include "macro_ops.h"

struct op_entry {
    CXCursor expr;
    unsigned hash;
    char op[4];
    bool prefix;
    bool used;
    bool op_known;          /* op (and prefix) computed */
    signed char constant;   /* 0: not asked yet, 1: constant `value`, -1: not constant */
    int64_t value;
};

struct op_cache {
    struct op_entry *slots;
    size_t nslots, used;
    struct macro_table *macros;     /* NULL until op_cache_find_macros */
    bool *resolved;                 /* per macro invocation: its operators were looked for */
    CXCursor scope;                 /* the function body being run, or a null cursor */
};

CXCursor op_cache_set_scope(struct op_cache *c, CXCursor body)
{
    CXCursor before = c->scope;
    c->scope = body;
    return before;
}

struct op_cache *op_cache_new(void)
{
    struct op_cache *c = xcalloc(1, sizeof(*c));
    c->nslots = 1024;
    c->slots = xcalloc(c->nslots, sizeof(*c->slots));
    c->scope = clang_getNullCursor();
    return c;
}

void op_cache_free(struct op_cache *c)
{
    if (!c)
        return;
    macro_table_free(c->macros);
    free(c->resolved);
    free(c->slots);
    free(c);
}

/* One expression node, however the cursor was reached: libclang's expression cursors are
 * {enclosing declaration, node, translation unit}, and the declaration depends on the walk. */
static bool same_node(CXCursor a, CXCursor b)
{
    return a.kind == b.kind && a.data[1] == b.data[1] && a.data[2] == b.data[2];
}

static struct op_entry *op_find(struct op_cache *c, CXCursor e, bool *fresh)
{
    if (2 * (c->used + 1) > c->nslots) {
        /* only the table moves: the scope and the macros stay (a copy of the whole cache
         * once lost the scope, and a macro's operators in a template were then not found) */
        size_t nslots = 2 * c->nslots;
        struct op_entry *slots = xcalloc(nslots, sizeof(*slots));
        for (size_t i = 0; i < c->nslots; i++)
            if (c->slots[i].used) {
                size_t j = c->slots[i].hash & (nslots - 1);
                while (slots[j].used)
                    j = (j + 1) & (nslots - 1);
                slots[j] = c->slots[i];
            }
        free(c->slots);
        c->slots = slots;
        c->nslots = nslots;
    }
    /* by the node alone: libclang's hash also takes the enclosing declaration, which differs
     * between cursors of one expression reached by different walks (equalCursors ignores it) */
    uintptr_t node = (uintptr_t)e.data[1];   /* an expression cursor: {parent decl, node, TU} */
    unsigned h = (unsigned)(node ^ (node >> 17)) * 2654435761u + (unsigned)e.kind;
    size_t j = h & (c->nslots - 1);
    while (c->slots[j].used) {
        if (c->slots[j].hash == h && same_node(c->slots[j].expr, e)) {
            *fresh = false;
            return &c->slots[j];
        }
        j = (j + 1) & (c->nslots - 1);
    }
    c->slots[j] = (struct op_entry){.expr = e, .hash = h, .used = true};
    c->used++;
    *fresh = true;
    return &c->slots[j];
}

static void copy_op(char out[4], const char *s)
{
    size_t n = strlen(s);
    if (n > 3)
        n = 3;
    memcpy(out, s, n);
    out[n] = '\0';
}

static const char *const operator_spellings[] = {
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", ">", "<=", ">=", "==", "!=",
    "&&", "||", "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", ",",
    "!", "~", "++", "--"};

/* The constant string spelled t, or NULL if t is not an operator. */
static const char *operator_spelling(const char *t)
{
    for (size_t i = 0; i < sizeof(operator_spellings) / sizeof(operator_spellings[0]); i++)
        if (strcmp(operator_spellings[i], t) == 0)
            return operator_spellings[i];
    return NULL;
}

static bool is_operator_spelling(const char *t)
{
    return operator_spelling(t) != NULL;
}

/* What the cache found, as a string that outlives the cache's table: the caller evaluates the
 * operands next, which may add entries and move the table (a pointer into it then read freed
 * memory, and a long sum lost its operators). */
static const char *lasting(const char *op)
{
    const char *s = op ? operator_spelling(op) : NULL;
    return s ? s : "";
}

/* The spelling of the first token of e's extent at or after `offset` in `file` (spelling
 * locations, so an operator written in a macro's definition is found there). */
static void token_at_or_after(CXTranslationUnit tu, CXCursor e, CXFile file, unsigned offset,
                              bool last, char out[4])
{
    CXToken *toks;
    unsigned n;
    clang_tokenize(tu, clang_getCursorExtent(e), &toks, &n);
    out[0] = '\0';
    for (unsigned i = 0; i < n; i++) {
        unsigned k = last ? n - 1 - i : i;
        CXFile f;
        unsigned off;
        clang_getSpellingLocation(clang_getTokenLocation(tu, toks[k]), &f, NULL, NULL, &off);
        if (!last && (!clang_File_isEqual(f, file) || off < offset))
            continue;
        CXString sp = clang_getTokenSpelling(tu, toks[k]);
        const char *t = clang_getCString(sp);
        if (is_operator_spelling(t))
            copy_op(out, t);
        clang_disposeString(sp);
        break;
    }
    clang_disposeTokens(tu, toks, n);
}

/* The operator after an operand that ends inside a macro invocation (`taskId * 4`,
 * `MAX(a, b) + 1`): the first operator token of e at or after where the invocation starts,
 * outside the invocation's parentheses. */
static void operator_after_macro(CXTranslationUnit tu, CXCursor e, CXSourceLocation lhs_end,
                                 char out[4])
{
    CXFile file;
    unsigned offset;
    clang_getExpansionLocation(lhs_end, &file, NULL, NULL, &offset);
    /* tokenize e's extent as written in the file, not inside the macro's definition */
    CXSourceRange extent = clang_getCursorExtent(e);
    CXFile fs, fe;
    unsigned ls, cs, le, ce;
    clang_getExpansionLocation(clang_getRangeStart(extent), &fs, &ls, &cs, NULL);
    clang_getExpansionLocation(clang_getRangeEnd(extent), &fe, &le, &ce, NULL);
    CXToken *toks;
    unsigned n;
    clang_tokenize(tu, clang_getRange(clang_getLocation(tu, fs, ls, cs),
                                      clang_getLocation(tu, fe, le, ce + 1)), &toks, &n);
    out[0] = '\0';
    int depth = 0;
    for (unsigned i = 0; i < n && !out[0]; i++) {
        CXFile f;
        unsigned off;
        clang_getExpansionLocation(clang_getTokenLocation(tu, toks[i]), &f, NULL, NULL, &off);
        if (!clang_File_isEqual(f, file) || off < offset)
            continue;
        CXString sp = clang_getTokenSpelling(tu, toks[i]);
        const char *t = clang_getCString(sp);
        if (!strcmp(t, "("))
            depth++;
        else if (!strcmp(t, ")"))
            depth--;
        else if (depth == 0 && clang_getTokenKind(toks[i]) == CXToken_Punctuation &&
                 is_operator_spelling(t))
            copy_op(out, t);
        clang_disposeString(sp);
    }
    clang_disposeTokens(tu, toks, n);
}

struct effect_search {
    struct op_cache *ops;
    CXTranslationUnit tu;
    bool found;
};

/* A call, an assignment (`=`, `+=`, ...), `++`, `--` or a lambda. */
static bool is_effect(struct effect_search *s, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator || k == CXCursor_LambdaExpr)
        return true;
    bool prefix;
    if (k == CXCursor_UnaryOperator) {
        const char *op = cursor_unary_operator(s->ops, s->tu, c, &prefix);
        return !op[0] || !strcmp(op, "++") || !strcmp(op, "--");
    }
    if (k == CXCursor_BinaryOperator) {
        const char *op = cursor_operator(s->ops, s->tu, c, cursor_first_expr(c));
        return !op[0] || !strcmp(op, "=");
    }
    return false;
}

static enum CXChildVisitResult find_effect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct effect_search *s = data;
    if (is_effect(s, c)) {
        s->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

bool cursor_has_effects(struct op_cache *ops, CXTranslationUnit tu, CXCursor c)
{
    struct effect_search s = {ops, tu, false};
    if (is_effect(&s, c))
        return true;
    clang_visitChildren(c, find_effect, &s);
    return s.found;
}

bool cursor_cached_constant(struct op_cache *c, CXCursor e, int64_t *out)
{
    bool fresh;
    struct op_entry *slot = op_find(c, e, &fresh);
    if (slot->constant == 0) {
        int64_t n = 0;
        slot->constant = cursor_int_constant(e, &n) ? 1 : -1;
        slot->value = n;
    }
    *out = slot->value;
    return slot->constant > 0;
}

void op_cache_find_macros(struct op_cache *c, CXTranslationUnit tu)
{
    macro_table_free(c->macros);
    free(c->resolved);
    c->macros = macro_table_new(tu);
    c->resolved = xcalloc(macro_table_count(c->macros) + 1, sizeof(bool));
}

/* Records the operators of a macro invocation's expression tree (and frees ops). */
static void remember_ops(struct op_cache *c, struct macro_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bool fresh;
        struct op_entry *slot = op_find(c, ops[i].expr, &fresh);
        copy_op(slot->op, ops[i].op);
        slot->op_known = true;
        slot->prefix = true;
    }
    free(ops);
}

/* The operator of e when the macro invocation k writes it: the invocation's operators are
 * worked out once (macro_ops.c) and kept with their expressions; a template instantiation's
 * nodes once per instantiated body. */
static const char *operator_in_macro(struct op_cache *c, long k, CXCursor e)
{
    struct macro_op *ops;
    size_t n;
    if (!c->resolved[k]) {
        c->resolved[k] = true;
        if (macro_table_operators(c->macros, k, &ops, &n))
            remember_ops(c, ops, n);
    }
    bool fresh;
    struct op_entry *slot = op_find(c, e, &fresh);
    if (slot->op_known)
        return slot->op;
    /* not the pattern's node: the same invocation in the instantiated body being run */
    if (!clang_Cursor_isNull(c->scope) && macro_table_operators_in(c->macros, k, c->scope, &ops, &n))
        remember_ops(c, ops, n);
    slot = op_find(c, e, &fresh);
    return slot->op_known ? slot->op : NULL;
}

/* The innermost macro invocation holding both operands of a binary e, or -1. */
static long operands_macro(const struct op_cache *c, CXCursor lhs, CXCursor e)
{
    CXCursor a, b;
    if (!c->macros || !cursor_two_exprs(e, &a, &b))
        return -1;
    return macro_table_find(c->macros, clang_getRangeEnd(clang_getCursorExtent(lhs)),
                            clang_getRangeStart(clang_getCursorExtent(b)));
}

const char *cursor_operator(struct op_cache *c, CXTranslationUnit tu, CXCursor e, CXCursor lhs)
{
    bool fresh;
    struct op_entry *slot = op_find(c, e, &fresh);
    if (slot->op_known)
        return lasting(slot->op);
    long k = operands_macro(c, lhs, e);
    if (k >= 0) {
        /* the operator may be in the macro's definition: from there, or not known */
        const char *op = operator_in_macro(c, k, e);
        slot = op_find(c, e, &fresh);
        if (!op)
            slot->op[0] = '\0';
        slot->op_known = true;
        return lasting(slot->op);
    }
    slot->op_known = true;
    CXFile file;
    unsigned end;
    CXSourceLocation lhs_end = clang_getRangeEnd(clang_getCursorExtent(lhs));
    clang_getSpellingLocation(lhs_end, &file, NULL, NULL, &end);
    token_at_or_after(tu, e, file, end, false, slot->op);
    if (!slot->op[0])
        operator_after_macro(tu, e, lhs_end, slot->op);
    return lasting(slot->op);
}

/* `&` or `*` told from the types where the tokens do not say (an operator written in the body
 * of a statement macro): &x is a pointer to x's type, *p has the type p points to. Into op;
 * false if the types say neither. */
static bool address_or_dereference(CXCursor e, char op[4])
{
    CXType result = clang_getCanonicalType(clang_getCursorType(e));
    CXType operand = clang_getCanonicalType(clang_getCursorType(cursor_first_expr(e)));
    if (result.kind == CXType_Pointer &&
        clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(result)), operand)) {
        strcpy(op, "&");
        return true;
    }
    if (operand.kind == CXType_Pointer &&
        clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(operand)), result)) {
        strcpy(op, "*");
        return true;
    }
    return false;
}

const char *cursor_unary_operator(struct op_cache *c, CXTranslationUnit tu, CXCursor e,
                                  bool *prefix)
{
    bool fresh;
    struct op_entry *slot = op_find(c, e, &fresh);
    if (slot->op_known) {
        *prefix = slot->prefix;
        return lasting(slot->op);
    }
    long k = c->macros ? macro_table_find(c->macros, clang_getRangeStart(clang_getCursorExtent(e)),
                                          clang_getRangeEnd(clang_getCursorExtent(e)))
                       : -1;
    if (k >= 0 && operator_in_macro(c, k, e)) {
        slot = op_find(c, e, &fresh);   /* the table may have grown */
        *prefix = slot->prefix;
        return lasting(slot->op);
    }
    slot = op_find(c, e, &fresh);
    if (!slot->op_known) {
        slot->op_known = true;
        CXFile file, ofile;
        unsigned start, ostart;
        clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(e)), &file, NULL,
                                  NULL, &start);
        clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(cursor_first_expr(e))),
                                  &ofile, NULL, NULL, &ostart);
        /* prefix when the expression starts before its operand */
        slot->prefix = !(clang_File_isEqual(file, ofile) && start == ostart);
        token_at_or_after(tu, e, file, start, !slot->prefix, slot->op);
        if (!slot->op[0] && address_or_dereference(e, slot->op))
            slot->prefix = true;
    }
    *prefix = slot->prefix;
    return lasting(slot->op);
}
