/* CUnit suite for the public API (include/accelsync/accelsync.h) as a second program uses it:
 * a result outlives the options it was made with (every string of a finding is the result's),
 * an ignore comment that wastes two checks says so once, naming both, and a kernel source's
 * kernels give their entries and are not complete when empty. */
#include <CUnit/CUnit.h>
#include <accelsync/accelsync.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cunit_main.h"

static const char racy[] =
    "model \"ascend910b2\";\n"
    "param tiles in 1..4;\n"
    "buffer a : UB[64];\n"
    "kernel k {\n"
    "  for i in 0..tiles { V vadds a <- a; }\n"
    "  S get_value <- a[0 +: 4];\n"
    "}\n";

static char *write_report(const struct as_result *r, enum as_format format)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CU_ASSERT_TRUE(as_result_write(r, f, format, false));
    fclose(f);
    return text;
}

/* -D names and a baseline's reason live in the options; the result keeps its own copies. */
static void test_result_outlives_options(void)
{
    char dir[] = "/tmp/accelsync-api-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char kernel[64], base[64];
    snprintf(kernel, sizeof(kernel), "%s/k.pir", dir);
    snprintf(base, sizeof(base), "%s/base.json", dir);
    FILE *f = fopen(kernel, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(racy, f);
    fclose(f);
    const char *paths[] = {kernel};

    struct as_options *o = as_options_new();
    as_options_define(o, "tiles", 2);
    struct as_result *r = as_check_files(o, paths, 1);
    as_options_free(o);
    char *text = write_report(r, AS_FORMAT_TEXT);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "note: first seen at i=1 with tiles=2\n"));
    free(text);
    f = fopen(base, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_TRUE(as_result_write_baseline(r, f));
    fclose(f);
    as_result_free(r);

    o = as_options_new();
    CU_ASSERT_TRUE_FATAL(as_options_set_baseline(o, base, stderr));
    r = as_check_files(o, paths, 1);
    as_options_free(o);
    struct as_finding x;
    size_t suppressed = 0;
    for (size_t k = 0; as_result_finding(r, 0, k, &x); k++)
        if (x.suppressed) {
            suppressed++;
            CU_ASSERT_PTR_NOT_NULL(strstr(x.suppressed, "in the baseline "));
        }
    CU_ASSERT_EQUAL(suppressed, 3);   /* two RAWs and the WAW of the loop */
    CU_ASSERT_EQUAL(as_result_exit_code(r, false), 0);
    text = write_report(r, AS_FORMAT_JSON);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"reason\": \"in the baseline /tmp/accelsync-api-"));
    free(text);
    as_result_free(r);
    remove(kernel);
    remove(base);
    rmdir(dir);
}

static void test_unused_suppression_names_all(void)
{
    static const char src[] = "model \"ascend910b2\";\n"
                              "buffer a : UB[64];\n"
                              "kernel k {\n"
                              "  V vadds a <- a;   // accelsync: ignore(raw-hazard, war-hazard) none\n"
                              "}\n";
    struct as_options *o = as_options_new();
    struct as_result *r = as_check_text(o, "k.pir", src, strlen(src));
    struct as_finding x;
    CU_ASSERT_EQUAL_FATAL(as_result_finding_count(r, 0), 1);
    CU_ASSERT_TRUE_FATAL(as_result_finding(r, 0, 0, &x));
    CU_ASSERT_STRING_EQUAL(x.check, "unused-suppression");
    CU_ASSERT_STRING_EQUAL(x.message, "this ignore(raw-hazard, war-hazard) suppresses nothing: no "
                                      "raw-hazard, war-hazard are reported on line 4");
    as_result_free(r);
    as_options_free(o);
}

/* Overloaded entries are a kernel each, named by their parameters; the one compiled out for
 * the model's arch is not complete. Only when the frontend is built (it reads .mlu files). */
static void test_kernel_entries(void)
{
    bool frontend = false;
    for (const char *const *e = as_kernel_extensions(); *e; e++)
        frontend |= strcmp(*e, "mlu") == 0;
    if (!frontend)
        return;
    char dir[] = "/tmp/accelsync-api-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char kernel[64];
    snprintf(kernel, sizeof(kernel), "%s/k.mlu", dir);
    FILE *f = fopen(kernel, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("#include <bang.h>\n"
          "__nram__ float buf[64];\n"
          "__mlu_entry__ void k(float *x) { __memcpy(buf, x, 256, GDRAM2NRAM); }\n"
          "__mlu_entry__ void k(float *x, int n) {\n"
          "#if __BANG_ARCH__ >= 592\n"
          "  __memcpy(buf, x, 256, GDRAM2NRAM);\n"
          "#endif\n"
          "}\n", f);
    fclose(f);
    const char *paths[] = {kernel};
    struct as_options *o = as_options_new();
    struct as_result *r = as_check_files(o, paths, 1);
    as_options_free(o);
    CU_ASSERT_EQUAL_FATAL(as_result_kernel_count(r, 0), 2);
    CU_ASSERT_STRING_EQUAL(as_result_kernel_name(r, 0, 0), "k_float_ptr");
    CU_ASSERT_STRING_EQUAL(as_result_kernel_entry(r, 0, 0), "k(float *)");
    CU_ASSERT_TRUE(as_result_kernel_complete(r, 0, 0));
    CU_ASSERT_STRING_EQUAL(as_result_kernel_entry(r, 0, 1), "k(float *, int)");
    CU_ASSERT_FALSE(as_result_kernel_complete(r, 0, 1));
    CU_ASSERT_EQUAL(as_result_exit_code(r, false), 2);
    struct as_finding x;
    CU_ASSERT_TRUE(as_result_finding(r, 0, 0, &x) && strcmp(x.check, "empty-kernel") == 0 &&
                   !x.error && strcmp(x.kernel, "k_float_ptr_int") == 0);
    as_result_free(r);
    remove(kernel);
    rmdir(dir);

    r = as_check_text(o = as_options_new(), "k.pir", racy, strlen(racy));
    CU_ASSERT_PTR_NULL(as_result_kernel_entry(r, 0, 0));   /* a PIR kernel has no entry */
    as_result_free(r);
    as_options_free(o);
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("api", NULL, NULL);
    CU_add_test(s, "a result outlives its options", test_result_outlives_options);
    CU_add_test(s, "unused-suppression names every wasted check", test_unused_suppression_names_all);
    CU_add_test(s, "a kernel source's kernels give their entries", test_kernel_entries);
}
