/* The lowering: unrolling, branches, regions and memories, units and ops from the model,
 * primitives turned into instructions, and the errors it reports. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "cunit_main.h"
#include "helpers.h"

#define AIV "model \"ascend910b2\";\nbuffer g : GM[4096];\nbuffer u : UB[2][1024];\n"

static void test_unroll(void)
{
    struct lowered l;
    lower_pir(AIV "kernel k { for i in 1..8 step 3 { let s = i % 2; MTE2 copy u[s] <- g[i * 8 +: 8]; } }",
              NULL, &l);
    CU_ASSERT_FALSE(l.stopped);
    CU_ASSERT_EQUAL_FATAL(l.p->nins, 3);   /* i = 1, 4, 7 */
    const int64_t is[] = {1, 4, 7};
    for (size_t k = 0; k < 3; k++) {
        const struct lw_ins *x = &l.p->ins[k];
        CU_ASSERT_EQUAL(x->kind, INS_ACCESS);
        CU_ASSERT_STRING_EQUAL(lw_op(l.p, x), "copy");
        CU_ASSERT_STRING_EQUAL(l.p->units[x->unit].name, "MTE2");
        CU_ASSERT_EQUAL(x->pos, (int)k);
        CU_ASSERT_EQUAL(lw_iters(l.p, x)->len, 1);
        CU_ASSERT_EQUAL(lw_iters(l.p, x)->items[0].value, is[k]);
        CU_ASSERT_EQUAL(lw_nwrites(x), 1);
        CU_ASSERT_EQUAL(lw_writes(l.p, x)[0].lo, (is[k] % 2) * 1024);
        CU_ASSERT_EQUAL(lw_writes(l.p, x)[0].hi, (is[k] % 2) * 1024 + 1024);
        CU_ASSERT_EQUAL(lw_reads(l.p, x)[0].lo, is[k] * 8);
        CU_ASSERT_EQUAL(lw_reads(l.p, x)[0].hi, is[k] * 8 + 8);
        CU_ASSERT_NOT_EQUAL(lw_writes(l.p, x)[0].memory, lw_reads(l.p, x)[0].memory);
    }
    lowered_free(&l);
}

static void test_branches(void)
{
    struct lowered l;
    lower_pir(AIV "param n = 3;\nkernel k { for i in 0..n { if (i == 0) { V vdup u[0]; } else if (i != n - 1) "
                  "{ V vdup u[1]; } else { S get_value <- u[0][0 +: 4]; } } }",
              NULL, &l);
    CU_ASSERT_EQUAL_FATAL(l.p->nins, 3);
    CU_ASSERT_EQUAL(lw_writes(l.p, &l.p->ins[0])[0].lo, 0);
    CU_ASSERT_EQUAL(lw_writes(l.p, &l.p->ins[1])[0].lo, 1024);
    CU_ASSERT_STRING_EQUAL(lw_op(l.p, &l.p->ins[2]), "get_value");
    CU_ASSERT_EQUAL(lw_nwrites(&l.p->ins[2]), 0);
    CU_ASSERT_EQUAL(lw_nreads(&l.p->ins[2]), 1);
    CU_ASSERT_EQUAL(lw_reads(l.p, &l.p->ins[2])[0].hi, 4);
    lowered_free(&l);
}

static void test_assignment_and_params(void)
{
    struct binding b = {.name = "n", .value = 5};
    struct binding_list a = {&b, 1};
    struct lowered l;
    lower_pir(AIV "param n in 1..8;\nconst M = n * 2;\nkernel k { for i in 0..M { V vdup u[0]; } }", &a, &l);
    CU_ASSERT_EQUAL(l.p->nins, 10);
    CU_ASSERT_EQUAL_FATAL(l.p->params.len, 1);
    CU_ASSERT_STRING_EQUAL(l.p->params.items[0].name, "n");
    CU_ASSERT_EQUAL(l.p->params.items[0].value, 5);
    lowered_free(&l);
}

static void test_placement_aliases(void)
{
    struct lowered l;
    lower_pir("model \"ascend910b2\";\nbuffer a : UB[4096] @ 0x0;\nbuffer b : UB[1024] @ 0x800;\n"
              "buffer c : UB[1024];\nkernel k { V vdup a[0x900 +: 16]; V vdup b[0x100 +: 16]; V vdup c; }",
              NULL, &l);
    CU_ASSERT_EQUAL_FATAL(l.p->nins, 3);
    const struct mem_region *ra = lw_writes(l.p, &l.p->ins[0]), *rb = lw_writes(l.p, &l.p->ins[1]);
    CU_ASSERT_EQUAL(ra->memory, rb->memory);             /* placed in one space: one memory */
    CU_ASSERT_EQUAL(ra->lo, 0x900);
    CU_ASSERT_EQUAL(rb->lo, 0x900);                      /* 0x800 + 0x100 */
    CU_ASSERT_NOT_EQUAL(lw_writes(l.p, &l.p->ins[2])[0].memory, ra->memory);
    lowered_free(&l);
}

