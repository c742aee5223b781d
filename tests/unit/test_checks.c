/* The checks and their reports: verdicts, locations and the exact text a user reads, for
 * each check id, under both engines. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cunit_main.h"
#include "helpers.h"
#include "report/report.h"

#define AIV "model \"ascend910b2\";\nbuffer g : GM[4096];\nbuffer u : UB[2][1024];\nbuffer w : UB[1024];\n"
#define MLU "model \"mlu370\";\nbuffer g : GDRAM[4096];\nbuffer n : NRAM[2][1024];\nbuffer m : NRAM[1024];\n"

struct verdict_case {
    const char *pir;
    const char *verdict;    /* check@line ... in report order */
};

static const struct verdict_case verdicts[] = {
    /* hazards; the header above is 4 lines, the kernel starts on line 5 */
    {AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024];\n V vadd w <- u[0];\n}", "raw-hazard@7"},
    {AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024];\n set_flag(MTE2, V, 0);\n wait_flag(MTE2, V, 0);\n"
         " V vadd w <- u[0];\n}", ""},
    {AIV "kernel k {\n V vadd w <- u[0];\n MTE2 copy u[0] <- g[0 +: 1024];\n}", "war-hazard@7"},
    {AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024];\n MTE2 copy u[0] <- g[1024 +: 1024];\n}", "waw-hazard@7"},
    {AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024];\n pipe_barrier(MTE2);\n MTE2 copy u[0] <- g[1024 +: 1024];\n}", ""},
    /* WAR inside a pipe is not checked (the model enables RAW and WAW only) */
    {AIV "kernel k {\n V vadd w <- u[0];\n V vdup u[0];\n}", ""},
    /* flags */
    {AIV "kernel k {\n wait_flag(MTE2, V, 0);\n}", "deadlock@6"},
    {AIV "kernel k {\n set_flag(MTE2, V, 0);\n}", "unmatched-signal@6"},
    {AIV "kernel k {\n set_flag(MTE2, V, 0);\n set_flag(MTE2, V, 0);\n wait_flag(MTE2, V, 0);\n"
         " wait_flag(MTE2, V, 0);\n}", "flag-overrun@7"},
    /* waits are prompt: a wait reached before the next set is issued takes the flag first */
    {AIV "kernel k {\n set_flag(MTE2, V, 0);\n wait_flag(MTE2, V, 0);\n set_flag(MTE2, V, 0);\n"
         " wait_flag(MTE2, V, 0);\n}", ""},
    /* ... unless it sits behind unfinished work of its own queue */
    {AIV "kernel k {\n set_flag(MTE2, V, 0);\n V vadd w <- u[1];\n pipe_barrier(V);\n"
         " wait_flag(MTE2, V, 0);\n set_flag(MTE2, V, 0);\n wait_flag(MTE2, V, 0);\n}",
     "flag-overrun@10"},
    {AIV "kernel k {\n wait_flag(MTE2, V, 0);\n set_flag(V, MTE2, 0);\n wait_flag(V, MTE2, 0);\n"
         " set_flag(MTE2, V, 0);\n}", "deadlock@6"},
    {AIV "kernel k {\n set_flag(S, S, 0);\n wait_flag(S, S, 0);\n}", "bad-channel@6 bad-channel@7"},
    {AIV "kernel k {\n set_flag(MTE2, V, 8);\n wait_flag(MTE2, V, 8);\n}", "bad-event-id@6 bad-event-id@7"},
    {"model \"ascend910\";\nbuffer g : GM[4096];\nbuffer u : UB[2][1024];\nbuffer w : UB[1024];\n"
     "kernel k {\n set_flag(MTE2, V, 5);\n wait_flag(MTE2, V, 5);\n}", "bad-event-id@6 bad-event-id@7"},
    {AIV "kernel k {\n FIX fixpipe g <- w;\n}", "bad-unit@6"},
    {AIV "kernel k {\n MTE3 copy u[0] <- g[0 +: 1024];\n}", "bad-unit@6 bad-unit@6"},
    {AIV "kernel k {\n MTE2 copy u[0] <- g[4000 +: 1024];\n}", "out-of-bounds@6"},
    {AIV "kernel k {\n MTE2 copy u[2] <- g[0 +: 1024];\n}", "out-of-bounds@6"},
    /* Cambricon */
    {MLU "kernel k {\n IO memcpy_async n[0] <- g[0 +: 1024];\n COMPUTE bang_add m <- n[0];\n}", "raw-hazard@7"},
    {MLU "kernel k {\n IO memcpy_async n[0] <- g[0 +: 1024];\n sync_io();\n COMPUTE bang_add m <- n[0];\n}", ""},
    {MLU "kernel k {\n IO memcpy n[0] <- g[0 +: 1024];\n COMPUTE bang_add m <- n[0];\n}", ""},
    {MLU "kernel k {\n IO memcpy_async n[0] <- g[0 +: 1024];\n sync_compute();\n COMPUTE bang_add m <- n[0];\n}",
     "raw-hazard@8"},
    /* cross-core: writer first, RAW */
    {"model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
     "kernel mix {\n core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; }\n"
     " core aiv : AIV { MTE2 copy v <- ws[0 +: 1024]; }\n}", "raw-hazard@7"},
    {"model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
     "kernel mix {\n core aiv : AIV { MTE2 copy v <- ws[0 +: 1024]; }\n"
     " core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; }\n}", "raw-hazard@6"},
    {"model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
     "kernel mix {\n core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; cross_core_set_flag(FIX, 2, 3); }\n"
     " core aiv : AIV { cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024]; }\n}", ""},
    {"model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
     "kernel mix {\n core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; }\n"
     " core aiv : AIV { cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024]; }\n}", "deadlock@7"},
    /* input errors stop the kernel */
    {AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024 / (1 - 1)];\n}", "input-error@6"},
    {AIV "kernel k {\n MTE2 copy q <- g;\n}", "unknown-name@6"},
    {AIV "kernel k {\n frobnicate(V);\n}", "unknown-name@6"},
    {AIV "kernel k {\n nosuchop w <- u[0];\n}", "unknown-name@6"},
    {AIV "kernel k {\n pipe_barrier(V, MTE2);\n}", "input-error@6"},
    {AIV "buffer g : UB[16];\nkernel k {\n}", "input-error@5"},
    {"model \"nosuch\";\nkernel k { }", "model-error@1"},
    {"param n in 1..4;\nbuffer g : GM[n];\nkernel k { }", "model-error@0"},
};

