/* CUnit suite for src/ir/eval.c: every operator, precedence, truncating division, and the
 * exact message, check and location of each evaluation error. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cunit_main.h"
#include "ir/eval.h"
#include "ir/parse.h"

/* Expressions are parsed as `const X = <expr>;`, so the expression starts at column 11. */
#define EXPR_COL 11

struct evaluated {
    bool ok;
    int64_t value;
    struct eval_error err;
};

/* i = 7, n = -3, big = INT64_MAX, small = INT64_MIN, zero = 0. */
static const struct scope scope_zero = {"zero", 0, NULL};
static const struct scope scope_small = {"small", INT64_MIN, &scope_zero};
static const struct scope scope_big = {"big", INT64_MAX, &scope_small};
static const struct scope scope_n = {"n", -3, &scope_big};
static const struct scope scope_i = {"i", 7, &scope_n};

static struct evaluated evaluate(const char *expr)
{
    char text[256];
    snprintf(text, sizeof(text), "const X = %s;", expr);
    struct source *src = source_from_string("e.pir", text, strlen(text));
    struct diag_list diags;
    diag_list_init(&diags, 0);
    struct ast_program *p = pir_parse(src, NULL, &diags);
    struct evaluated r = {0};
    CU_ASSERT_EQUAL(diags.len, 0);
    if (p->decls)
        r.ok = eval_expr(p->decls->value, &scope_i, &r.value, &r.err);
    else
        CU_FAIL("expression did not parse");
    /* Checked here: the file name goes away with the source. */
    if (!r.ok)
        CU_ASSERT_PTR_EQUAL(r.err.loc.file, src->path);
    ast_program_free(p);
    diag_list_free(&diags);
    source_free(src);
    return r;
}

static void test_values(void)
{
    static const struct {
        const char *expr;
        int64_t value;
    } cases[] = {
        {"1 + 2", 3}, {"5 - 8", -3}, {"6 * -7", -42}, {"7 / 2", 3}, {"7 % 3", 1},
        {"-7 / 2", -3}, {"-7 % 2", -1}, {"7 / -2", -3}, {"7 % -2", 1}, {"-7 / -2", 3},
        {"-7 % -2", -1}, {"1 << 4", 16}, {"-1 << 63", INT64_MIN}, {"256 >> 4", 16},
        {"-8 >> 1", -4}, {"-1 >> 63", -1}, {"-7 >> 1", -4}, {"12 & 10", 8}, {"12 | 3", 15},
        {"12 ^ 10", 6}, {"n & 0xff", 253}, {"1 < 2", 1}, {"2 < 1", 0}, {"2 <= 2", 1},
        {"3 > 2", 1}, {"2 >= 3", 0}, {"2 == 2", 1}, {"2 != 2", 0}, {"2 && 3", 1},
        {"0 && 3", 0}, {"0 || 0", 0}, {"0 || -5", 1}, {"!0", 1}, {"!5", 0}, {"-i", -7},
        {"- -i", 7}, {"min(i, n)", -3}, {"max(i, n)", 7}, {"min(big, small)", INT64_MIN},
        {"i * 2 + n", 11}, {"i + 2 * n", 1}, {"(i + 2) * n", -27}, {"i - 3 - 2", 2},
        {"64 / 4 / 2", 8}, {"1 + 2 << 3", 24}, {"1 << 2 + 3", 32}, {"i & 3 == 3", 1},
        {"1 | 2 ^ 3 & 1", 3}, {"i > 0 && i != 8 - 1", 0}, {"!i || n < 0", 1},
        {"-2 * -3", 6}, {"big", INT64_MAX}, {"small", INT64_MIN}, {"small / 1", INT64_MIN},
        {"small % -1", 0}, {"big + small", -1}, {"0 - big - 1", INT64_MIN},
        {"i == 7 && (n == -3)", 1},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct evaluated r = evaluate(cases[i].expr);
        if (!r.ok || r.value != cases[i].value)
            fprintf(stderr, "\n%s: want %lld, got %s %lld\n", cases[i].expr,
                    (long long)cases[i].value, r.ok ? "value" : r.err.message,
                    (long long)r.value);
        CU_ASSERT_TRUE(r.ok);
        CU_ASSERT_EQUAL(r.value, cases[i].value);
    }
}

/* The right side of && and || is not evaluated when the left decides, so its errors
 * do not happen. */
