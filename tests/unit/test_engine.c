/* The happens-before engines: each ordering rule of docs/semantics.md §3 shown holding and
 * missing on a tiny kernel, and the clock engine compared with the reference engine on
 * every pair of instructions of every kernel in the table. */
#include <CUnit/CUnit.h>
#include <stdio.h>

#include "cunit_main.h"
#include "graph/graph.h"
#include "graph/start_clock.h"
#include "helpers.h"

#define AIV "model \"ascend910b2\";\nbuffer g : GM[4096];\nbuffer u : UB[2][1024];\nbuffer w : UB[1024];\n"
#define MLU "model \"mlu370\";\nbuffer g : GDRAM[4096];\nbuffer n : NRAM[2][1024];\nbuffer m : NRAM[1024];\n"

/* AIC sets cross-core flag 3 from FIX, then from MTE3 (`between` goes between the two);
 * the AIV waits once, then the case continues the AIV's body. */
#define TWO_SETS(between)                                                                    \
    "model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n" \
    "buffer o : UB[1024];\nkernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; "        \
    "cross_core_set_flag(FIX, 2, 3); " between "MTE3 copy ws[1024 +: 1024] <- o; "                  \
    "cross_core_set_flag(MTE3, 2, 3); }\ncore aiv : AIV { cross_core_wait_flag(MTE2, 2, 3); "

struct hb_case {
    const char *name;
    const char *pir;
    size_t a, b;        /* instruction indexes in issue order (all cores concatenated) */
    bool before;        /* expected: a -> b */
};