static void test_verdicts(void)
{
    for (size_t i = 0; i < sizeof(verdicts) / sizeof(verdicts[0]); i++) {
        for (int reference = 0; reference < 2; reference++) {
            struct file_result r;
            check_pir(verdicts[i].pir, reference, &r);
            const char *got = verdict_of(&r);
            if (strcmp(got, verdicts[i].verdict) != 0)
                printf("\n  case %zu (%s engine): expected '%s', got '%s'\n", i,
                       reference ? "reference" : "clock", verdicts[i].verdict, got);
            CU_ASSERT_STRING_EQUAL(got, verdicts[i].verdict);
            file_result_free(&r);
        }
    }
}

static void test_hazard_text(void)
{
    char *got = text_report_of(AIV "param n in 1..2;\nkernel k {\n  for i in 0..n {\n"
                                "    MTE2 copy u[i % 2] <- g[i * 1024 +: 1024];\n"
                                "    V vadd w[i * 512 +: 512] <- u[i % 2];\n  }\n}\n");
    const char *want =
        "t.pir:9:5: error: V vadd reads u bytes [0, 1024) while MTE2 copy at line 8 may still be "
        "writing them [raw-hazard]\n"
        "    9 |     V vadd w[i * 512 +: 512] <- u[i % 2];\n"
        "      |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
        "t.pir:8:5: note: first access: MTE2 copy (i=0)\n"
        "t.pir:9:5: note: first seen at i=0 with n=1\n"
        "t.pir:9:5: note: fix: insert set_flag(MTE2, V, 0) after line 8 and wait_flag(MTE2, V, 0) "
        "before line 9\n"
        "t.pir: note: kernel 'k' checked for n=1..2, 2 parameter assignments, 2 paths\n"
        "accelsync: 1 file, 1 kernel: 1 error, 0 warnings\n";
    CU_ASSERT_STRING_EQUAL(got, want);
    if (strcmp(got, want) != 0)
        printf("\n%s", got);
    free(got);
}

