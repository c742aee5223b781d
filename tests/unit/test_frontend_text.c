/* CUnit suite for the text rewriting of the source frontend that needs no libclang: the
 * device compiler's execution-space lists blanked in place (src/frontend/clang/
 * device_syntax.c) and the per-arch directory name of an op library. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
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

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("frontend_text", NULL, NULL);
    CU_add_test(s, "device_syntax_blank", test_device_syntax_blank);
    CU_add_test(s, "arch_dir", test_arch_dir);
}
