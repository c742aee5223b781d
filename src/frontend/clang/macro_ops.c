/* Operators written inside macro definitions (see macro_ops.h). */
#include "macro_ops.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"
#include "cursor_util.h"

typedef VEC(char *) token_vec;
typedef VEC(token_vec) arg_vec;

struct macro_def {
    char *name;
    bool function_like, variadic;
    token_vec params, body;
};

struct macro_range {
    CXFile file;
    unsigned start, end;    /* file offsets of the invocation's first and last character */
};

struct macro_table {
    CXTranslationUnit tu;
    VEC(struct macro_def) defs;
    VEC(struct macro_range) ranges;
};

enum { MAX_EXPANSION = 20000, MAX_DEPTH = 64 };

static void free_tokens(token_vec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->items[i]);
    VEC_FREE(*v);
}

static token_vec spell_tokens(CXTranslationUnit tu, CXSourceRange r)
{
    token_vec out = {0};
    CXToken *toks;
    unsigned n;
    clang_tokenize(tu, r, &toks, &n);
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(tu, toks[i]);
        VEC_PUSH(out, xstrdup(clang_getCString(s)));
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, toks, n);
    return out;
}

/* NAME ( params ) body, or NAME body. */
static void add_definition(struct macro_table *t, CXCursor c)
{
    token_vec toks = spell_tokens(t->tu, clang_getCursorExtent(c));
    struct macro_def d = {0};
    d.function_like = clang_Cursor_isMacroFunctionLike(c);
    size_t i = 1;
    if (toks.len == 0) {
        VEC_FREE(toks);
        return;
    }
    d.name = xstrdup(toks.items[0]);
    if (d.function_like) {
        for (i = 2; i < toks.len && strcmp(toks.items[i], ")") != 0; i++) {
            if (!strcmp(toks.items[i], ","))
                continue;
            if (!strcmp(toks.items[i], "..."))
                d.variadic = true;
            else
                VEC_PUSH(d.params, xstrdup(toks.items[i]));
        }
        i++;
    }
    for (; i < toks.len; i++)
        VEC_PUSH(d.body, xstrdup(toks.items[i]));
    free_tokens(&toks);
    VEC_PUSH(t->defs, d);
}

static void range_offsets(CXSourceRange r, CXFile *file, unsigned *start, unsigned *end)
{
    clang_getExpansionLocation(clang_getRangeStart(r), file, NULL, NULL, start);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, end);
}

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct macro_table *t = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_MacroDefinition) {
        add_definition(t, c);
    } else if (k == CXCursor_MacroExpansion) {
        struct macro_range m;
        range_offsets(clang_getCursorExtent(c), &m.file, &m.start, &m.end);
        if (m.file)
            VEC_PUSH(t->ranges, m);
    }
    return CXChildVisit_Continue;
}

struct macro_table *macro_table_new(CXTranslationUnit tu)
{
    struct macro_table *t = xcalloc(1, sizeof(*t));
    t->tu = tu;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), collect, t);
    return t;
}

void macro_table_free(struct macro_table *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->defs.len; i++) {
        free(t->defs.items[i].name);
        free_tokens(&t->defs.items[i].params);
        free_tokens(&t->defs.items[i].body);
    }
    VEC_FREE(t->defs);
    VEC_FREE(t->ranges);
    free(t);
}

size_t macro_table_count(const struct macro_table *t)
{
    return t->ranges.len;
}

long macro_table_find(const struct macro_table *t, CXSourceLocation a, CXSourceLocation b)
{
    CXFile fa, fb;
    unsigned oa, ob;
    clang_getExpansionLocation(a, &fa, NULL, NULL, &oa);
    clang_getExpansionLocation(b, &fb, NULL, NULL, &ob);
    long best = -1;
    for (size_t i = 0; i < t->ranges.len; i++) {
        const struct macro_range *m = &t->ranges.items[i];
        if (!clang_File_isEqual(m->file, fa) || !clang_File_isEqual(m->file, fb) ||
            oa < m->start || oa > m->end || ob < m->start || ob > m->end)
            continue;
        if (best < 0 || m->end - m->start < t->ranges.items[best].end - t->ranges.items[best].start)
            best = (long)i;
    }
    return best;
}

/* ---- expansion ---- */

static const struct macro_def *find_def(const struct macro_table *t, const char *name)
{
    /* the last definition wins (a macro may be redefined) */
    for (size_t i = t->defs.len; i-- > 0;)
        if (!strcmp(t->defs.items[i].name, name))
            return &t->defs.items[i];
    return NULL;
}