static void test_core_scoped_buffers(void)
{
    struct lowered l;
    lower_pir("model \"ascend910b2\";\nbuffer g : GM[4096];\nbuffer v : UB[1024];\n"
              "kernel k { core aiv[2] : AIV { MTE2 copy v <- g[coreid * 1024 +: 1024]; } }",
              NULL, &l);
    CU_ASSERT_EQUAL_FATAL(l.p->nins, 2);
    CU_ASSERT_EQUAL(l.p->ncores, 2);
    CU_ASSERT_STRING_EQUAL(l.p->cores[1].name, "aiv[1]");
    CU_ASSERT_STRING_EQUAL(l.p->units[l.p->ins[1].unit].name, "aiv[1].MTE2");
    /* UB is per core, GM shared */
    CU_ASSERT_NOT_EQUAL(lw_writes(l.p, &l.p->ins[0])[0].memory,
                        lw_writes(l.p, &l.p->ins[1])[0].memory);
    CU_ASSERT_EQUAL(lw_reads(l.p, &l.p->ins[0])[0].memory, lw_reads(l.p, &l.p->ins[1])[0].memory);
    CU_ASSERT_EQUAL(lw_reads(l.p, &l.p->ins[1])[0].lo, 1024);
    lowered_free(&l);
}

static void test_primitives(void)
{
    struct lowered l;
    lower_pir(AIV "kernel k { set_flag(MTE2, V, 3); wait_flag(MTE2, V, 3); pipe_barrier(V); pipe_barrier(ALL); }",
              NULL, &l);
    CU_ASSERT_EQUAL_FATAL(l.p->nins, 4);
    CU_ASSERT_EQUAL(l.p->ins[0].kind, INS_SIGNAL);
    CU_ASSERT_STRING_EQUAL(l.p->units[l.p->ins[0].unit].name, "MTE2");
    CU_ASSERT_EQUAL(l.p->ins[1].kind, INS_WAIT);
    CU_ASSERT_STRING_EQUAL(l.p->units[l.p->ins[1].unit].name, "V");
    CU_ASSERT_EQUAL(l.p->ins[0].channel, l.p->ins[1].channel);
    CU_ASSERT_EQUAL(l.p->channels[l.p->ins[0].channel].id, 3);
    CU_ASSERT_EQUAL(l.p->ins[2].kind, INS_BARRIER);
    CU_ASSERT_STRING_EQUAL(l.p->units[l.p->ins[2].unit].name, "V");   /* in V's queue */
    CU_ASSERT_EQUAL(l.p->ins[3].unit, -1);                            /* issued by the issuer */
    CU_ASSERT_EQUAL(lw_bar_from(l.p, &l.p->ins[3]), 0xf);
    lowered_free(&l);

    lower_pir("model \"mlu370\";\nkernel k { sync_io(); sync_io_move_compute(0, 1, 0, 0, 0, 1); "
              "sync_io_move_compute(); }",
              NULL, &l);
    CU_ASSERT_EQUAL_FATAL(l.p->nins, 3);
    /* IPU units: ALU IO MOVE COMPUTE */
    CU_ASSERT_EQUAL(lw_bar_from(l.p, &l.p->ins[0]), 0x2);
    CU_ASSERT_EQUAL(lw_bar_to(l.p, &l.p->ins[0]), 0xf);
    CU_ASSERT_EQUAL(lw_bar_from(l.p, &l.p->ins[1]), 0x4);
    CU_ASSERT_EQUAL(lw_bar_to(l.p, &l.p->ins[1]), 0x8);
    CU_ASSERT_EQUAL(lw_bar_from(l.p, &l.p->ins[2]), 0xf);
    lowered_free(&l);
}

static void test_op_table(void)
{
    struct lowered l;
    lower_pir("model \"mlu370\";\nbuffer g : GDRAM[64];\nbuffer n : NRAM[64];\n"
              "kernel k { memcpy n <- g; MOVE memcpy_async n <- n; COMPUTE bang_foo n <- n; IO foo_async g <- n; }",
              NULL, &l);
    CU_ASSERT_EQUAL_FATAL(l.p->nins, 4);
    CU_ASSERT_STRING_EQUAL(l.p->units[l.p->ins[0].unit].name, "IO");   /* from the table */
    CU_ASSERT_TRUE(l.p->ins[0].blocking && l.p->ins[0].interlocked);
    CU_ASSERT_STRING_EQUAL(l.p->units[l.p->ins[1].unit].name, "MOVE");
    CU_ASSERT_FALSE(l.p->ins[1].interlocked);
    CU_ASSERT_TRUE(l.p->ins[2].interlocked);                            /* default */
    CU_ASSERT_FALSE(l.p->ins[3].interlocked);                           /* _async rule */
    CU_ASSERT_EQUAL(l.diags.len, 0);
    lowered_free(&l);
}

static void test_paths(void)
{
    struct path_choices p;
    path_choices_init(&p);
    /* Three dynamic decisions: 8 paths in depth-first order, then done. */
    int paths = 0;
    do {
        for (int k = 0; k < 3; k++)
            choices_take(&p.taken);
        paths++;
    } while (path_next(&p) && paths < 100);
    CU_ASSERT_EQUAL(paths, 8);
    path_choices_free(&p);
}