static const struct hb_case cases[] = {
    {"pipelined unit: no order without a barrier",
     AIV "kernel k { V vadd u[0] <- w; V vmul w <- u[0]; }", 0, 1, false},
    {"pipe_barrier(V) orders its unit",
     AIV "kernel k { V vadd u[0] <- w; pipe_barrier(V); V vmul w <- u[0]; }", 0, 2, true},
    {"pipe_barrier(ALL) orders every unit",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; pipe_barrier(ALL); V vadd w <- u[0]; }", 0, 2, true},
    {"pipe_barrier(MTE3) does not order MTE2 before V",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; pipe_barrier(MTE3); V vadd w <- u[0]; }", 0, 2, false},
    {"flag pair orders producer before consumer",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); V vadd w <- u[0]; }",
     0, 3, true},
    {"wait placed after the consumer orders nothing",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); V vadd w <- u[0]; wait_flag(MTE2, V, 0); }",
     0, 2, false},
    {"signal before the producer does not cover it",
     AIV "kernel k { set_flag(MTE2, V, 0); MTE2 copy u[0] <- g[0 +: 1024]; wait_flag(MTE2, V, 0); V vadd w <- u[0]; }",
     1, 3, false},
    {"start order: the wait holds later instructions of its unit",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 1); wait_flag(MTE2, V, 1); V vadd w <- u[1]; V vmul u[1] <- u[0]; }",
     0, 4, true},
    {"the issuer's own access does not hold what is issued after it",
     AIV "kernel k { S set_value w[0 +: 4]; MTE3 copy g[0 +: 4] <- w[0 +: 4]; }", 0, 1, false},
    {"an S_V pair orders a scalar store before a vector read",
     AIV "kernel k { S set_value w[0 +: 4]; set_flag(S, V, 0); wait_flag(S, V, 0); V vadds u[0] <- w; }",
     0, 3, true},
    {"a wait on the issuer holds everything issued after it",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, S, 0); wait_flag(MTE2, S, 0); V vadd w <- u[0]; }",
     0, 3, true},
    {"a signal between two instructions of one pipe orders nothing",
     AIV "kernel k { V vadd u[0] <- w; set_flag(V, MTE3, 0); V vmul w <- u[0]; wait_flag(V, MTE3, 0); }",
     0, 2, false},
    {"a signal fires only after its unit drained",
     AIV "kernel k { V vadd u[0] <- w; set_flag(V, MTE3, 0); V vmul w <- u[0]; wait_flag(V, MTE3, 0); MTE3 copy g[0 +: 1024] <- u[0]; }",
     0, 4, true},
    {"a scalar access is not ordered before a later async copy",
     MLU "kernel k { ALU store n[0][0 +: 4]; MOVE memcpy_async m[0 +: 4] <- n[0][0 +: 4]; }", 0, 1, false},
    {"scalar accesses are interlocked with non-async ops",
     MLU "kernel k { ALU store n[0][0 +: 4]; MOVE memcpy m[0 +: 4] <- n[0][0 +: 4]; }", 0, 1, true},
    {"nothing orders a vector write before a scalar read",
     AIV "kernel k { V vdup w; S get_value <- w[0 +: 4]; }", 0, 1, false},
    {"fifo queue orders its own instructions",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; IO memcpy_async g[0 +: 1024] <- n[0]; }", 0, 1, true},
    {"fifo queues are not ordered with each other",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; COMPUTE bang_add m <- n[0]; }", 0, 1, false},
    {"sync_io() drains IO before everything after it",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; sync_io(); COMPUTE bang_add m <- n[0]; }", 0, 2, true},
    {"sync_compute() does not drain IO",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; sync_compute(); COMPUTE bang_add m <- n[0]; }", 0, 2, false},
    {"6-argument form: IO to COMPUTE only",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; sync_io_move_compute(1, 0, 0, 0, 0, 1); COMPUTE bang_add m <- n[0]; }",
     0, 2, true},
    {"6-argument form: IO to MOVE does not order COMPUTE",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; sync_io_move_compute(1, 0, 0, 0, 1, 0); COMPUTE bang_add m <- n[0]; }",
     0, 2, false},
    {"blocking memcpy ends before anything after it",
     MLU "kernel k { IO memcpy n[0] <- g[0 +: 1024]; COMPUTE bang_add m <- n[0]; }", 0, 1, true},
    {"interlocked ops that conflict are ordered",
     MLU "kernel k { COMPUTE bang_add n[0] <- m; MOVE memcpy m <- n[1]; }", 0, 1, true},
    {"an async copy is not interlocked",
     MLU "kernel k { COMPUTE bang_add n[0] <- m; MOVE memcpy_async m <- n[1]; }", 0, 1, false},
    {"interlock joins only conflicting pairs",
     MLU "kernel k { COMPUTE bang_add n[0] <- n[1]; MOVE memcpy_async m <- g[0 +: 1024]; ALU load_scalar <- m; }", 0, 2, false},
    {"cross-core flag orders the producer core before the consumer core",
     "model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
     "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; cross_core_set_flag(FIX, 2, 3); }\n"
     "core aiv : AIV { cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024]; } }",
     0, 3, true},
    {"cross-core: without the flag the cores are unordered",
     "model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
     "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; }\n"
     "core aiv : AIV { MTE2 copy v <- ws[0 +: 1024]; } }",
     0, 1, false},
    {"cross-core counting: the other unit's set may release the first wait",
     TWO_SETS("") "MTE2 copy v <- ws[0 +: 1024]; cross_core_wait_flag(MTE2, 2, 3); } }", 0, 5, false},
    {"cross-core counting: two counts cover both sets",
     TWO_SETS("") "cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024]; } }", 0, 6, true},
    {"cross-core counting: the second set's unit is covered after two counts",
     TWO_SETS("") "cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024]; } }", 2, 6, true},
    {"cross-core counting: sets ordered by a barrier release in issue order",
     TWO_SETS("pipe_barrier(ALL); ") "MTE2 copy v <- ws[0 +: 1024]; cross_core_wait_flag(MTE2, 2, 3); } }",
     0, 6, true},
    {"cross-core counting: a wait beyond the sets never returns",
     TWO_SETS("") "cross_core_wait_flag(MTE2, 2, 3); cross_core_wait_flag(MTE2, 2, 3); "
     "MTE2 copy v <- ws[0 +: 1024]; } }", 0, 7, true},
    {"cluster barrier joins cores",
     "model \"mlu370\";\nbuffer sh : SRAM[2048];\nbuffer n : NRAM[1024];\n"
     "kernel k { core ipu[2] : IPU { MOVE memcpy_async sh[coreid * 1024 +: 1024] <- n; sync_cluster(); "
     "MOVE memcpy_async n <- sh[((coreid + 1) % 2) * 1024 +: 1024]; } }",
     0, 5, true},
};

static void run_both(const char *pir, struct lowered *l, struct hb_matches *m,
                     struct hb_result *fast, struct hb_result *ref)
{
    lower_pir(pir, NULL, l);
    CU_ASSERT_FALSE_FATAL(l->stopped);
    hb_matches_build(l->p, m);
    hb_clock_run_every(l->p, m, fast);
    hb_reference_run(l->p, m, ref);
}

static void free_both(struct lowered *l, struct hb_matches *m, struct hb_result *fast,
                      struct hb_result *ref)
{
    hb_result_free(fast);
    hb_result_free(ref);
    hb_matches_free(m);
    lowered_free(l);
}