struct expander {
    const struct macro_table *t;
    const char *disabled[MAX_DEPTH];
    int ndisabled;
    bool failed;
};

static bool is_disabled(const struct expander *x, const char *name)
{
    for (int i = 0; i < x->ndisabled; i++)
        if (!strcmp(x->disabled[i], name))
            return true;
    return false;
}

static void expand(struct expander *x, char *const *in, size_t n, token_vec *out);

static void append_all(token_vec *out, const token_vec *v)
{
    for (size_t i = 0; i < v->len; i++)
        VEC_PUSH(*out, xstrdup(v->items[i]));
}

/* The arguments of an invocation whose '(' is at in[*i]; *i ends after the ')'. */
static bool split_arguments(char *const *in, size_t n, size_t *i, arg_vec *args)
{
    token_vec cur = {0};
    int depth = 0;
    for ((*i)++; *i < n; (*i)++) {
        const char *tok = in[*i];
        if (!strcmp(tok, "(") || !strcmp(tok, "[") || !strcmp(tok, "{"))
            depth++;
        if ((!strcmp(tok, ")") || !strcmp(tok, "]") || !strcmp(tok, "}")) && depth-- == 0) {
            VEC_PUSH(*args, cur);
            (*i)++;
            return true;
        }
        if (!strcmp(tok, ",") && depth == 0) {
            VEC_PUSH(*args, cur);
            cur = (token_vec){0};
            continue;
        }
        VEC_PUSH(cur, xstrdup(tok));
    }
    free_tokens(&cur);
    return false;
}

/* `a ## b`: the last token out and the first of b (a parameter's argument as written, not
 * expanded) become one; the rest of the argument follows. */
static void paste(const struct macro_def *d, arg_vec *args, const char *right, token_vec *out)
{
    const token_vec *arg = NULL;
    for (size_t p = 0; p < d->params.len && p < args->len; p++)
        if (!strcmp(d->params.items[p], right))
            arg = &args->items[p];
    if (arg && arg->len == 0)
        return;
    char *left = out->items[out->len - 1];
    out->items[out->len - 1] = xasprintf("%s%s", left, arg ? arg->items[0] : right);
    free(left);
    for (size_t i = 1; arg && i < arg->len; i++)
        VEC_PUSH(*out, xstrdup(arg->items[i]));
}

static void substitute(struct expander *x, const struct macro_def *d, arg_vec *args,
                       token_vec *out)
{
    size_t fixed = d->params.len;
    if (args->len == 1 && fixed == 0 && args->items[0].len == 0)
        args->len = 0;   /* f() of a macro without parameters */
    if (args->len < fixed || (args->len > fixed && !d->variadic)) {
        x->failed = true;
        return;
    }
    for (size_t i = 0; i < d->body.len && !x->failed; i++) {
        const char *tok = d->body.items[i];
        if (!strcmp(tok, "#@")) {
            x->failed = true;
            return;
        }
        if (!strcmp(tok, "#") && i + 1 < d->body.len) {   /* #param: a string, no operator */
            VEC_PUSH(*out, xstrdup("\"#\""));
            i++;
            continue;
        }
        if (!strcmp(tok, "##") && i + 1 < d->body.len && out->len > 0) {
            paste(d, args, d->body.items[++i], out);
            continue;
        }
        size_t p = 0;
        while (p < fixed && strcmp(d->params.items[p], tok) != 0)
            p++;
        if (p < fixed) {
            expand(x, args->items[p].items, args->items[p].len, out);
        } else if (d->variadic && !strcmp(tok, "__VA_ARGS__")) {
            for (size_t a = fixed; a < args->len; a++) {
                if (a > fixed)
                    VEC_PUSH(*out, xstrdup(","));
                expand(x, args->items[a].items, args->items[a].len, out);
            }
        } else {
            VEC_PUSH(*out, xstrdup(tok));
        }
    }
}

