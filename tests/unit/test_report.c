/* The reporters: the JSON contract tools parse (docs/cli.md) and the text layout. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "helpers.h"
#include "report/report.h"

#define AIV "model \"ascend910b2\";\nbuffer g : GM[4096];\nbuffer u : UB[2][1024];\nbuffer w : UB[1024];\n"

/* The JSON report of n results, as written; its length in *len. */
static char *json_text_of(const struct file_result *r, size_t n, bool werror, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    CU_ASSERT_TRUE(report_json(f, r, n, 0, werror));
    fclose(f);
    return buf;
}

static json_t *json_report(const char *pir, bool werror)
{
    struct file_result r;
    check_pir(pir, false, &r);
    size_t len;
    char *buf = json_text_of(&r, 1, werror, &len);
    file_result_free(&r);
    json_error_t err;
    json_t *doc = json_loads(buf, 0, &err);
    free(buf);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    return doc;
}

static void test_hazard_json(void)
{
    json_t *doc = json_report(AIV "param n in 1..2;\nkernel k {\n  for i in 0..n {\n"
                                  "    MTE2 copy u[i % 2] <- g[i * 1024 +: 1024];\n"
                                  "    V vadd w[i * 512 +: 512] <- u[i % 2];\n  }\n}\n",
                              false);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(doc, "version")), 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(json_object_get(doc, "tool"), "name")),
                           "accelsync");
    json_t *file = json_array_get(json_object_get(doc, "files"), 0);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(file, "path")), "t.pir");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(file, "model")), "ascend910b2");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(file, "status")), "checked");
    CU_ASSERT_EQUAL(json_array_size(json_object_get(file, "diagnostics")), 0);
    json_t *kernel = json_array_get(json_object_get(file, "kernels"), 0);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(kernel, "name")), "k");
    json_t *params = json_object_get(kernel, "params_checked");
    CU_ASSERT_EQUAL(json_array_size(params), 2);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(params, 1), "n")), 2);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(kernel, "events")), 2 + 4);
    json_t *findings = json_object_get(kernel, "findings");
    CU_ASSERT_EQUAL_FATAL(json_array_size(findings), 1);
    json_t *f = json_array_get(findings, 0);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(f, "check")), "raw-hazard");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(f, "code")), "AS0001");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(f, "severity")), "error");
    json_t *loc = json_object_get(f, "location"), *rel = json_object_get(f, "related");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(loc, "line")), 9);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(loc, "column")), 5);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(loc, "file")), "t.pir");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(rel, "line")), 8);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(f, "params"), "n")), 1);
    json_t *it = json_object_get(f, "iterations");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(it, "first"), "i")), 0);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(it, "second"), "i")), 0);
    json_t *units = json_object_get(f, "units");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(units, "first")), "MTE2");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(units, "second")), "V");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(f, "buffer")), "u");
    json_t *bytes = json_object_get(f, "bytes");
    CU_ASSERT_EQUAL(json_integer_value(json_array_get(bytes, 0)), 0);
    CU_ASSERT_EQUAL(json_integer_value(json_array_get(bytes, 1)), 1024);
    CU_ASSERT_PTR_NOT_NULL(json_string_value(json_object_get(f, "fix")));
    json_t *summary = json_object_get(doc, "summary");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(summary, "errors")), 1);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(summary, "exit_code")), 1);
    /* a kernel with findings is complete (every run checked); `verified` is its old name */
    json_t *kr = json_array_get(json_object_get(json_array_get(json_object_get(doc, "files"), 0),
                                                    "kernels"), 0);
    CU_ASSERT_TRUE(json_is_true(json_object_get(kr, "complete")));
    CU_ASSERT_TRUE(json_is_true(json_object_get(kr, "verified")));
    json_decref(doc);
}

static void test_file_diagnostics_json(void)
{
    json_t *doc = json_report(AIV "kernel k {\n V vdup w\n}\n", false);
    json_t *file = json_array_get(json_object_get(doc, "files"), 0);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(file, "status")), "error");
    json_t *diags = json_object_get(file, "diagnostics");
    CU_ASSERT_TRUE_FATAL(json_array_size(diags) >= 1);
    json_t *d = json_array_get(diags, 0);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(d, "check")), "syntax-error");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(d, "location"), "line")), 7);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(doc, "summary"), "exit_code")), 2);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(doc, "summary"), "unverified")), 1);
    json_decref(doc);
}