static void test_rules(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct lowered l;
        struct hb_matches m;
        struct hb_result fast, ref;
        run_both(cases[i].pir, &l, &m, &fast, &ref);
        bool got = hb_before(&fast, cases[i].a, cases[i].b);
        bool got_ref = hb_before(&ref, cases[i].a, cases[i].b);
        if (got != cases[i].before || got_ref != cases[i].before)
            printf("\n  case '%s': expected %d, clock %d, reference %d\n", cases[i].name,
                   cases[i].before, got, got_ref);
        CU_ASSERT_EQUAL(got, cases[i].before);
        CU_ASSERT_EQUAL(got_ref, cases[i].before);
        free_both(&l, &m, &fast, &ref);
    }
}

/* Every pair of instructions of every case: the two engines agree on every query. */
static void test_engines_agree_on_every_pair(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct lowered l;
        struct hb_matches m;
        struct hb_result fast, ref;
        run_both(cases[i].pir, &l, &m, &fast, &ref);
        struct hb_result kept;
        hb_clock_run(l.p, &m, &kept);
        for (size_t a = 0; a < l.p->nins; a++) {
            CU_ASSERT_EQUAL(fast.started[a], ref.started[a]);
            CU_ASSERT_EQUAL(kept.started[a], ref.started[a]);
            if (l.p->ins[a].unit < 0)
                continue;
            for (size_t b = 0; b < l.p->nins; b++) {
                if (a == b)
                    continue;
                bool f = hb_before(&fast, a, b), r = hb_before(&ref, a, b);
                if (f != r)
                    printf("\n  case '%s': %zu -> %zu clock %d reference %d\n", cases[i].name, a,
                           b, f, r);
                CU_ASSERT_EQUAL(f, r);
                /* The product keeps fewer clocks: the same answers where it keeps them, and
                 * it keeps them for every pair the hazard search asks about. */
                bool wait = l.p->ins[a].kind == INS_WAIT || l.p->ins[a].kind == INS_XWAIT;
                if (l.p->ins[a].kind == INS_ACCESS && l.p->ins[b].kind == INS_ACCESS
                    && kept.started[b] && lw_accesses_conflict(l.p, &l.p->ins[a], &l.p->ins[b]))
                    CU_ASSERT(hb_start_keeps(&kept, b, hb_dim_end(l.p->ins[a].unit)));
                if (hb_start_keeps(&kept, b, hb_dim_end(l.p->ins[a].unit)) && !wait)
                    CU_ASSERT_EQUAL(hb_before(&kept, a, b), r);
            }
        }
        hb_result_free(&kept);
        free_both(&l, &m, &fast, &ref);
    }
}

/* Prompt waits (docs/semantics.md §5): whether wait w has taken its flag by the time signal
 * t fires, in every execution; when not, which event the witness delays. */
struct taken_case {
    const char *name;
    const char *pir;
    size_t w, t;
    bool taken;
    size_t late;        /* expected late event when not taken */
    bool late_issue;
};

#define CUBE "model \"ascend910b2\";\nbuffer l1 : L1[4096];\nbuffer a : L0A[2][1024];\nbuffer c : L0C[16384];\n"

static const struct taken_case taken_cases[] = {
    {"set; wait back to back, the next set after the wait in issue order",
     AIV "kernel k { set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); V vadd w <- u[0];\n"
         "set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); }", 1, 3, true, 0, false},
    {"the next set issued before the wait: the issue may be late",
     AIV "kernel k { set_flag(MTE2, V, 0); set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); }",
     2, 1, false, 2, true},
    {"a wait behind a pipe barrier is reached after what the barrier drains",
     AIV "kernel k { set_flag(MTE2, V, 0); V vadd w <- u[1]; pipe_barrier(V); wait_flag(MTE2, V, 0);\n"
         "MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); }",
     3, 5, false, 2, false},
    {"a wait on a pipelined unit is reached once the instruction before it started",
     AIV "kernel k { set_flag(MTE2, V, 0); V vadd w <- u[1]; wait_flag(MTE2, V, 0);\n"
         "MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); }",
     2, 4, true, 0, false},
    {"the issue's pipeline: the slot flag handed back after the Mmad",
     CUBE "kernel k { core aic : AIC { set_flag(M, MTE1, 0); set_flag(M, MTE1, 1);\n"
          "for i in 0..3 { let s = i % 2; wait_flag(M, MTE1, s); MTE1 load a[s] <- l1[0 +: 1024];\n"
          "set_flag(MTE1, M, 0); wait_flag(MTE1, M, 0); M mmad c <- a[s], c; set_flag(M, MTE1, s); }\n"
          "wait_flag(M, MTE1, 0); wait_flag(M, MTE1, 1); } }",
     5, 10, true, 0, false},
};