static void expand(struct expander *x, char *const *in, size_t n, token_vec *out)
{
    for (size_t i = 0; i < n && !x->failed;) {
        const char *tok = in[i];
        const struct macro_def *d = find_def(x->t, tok);
        if (!d || is_disabled(x, tok) || (d->function_like && (i + 1 >= n || strcmp(in[i + 1], "(")))) {
            VEC_PUSH(*out, xstrdup(tok));
            i++;
            continue;
        }
        if (x->ndisabled == MAX_DEPTH || out->len > MAX_EXPANSION) {
            x->failed = true;
            return;
        }
        token_vec replaced = {0};
        if (d->function_like) {
            arg_vec args = {0};
            i++;
            if (!split_arguments(in, n, &i, &args))
                x->failed = true;
            else
                substitute(x, d, &args, &replaced);
            for (size_t a = 0; a < args.len; a++)
                free_tokens(&args.items[a]);
            VEC_FREE(args);
        } else {
            append_all(&replaced, &d->body);
            i++;
        }
        x->disabled[x->ndisabled++] = d->name;   /* rescan without the macro itself */
        expand(x, replaced.items, replaced.len, out);
        x->ndisabled--;
        free_tokens(&replaced);
    }
}

/* ---- the invocation's expression tree ---- */

/* What an invocation became: one expression, or (a statement macro) the statements and
 * expressions its text holds, in order. */
struct root_search {
    CXFile file;
    unsigned start, end;
    struct cursor_vec roots;
    bool statements;        /* a root is a statement */
};

static enum CXChildVisitResult find_root(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct root_search *s = data;
    CXFile f;
    unsigned a, b;
    range_offsets(clang_getCursorExtent(c), &f, &a, &b);
    if (!f || !clang_File_isEqual(f, s->file) || b < s->start || a > s->end)
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool statement = clang_isStatement(k) && k != CXCursor_CompoundStmt;
    if (a >= s->start && b <= s->end && (clang_isExpression(k) || statement)) {
        VEC_PUSH(s->roots, c);
        s->statements |= statement;
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

/* SLOT_INIT: the `=` of a declaration's initializer, if it is written with one; SLOT_POINTER,
 * SLOT_REFERENCE, SLOT_RVALUE_REFERENCE: a declarator's `*`, `&`, `&&`. */
enum slot_kind {
    SLOT_BINARY, SLOT_UNARY, SLOT_QUESTION, SLOT_COLON, SLOT_INIT, SLOT_POINTER, SLOT_REFERENCE,
    SLOT_RVALUE_REFERENCE
};

struct slot {
    CXCursor expr;
    enum slot_kind kind;
};

struct walk {
    VEC(struct slot) slots;
    bool failed;
};

static void push(struct walk *w, CXCursor c, enum slot_kind kind)
{
    struct slot s = {c, kind};
    VEC_PUSH(w->slots, s);
}

/* In-order: a binary operator between its operands, a unary one before its operand, `?` and
 * `:` of a conditional between its parts; anything with operator tokens but no operator node
 * of its own (an overloaded operator, a lambda) is refused. */
static void walk(struct walk *w, CXCursor c)
{
    if (w->failed)
        return;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr) {
        w->failed = true;
        return;
    }
    if (k == CXCursor_CallExpr) {
        /* an overloaded operator has operator tokens and no operator node; `t[i]` and `f(x)`
         * have neither */
        CXString sp = clang_getCursorSpelling(c);
        const char *name = clang_getCString(sp);
        w->failed = !strncmp(name, "operator", 8) && strcmp(name, "operator[]") != 0 &&
                    strcmp(name, "operator()") != 0;
        clang_disposeString(sp);
        if (w->failed)
            return;
    }
    struct cursor_vec kids = cursor_exprs(c);
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        if (kids.len != 2) {
            w->failed = true;
        } else {
            walk(w, kids.items[0]);
            push(w, c, SLOT_BINARY);
            walk(w, kids.items[1]);
        }
    } else if (k == CXCursor_ConditionalOperator) {
        if (kids.len != 3) {
            w->failed = true;
        } else {
            walk(w, kids.items[0]);
            push(w, c, SLOT_QUESTION);
            walk(w, kids.items[1]);
            push(w, c, SLOT_COLON);
            walk(w, kids.items[2]);
        }
    } else {
        if (k == CXCursor_UnaryOperator)
            push(w, c, SLOT_UNARY);
        for (size_t i = 0; i < kids.len; i++)
            walk(w, kids.items[i]);
    }
    VEC_FREE(kids);
}

/* The declarator operators of a variable of type t, innermost first as they are written
 * (`T *&r`: `*` then `&`): one per pointer or reference the type spells out, none for one a
 * name stands for (a typedef, `auto`, a template parameter, which libclang leaves
 * unexposed). False for a declarator whose tokens cannot be told from the type (a
 * function's parameters, a member pointer). A type spelled otherwise than its sugar says
 * leaves a token or a slot over, and the match fails. */
