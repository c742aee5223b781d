/* CUnit suite for the text rewriting of the source frontend that needs no libclang: the
 * device compiler's execution-space lists blanked in place (src/frontend/clang/
 * device_syntax.c), the per-arch directory name of an op library, and BANG C host code read
 * as tokens for the task types of its launches (src/frontend/bangc/host_code.c,
 * launch_types.c). */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "frontend/bangc/host_code.h"
#include "frontend/bangc/launch_types.h"
#include "frontend/clang/device_syntax.h"
#include "frontend/clang/op_layout.h"

static void test_device_syntax_blank(void)
{
    static const struct {
        const char *in, *out;
        bool changed;
    } cases[] = {
        {"#define D __forceinline__[aicore]", "#define D __forceinline__        ", true},
        {"__forceinline__[host, aicore] T f();", "__forceinline__               T f();", true},
        {"__global__[ aicore ] void k()", "__global__           void k()", true},
        {"[host,aicore] int g;", "              int g;", true},
        {"a[host] = b[i];", "a[host] = b[i];", false},          /* no aicore: an index */
        {"[[nodiscard]] int h();", "[[nodiscard]] int h();", false},
        {"[[aicore]] int h();", "[[aicore]] int h();", false},  /* an attribute, C++ */
        {"x[aicore_count]", "x[aicore_count]", false},
        {"[aicore", "[aicore", false},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t len = strlen(cases[i].in);
        char *text = malloc(len + 1);
        memcpy(text, cases[i].in, len + 1);
        CU_ASSERT_EQUAL(device_syntax_blank(text, len), cases[i].changed);
        CU_ASSERT_STRING_EQUAL(text, cases[i].out);
        free(text);
    }
}

static void test_arch_dir(void)
{
    char *d = op_layout_arch_dir("2201");
    CU_ASSERT_STRING_EQUAL(d, "arch22");
    free(d);
    d = op_layout_arch_dir("3510");
    CU_ASSERT_STRING_EQUAL(d, "arch35");
    free(d);
    CU_ASSERT_PTR_NULL(op_layout_arch_dir(NULL));
    CU_ASSERT_PTR_NULL(op_layout_arch_dir("v220"));
}

/* Comments, literals and preprocessor lines are not code; a function is found by its shape,
 * its parameters with whether each is a pointer or a reference one may assign. */
static void test_host_code_functions(void)
{
    char path[] = "host.cpp";
    struct host_file f = {
        .path = path,
        .text = "#define LAUNCH(k) k<<<a, b, c>>>()\n"
                "// void commented(int x) { }\n"
                "static const char *s = \"f(int y) { <<<\";\n"
                "namespace ops {\n"
                "static void policy(int n, cnrtDim3_t *d, cnrtFunctionType_t &t,\n"
                "                   const cnrtFunctionType_t &c) const {\n"
                "  if (n > 1) { t = cnrtFuncTypeUnion1; }\n"
                "}\n"
                "}\n"
                "int main() { return 0; }\n",
    };
    host_file_tokens(&f);
    CU_ASSERT_EQUAL_FATAL(f.functions.len, 2);
    char *name = host_word(&f, f.functions.items[0].name);
    CU_ASSERT_STRING_EQUAL(name, "policy");
    free(name);
    CU_ASSERT_EQUAL(f.tokens.items[f.functions.items[0].name].line, 5);
    bool pointer, reference;
    size_t d = host_parameter(&f, &f.functions.items[0], 1, &pointer, &reference);
    CU_ASSERT(host_is(&f, d, "d") && pointer && !reference);
    size_t t = host_parameter(&f, &f.functions.items[0], 2, &pointer, &reference);
    CU_ASSERT(host_is(&f, t, "t") && !pointer && reference);
    host_parameter(&f, &f.functions.items[0], 3, &pointer, &reference);
    CU_ASSERT(!reference);   /* a reference to const is not assigned */
    CU_ASSERT_EQUAL(host_parameter(&f, &f.functions.items[0], 4, &pointer, &reference), SIZE_MAX);
    for (size_t i = 0; i < f.tokens.len; i++)
        CU_ASSERT_FALSE(host_is(&f, i, "<<<") || host_is(&f, i, "commented"));
    name = host_word(&f, f.functions.items[1].name);
    CU_ASSERT_STRING_EQUAL(name, "main");
    free(name);
    VEC_FREE(f.tokens);
    VEC_FREE(f.functions);
}