static void test_prompt_waits(void)
{
    for (size_t i = 0; i < sizeof(taken_cases) / sizeof(taken_cases[0]); i++) {
        const struct taken_case *c = &taken_cases[i];
        struct lowered l;
        struct hb_matches m;
        struct hb_result fast, ref;
        run_both(c->pir, &l, &m, &fast, &ref);
        struct hb_late lf, lr;
        bool got = hb_wait_taken_by(&fast, &m, c->w, c->t, &lf);
        bool got_ref = hb_wait_taken_by(&ref, &m, c->w, c->t, &lr);
        if (got != c->taken || got_ref != c->taken
            || (!c->taken && (lf.ins != c->late || lf.issue != c->late_issue)))
            printf("\n  case '%s': expected %d (late %zu%s), clock %d (late %zu%s), reference %d\n",
                   c->name, c->taken, c->late, c->late_issue ? " issue" : "", got, lf.ins,
                   lf.issue ? " issue" : "", got_ref);
        CU_ASSERT_EQUAL(got, c->taken);
        CU_ASSERT_EQUAL(got_ref, c->taken);
        if (!c->taken) {
            CU_ASSERT_EQUAL(lf.ins, c->late);
            CU_ASSERT_EQUAL(lf.issue, c->late_issue);
        }
        free_both(&l, &m, &fast, &ref);
    }
}

/* A flag wait whose frontier reaches another core: it follows a cross-core wait on its queue
 * (S), so whether it has taken its flag when the next set fires depends on the AIC's FIX. */
static const char *const frontier_on_other_core =
    "model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\n"
    "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; cross_core_set_flag(FIX, 2, 3); }\n"
    "core aiv : AIV { set_flag(MTE2, S, 0); cross_core_wait_flag(MTE2, 2, 3); wait_flag(MTE2, S, 0);\n"
    "MTE2 copy v <- ws[0 +: 1024]; set_flag(MTE2, S, 0); wait_flag(MTE2, S, 0); } }";

/* Both engines answer every (wait, signal) question of every kernel alike; so does the
 * product's store (a flag signal's row) on the questions the checks ask it: waits of the
 * signal's own core, and any wait for a cross-core signal. */
static void test_engines_agree_on_waits(void)
{
    size_t nc = sizeof(cases) / sizeof(cases[0]), nt = sizeof(taken_cases) / sizeof(taken_cases[0]);
    for (size_t i = 0; i < nc + nt + 1; i++) {
        const char *pir = i < nc ? cases[i].pir
                          : i < nc + nt ? taken_cases[i - nc].pir : frontier_on_other_core;
        struct lowered l;
        struct hb_matches m;
        struct hb_result fast, ref, kept;
        run_both(pir, &l, &m, &fast, &ref);
        hb_clock_run(l.p, &m, &kept);
        for (size_t w = 0; w < l.p->nins; w++) {
            if (l.p->ins[w].kind != INS_WAIT && l.p->ins[w].kind != INS_XWAIT)
                continue;
            for (size_t t = 0; t < l.p->nins; t++) {
                if (l.p->ins[t].kind != INS_SIGNAL && l.p->ins[t].kind != INS_XSIGNAL)
                    continue;
                struct hb_late lf, lr;
                bool f = hb_wait_taken_by(&fast, &m, w, t, &lf);
                bool r = hb_wait_taken_by(&ref, &m, w, t, &lr);
                if (f != r)
                    printf("\n  kernel %zu: wait %zu by signal %zu: clock %d reference %d\n", i, w, t,
                           f, r);
                CU_ASSERT_EQUAL(f, r);
                if (l.p->ins[t].kind == INS_XSIGNAL || l.p->ins[t].core == l.p->ins[w].core)
                    CU_ASSERT_EQUAL(hb_wait_taken_by(&kept, &m, w, t, &lf), r);
            }
        }
        hb_result_free(&kept);
        free_both(&l, &m, &fast, &ref);
    }
}

