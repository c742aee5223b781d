/* The simulator: the times each machine rule gives on tiny kernels, what one run detects
 * (races, overruns, deadlocks, leftovers), its agreement with the happens-before engine on
 * every pair of instructions (a -> b exactly when delaying a without bound delays b's start),
 * witnesses, and replay files. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "graph/graph.h"
#include "helpers.h"
#include "sim/trace.h"

#define AIV "model \"ascend910b2\";\nbuffer g : GM[4096];\nbuffer u : UB[2][1024];\nbuffer w : UB[1024];\n"
#define MLU "model \"mlu370\";\nbuffer g : GDRAM[4096];\nbuffer n : NRAM[2][1024];\nbuffer m : NRAM[1024];\n"
#define MIX "model \"ascend910b2\";\nbuffer ws : GM[2048];\nbuffer c : L0C[1024];\nbuffer v : UB[1024];\nbuffer v2 : UB[1024];\n"

/* Runs the first lowered run of pir with every latency 1, except instruction `slow` (if not
 * SIM_NONE) which gets `slow_latency`. */
static void run_with(const char *pir, size_t slow, int64_t slow_latency, struct lowered *l,
                     struct sim_run *r)
{
    lower_pir(pir, NULL, l);
    CU_ASSERT_FALSE_FATAL(l->stopped);
    int64_t *lat = malloc((l->p->nins ? l->p->nins : 1) * sizeof(int64_t));
    CU_ASSERT_PTR_NOT_NULL_FATAL(lat);
    for (size_t i = 0; i < l->p->nins; i++)
        lat[i] = i == slow ? slow_latency : 1;
    sim_execute(l->p, lat, r);
    sim_detect_races(r);
    free(lat);
}

struct timing_case {
    const char *name;
    const char *pir;
    size_t slow;            /* instruction given latency 10 */
    size_t ins;
    int64_t start, end;
};

static const struct timing_case timings[] = {
    {"pipelined: the next instruction starts while the first runs",
     AIV "kernel k { V vadd u[0] <- w; V vmul u[1] <- w; }", 0, 1, 0, 1},
    {"fifo: the next instruction starts when the first ended",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; IO memcpy_async n[1] <- g[0 +: 1024]; }",
     0, 1, 10, 11},
    {"issuer's own access: does not hold the issuer",
     AIV "kernel k { S set_value w[0 +: 4]; MTE3 copy g[0 +: 4] <- w[0 +: 4]; }", 0, 1, 0, 1},
    {"wait on the issuer: nothing is issued before it ends",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, S, 0); wait_flag(MTE2, S, 0); V vadd w <- u[1]; }",
     0, 3, 10, 11},
    {"signal: fires when everything earlier on its unit ended",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; MTE2 copy u[1] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); }",
     0, 2, 0, 10},
    {"signal: does not hold its queue",
     AIV "kernel k { V vadd u[0] <- w; set_flag(V, MTE3, 0); V vmul w <- u[1]; wait_flag(V, MTE3, 0); }",
     0, 2, 0, 1},
    {"wait: prompt, ends when its signal fires",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); V vadd w <- u[0]; }",
     0, 2, 0, 10},
    {"wait: reached on a pipelined unit once the instruction before it started",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); V vadd w <- u[1]; wait_flag(MTE2, V, 0); }",
     2, 3, 0, 1},
    {"wait: holds its queue until it ends",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); V vadd w <- u[0]; }",
     0, 3, 10, 11},
    {"queue barrier: drains its unit, then holds it",
     AIV "kernel k { V vadd u[0] <- w; pipe_barrier(V); V vmul w <- u[0]; }", 0, 2, 11, 12},
    {"issuer barrier: holds later instructions of its T units",
     AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; pipe_barrier(ALL); V vadd w <- u[0]; }", 0, 2, 11, 12},
    {"issuer barrier: does not hold the issuer",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; sync_io_move_compute(1, 0, 0, 0, 0, 1); MOVE memcpy_async m <- n[1]; }",
     0, 2, 0, 1},
    {"blocking op: nothing after it starts before it ends",
     MLU "kernel k { IO memcpy n[0] <- g[0 +: 1024]; MOVE memcpy_async m <- n[1]; }", 0, 1, 10, 11},
    {"interlock: a conflicting interlocked access waits",
     MLU "kernel k { COMPUTE bang_add n[0] <- m; MOVE memcpy m <- n[1]; }", 0, 1, 10, 11},
    {"interlock: a non-conflicting one does not",
     MLU "kernel k { COMPUTE bang_add n[0] <- m; MOVE memcpy n[1] <- g[0 +: 1024]; }", 0, 1, 0, 1},
    {"cross-core flag: the wait ends after the producer's signal",
     MIX "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; cross_core_set_flag(FIX, 2, 3); }\n"
         "core aiv : AIV { cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024]; } }",
     0, 3, 10, 11},
    {"cross-core barrier: every member ends once all have started",
     "model \"mlu370\";\nbuffer sh : SRAM[2048];\nbuffer n : NRAM[1024];\n"
     "kernel k { core ipu[2] : IPU { MOVE memcpy_async sh[coreid * 1024 +: 1024] <- n; sync_cluster(); "
     "MOVE memcpy_async n <- sh[((coreid + 1) % 2) * 1024 +: 1024]; } }",
     0, 5, 10, 11},
};