static bool push_declarator(struct walk *w, CXCursor var, CXType t)
{
    enum slot_kind levels[16];
    size_t n = 0;
    for (;;) {
        enum slot_kind kind;
        if (t.kind == CXType_Pointer)
            kind = SLOT_POINTER;
        else if (t.kind == CXType_LValueReference)
            kind = SLOT_REFERENCE;
        else if (t.kind == CXType_RValueReference)
            kind = SLOT_RVALUE_REFERENCE;
        else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                 t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray) {
            t = clang_getArrayElementType(t);
            continue;
        } else if (t.kind == CXType_MemberPointer || t.kind == CXType_FunctionProto ||
                   t.kind == CXType_FunctionNoProto || t.kind == CXType_Invalid) {
            return false;
        } else {
            break;
        }
        if (n == sizeof(levels) / sizeof(levels[0]))
            return false;
        levels[n++] = kind;
        t = clang_getPointeeType(t);
    }
    while (n > 0)
        push(w, var, levels[--n]);
    return true;
}

/* The statements of a statement macro, in source order: their expressions as walk() does,
 * a declaration's `*` and `&` as its type spells them, its `=` as an optional slot. A
 * declarator whose operators the type does not tell, a label, a switch or a case is
 * refused. */
static void walk_statement(struct walk *w, CXCursor c)
{
    if (w->failed)
        return;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_isExpression(k)) {
        walk(w, c);
        return;
    }
    static const enum CXCursorKind plain[] = {
        CXCursor_CompoundStmt, CXCursor_DeclStmt, CXCursor_ForStmt, CXCursor_WhileStmt,
        CXCursor_DoStmt, CXCursor_IfStmt, CXCursor_ReturnStmt, CXCursor_NullStmt,
        CXCursor_BreakStmt, CXCursor_ContinueStmt, CXCursor_VarDecl, CXCursor_TypeRef,
        CXCursor_TemplateRef, CXCursor_NamespaceRef, CXCursor_TypeAliasDecl,
        CXCursor_TypedefDecl};
    bool known = false;
    for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
        known |= k == plain[i];
    if (!known) {
        w->failed = true;
        return;
    }
    if (k == CXCursor_VarDecl && !push_declarator(w, c, clang_getCursorType(c))) {
        w->failed = true;
        return;
    }
    if (k == CXCursor_TypeAliasDecl)
        push(w, c, SLOT_INIT);   /* using X = T */
    if ((k == CXCursor_TypeAliasDecl || k == CXCursor_TypedefDecl) &&
        !push_declarator(w, c, clang_getTypedefDeclUnderlyingType(c))) {
        w->failed = true;
        return;
    }
    struct cursor_vec kids = cursor_children(c);
    for (size_t i = 0; i < kids.len && !w->failed; i++) {
        if (k == CXCursor_VarDecl && clang_isExpression(clang_getCursorKind(kids.items[i])))
            push(w, c, SLOT_INIT);
        walk_statement(w, kids.items[i]);
    }
    VEC_FREE(kids);
}

static bool one_of(const char *t, const char *const *set, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(set[i], t))
            return true;
    return false;
}

static const char *const binary_ops[] = {
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", ">", "<=", ">=", "==", "!=", "&&",
    "||", "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="};
