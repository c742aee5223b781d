/* Judging one mutant. The oracle is the simulator: random and adversarial schedules, a fixed
 * budget of each per run, over every parameter value and `if (?)` path. The checker's
 * verdict is `check` on the same text. When the checker flags what the oracle's budget did
 * not show, the checker's witnesses decide: one the simulator confirms makes the mutant
 * non-equivalent after all; none makes it a false alarm. The one-run dynamic detector sees
 * what a runtime sanitizer sees of one launch: happens-before over the trace of the first
 * parameter value and the first path (the checker's hazards of that one run), and a deadlock,
 * overrun or leftover flag only if that one execution (one random schedule) shows it. */
#include <string.h>
#include <time.h>

#include "../sim/trace.h"
#include "mutate.h"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* A finding of the kinds the study counts: hazards, deadlocks, overruns, leftover flags. */
static bool sync_problem(enum check_id c)
{
    return check_is_hazard(c) || c == CHECK_DEADLOCK || c == CHECK_FLAG_OVERRUN
           || c == CHECK_UNMATCHED_SIGNAL;
}

static const struct finding *first_problem(const struct diag_list *d)
{
    for (size_t i = 0; i < d->len; i++)
        if (sync_problem(d->items[i].check))
            return &d->items[i];
    return NULL;
}

struct oracle_schedules {
    struct sim_policy random, adversarial;
};

static void oracle_run(const void *arg, const struct lw_program *p, struct diag_list *d,
                       size_t first_new)
{
    const struct oracle_schedules *o = arg;
    sim_simulate_run(&o->adversarial, p, d, first_new);
    sim_simulate_run(&o->random, p, d, first_new);
}

static void check_text(const struct check_options *o, const char *name, const struct mutant *m,
                       struct file_result *r)
{
    check_source(source_from_string(name, m->text, m->len), o, r);
}

void mutant_judge(const struct judge_settings *s, const char *name, const struct mutant *m,
                  struct mutant_verdict *v)
{
    memset(v, 0, sizeof(*v));
    struct file_result r;

    double t0 = now_ms();
    check_text(&s->check, name, m, &r);
    v->checker_ms = now_ms() - t0;
    v->generated = r.checked && !diag_has_input_error(&r.diags);
    const struct finding *f = first_problem(&r.diags);
    v->detected = v->generated && f;
    if (f)
        snprintf(v->kind, sizeof(v->kind), "%s", check_name(f->check));
    else if (!v->generated && r.diags.len)
        snprintf(v->kind, sizeof(v->kind), "%s", check_name(r.diags.items[0].check));
    file_result_free(&r);
    if (!v->generated)
        return;

    struct oracle_schedules sched = {
        .random = {.kind = SIM_POLICY_RANDOM, .seed = s->seed, .runs = s->budget},
        .adversarial = {.kind = SIM_POLICY_ADVERSARIAL, .runs = s->budget},
    };
    struct check_options oracle = s->check;
    oracle.lower_only = true;
    oracle.on_run = oracle_run;
    oracle.on_run_arg = &sched;
    t0 = now_ms();
    check_text(&oracle, name, m, &r);
    v->oracle_ms = now_ms() - t0;
    v->oracle_found = first_problem(&r.diags) != NULL;
    file_result_free(&r);
    v->non_equivalent = v->oracle_found;

    if (v->detected && !v->oracle_found) {
        struct check_options witness = s->check;
        witness.on_run = sim_witness_attach;
        check_text(&witness, name, m, &r);
        for (size_t i = 0; i < r.diags.len && !v->witness_confirmed; i++)
            v->witness_confirmed = r.diags.items[i].trace && r.diags.items[i].trace->confirmed;
        file_result_free(&r);
        v->non_equivalent = v->witness_confirmed;
        v->false_alarm = !v->witness_confirmed;
    }

    /* The one-run dynamic detector: happens-before over the first run's trace finds its
     * races; a deadlock, overrun or leftover flag counts only if one random execution of
     * that run shows it. */
    struct check_options dyn = s->check;
    dyn.first_run_only = true;
    check_text(&dyn, name, m, &r);
    for (size_t i = 0; i < r.diags.len; i++) {
        enum check_id c = r.diags.items[i].check;
        v->dynamic_detected |= check_is_hazard(c);
        v->first_run_flagged |= sync_problem(c);
    }
    file_result_free(&r);
    if (!v->dynamic_detected) {
        struct sim_policy one = {.kind = SIM_POLICY_RANDOM, .seed = s->seed, .runs = 1};
        dyn.lower_only = true;
        dyn.on_run = sim_simulate_run;
        dyn.on_run_arg = &one;
        check_text(&dyn, name, m, &r);
        v->dynamic_detected = first_problem(&r.diags) != NULL;
        file_result_free(&r);
    }
}