/* The types of a kernel's launches, from one text (standard input: no directory to read). */
static void expect_types(const char *text, const char *kernel, const int *clusters, size_t n,
                         size_t unknown)
{
    struct source *src = source_from_string("-", text, strlen(text));
    struct frontend_options o = {0};
    struct launch_scan *scan = launch_scan_new(src, &o);
    struct launch_types found;
    launch_types_find(scan, kernel, &found);
    CU_ASSERT_EQUAL(found.types.len, n);
    for (size_t i = 0; i < n && i < found.types.len; i++)
        CU_ASSERT_EQUAL(found.types.items[i].clusters, clusters[i]);
    CU_ASSERT_EQUAL(found.unknown.len, unknown);
    launch_types_free(&found);
    launch_scan_free(scan);
    source_free(src);
}

static void test_launch_types(void)
{
    static const int union1[] = {1}, block_union2[] = {0, 2}, union4[] = {4}, block[] = {0};
    /* a constant in the launch, a local's initializer; another kernel's launch is not k's */
    expect_types("void h(q) { k<<<d, CNRT_FUNC_TYPE_UNION1, q>>>(x); kk<<<d, cnrtFuncTypeBlock,"
                 " q>>>(); }", "k", union1, 1, 0);
    expect_types("void h(q) { cnrtFunctionType_t t = cnrtFuncTypeUnion1; k<<<d, t, q>>>(x); }",
                 "k", union1, 1, 0);
    /* a wrapper's parameter through its callers, a policy function through an address */
    expect_types("static void policy(int n, cnrtDim3_t *d, cnrtFunctionType_t *t) {\n"
                 "  if (n) *t = CNRT_FUNC_TYPE_UNION2; else *t = cnrtFuncTypeBlock;\n}\n"
                 "void wrap(cnrtDim3_t d, cnrtFunctionType_t t, cnrtQueue_t q) {\n"
                 "  KERNEL_CHECK(k<float><<<d, t, q>>>(x));\n}\n"
                 "void op(int n) { cnrtDim3_t d; cnrtFunctionType_t t;\n"
                 "  policy(n, &d, &t); wrap(d, t, q); }\n", "k", block_union2, 2, 0);
    /* the driver's spelling through a cast, a ternary's sides */
    expect_types("void h(bool b) { k<<<d, (cnrtFunctionType_t)(b ? CN_KERNEL_CLASS_UNION4 : "
                 "CN_KERNEL_CLASS_UNION4), q>>>(); }", "k", union4, 1, 0);
    /* a value known only at run time is said, and the rest still found */
    expect_types("void h() { cnrtFunctionType_t t = query(); if (x) t = cnrtFuncTypeBlock;\n"
                 "  k<<<d, t, q>>>(); }", "k", block, 1, 1);
    expect_types("void h() { k<<<d, cnrtFuncTypeMutable, q>>>(); }", "k", NULL, 0, 1);
    /* a wrapper nothing calls */
    expect_types("void wrap(cnrtFunctionType_t t) { k<<<d, t, q>>>(); }", "k", NULL, 0, 1);
    /* no launch at all */
    expect_types("void h() { other<<<d, cnrtFuncTypeUnion1, q>>>(); }", "k", NULL, 0, 0);
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("frontend_text", NULL, NULL);
    CU_add_test(s, "device_syntax_blank", test_device_syntax_blank);
    CU_add_test(s, "arch_dir", test_arch_dir);
    CU_add_test(s, "host_code_functions", test_host_code_functions);
    CU_add_test(s, "launch_types", test_launch_types);
}