static void test_cycle(void)
{
    const char *pir = AIV "kernel k { wait_flag(MTE2, V, 0); set_flag(V, MTE2, 0);\n"
                          "wait_flag(V, MTE2, 0); set_flag(MTE2, V, 0); }";
    struct lowered l;
    struct hb_matches m;
    struct hb_result fast, ref;
    run_both(pir, &l, &m, &fast, &ref);
    CU_ASSERT_TRUE(fast.cycle);
    CU_ASSERT_TRUE(ref.cycle);
    for (size_t i = 0; i < l.p->nins; i++) {
        CU_ASSERT_TRUE(hb_in_cycle(&fast, i));
        CU_ASSERT_EQUAL(hb_in_cycle(&fast, i), hb_in_cycle(&ref, i));
    }
    free_both(&l, &m, &fast, &ref);
}

static void test_wait_before_signal_is_no_deadlock(void)
{
    /* The wait holds V's queue, not the issuer: the later set on MTE2 still fires. */
    const char *pir = AIV "kernel k { wait_flag(MTE2, V, 0); MTE2 copy u[0] <- g[0 +: 1024];\n"
                          "set_flag(MTE2, V, 0); V vadd w <- u[0]; }";
    struct lowered l;
    struct hb_matches m;
    struct hb_result fast, ref;
    run_both(pir, &l, &m, &fast, &ref);
    CU_ASSERT_FALSE(fast.cycle);
    CU_ASSERT_FALSE(ref.cycle);
    CU_ASSERT_TRUE(hb_before(&fast, 1, 3));
    free_both(&l, &m, &fast, &ref);
}

static void test_unmatched_wait_blocks_its_queue(void)
{
    const char *pir = AIV "kernel k { wait_flag(MTE2, V, 0); V vadd w <- u[0]; MTE2 copy u[1] <- g[0 +: 1024]; }";
    struct lowered l;
    struct hb_matches m;
    struct hb_result fast, ref;
    run_both(pir, &l, &m, &fast, &ref);
    CU_ASSERT_TRUE(m.never[0]);
    CU_ASSERT_FALSE(fast.started[1]);   /* V never runs */
    CU_ASSERT_TRUE(fast.started[2]);    /* MTE2 does */
    CU_ASSERT_FALSE(fast.cycle);
    CU_ASSERT_EQUAL(ref.started[1], fast.started[1]);
    free_both(&l, &m, &fast, &ref);
}

/* Only kernels whose sets of one cross-core flag are unordered take the counting path. */
static void test_counting_path(void)
{
    static const struct {
        const char *pir;
        bool counting;
        size_t never_started;   /* an instruction that never starts, or SIZE_MAX */
    } kernels[] = {
        {TWO_SETS("") "MTE2 copy v <- ws[0 +: 1024]; } }", true, SIZE_MAX},
        {TWO_SETS("pipe_barrier(ALL); ") "MTE2 copy v <- ws[0 +: 1024]; } }", false, SIZE_MAX},
        {TWO_SETS("") "cross_core_wait_flag(MTE2, 2, 3); cross_core_wait_flag(MTE2, 2, 3); "
                      "MTE2 copy v <- ws[0 +: 1024]; } }", true, 7},
    };
    for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
        struct lowered l;
        struct hb_matches m;
        struct hb_result fast, ref;
        run_both(kernels[i].pir, &l, &m, &fast, &ref);
        CU_ASSERT_EQUAL(fast.counting, kernels[i].counting);
        CU_ASSERT_FALSE(fast.cycle);
        CU_ASSERT_FALSE(ref.cycle);
        for (size_t k = 0; k < l.p->nins; k++) {
            CU_ASSERT_EQUAL(fast.started[k], k != kernels[i].never_started);
            CU_ASSERT_EQUAL(ref.started[k], fast.started[k]);
        }
        free_both(&l, &m, &fast, &ref);
    }
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("engine", NULL, NULL);
    CU_add_test(s, "ordering rules, holding and missing", test_rules);
    CU_add_test(s, "clock and reference engines agree on every pair", test_engines_agree_on_every_pair);
    CU_add_test(s, "prompt waits: when a wait has taken its flag", test_prompt_waits);
    CU_add_test(s, "clock and reference engines agree on every wait and signal",
                test_engines_agree_on_waits);
    CU_add_test(s, "cycle of waits", test_cycle);
    CU_add_test(s, "cross-core counting path taken only for unordered sets", test_counting_path);
    CU_add_test(s, "wait issued before its signal is not a deadlock", test_wait_before_signal_is_no_deadlock);
    CU_add_test(s, "an unmatched wait blocks its queue only", test_unmatched_wait_blocks_its_queue);
}