/* ++ and -- are left out on purpose: inside a macro, prefix and postfix cannot be told */
static const char *const unary_ops[] = {"+", "-", "!", "~", "*", "&"};
static const char *const other_ops[] = {"?", ":", "++", "--"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool is_operator_token(const char *t)
{
    return one_of(t, binary_ops, COUNT(binary_ops)) || one_of(t, unary_ops, COUNT(unary_ops)) ||
           one_of(t, other_ops, COUNT(other_ops));
}

/* Whether token i, a `*` or `&`, belongs to a type written in the expression (`(float *)p`,
 * `static_cast<T *>`): only qualifiers and more of them follow it before `)`, `>` or `,`. An
 * operator always has an operand after it. */
static bool in_declarator(const token_vec *v, size_t i)
{
    const char *t = v->items[i];
    if (strcmp(t, "*") && strcmp(t, "&") && strcmp(t, "&&"))
        return false;
    size_t j = i + 1;
    while (j < v->len && (!strcmp(v->items[j], "*") || !strcmp(v->items[j], "&") ||
                          !strcmp(v->items[j], "const") || !strcmp(v->items[j], "volatile") ||
                          !strcmp(v->items[j], "__restrict__")))
        j++;
    return j < v->len && (!strcmp(v->items[j], ")") || !strcmp(v->items[j], ">") ||
                          !strcmp(v->items[j], ","));
}

static bool fits(enum slot_kind kind, const char *t)
{
    switch (kind) {
    case SLOT_BINARY: return one_of(t, binary_ops, COUNT(binary_ops));
    case SLOT_UNARY: return one_of(t, unary_ops, COUNT(unary_ops));
    case SLOT_QUESTION: return !strcmp(t, "?");
    case SLOT_COLON: return !strcmp(t, ":");
    case SLOT_INIT: return !strcmp(t, "=");
    case SLOT_POINTER: return !strcmp(t, "*");
    case SLOT_REFERENCE: return !strcmp(t, "&");
    case SLOT_RVALUE_REFERENCE: return !strcmp(t, "&&");
    }
    return false;
}

/* ---- template argument lists among the tokens ---- */

/* The names of the templates the invocation's roots name: a class template written in a type
 * (`TQue<...>`), a function template called or named (`PipeBarrier<PIPE_V>()`), one a
 * dependent call may mean. A `<` after one of them opens a template argument list, not a
 * comparison. */
struct template_names {
    token_vec names;
};

static void add_name(struct template_names *s, CXCursor c)
{
    CXString sp = clang_getCursorSpelling(c);
    const char *name = clang_getCString(sp);
    bool seen = !name[0];
    for (size_t i = 0; i < s->names.len && !seen; i++)
        seen = !strcmp(s->names.items[i], name);
    if (!seen)
        VEC_PUSH(s->names, xstrdup(name));
    clang_disposeString(sp);
}

static bool is_template(CXCursor d)
{
    enum CXCursorKind k = clang_getCursorKind(d);
    if (k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
        k == CXCursor_TypeAliasTemplateDecl || k == CXCursor_TemplateTemplateParameter)
        return true;
    CXCursor pattern = clang_getSpecializedCursorTemplate(d);
    k = clang_getCursorKind(pattern);
    return !clang_Cursor_isNull(pattern) &&
           (k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
            k == CXCursor_ClassTemplatePartialSpecialization);
}

static enum CXChildVisitResult find_template_names(CXCursor c, CXCursor parent,
                                                   CXClientData data)
{
    (void)parent;
    struct template_names *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_TemplateRef) {
        add_name(s, c);
    } else if (k == CXCursor_OverloadedDeclRef) {
        for (unsigned i = 0; i < clang_getNumOverloadedDecls(c); i++)
            if (is_template(clang_getOverloadedDecl(c, i)))
                add_name(s, clang_getOverloadedDecl(c, i));
    } else if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
               k == CXCursor_CallExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        if (!clang_Cursor_isNull(d) && is_template(d))
            add_name(s, d);
    }
    return CXChildVisit_Recurse;
}

static bool opens_arguments(const token_vec *v, size_t i, const struct template_names *s)
{
    static const char *const casts[] = {"static_cast", "reinterpret_cast", "const_cast",
                                        "dynamic_cast"};
    if (i + 1 >= v->len || strcmp(v->items[i + 1], "<") != 0)
        return false;
    const char *t = v->items[i];
    if (one_of(t, casts, COUNT(casts)) || (i > 0 && !strcmp(v->items[i - 1], "template")))
        return true;
    return one_of(t, (const char *const *)s->names.items, s->names.len);
}

/* Marks the tokens of every template argument list, `<` to `>`, in skip (nested lists
 * inside, outside parentheses). False when a list does not close as the names say it opens,
 * or holds any other operator than a type's `*` or `&` (`Tiles<N - 1>`, `Pick<(N > 4)>`):
 * libclang shows a list's expressions as the expression's children, whose operator nodes
 * would then have no token, and a slot left over could pair with a token left over elsewhere
 * (a variable template's `<`, which no cursor names) in a count that still matches. */
