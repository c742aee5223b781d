/* Checked evaluation of PIR integer expressions. An error names the sub-expression at
 * fault, rendered back from the tree, so a message reads like the source. */
#include "eval.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ----------------------------------------------------------------- rendering */

/* A bounded text buffer: appends past the end are dropped and remembered. */
struct text {
    char *buf;
    size_t cap, len;
    bool truncated;
};

static void put(struct text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n >= t->cap) {
        n = t->cap - 1 - t->len;
        t->truncated = true;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = '\0';
}

/* Binding strength as in C; higher binds tighter. */
static int precedence(const struct ast_expr *e)
{
    if (e->kind != EXPR_BINARY)
        return e->kind == EXPR_UNARY ? 11 : 12;
    switch (e->op) {
    case OP_LOR: return 1;
    case OP_LAND: return 2;
    case OP_BOR: return 3;
    case OP_BXOR: return 4;
    case OP_BAND: return 5;
    case OP_EQ: case OP_NE: return 6;
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: return 7;
    case OP_SHL: case OP_SHR: return 8;
    case OP_ADD: case OP_SUB: return 9;
    case OP_MUL: case OP_DIV: case OP_MOD: return 10;
    default: return 12;     /* min, max: written as calls */
    }
}

static void render(struct text *t, const struct ast_expr *e);

/* Parenthesizes e when it binds looser than its position requires. */
static void render_operand(struct text *t, const struct ast_expr *e, int min_prec)
{
    if (precedence(e) < min_prec) {
        put(t, "(");
        render(t, e);
        put(t, ")");
    } else {
        render(t, e);
    }
}

static void render_binary(struct text *t, const struct ast_expr *e)
{
    if (e->op == OP_MIN || e->op == OP_MAX) {
        put(t, ast_op_spelling(e->op));
        put(t, "(");
        render(t, e->lhs);
        put(t, ", ");
        render(t, e->rhs);
        put(t, ")");
        return;
    }
    /* Left-associative: the right operand needs parentheses at equal precedence. */
    int prec = precedence(e);
    render_operand(t, e->lhs, prec);
    put(t, " ");
    put(t, ast_op_spelling(e->op));
    put(t, " ");
    render_operand(t, e->rhs, prec + 1);
}

static void render(struct text *t, const struct ast_expr *e)
{
    char num[24];
    switch (e->kind) {
    case EXPR_NUM:
        snprintf(num, sizeof(num), "%lld", (long long)e->num);
        put(t, num);
        break;
    case EXPR_NAME:
        put(t, e->name);
        break;
    case EXPR_UNKNOWN:
        put(t, "?");
        break;
    case EXPR_UNARY:
        put(t, ast_op_spelling(e->op));
        render_operand(t, e->lhs, precedence(e) + 1);
        break;
    case EXPR_BINARY:
        render_binary(t, e);
        break;
    }
}

/* ----------------------------------------------------------------- errors */

static bool fail(struct eval_error *err, enum check_id check, const struct ast_expr *at,
                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static bool fail(struct eval_error *err, enum check_id check, const struct ast_expr *at,
                 const char *fmt, ...)
{
    err->check = check;
    err->loc = at->loc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof(err->message), fmt, ap);
    va_end(ap);
    return false;
}

/* "<what> in '<expression>'", the expression shortened to fit the message. */
static bool fail_in(struct eval_error *err, const struct ast_expr *at, const char *what)
{
    char buf[120];
    struct text t = {buf, sizeof(buf), 0, false};
    buf[0] = '\0';
    render(&t, at);
    return fail(err, CHECK_INPUT_ERROR, at, "%s in '%s%s'", what, buf,
                t.truncated ? "..." : "");
}

/* ----------------------------------------------------------------- arithmetic */

bool checked_add(int64_t a, int64_t b, int64_t *r) { return !__builtin_add_overflow(a, b, r); }
bool checked_sub(int64_t a, int64_t b, int64_t *r) { return !__builtin_sub_overflow(a, b, r); }
bool checked_mul(int64_t a, int64_t b, int64_t *r) { return !__builtin_mul_overflow(a, b, r); }

/* a >> n rounding toward minus infinity, without relying on how the compiler shifts
 * negative numbers. */
static int64_t shift_right(int64_t a, int n)
{
    return a >= 0 ? a >> n : ~(~a >> n);
}

/* a << n as the multiplication a * 2^n, an error when that does not fit. */
static bool shift_left(int64_t a, int n, int64_t *r)
{
    uint64_t bits = (uint64_t)a << n;
    int64_t shifted;
    memcpy(&shifted, &bits, sizeof(shifted));
    if (shift_right(shifted, n) != a)
        return false;
    *r = shifted;
    return true;
}

static bool eval_shift(const struct ast_expr *e, int64_t a, int64_t n, int64_t *out,
                       struct eval_error *err)
{
    if (n < 0 || n > 63) {
        char what[64];
        snprintf(what, sizeof(what), "shift count %lld is out of range 0..63", (long long)n);
        return fail_in(err, e, what);
    }
    if (e->op == OP_SHR) {
        *out = shift_right(a, (int)n);
        return true;
    }
    return shift_left(a, (int)n, out) || fail_in(err, e, "integer overflow");
}