static void test_timings(void)
{
    for (size_t i = 0; i < sizeof(timings) / sizeof(timings[0]); i++) {
        const struct timing_case *t = &timings[i];
        struct lowered l;
        struct sim_run r;
        run_with(t->pir, t->slow, 10, &l, &r);
        if (r.start[t->ins] != t->start || r.end[t->ins] != t->end)
            printf("\n  case '%s': instruction %zu ran [%lld, %lld), expected [%lld, %lld)\n",
                   t->name, t->ins, (long long)r.start[t->ins], (long long)r.end[t->ins],
                   (long long)t->start, (long long)t->end);
        CU_ASSERT_EQUAL(r.start[t->ins], t->start);
        CU_ASSERT_EQUAL(r.end[t->ins], t->end);
        sim_run_free(&r);
        lowered_free(&l);
    }
}

/* What the adversarial schedules of a kernel show, as "kind@first:second" words in order of
 * kind, deduplicated. */
static const char *adversarial_problems(const char *pir)
{
    static char buf[1024];
    static const char *const names[] = {"raw", "war", "waw", "deadlock", "overrun", "overflow",
                                        "leftover"};
    bool seen[7][64][64];
    memset(seen, 0, sizeof(seen));
    struct lowered l;
    lower_pir(pir, NULL, &l);
    CU_ASSERT_FALSE_FATAL(l.stopped);
    struct sim_policy pol = {.kind = SIM_POLICY_ADVERSARIAL};
    int64_t *lat = malloc((l.p->nins ? l.p->nins : 1) * sizeof(int64_t));
    int64_t *issue_at = malloc((l.p->nins ? l.p->nins : 1) * sizeof(int64_t));
    CU_ASSERT_PTR_NOT_NULL_FATAL(lat);
    CU_ASSERT_PTR_NOT_NULL_FATAL(issue_at);
    for (size_t k = 0; k < sim_policy_count(&pol, l.p); k++) {
        bool slow_issue;
        sim_policy_latencies(&pol, l.p, k, lat, issue_at, &slow_issue);
        struct sim_run r;
        sim_execute_delayed(l.p, lat, issue_at, &r);
        sim_detect_races(&r);
        for (size_t i = 0; i < r.problems.len; i++) {
            const struct sim_problem *pr = &r.problems.items[i];
            size_t f = pr->first == SIM_NONE ? 63 : pr->first, s = pr->second;
            if (f < 64 && s < 64)
                seen[pr->kind][f][s] = true;
        }
        sim_run_free(&r);
    }
    buf[0] = '\0';
    for (int k = 0; k < 7; k++)
        for (int f = 0; f < 64; f++)
            for (int s = 0; s < 64; s++)
                if (seen[k][f][s]) {
                    size_t used = strlen(buf);
                    if (f == 63)
                        snprintf(buf + used, sizeof(buf) - used, "%s%s@%d", used ? " " : "",
                                 names[k], s);
                    else
                        snprintf(buf + used, sizeof(buf) - used, "%s%s@%d:%d", used ? " " : "",
                                 names[k], f, s);
                }
    free(lat);
    free(issue_at);
    lowered_free(&l);
    return buf;
}

struct problem_case {
    const char *name;
    const char *pir;
    const char *expected;
};