static bool mark_template_arguments(const token_vec *v, const struct template_names *s,
                                    bool *skip)
{
    for (size_t i = 0; i < v->len; i++) {
        if (skip[i] || !opens_arguments(v, i, s))
            continue;
        int depth = 0, parens = 0;
        size_t j = i + 1;
        for (; j < v->len; j++) {
            const char *t = v->items[j];
            skip[j] = true;
            if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{")) {
                parens++;
            } else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) {
                if (--parens < 0)
                    return false;
            } else if (parens == 0 && !strcmp(t, "<") &&
                       (j == i + 1 || opens_arguments(v, j - 1, s))) {
                depth++;
            } else if (parens == 0 && (!strcmp(t, ">") || !strcmp(t, ">>"))) {
                depth -= t[1] ? 2 : 1;
                if (depth < 0)
                    return false;
                if (depth == 0)
                    break;
            } else if (is_operator_token(t) && !in_declarator(v, j)) {
                return false;   /* a comparison, `>=`, `<<`, any arithmetic */
            }
        }
        if (j == v->len)
            return false;
    }
    return true;
}

static bool operators_under(const struct macro_table *t, long k, CXCursor scope,
                            struct macro_op **ops, size_t *n);

bool macro_table_operators(const struct macro_table *t, long k, struct macro_op **ops,
                           size_t *n)
{
    return operators_under(t, k, clang_getTranslationUnitCursor(t->tu), ops, n);
}

bool macro_table_operators_in(const struct macro_table *t, long k, CXCursor scope,
                              struct macro_op **ops, size_t *n)
{
    return operators_under(t, k, scope, ops, n);
}

/* The operators of invocation k's expression, found among the descendants of scope. */
static bool operators_under(const struct macro_table *t, long k, CXCursor scope,
                            struct macro_op **ops, size_t *n)
{
    *ops = NULL;
    *n = 0;
    if (k < 0 || (size_t)k >= t->ranges.len)
        return false;
    const struct macro_range *m = &t->ranges.items[k];
    /* the expanded tokens of the invocation */
    CXSourceRange r = clang_getRange(clang_getLocationForOffset(t->tu, m->file, m->start),
                                     clang_getLocationForOffset(t->tu, m->file, m->end));
    token_vec written = spell_tokens(t->tu, r), expanded = {0};
    struct expander x = {.t = t};
    expand(&x, written.items, written.len, &expanded);
    free_tokens(&written);
    /* the expression it became */
    struct root_search rs = {.file = m->file, .start = m->start, .end = m->end};
    clang_visitChildren(scope, find_root, &rs);
    struct walk w = {0};
    bool one = rs.roots.len == 1 && !rs.statements;
    if (!x.failed && one)
        walk(&w, rs.roots.items[0]);
    else if (!x.failed && rs.statements)
        for (size_t i = 0; i < rs.roots.len; i++)
            walk_statement(&w, rs.roots.items[i]);
    bool ok = !x.failed && (one || rs.statements) && !w.failed;
    struct template_names names = {{0}};
    for (size_t i = 0; ok && i < rs.roots.len; i++) {
        find_template_names(rs.roots.items[i], clang_getNullCursor(), &names);
        clang_visitChildren(rs.roots.items[i], find_template_names, &names);
    }
    bool *skip = xcalloc(expanded.len + 1, sizeof(bool));
    ok = ok && mark_template_arguments(&expanded, &names, skip);
    free_tokens(&names.names);
    VEC_FREE(rs.roots);
    size_t j = 0;
    if (ok) {
        *ops = xcalloc(w.slots.len + 1, sizeof(**ops));
        for (size_t i = 0; i < expanded.len && ok; i++) {
            const char *tok = expanded.items[i];
            if (skip[i] || !is_operator_token(tok) || in_declarator(&expanded, i))
                continue;
            /* a declaration initialized without `=` (`T x(a)`, `T x{a}`) */
            while (j < w.slots.len && w.slots.items[j].kind == SLOT_INIT && strcmp(tok, "="))
                j++;
            ok = j < w.slots.len && fits(w.slots.items[j].kind, tok);
            if (ok && (w.slots.items[j].kind == SLOT_BINARY || w.slots.items[j].kind == SLOT_UNARY)) {
                (*ops)[*n].expr = w.slots.items[j].expr;
                size_t len = strlen(tok);
                memcpy((*ops)[*n].op, tok, len < 3 ? len : 3);
                ++*n;
            }
            j++;
        }
        while (ok && j < w.slots.len && w.slots.items[j].kind == SLOT_INIT)
            j++;
        ok = ok && j == w.slots.len;
    }
    free(skip);
    free_tokens(&expanded);
    VEC_FREE(w.slots);
    if (!ok) {
        free(*ops);
        *ops = NULL;
        *n = 0;
    }
    return ok;
}