static void test_fix_hints(void)
{
    struct {
        const char *pir, *fix, *advice;   /* advice NULL: none */
    } cases[] = {
        {AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024];\n MTE2 copy u[0] <- g[1024 +: 1024];\n}",
         "insert pipe_barrier(MTE2) between line 6 and line 7", NULL},
        {AIV "kernel k {\n set_flag(MTE2, V, 0);\n wait_flag(MTE2, V, 0);\n"
             " MTE2 copy u[0] <- g[0 +: 1024];\n V vadd w <- u[0];\n}",
         "insert set_flag(MTE2, V, 1) after line 8 and wait_flag(MTE2, V, 1) before line 9", NULL},
        {MLU "kernel k {\n IO memcpy_async n[0] <- g[0 +: 1024];\n COMPUTE bang_add m <- n[0];\n}",
         "insert sync_io_move_compute(1, 0, 0, 0, 0, 1) between line 6 and line 7", NULL},
        /* a set between two instructions of one pipe does not order them: the barrier does */
        {AIV "kernel k {\n V vadd w <- u[0];\n set_flag(V, MTE3, 0);\n V vmul u[1] <- w;\n"
             " wait_flag(V, MTE3, 0);\n}",
         "insert pipe_barrier(V) between line 6 and line 8", NULL},
        /* a scalar store is not complete when the vector read issued after it starts */
        {AIV "kernel k {\n S set_value w[0 +: 4];\n V vadd u[0] <- w;\n}",
         "insert set_flag(S, V, 0) after line 6 and wait_flag(S, V, 0) before line 7", NULL},
        {MLU "kernel k {\n ALU store n[0][0 +: 4];\n MOVE memcpy_async m[0 +: 4] <- n[0][0 +: 4];\n}",
         "insert sync() between line 6 and line 7", NULL},
        {AIV "kernel k {\n for i in 0..2 { V vdup w; }\n}",
         "insert pipe_barrier(V) between one execution of line 6 and the next (e.g. at the end of "
         "the loop body)", NULL},
        {"model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
         "kernel mix {\n core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; }\n"
         " core aiv : AIV { MTE2 copy v <- ws[0 +: 1024]; }\n}",
         "insert cross_core_set_flag(FIX, 2, ID) after line 6 on aic and cross_core_wait_flag(MTE2, 2, "
         "ID) before line 7 on aiv", NULL},
        {"model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
         "buffer o : UB[1024];\nkernel mix {\n core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c;\n"
         " cross_core_set_flag(FIX, 2, 3);\n MTE3 copy ws[1024 +: 1024] <- o;\n"
         " cross_core_set_flag(MTE3, 2, 3); }\n core aiv : AIV { cross_core_wait_flag(MTE2, 2, 3);\n"
         " MTE2 copy v <- ws[0 +: 1024];\n cross_core_wait_flag(MTE2, 2, 3); }\n}",
         "insert cross_core_set_flag(FIX, 2, ID) after line 7 on aic and cross_core_wait_flag(MTE2, 2, ID) "
         "before line 12 on aiv",
         "aic sets cross-core flag 3 from FIX at line 8 and from MTE3 at line 10, which nothing "
         "orders, so a wait may take either count: give each unit its own flag"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct file_result r;
        check_pir(cases[i].pir, false, &r);
        CU_ASSERT_EQUAL_FATAL(r.diags.len, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r.diags.items[0].fix);
        if (strcmp(r.diags.items[0].fix, cases[i].fix) != 0)
            printf("\n  fix %zu: %s\n", i, r.diags.items[0].fix);
        CU_ASSERT_STRING_EQUAL(r.diags.items[0].fix, cases[i].fix);
        if (cases[i].advice) {
            CU_ASSERT_STRING_EQUAL(r.diags.items[0].fix_advice, cases[i].advice);
        } else {
            CU_ASSERT_PTR_NULL(r.diags.items[0].fix_advice);
        }
        file_result_free(&r);
    }
}