static const struct problem_case problems[] = {
    {"clean flag pair", AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); V vadd w <- u[0]; }", ""},
    {"missing flag pair: RAW", AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; V vadd w <- u[0]; }", "raw@0:1"},
    {"a later write overtakes an earlier read: WAR",
     AIV "kernel k { V vadd w <- u[0]; MTE2 copy u[0] <- g[0 +: 1024]; }", "war@0:1"},
    {"inside a pipelined unit only the model's kinds: RAW, not WAR",
     AIV "kernel k { V vadd u[0] <- w; V vmul w <- u[0]; }", "raw@0:1"},
    {"fifo units never race with themselves",
     MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; IO memcpy_async g[0 +: 1024] <- n[0]; }", ""},
    {"binary flag set twice before its wait: overrun",
     AIV "kernel k { set_flag(MTE2, V, 0); set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); wait_flag(MTE2, V, 0); }",
     "overrun@0:1"},
    {"a wait without a signal: deadlock",
     AIV "kernel k { wait_flag(MTE2, V, 0); V vadd w <- u[0]; }", "deadlock@0"},
    {"a signal nobody waits for is left over",
     AIV "kernel k { set_flag(MTE2, V, 0); }", "leftover@0"},
    {"cross-core race without a flag",
     MIX "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; }\n"
         "core aiv : AIV { MTE2 copy v <- ws[0 +: 1024]; } }",
     "raw@0:1"},
    {"cluster barrier count mismatch: deadlock",
     "model \"mlu370\";\nbuffer n : NRAM[1024];\n"
     "kernel k { core ipu[2] : IPU { sync_cluster(); if (coreid == 0) { sync_cluster(); } } }",
     "deadlock@1"},
};

static void test_problems(void)
{
    for (size_t i = 0; i < sizeof(problems) / sizeof(problems[0]); i++) {
        const char *got = adversarial_problems(problems[i].pir);
        if (strcmp(got, problems[i].expected) != 0)
            printf("\n  case '%s': got '%s', expected '%s'\n", problems[i].name, got,
                   problems[i].expected);
        CU_ASSERT_STRING_EQUAL(got, problems[i].expected);
    }
}

/* The simulator and the clock engine agree on every pair: a -> b exactly when, with a slow
 * and everything else fast, b does not start before a ends. */
static const char *const agreement_kernels[] = {
    AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; set_flag(MTE2, V, 0); wait_flag(MTE2, V, 0);\n"
        "V vadd w <- u[0]; pipe_barrier(V); V vmul u[1] <- w; set_flag(V, MTE3, 1);\n"
        "MTE3 copy g[0 +: 1024] <- u[1]; wait_flag(V, MTE3, 1); MTE3 copy g[1024 +: 1024] <- w;\n"
        "S get_value <- w[0 +: 4]; pipe_barrier(ALL); V vadd w <- u[1]; }",
    AIV "param n = 4;\nkernel k { for i in 0..n { let s = i % 2;\n"
        "if (i >= 2) { wait_flag(V, MTE2, s); } MTE2 copy u[s] <- g[i * 512 +: 1024];\n"
        "set_flag(MTE2, V, s); wait_flag(MTE2, V, s); V vadd w <- u[s];\n"
        "if (i + 2 < n) { set_flag(V, MTE2, s); } } }",
    MLU "kernel k { IO memcpy_async n[0] <- g[0 +: 1024]; COMPUTE bang_add m <- n[0];\n"
        "sync_io(); COMPUTE bang_add m <- n[0]; MOVE memcpy n[1] <- m; IO memcpy g[0 +: 1024] <- n[1];\n"
        "sync_io_move_compute(0, 1, 0, 1, 0, 1); COMPUTE bang_mul m <- n[1]; ALU store n[0][0 +: 4]; }",
    MIX "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; cross_core_set_flag(FIX, 2, 3);\n"
        "cross_core_wait_flag(FIX, 2, 4); FIX fixpipe ws[1024 +: 1024] <- c; sync_all(); }\n"
        "core aiv[2] : AIV { cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024];\n"
        "cross_core_set_flag(MTE2, 2, 4); V vadd v2 <- v; sync_all(); MTE2 copy v <- ws[1024 +: 1024]; } }",
    "model \"mlu370\";\nbuffer sh : SRAM[2048];\nbuffer n : NRAM[1024];\nbuffer g : GDRAM[2048];\n"
    "kernel k { core mpu : MPU { IO memcpy_async sh <- g; sync_cluster(); IO memcpy_async g <- sh; }\n"
    "core ipu[2] : IPU { sync_cluster(); MOVE memcpy_async n <- sh[coreid * 1024 +: 1024];\n"
    "COMPUTE bang_add n <- n; sync_compute(); MOVE memcpy_async sh[coreid * 1024 +: 1024] <- n; } }",
};