static void test_limits(void)
{
    struct lowered l;
    lower_pir(AIV "kernel k { for i in 0..0x7fffffffffffffff { } }", NULL, &l);
    CU_ASSERT_TRUE(l.stopped);
    CU_ASSERT_EQUAL_FATAL(l.diags.len, 1);
    CU_ASSERT_EQUAL(l.diags.items[0].check, CHECK_LIMIT_EXCEEDED);
    CU_ASSERT_EQUAL(l.diags.items[0].loc.line, 4);
    lowered_free(&l);
}

static void test_errors(void)
{
    struct {
        const char *pir;
        enum check_id check;
        int line, col;
        const char *message;
        bool stops;
    } cases[] = {
        {AIV "kernel k {\n V vdup u[5];\n}", CHECK_OUT_OF_BOUNDS, 5, 10,
         "slot 5 of buffer 'u' is out of bounds (dimension 0 has 2 slots)", false},
        {AIV "kernel k {\n V vdup u[1][1000 +: 100];\n}", CHECK_OUT_OF_BOUNDS, 5, 9,
         "region [1000, 1100) is outside buffer 'u' (selection of 1024 bytes)", false},
        {AIV "kernel k {\n V vdup g;\n}", CHECK_BAD_UNIT, 5, 9, "unit V may not write GM (buffer 'g')", false},
        {AIV "kernel k {\n MTE2 vadd u[0] <- g;\n}", CHECK_BAD_UNIT, 5, 7,
         "op 'vadd' runs on V, not on MTE2", false},
        {AIV "kernel k {\n V vdup g[0][0 +: 4];\n}", CHECK_INPUT_ERROR, 5, 10,
         "buffer 'g' has 1 dimension: select bytes with [a:b] or [a +: n]", true},
        {AIV "kernel k {\n for i in 0..4 step 0 { }\n}", CHECK_INPUT_ERROR, 5, 21,
         "loop step must be positive, got 0", true},
        {AIV "kernel k {\n let a = 1; let a = 2;\n}", CHECK_INPUT_ERROR, 5, 17,
         "'a' is already bound by a let in this block", true},
        /* Past eight lets a block keeps them in a hashed table: the same checks. */
        {AIV "kernel k {\n let a = 1; let b = a; let c = b; let d = c; let e = d; let f = e; "
             "let g = f; let h = g; let i = h; let b = 2;\n}", CHECK_INPUT_ERROR, 5, 105,
         "'b' is already bound by a let in this block", true},
        {AIV "param n;\nkernel k {\n}", CHECK_INPUT_ERROR, 4, 7,
         "param 'n' has no value: give one with -D n=VALUE or declare a range (param n in LO..HI;)", true},
        {AIV "kernel k {\n core c : XPU { }\n}", CHECK_UNKNOWN_NAME, 5, 11,
         "unknown core type 'XPU' in model ascend910b2 (core types: AIV AIC)", true},
        {AIV "kernel k {\n set_flag(MTE2, V);\n}", CHECK_INPUT_ERROR, 5, 2,
         "set_flag takes 3 arguments (SRC, DST, ID), got 2", true},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct lowered l;
        lower_pir(cases[i].pir, NULL, &l);
        CU_ASSERT_EQUAL(l.stopped, cases[i].stops);
        CU_ASSERT_TRUE_FATAL(l.diags.len >= 1);
        const struct finding *f = &l.diags.items[0];
        if (f->check != cases[i].check || f->loc.line != cases[i].line || f->loc.col != cases[i].col
            || strcmp(f->message, cases[i].message) != 0)
            printf("\n  case %zu: %s %d:%d %s\n", i, check_name(f->check), f->loc.line, f->loc.col,
                   f->message);
        CU_ASSERT_EQUAL(f->check, cases[i].check);
        CU_ASSERT_EQUAL(f->loc.line, cases[i].line);
        CU_ASSERT_EQUAL(f->loc.col, cases[i].col);
        CU_ASSERT_STRING_EQUAL(f->message, cases[i].message);
        lowered_free(&l);
    }
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("lower", NULL, NULL);
    CU_add_test(s, "loops unroll with their variable values", test_unroll);
    CU_add_test(s, "branches are decided per iteration", test_branches);
    CU_add_test(s, "parameter assignment and consts", test_assignment_and_params);
    CU_add_test(s, "placed buffers alias in one memory", test_placement_aliases);
    CU_add_test(s, "core-scoped buffers are per core", test_core_scoped_buffers);
    CU_add_test(s, "primitives become signals, waits and barriers", test_primitives);
    CU_add_test(s, "op table: units and attributes", test_op_table);
    CU_add_test(s, "if (?) paths are enumerated depth-first", test_paths);
    CU_add_test(s, "a huge loop is refused from its bounds", test_limits);
    CU_add_test(s, "errors: check, location and message", test_errors);
}