static void test_messages(void)
{
    struct {
        const char *pir, *message;
    } cases[] = {
        {AIV "kernel k {\n wait_flag(MTE2, V, 0);\n}",
         "wait_flag(MTE2, V, 0) never returns: the channel is set 0 times and this is wait 1"},
        {AIV "kernel k {\n set_flag(MTE2, V, 0);\n}",
         "set_flag(MTE2, V, 0) is never waited for: the flag is still set when the kernel ends"},
        /* one statement in two iterations: the message names them */
        {AIV "kernel k {\n for i in 0..2 { set_flag(MTE2, V, 0); }\n wait_flag(MTE2, V, 0);\n"
             " wait_flag(MTE2, V, 0);\n}",
         "set_flag(MTE2, V, 0) (i=1) may fire while the flag is still set by set_flag(MTE2, V, 0) "
         "at line 6 (i=0): its wait wait_flag(MTE2, V, 0) at line 7 may not be issued before "
         "this set fires"},
        /* a cycle is worded like a missing partner: what never returns, then why */
        {AIV "kernel k {\n wait_flag(V, MTE2, 0);\n set_flag(MTE2, V, 0);\n wait_flag(MTE2, V, 0);\n"
             " set_flag(V, MTE2, 0);\n}",
         "wait_flag(V, MTE2, 0) never returns: it and the other waits of a cycle can each only be "
         "released by something that waits, directly or not, for one of them: wait_flag(V, MTE2, "
         "0) at line 6, wait_flag(MTE2, V, 0) at line 8"},
        {AIV "kernel k {\n set_flag(S, S, 0);\n}",
         "set_flag(S, S, ...): S -> S is not a flag channel of core type AIV"},
        {AIV "kernel k {\n set_flag(MTE2, V, 9);\n}",
         "event id 9 is out of range: model ascend910b2 has ids 0..7"},
        {AIV "kernel k {\n FIX fixpipe g <- w;\n}",
         "unit 'FIX' does not exist on core type AIV (its units: S V MTE2 MTE3)"},
        {AIV "kernel k {\n MTE2 copy u[0] <- g[4000 +: 1024];\n}",
         "region [4000, 5024) is outside buffer 'g' (4096 bytes)"},
        {AIV "kernel k {\n MTE2 copy u[0] <- g[0 +: 1024 / (1 - 1)];\n}",
         "division by zero in '1024 / (1 - 1)'"},
        {AIV "kernel k {\n V vaddd w <- u[0];\n}",
         "unknown op 'vaddd' on unit V of model ascend910b2 (did you mean 'vadd'?)"},
        {AIV "kernel k {\n V frobnicate w <- u[0];\n}",
         "unknown op 'frobnicate' on unit V of model ascend910b2"},
        {AIV "kernel k {\n frobnicate(V);\n}",
         "unknown sync primitive 'frobnicate' in model ascend910b2"},
        {AIV "kernel k {\n for i in 0..1000000000000 { V vdup w; }\n}",
         "loop 'for i' runs 1000000000000 times, more than 1000000; raise the limit with "
         "--max-trip-count"},
        {AIV "kernel k {\n for i in 0..2000 { for j in 0..10000 { } }\n}",
         "kernel 'k' unrolls to more than 10000000 events (instructions, loop iterations and other "
         "statements); raise the limit with --max-events"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct file_result r;
        check_pir(cases[i].pir, false, &r);
        CU_ASSERT_TRUE_FATAL(r.diags.len >= 1);
        if (strcmp(r.diags.items[0].message, cases[i].message) != 0)
            printf("\n  message %zu: %s\n", i, r.diags.items[0].message);
        CU_ASSERT_STRING_EQUAL(r.diags.items[0].message, cases[i].message);
        file_result_free(&r);
    }
}

static void test_exit_codes(void)
{
    struct {
        const char *pir;
        int werror_off, werror_on;
    } cases[] = {
        {AIV "kernel k { V vdup w; }", 0, 0},
        {AIV "kernel k { set_flag(MTE2, V, 0); }", 0, 1},
        {AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; V vadd w <- u[0]; }", 1, 1},
        {AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; V vadd w <- u[0]; frob(); }", 2, 2},
        {AIV "kernel k { V vdup w }", 2, 2},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct file_result r;
        check_pir(cases[i].pir, false, &r);
        CU_ASSERT_EQUAL(file_result_exit_code(&r, false), cases[i].werror_off);
        CU_ASSERT_EQUAL(file_result_exit_code(&r, true), cases[i].werror_on);
        file_result_free(&r);
    }
}

/* `model "minimal.xml";` finds the model beside the kernel, whatever the working directory;
 * a path that is not there is reported with the path it was resolved to. */
/* A checked file's result outlives its AST (check drops it; a library run keeps thousands of
 * results until it reports): every name a finding or a kernel result borrowed from the
 * program is copied first, and the report reads the same. */
static void test_result_without_ast(void)
{
    const char *pir = "model \"ascend910b2\";\nparam tiles in 1..2;\nbuffer a : UB[64];\n"
                      "kernel k {\n  for i in 0..tiles {\n    V vadds a <- a;\n"
                      "    S get_value <- a[0 +: 4];\n  }\n}\n";
    struct file_result r;
    check_pir(pir, false, &r);
    CU_ASSERT_FATAL(r.diags.len > 0 && r.ast != NULL);
    const struct finding *f = &r.diags.items[0];
    CU_ASSERT_TRUE(arena_owns(&r.ast->arena, f->kernel));
    CU_ASSERT_TRUE(arena_owns(&r.ast->arena, f->buffer));
    char *before = NULL, *after = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&before, &len);
    report_json(out, &r, 1, 0, false);
    fclose(out);
    file_result_drop_ast(&r);
    CU_ASSERT_PTR_NULL(r.ast);
    const char *names[] = {f->kernel, f->buffer, f->op_first, f->op_second, r.kernels[0].name,
                           r.kernels[0].params_checked[0].items[0].name,
                           f->iter_first.items[0].name};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        CU_ASSERT_TRUE(names[i] && arena_owns(&r.diags.arena, names[i]));
    out = open_memstream(&after, &len);
    report_json(out, &r, 1, 0, false);
    fclose(out);
    CU_ASSERT_STRING_EQUAL(after, before);
    free(before);
    free(after);
    file_result_free(&r);
}