static void test_agrees_with_engine(void)
{
    for (size_t i = 0; i < sizeof(agreement_kernels) / sizeof(agreement_kernels[0]); i++) {
        struct lowered l;
        lower_pir(agreement_kernels[i], NULL, &l);
        CU_ASSERT_FALSE_FATAL(l.stopped);
        const struct lw_program *p = l.p;
        struct hb_matches m;
        struct hb_result hb;
        hb_matches_build(p, &m);
        hb_clock_run_every(p, &m, &hb);
        int64_t *lat = malloc((p->nins ? p->nins : 1) * sizeof(int64_t));
        CU_ASSERT_PTR_NOT_NULL_FATAL(lat);
        int64_t slow = sim_slow_latency(p);
        for (size_t a = 0; a < p->nins; a++) {
            /* A wait has no latency of its own to delay (waits are prompt). */
            bool is_wait = p->ins[a].kind == INS_WAIT || p->ins[a].kind == INS_XWAIT;
            if (p->ins[a].unit < 0 || !hb.started[a] || is_wait)
                continue;
            for (size_t i2 = 0; i2 < p->nins; i2++)
                lat[i2] = i2 == a ? slow : 1;
            struct sim_run r;
            sim_execute(p, lat, &r);
            for (size_t b = 0; b < p->nins; b++) {
                if (b == a || !hb.started[b])
                    continue;
                CU_ASSERT_TRUE(r.start[b] != SIM_NEVER);
                bool sim_before = r.start[b] >= r.end[a];
                bool hb_says = hb_before(&hb, a, b);
                if (sim_before != hb_says)
                    printf("\n  kernel %zu: %zu -> %zu engine %d, simulator %d\n", i, a, b,
                           hb_says, sim_before);
                CU_ASSERT_EQUAL(sim_before, hb_says);
            }
            sim_run_free(&r);
        }
        free(lat);
        hb_result_free(&hb);
        hb_matches_free(&m);
        lowered_free(&l);
    }
}

/* Cross-core flags are counters: a wait takes whichever count comes first. When one core
 * sets the same flag from two units, the second set may release the first wait; the
 * happens-before rule 9 (the k-th set releases the k-th wait) does not see that race. */
static void test_cross_core_counter_takes_first_count(void)
{
    const char *pir = MIX "buffer g1 : GM[1024];\nbuffer v3 : UB[1024];\n"
                          "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c;\n"
                          "cross_core_set_flag(FIX, 2, 3); MTE3 copy g1 <- v3; cross_core_set_flag(MTE3, 2, 3); }\n"
                          "core aiv : AIV { cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v <- ws[0 +: 1024];\n"
                          "cross_core_wait_flag(MTE2, 2, 3); MTE2 copy v2 <- g1; } }";
    struct lowered l;
    struct sim_run r;
    run_with(pir, 0, 1000, &l, &r);
    CU_ASSERT_TRUE(sim_shows_race(&r, SIM_RACE_RAW, 0, 5));
    sim_run_free(&r);
    lowered_free(&l);
}

static void test_witnesses_confirmed(void)
{
    static const char *const kernels[] = {
        AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; V vadd w <- u[0]; V vmul u[0] <- w; }",
        AIV "param n = 3;\nkernel k { for i in 0..n { let s = i % 2; MTE2 copy u[s] <- g[0 +: 1024];\n"
            "set_flag(MTE2, V, s); wait_flag(MTE2, V, s); V vadd w <- u[s]; } }",
        MIX "kernel mix { core aic : AIC { FIX fixpipe ws[0 +: 1024] <- c; }\n"
            "core aiv[2] : AIV { MTE2 copy v <- ws[0 +: 1024]; MTE3 copy ws[coreid * 512 +: 512] <- v2; } }",
        MLU "kernel k { COMPUTE bang_add n[0] <- m; MOVE memcpy_async m <- n[1]; IO memcpy_async g[0 +: 1024] <- n[0]; }",
    };
    for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
        use_source_models();
        struct check_options o;
        check_options_defaults(&o);
        o.on_run = sim_witness_attach;
        struct file_result r;
        check_source(source_from_string("t.pir", kernels[i], strlen(kernels[i])), &o, &r);
        size_t hazards = 0;
        for (size_t k = 0; k < r.diags.len; k++) {
            const struct finding *f = &r.diags.items[k];
            if (f->check > CHECK_WAW_HAZARD)
                continue;
            hazards++;
            CU_ASSERT_PTR_NOT_NULL_FATAL(f->trace);
            if (!f->trace->confirmed)
                printf("\n  kernel %zu: not confirmed: %s (%s)\n", i, f->message, f->trace->outcome);
            CU_ASSERT_TRUE(f->trace->confirmed);
            CU_ASSERT_TRUE(f->trace->witness);
            CU_ASSERT_TRUE(f->trace->n >= 2);
        }
        CU_ASSERT_TRUE(hazards > 0);
        file_result_free(&r);
    }
}