/* A finding about the whole file has no line or column: null, not 0. */
static void test_whole_file_location_json(void)
{
    json_t *doc = json_report("kernel k { }\n", false);
    json_t *file = json_array_get(json_object_get(doc, "files"), 0);
    json_t *d = json_array_get(json_object_get(file, "diagnostics"), 0);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(d, "check")), "model-error");
    json_t *loc = json_object_get(d, "location");
    CU_ASSERT_TRUE(json_is_null(json_object_get(loc, "line")));
    CU_ASSERT_TRUE(json_is_null(json_object_get(loc, "column")));
    json_decref(doc);
}

static void test_werror_json(void)
{
    json_t *doc = json_report(AIV "kernel k { set_flag(MTE2, V, 0); }", true);
    json_t *summary = json_object_get(doc, "summary");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(summary, "warnings")), 1);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(summary, "exit_code")), 1);
    json_decref(doc);
}

/* The report is written a file at a time; its bytes are those jansson gives the whole document
 * (what tools that diff reports compare), for no file, one, and several with findings,
 * diagnostics and strings that need escapes. */
static void test_json_written_in_pieces(void)
{
    const char *texts[] = {
        AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024];\n V vadd w <- u[0];\n}\n",
        "model \"ascend910b2\";\nkernel \"quoted\" {\n}\n",
        AIV "kernel a {\n set_flag(MTE2, V, 0);\n}\nkernel b {\n V vadd w <- u[1];\n}\n"};
    struct file_result r[3];
    for (size_t i = 0; i < 3; i++)
        check_pir(texts[i], false, &r[i]);
    for (size_t n = 0; n <= 3; n++) {
        size_t len;
        char *buf = json_text_of(r, n, false, &len);
        json_error_t err;
        json_t *doc = json_loads(buf, 0, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
        CU_ASSERT_EQUAL(json_array_size(json_object_get(doc, "files")), n);
        char *whole = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        CU_ASSERT_PTR_NOT_NULL_FATAL(whole);
        CU_ASSERT_TRUE(len == strlen(whole) + 1 && strncmp(buf, whole, strlen(whole)) == 0
                       && buf[len - 1] == '\n');
        free(whole);
        json_decref(doc);
        free(buf);
    }
    for (size_t i = 0; i < 3; i++)
        file_result_free(&r[i]);
}

static void test_syntax_error_text(void)
{
    char *buf = text_report_of(AIV "kernel k {\n V vdup w\n}\n");
    const char *want = "t.pir:7:1: error: unexpected '}', expecting '<-' or '[' or ';' or ',' [syntax-error]\n"
                       "    7 | }\n"
                       "      | ^\n"
                       "accelsync: 1 file, 0 kernels: 1 error, 0 warnings; 1 file NOT VERIFIED\n";
    if (strcmp(buf, want) != 0) {
        putchar('\n');
        fputs(buf, stdout);
    }
    CU_ASSERT_STRING_EQUAL(buf, want);
    free(buf);
}

/* A tiling structure's arrays guessed element by element are listed as ranges of equal
 * values; anything else one by one, in order. */
static void test_guessed_list_ranges(void)
{
    const struct binding items[] = {
        {"tileLength", 256}, {"counts[0]", 2}, {"counts[1]", 2}, {"counts[2]", 2},
        {"counts[3]", 7},    {"starts[0]", 0}, {"starts[2]", 0}, {"a[1][0]", 1},
        {"a[1][1]", 1},      {"b[]", 3},       {"c[4]", 5},
    };
    struct binding_list b = {items, sizeof(items) / sizeof(items[0])};
    char *text = report_guessed_list(&b);
    CU_ASSERT_STRING_EQUAL(text, "tileLength = 256, counts[0..2] = 2, counts[3] = 7, "
                                 "starts[0] = 0, starts[2] = 0, a[1][0..1] = 1, b[] = 3, "
                                 "c[4] = 5");
    free(text);
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("report", NULL, NULL);
    CU_add_test(s, "hazard in JSON", test_hazard_json);
    CU_add_test(s, "whole-file findings have no line in JSON", test_whole_file_location_json);
    CU_add_test(s, "file diagnostics in JSON", test_file_diagnostics_json);
    CU_add_test(s, "--werror in the JSON summary", test_werror_json);
    CU_add_test(s, "syntax error in text", test_syntax_error_text);
    CU_add_test(s, "JSON written a file at a time", test_json_written_in_pieces);
    CU_add_test(s, "guessed values: an array's equal elements as a range",
                test_guessed_list_ranges);
}