static void test_short_circuit(void)
{
    static const struct {
        const char *expr;
        int64_t value;
    } cases[] = {
        {"0 && 1 / zero", 0}, {"1 || 1 / zero", 1}, {"0 && nope", 0}, {"i || big + 1", 1},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct evaluated r = evaluate(cases[i].expr);
        CU_ASSERT_TRUE(r.ok);
        CU_ASSERT_EQUAL(r.value, cases[i].value);
    }
}

static void test_errors(void)
{
    static const struct {
        const char *expr;
        enum check_id check;
        int col, len;           /* of the sub-expression at fault, relative to EXPR_COL */
        const char *message;
    } cases[] = {
        {"i / zero", CHECK_INPUT_ERROR, 0, 8, "division by zero in 'i / zero'"},
        {"1 + i % (n + 3)", CHECK_INPUT_ERROR, 4, 11, "division by zero in 'i % (n + 3)'"},
        {"small / -1", CHECK_INPUT_ERROR, 0, 10, "integer overflow in 'small / -1'"},
        {"big + 1", CHECK_INPUT_ERROR, 0, 7, "integer overflow in 'big + 1'"},
        {"small - 1", CHECK_INPUT_ERROR, 0, 9, "integer overflow in 'small - 1'"},
        {"2 * (big / 2 + 1)", CHECK_INPUT_ERROR, 0, 17, "integer overflow in '2 * (big / 2 + 1)'"},
        {"-small", CHECK_INPUT_ERROR, 0, 6, "integer overflow in '-small'"},
        {"1 << 63", CHECK_INPUT_ERROR, 0, 7, "integer overflow in '1 << 63'"},
        {"3 << 62", CHECK_INPUT_ERROR, 0, 7, "integer overflow in '3 << 62'"},
        {"1 << 64", CHECK_INPUT_ERROR, 0, 7, "shift count 64 is out of range 0..63 in '1 << 64'"},
        {"8 >> n", CHECK_INPUT_ERROR, 0, 6, "shift count -3 is out of range 0..63 in '8 >> n'"},
        {"(i - (i)) + x", CHECK_UNKNOWN_NAME, 12, 1, "unknown name 'x'"},
        {"?", CHECK_INPUT_ERROR, 0, 1,
         "'?' is only allowed as the whole condition of an if or as a region's only index (x[?])"},
        {"1 + ?", CHECK_INPUT_ERROR, 4, 1,
         "'?' is only allowed as the whole condition of an if or as a region's only index (x[?])"},
        {"-(-i) / min(zero, 1)", CHECK_INPUT_ERROR, 0, 20,
         "division by zero in '-(-i) / min(zero, 1)'"},
        {"!(i < 2) % (1 == 2)", CHECK_INPUT_ERROR, 0, 19,
         "division by zero in '!(i < 2) % (1 == 2)'"},
        {"(1 - 2) - (3 - 4) / 0", CHECK_INPUT_ERROR, 10, 11, "division by zero in '(3 - 4) / 0'"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct evaluated r = evaluate(cases[i].expr);
        CU_ASSERT_FALSE(r.ok);
        if (r.ok)
            continue;
        CU_ASSERT_STRING_EQUAL(r.err.message, cases[i].message);
        CU_ASSERT_EQUAL(r.err.check, cases[i].check);
        CU_ASSERT_EQUAL(r.err.loc.line, 1);
        CU_ASSERT_EQUAL(r.err.loc.col, EXPR_COL + cases[i].col);
        CU_ASSERT_EQUAL(r.err.loc.len, cases[i].len);
    }
}

/* A long expression is shortened in the message, never overflowing it. */
static void test_long_message(void)
{
    char expr[200] = "1";
    for (int i = 0; i < 40; i++)
        strcat(expr, " + 1");
    strcat(expr, " / 0");
    struct evaluated r = evaluate(expr);
    CU_ASSERT_FALSE(r.ok);
    CU_ASSERT_EQUAL(r.err.loc.len, 5);
    CU_ASSERT_STRING_EQUAL(r.err.message, "division by zero in '1 / 0'");
    r = evaluate("(1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1"
                 " + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1) / zero");
    CU_ASSERT_FALSE(r.ok);
    CU_ASSERT_TRUE(strlen(r.err.message) < sizeof(r.err.message));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err.message, "...'"));
    CU_ASSERT_EQUAL(strncmp(r.err.message, "division by zero in '(1 + 1", 27), 0);
}