static void test_relative_model_path(void)
{
    char cwd[4096];
    CU_ASSERT_PTR_NOT_NULL_FATAL(getcwd(cwd, sizeof(cwd)));
    CU_ASSERT_EQUAL_FATAL(chdir(AS_SOURCE_ROOT "/tests"), 0);
    struct check_options o;
    check_options_defaults(&o);
    struct file_result r;
    check_file("kernels/model-error/relative_model_path.pir", &o, &r);
    CU_ASSERT_TRUE(r.checked);
    CU_ASSERT_EQUAL(r.diags.len, 0);
    file_result_free(&r);

    struct source *src = source_from_string("kernels/k.pir", "model \"models/none.xml\";\nkernel k { }\n", 38);
    check_source(src, &o, &r);
    CU_ASSERT_FALSE(r.checked);
    CU_ASSERT_EQUAL_FATAL(r.diags.len, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.diags.items[0].loc.file);
    CU_ASSERT_STRING_EQUAL(r.diags.items[0].loc.file, "kernels/models/none.xml");
    file_result_free(&r);
    CU_ASSERT_EQUAL(chdir(cwd), 0);
}

static void test_params_and_paths(void)
{
    /* The hazard exists only for n >= 2 and only on the then-side of the if (?). Split, each
     * path is a run: 2 + 4 + 8 over n = 1..3; merged (the default: the side holds one copy,
     * which orders nothing on its own), one run per n with its n choices as alternatives. */
    const char *pir = AIV "param n in 1..3;\nkernel k {\n  for i in 0..n {\n"
                          "    if (?) { MTE2 copy u[0] <- g[0 +: 1024]; }\n"
                          "    if (i > 0) { V vadd w <- u[0]; }\n  }\n}\n";
    for (int split = 0; split < 2; split++) {
        use_source_models();
        struct check_options o;
        check_options_defaults(&o);
        o.split_choices = split;
        struct file_result r;
        check_source(source_from_string("t.pir", pir, strlen(pir)), &o, &r);
        CU_ASSERT_STRING_EQUAL(verdict_of(&r),
                               "war-hazard@8 waw-hazard@8 raw-hazard@9 waw-hazard@9");
        CU_ASSERT_EQUAL_FATAL(r.nkernels, 1);
        CU_ASSERT_EQUAL(r.kernels[0].nparams_checked, 3);
        CU_ASSERT_EQUAL(r.kernels[0].paths, split ? 2 + 4 + 8 : 3);
        CU_ASSERT_EQUAL(r.kernels[0].merged, split ? 0 : 1 + 2 + 3);
        /* first exposed: WAR and V's WAW need three iterations, the others two */
        const int64_t first_n[] = {3, 2, 2, 3};
        for (size_t i = 0; i < r.diags.len && i < 4; i++) {
            CU_ASSERT_EQUAL(r.diags.items[i].params.len, 1);
            CU_ASSERT_EQUAL(r.diags.items[i].params.items[0].value, first_n[i]);
        }
        file_result_free(&r);
    }
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("checks", NULL, NULL);
    CU_add_test(s, "a model path in a file is relative to the file", test_relative_model_path);
    CU_add_test(s, "verdicts under both engines", test_verdicts);
    CU_add_test(s, "hazard report text", test_hazard_text);
    CU_add_test(s, "fix hints", test_fix_hints);
    CU_add_test(s, "messages", test_messages);
    CU_add_test(s, "exit codes", test_exit_codes);
    CU_add_test(s, "parameter values and if (?) paths", test_params_and_paths);
    CU_add_test(s, "a result without its AST", test_result_without_ast);
}