/* / and % truncate toward zero, as C does; INT64_MIN / -1 is the one quotient that does
 * not fit, while INT64_MIN % -1 is 0 (C leaves it undefined, so it is done by hand). */
static bool eval_division(const struct ast_expr *e, int64_t a, int64_t b, int64_t *out,
                          struct eval_error *err)
{
    if (b == 0)
        return fail_in(err, e, "division by zero");
    if (b == -1) {
        if (e->op == OP_MOD) {
            *out = 0;
            return true;
        }
        return checked_sub(0, a, out) || fail_in(err, e, "integer overflow");
    }
    *out = e->op == OP_DIV ? a / b : a % b;
    return true;
}

static bool eval_arith(const struct ast_expr *e, int64_t a, int64_t b, int64_t *out,
                       struct eval_error *err)
{
    bool ok = true;
    switch (e->op) {
    case OP_ADD: ok = checked_add(a, b, out); break;
    case OP_SUB: ok = checked_sub(a, b, out); break;
    case OP_MUL: ok = checked_mul(a, b, out); break;
    case OP_DIV: case OP_MOD: return eval_division(e, a, b, out, err);
    case OP_SHL: case OP_SHR: return eval_shift(e, a, b, out, err);
    case OP_BAND: *out = a & b; break;
    case OP_BOR: *out = a | b; break;
    case OP_BXOR: *out = a ^ b; break;
    case OP_LT: *out = a < b; break;
    case OP_LE: *out = a <= b; break;
    case OP_GT: *out = a > b; break;
    case OP_GE: *out = a >= b; break;
    case OP_EQ: *out = a == b; break;
    case OP_NE: *out = a != b; break;
    case OP_MIN: *out = a < b ? a : b; break;
    case OP_MAX: *out = a > b ? a : b; break;
    case OP_LAND: case OP_LOR: case OP_NEG: case OP_NOT: break;  /* not reached */
    }
    return ok || fail_in(err, e, "integer overflow");
}

/* ----------------------------------------------------------------- evaluation */

const struct scope *scope_find(const struct scope *s, const char *name)
{
    for (; s; s = s->next) {
        if (!s->name) {
            /* The head is the table's first member. */
            const struct scope *hit = scope_table_find((const struct scope_table *)s, name);
            if (hit)
                return hit;
        } else if (s->name == name || (s->name[0] == name[0] && strcmp(s->name, name) == 0)) {
            return s;   /* the parser's names are interned: most hits are the same pointer */
        }
    }
    return NULL;
}

/* && and || evaluate their right side only when the left does not decide. */
static bool eval_logical(const struct ast_expr *e, const struct scope *env, int64_t *out,
                         struct eval_error *err)
{
    int64_t v;
    if (!eval_expr(e->lhs, env, &v, err))
        return false;
    if ((e->op == OP_LAND) == (v == 0)) {
        *out = e->op == OP_LOR;
        return true;
    }
    if (!eval_expr(e->rhs, env, &v, err))
        return false;
    *out = v != 0;
    return true;
}

static bool eval_unary(const struct ast_expr *e, const struct scope *env, int64_t *out,
                       struct eval_error *err)
{
    int64_t v;
    if (!eval_expr(e->lhs, env, &v, err))
        return false;
    if (e->op == OP_NOT) {
        *out = v == 0;
        return true;
    }
    return checked_sub(0, v, out) || fail_in(err, e, "integer overflow");
}

static bool eval_binary(const struct ast_expr *e, const struct scope *env, int64_t *out,
                        struct eval_error *err)
{
    if (e->op == OP_LAND || e->op == OP_LOR)
        return eval_logical(e, env, out, err);
    int64_t a, b;
    if (!eval_expr(e->lhs, env, &a, err) || !eval_expr(e->rhs, env, &b, err))
        return false;
    return eval_arith(e, a, b, out, err);
}

bool eval_expr(const struct ast_expr *e, const struct scope *env, int64_t *out,
               struct eval_error *err)
{
    const struct scope *s;
    switch (e->kind) {
    case EXPR_NUM:
        *out = e->num;
        return true;
    case EXPR_NAME:
        s = scope_find(env, e->name);
        if (!s)
            return fail(err, CHECK_UNKNOWN_NAME, e, "unknown name '%s'", e->name);
        *out = s->value;
        return true;
    case EXPR_UNKNOWN:
        return fail(err, CHECK_INPUT_ERROR, e,
                    "'?' is only allowed as the whole condition of an if or as a region's only "
                    "index (x[?])");
    case EXPR_UNARY:
        return eval_unary(e, env, out, err);
    case EXPR_BINARY:
        return eval_binary(e, env, out, err);
    }
    return fail(err, CHECK_INPUT_ERROR, e, "malformed expression");
}