static void test_scope_find(void)
{
    CU_ASSERT_PTR_EQUAL(scope_find(&scope_i, "i"), &scope_i);
    CU_ASSERT_PTR_EQUAL(scope_find(&scope_i, "zero"), &scope_zero);
    CU_ASSERT_PTR_NULL(scope_find(&scope_i, "nope"));
    CU_ASSERT_PTR_NULL(scope_find(NULL, "i"));
    /* Inner bindings shadow outer ones. */
    const struct scope inner = {"i", 1, &scope_i};
    CU_ASSERT_EQUAL(scope_find(&inner, "i")->value, 1);
}

static void test_checked_arithmetic(void)
{
    int64_t r = 0;
    CU_ASSERT_TRUE(checked_add(INT64_MAX - 1, 1, &r));
    CU_ASSERT_EQUAL(r, INT64_MAX);
    CU_ASSERT_FALSE(checked_add(INT64_MAX, 1, &r));
    CU_ASSERT_TRUE(checked_sub(INT64_MIN + 1, 1, &r));
    CU_ASSERT_EQUAL(r, INT64_MIN);
    CU_ASSERT_FALSE(checked_sub(INT64_MIN, 1, &r));
    CU_ASSERT_TRUE(checked_mul(-4, 5, &r));
    CU_ASSERT_EQUAL(r, -20);
    CU_ASSERT_FALSE(checked_mul(INT64_MAX / 2 + 1, 2, &r));
    CU_ASSERT_FALSE(checked_mul(INT64_MIN, -1, &r));
}

static void test_op_spelling(void)
{
    static const struct {
        enum ast_op op;
        const char *text;
    } cases[] = {
        {OP_ADD, "+"}, {OP_SUB, "-"}, {OP_MUL, "*"}, {OP_DIV, "/"}, {OP_MOD, "%"},
        {OP_SHL, "<<"}, {OP_SHR, ">>"}, {OP_BAND, "&"}, {OP_BOR, "|"}, {OP_BXOR, "^"},
        {OP_LT, "<"}, {OP_LE, "<="}, {OP_GT, ">"}, {OP_GE, ">="}, {OP_EQ, "=="},
        {OP_NE, "!="}, {OP_LAND, "&&"}, {OP_LOR, "||"}, {OP_MIN, "min"}, {OP_MAX, "max"},
        {OP_NEG, "-"}, {OP_NOT, "!"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        CU_ASSERT_STRING_EQUAL(ast_op_spelling(cases[i].op), cases[i].text);
}

/* A table of many bindings in a chain: found by name, shadowed by the nodes before it,
 * and the chain goes on after it. */
static void test_scope_table(void)
{
    enum { N = 5000 };
    static char names[N][16];
    static struct scope bindings[N];
    struct scope_table t = {0};
    t.head.next = &scope_zero;
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof(names[i]), "c%d", i);
        bindings[i] = (struct scope){names[i], i, NULL};
        scope_table_add(&t, &bindings[i]);
    }
    struct scope inner = {"c7", -7, &t.head};
    CU_ASSERT_EQUAL(t.len, N);
    CU_ASSERT_EQUAL(scope_find(&inner, "c0")->value, 0);
    CU_ASSERT_EQUAL(scope_find(&inner, "c4999")->value, 4999);
    CU_ASSERT_EQUAL(scope_find(&inner, "c7")->value, -7);       /* shadowed */
    CU_ASSERT_EQUAL(scope_find(&t.head, "c7")->value, 7);
    CU_ASSERT_EQUAL(scope_find(&inner, "zero")->value, 0);      /* after the table */
    CU_ASSERT_PTR_NULL(scope_find(&inner, "c5000"));
    struct scope_table empty = {0};
    CU_ASSERT_PTR_NULL(scope_find(&empty.head, "c0"));
    scope_table_free(&t);
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("eval", NULL, NULL);
    CU_add_test(s, "values", test_values);
    CU_add_test(s, "short circuit", test_short_circuit);
    CU_add_test(s, "errors", test_errors);
    CU_add_test(s, "long message", test_long_message);
    CU_add_test(s, "scope_find", test_scope_find);
    CU_add_test(s, "scope table", test_scope_table);
    CU_add_test(s, "checked arithmetic", test_checked_arithmetic);
    CU_add_test(s, "op spelling", test_op_spelling);
}
