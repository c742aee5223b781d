/* asm statements: the template and the operands of `asm volatile("..." : outputs : inputs :
 * clobbers)`, read from the tokens (libclang's C API gives no accessors for them), with the
 * operands' values from their expressions. The API layer says what the instruction does and
 * gives the outputs their values; the interpreter then stores them. */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"

/* Appends the contents of a string literal token ("...", escapes undone) to *text. */
static void append_literal(char **text, size_t *len, const char *lit)
{
    size_t n = strlen(lit);
    if (n < 2 || lit[0] != '"' || lit[n - 1] != '"')
        return;
    *text = xrealloc_array(*text, *len + n, 1);
    for (size_t i = 1; i + 1 < n; i++) {
        char ch = lit[i];
        if (ch == '\\' && i + 2 < n) {
            char e = lit[++i];
            ch = e == 'n' ? '\n' : e == 't' ? '\t' : e;
        }
        (*text)[(*len)++] = ch;
    }
    (*text)[*len] = '\0';
}

struct operand_text {
    const char *name, *constraint;
    bool output;
};
typedef VEC(struct operand_text) operand_texts;

/* The template and the operands' names and constraints, in the order clang lists the operand
 * expressions (outputs, then inputs). False: a token sequence this reading does not follow. */
static bool read_tokens(struct interp *I, CXCursor s, char **text, operand_texts *ops)
{
    CXToken *tokens;
    unsigned n;
    clang_tokenize(I->tu, clang_getCursorExtent(s), &tokens, &n);
    size_t len = 0;
    *text = xstrdup("");
    int section = -1, depth = 0;   /* -1: before '(', 0: template, 1 outputs, 2 inputs */
    bool ok = true, in_operand = false;
    struct operand_text cur = {0};
    for (unsigned i = 0; i < n && ok; i++) {
        CXString sp = clang_getTokenSpelling(I->tu, tokens[i]);
        const char *t = clang_getCString(sp);
        CXTokenKind kind = clang_getTokenKind(tokens[i]);
        if (section < 0) {
            if (!strcmp(t, "("))
                section = 0, depth = 1;
        } else if (depth == 1 && (!strcmp(t, ":") || !strcmp(t, "::") || !strcmp(t, ")"))) {
            if (in_operand && section >= 1 && section <= 2)
                VEC_PUSH(*ops, cur);
            in_operand = false;
            cur = (struct operand_text){0};
            section += !strcmp(t, "::") ? 2 : 1;
            if (!strcmp(t, ")"))
                depth = 0, section = 99;
        } else if (section == 0) {
            if (kind == CXToken_Literal)
                append_literal(text, &len, t);
            else
                ok = false;   /* a template built from macros or expressions */
        } else if (section <= 2) {
            if (depth == 1 && !strcmp(t, ",")) {
                if (in_operand)
                    VEC_PUSH(*ops, cur);
                in_operand = false;
                cur = (struct operand_text){0};
            } else if (depth == 1 && !strcmp(t, "[") && i + 2 < n) {
                CXString id = clang_getTokenSpelling(I->tu, tokens[i + 1]);
                cur.name = interp_intern(I, clang_getCString(id));
                clang_disposeString(id);
                i += 2;   /* name and ']' */
                in_operand = true;
            } else if (depth == 1 && kind == CXToken_Literal) {
                cur.constraint = interp_intern(I, t);
                cur.output = section == 1;
                in_operand = true;
            }
        }
        if (section > 0 && section != 99 && !strcmp(t, "("))
            depth++;
        else if (section > 0 && section != 99 && !strcmp(t, ")") && depth > 1)
            depth--;
        clang_disposeString(sp);
    }
    clang_disposeTokens(I->tu, tokens, n);
    return ok && section == 99;
}

struct asm_operand *asm_operand_named(struct asm_parts *a, const char *ref, size_t len)
{
    if (len >= 3 && ref[0] == '%' && ref[1] == '[' && ref[len - 1] == ']') {
        for (size_t i = 0; i < a->n; i++)
            if (a->ops[i].name && strlen(a->ops[i].name) == len - 3 &&
                !strncmp(a->ops[i].name, ref + 2, len - 3))
                return &a->ops[i];
        return NULL;
    }
    if (len >= 2 && ref[0] == '%') {
        size_t k = 0;
        for (size_t i = 1; i < len; i++) {
            if (ref[i] < '0' || ref[i] > '9')
                return NULL;
            k = k * 10 + (size_t)(ref[i] - '0');
        }
        return k < a->n ? &a->ops[k] : NULL;
    }
    return NULL;
}

enum flow exec_asm(struct interp *I, CXCursor s)
{
    char *text;
    operand_texts names = {0};
    struct cursor_vec exprs = cursor_exprs(s);
    if (!read_tokens(I, s, &text, &names) || names.len != exprs.len) {
        interp_unsupported(I, s, "this asm statement's template or operands are not read by "
                           "the frontend");
        stop(I);
        free(text);
        VEC_FREE(names);
        VEC_FREE(exprs);
        return FLOW_STOP;
    }
    struct asm_parts a = {.text = text, .n = names.len,
                          .ops = xcalloc(names.len + 1, sizeof(struct asm_operand))};
    for (size_t i = 0; i < a.n; i++) {
        struct asm_operand *o = &a.ops[i];
        o->name = names.items[i].name;
        o->constraint = names.items[i].constraint ? names.items[i].constraint : "";
        o->output = names.items[i].output;
        bool read = !o->output || strchr(o->constraint, '+');   /* "+r": read and written */
        o->value = read ? eval(I, exprs.items[i])
                        : (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
    }
    bool modelled = !I->stopped && I->api->asm_stmt && I->api->asm_stmt(I, s, &a);
    if (!modelled && !I->stopped) {
        interp_unsupported(I, s, "this asm statement is not modelled");
        stop(I);
    }
    for (size_t i = 0; modelled && !I->stopped && i < a.n; i++) {
        if (!a.ops[i].output)
            continue;
        struct value v = a.ops[i].value;
        CXType t = clang_getCursorType(exprs.items[i]);
        if (v.kind == VAL_INT && interp_is_integer_type(t))
            v.num = fit_to_type(t, v.num);
        struct value *slot = lvalue(I, exprs.items[i], USE_WRITE);
        if (slot)
            *slot = named_unknown(I, interp_copy_value(I, v));
    }
    free(a.ops);
    free(text);
    VEC_FREE(names);
    VEC_FREE(exprs);
    return I->stopped ? FLOW_STOP : FLOW_NEXT;
}