static void test_replay_file(void)
{
    char path[] = "/tmp/accelsync-replay-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_TRUE_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("# a schedule\ndefault 3\n0 50   # the copy\n\n2 7\n", f);
    fclose(f);
    struct sim_replay rp;
    const char *err = NULL;
    int line = 0;
    CU_ASSERT_TRUE_FATAL(sim_replay_read(path, &rp, &err, &line));
    CU_ASSERT_EQUAL(rp.fallback, 3);
    CU_ASSERT_EQUAL(rp.n, 3);
    struct lowered l;
    lower_pir(AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; V vadd w <- u[0]; V vmul u[1] <- w; S get_value <- w[0 +: 4]; }",
              NULL, &l);
    struct sim_policy pol = {.kind = SIM_POLICY_REPLAY, .replay = &rp};
    int64_t lat[4], issue_at[4];
    bool slow_issue;
    CU_ASSERT_EQUAL(sim_policy_count(&pol, l.p), 1);
    sim_policy_latencies(&pol, l.p, 0, lat, issue_at, &slow_issue);
    CU_ASSERT_FALSE(slow_issue);
    CU_ASSERT_EQUAL(issue_at[0], 0);
    CU_ASSERT_EQUAL(lat[0], 50);
    CU_ASSERT_EQUAL(lat[1], 3);
    CU_ASSERT_EQUAL(lat[2], 7);
    CU_ASSERT_EQUAL(lat[3], 3);
    lowered_free(&l);
    sim_replay_free(&rp);

    f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("0 5\n1 zero\n", f);
    fclose(f);
    CU_ASSERT_FALSE(sim_replay_read(path, &rp, &err, &line));
    CU_ASSERT_EQUAL(line, 2);
    remove(path);
}

static void test_random_policy_is_seeded(void)
{
    struct lowered l;
    lower_pir(AIV "kernel k { MTE2 copy u[0] <- g[0 +: 1024]; V vadd w <- u[0]; V vmul u[1] <- w; }", NULL, &l);
    struct sim_policy a = {.kind = SIM_POLICY_RANDOM, .seed = 7}, b = a;
    int64_t la[3], lb[3], ia[3], ib[3];
    bool sa, sb;
    sim_policy_latencies(&a, l.p, 4, la, ia, &sa);
    sim_policy_latencies(&b, l.p, 4, lb, ib, &sb);
    CU_ASSERT_EQUAL(memcmp(la, lb, sizeof(la)), 0);
    CU_ASSERT_EQUAL(memcmp(ia, ib, sizeof(ia)), 0);
    for (int i = 0; i < 3; i++)
        CU_ASSERT_TRUE(la[i] >= 1);
    lowered_free(&l);
}

void register_suites(void)
{
    CU_pSuite s = CU_add_suite("sim", NULL, NULL);
    CU_add_test(s, "machine rules give the expected times", test_timings);
    CU_add_test(s, "adversarial schedules show the expected problems", test_problems);
    CU_add_test(s, "simulator and clock engine agree on every pair", test_agrees_with_engine);
    CU_add_test(s, "cross-core flags count: the first count releases the first wait",
                test_cross_core_counter_takes_first_count);
    CU_add_test(s, "every hazard of the checker gets a confirmed witness", test_witnesses_confirmed);
    CU_add_test(s, "replay files", test_replay_file);
    CU_add_test(s, "random latencies depend only on the seed", test_random_policy_is_seeded);
}
