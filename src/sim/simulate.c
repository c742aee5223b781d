/* `accelsync simulate`: runs the schedules of a policy on one lowered run and turns what they
 * show into findings — races (with their timeline), deadlocks, flag overruns and flags left
 * set — under the checker's ids, so that the reporters print them like check's. A finding is
 * kept once per (check, statements), from the first schedule that shows it. */
#include <stdlib.h>
#include <string.h>

#include "trace.h"

static const enum check_id race_check[] = {
    [SIM_RACE_RAW] = CHECK_RAW_HAZARD, [SIM_RACE_WAR] = CHECK_WAR_HAZARD,
    [SIM_RACE_WAW] = CHECK_WAW_HAZARD};

static const char *interval(struct arena *A, const struct sim_run *r, size_t i)
{
    if (r->end[i] == SIM_NEVER)
        return arena_printf(A, "[%lld, never)", (long long)r->start[i]);
    return arena_printf(A, "[%lld, %lld)", (long long)r->start[i], (long long)r->end[i]);
}

/* The first overlapping region pair of the race's kind: the second access's buffer and the
 * bytes both touch, counted from that buffer's byte 0. */
static void race_bytes(const struct lw_program *p, const struct sim_problem *pr, struct finding *f)
{
    const struct lw_ins *x = &p->ins[pr->first], *y = &p->ins[pr->second];
    const struct mem_region *fr = pr->kind == SIM_RACE_WAR ? lw_reads(p, x) : lw_writes(p, x);
    int nf = pr->kind == SIM_RACE_WAR ? lw_nreads(x) : lw_nwrites(x);
    const struct mem_region *sr = pr->kind == SIM_RACE_RAW ? lw_reads(p, y) : lw_writes(p, y);
    int ns = pr->kind == SIM_RACE_RAW ? lw_nreads(y) : lw_nwrites(y);
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < ns; j++)
            if (mem_regions_overlap(&fr[i], &sr[j])) {
                f->buffer = p->buffers[sr[j].buffer].name;
                f->bytes_lo = (fr[i].lo > sr[j].lo ? fr[i].lo : sr[j].lo) - lw_buffer_base(p, &sr[j]);
                f->bytes_hi = (fr[i].hi < sr[j].hi ? fr[i].hi : sr[j].hi) - lw_buffer_base(p, &sr[j]);
                f->anywhere_first = describe_anywhere(p, pr->first, fr[i].buffer,
                                                      pr->kind != SIM_RACE_WAR);
                f->anywhere_second = describe_anywhere(p, pr->second, sr[j].buffer,
                                                       pr->kind != SIM_RACE_RAW);
                return;
            }
}

static void race_finding(const struct lw_program *p, struct diag_list *d,
                         const struct sim_run *r, const struct sim_problem *pr,
                         struct finding *f)
{
    struct arena *A = &d->arena;
    const struct lw_ins *x = &p->ins[pr->first], *y = &p->ins[pr->second];
    static const char *const verbs[][2] = {[SIM_RACE_RAW] = {"reads", "writes"},
                                           [SIM_RACE_WAR] = {"writes", "reads"},
                                           [SIM_RACE_WAW] = {"writes", "writes"}};
    f->check = race_check[pr->kind];
    f->loc = y->stmt->loc;
    f->related = x->stmt->loc;
    f->iter_first = *lw_iters(p, x);
    f->iter_second = *lw_iters(p, y);
    f->unit_first = p->units[x->unit].name;
    f->unit_second = p->units[y->unit].name;
    f->op_first = lw_op(p, x);
    f->op_second = lw_op(p, y);
    race_bytes(p, pr, f);
    bool overlap = r->start[pr->first] < r->end[pr->second];
    f->message = arena_printf(
        A, "%s %s %s%s at t=%s %s %s at line %d%s %s %s at t=%s", describe_ins(p, A, pr->second),
        verbs[pr->kind][0],
        describe_place(A, f->buffer ? f->buffer : "?", f->bytes_lo, f->bytes_hi,
                       f->anywhere_second),
        f->anywhere_second ? "," : "", interval(A, r, pr->second), overlap ? "while" : "before",
        describe_ins(p, A, pr->first), x->stmt->loc.line,
        f->anywhere_first ? ", at an offset read from memory," : "", verbs[pr->kind][1], f->anywhere_second ? "it" : "them", interval(A, r, pr->first));
    f->related_what = arena_printf(A, "first access: %s", describe_ins(p, A, pr->first));
}

static void other_finding(const struct lw_program *p, struct diag_list *d,
                          const struct sim_run *r, const struct sim_problem *pr,
                          struct finding *f)
{
    struct arena *A = &d->arena;
    const struct lw_ins *s = &p->ins[pr->second];
    const char *what = describe_ins(p, A, pr->second);
    f->loc = s->stmt->loc;
    f->iter_second = *lw_iters(p, s);
    if (pr->first != SIM_NONE) {
        f->related = p->ins[pr->first].stmt->loc;
        f->iter_first = *lw_iters(p, &p->ins[pr->first]);
        f->related_what = describe_ins(p, A, pr->first);
    }
    const char *earlier = f->related_what;
    switch (pr->kind) {
    case SIM_DEADLOCK:
        f->check = CHECK_DEADLOCK;
        f->message = arena_printf(A, "deadlock: %s started at t=%lld and never returned; %zu "
                                     "instruction%s never started",
                                  what, (long long)r->start[pr->second], r->never_started,
                                  r->never_started == 1 ? "" : "s");
        break;
    case SIM_OVERRUN:
        f->check = CHECK_FLAG_OVERRUN;
        f->message = arena_printf(A, "%s set the flag at t=%lld while it was still set by %s "
                                     "at line %d (set at t=%lld)",
                                  what, (long long)r->end[pr->second], earlier,
                                  f->related.line, (long long)r->end[pr->first]);
        f->related_what = arena_printf(A, "the earlier set: %s", earlier);
        break;
    case SIM_OVERFLOW:
        f->check = CHECK_FLAG_OVERRUN;
        f->related = (struct as_loc){0};
        f->message = arena_printf(A, "%s pushed the count of flag %lld on %s past the counter "
                                     "capacity %d at t=%lld",
                                  what, (long long)s->xflag, p->cores[pr->core].name,
                                  p->model->xflags.capacity, (long long)r->end[pr->second]);
        break;
    case SIM_LEFTOVER:
        f->check = CHECK_UNMATCHED_SIGNAL;
        f->severity = SEV_WARNING;
        f->message = pr->core >= 0 && p->multicore
                         ? arena_printf(A, "%s (set at t=%lld) was never waited for on %s: the "
                                           "flag is still set when the kernel ends",
                                        what, (long long)r->end[pr->second], p->cores[pr->core].name)
                         : arena_printf(A, "%s (set at t=%lld) was never waited for: the flag "
                                           "is still set when the kernel ends",
                                        what, (long long)r->end[pr->second]);
        break;
    default:
        break;
    }
}

static const char *schedule_name(const struct sim_policy *pol, const struct lw_program *p,
                                 struct arena *A, size_t k, size_t count, size_t slow,
                                 bool slow_issue)
{
    switch (pol->kind) {
    case SIM_POLICY_RANDOM:
        return arena_printf(A, "random schedule %zu of %zu, seed %llu", k + 1, count,
                            (unsigned long long)pol->seed);
    case SIM_POLICY_ADVERSARIAL:
        return arena_printf(A, "adversarial schedule %zu of %zu: %s%s at line %d delayed without "
                               "bound, everything else as early as allowed",
                            k + 1, count, slow_issue ? "the issue of " : "",
                            describe_ins(p, A, slow), p->ins[slow].stmt->loc.line);
    case SIM_POLICY_REPLAY:
        return "replayed latencies";
    }
    return "";
}

static void report_problems(const struct lw_program *p, struct diag_list *d,
                            const struct sim_run *r, const char *schedule,
                            const int64_t *lat, int64_t slow)
{
    for (size_t i = 0; i < r->problems.len; i++) {
        const struct sim_problem *pr = &r->problems.items[i];
        struct finding f = {.severity = SEV_ERROR, .kernel = p->kernel, .params = p->params};
        bool race = pr->kind <= SIM_RACE_WAW;
        if (race)
            race_finding(p, d, r, pr, &f);
        else
            other_finding(p, d, r, pr, &f);
        struct finding *kept = diag_add(d, &f);
        if (!kept || !race)
            continue;
        struct sim_trace *t = sim_trace_build(r, &d->arena, pr->first, pr->second, lat, slow);
        t->confirmed = true;
        t->schedule = arena_strdup(&d->arena, schedule);
        struct arena *A = &d->arena;
        const char *df = describe_ins(p, A, pr->first), *ds = describe_ins(p, A, pr->second);
        int lf = p->ins[pr->first].stmt->loc.line, ls = p->ins[pr->second].stmt->loc.line;
        if (p->ins[pr->first].core == p->ins[pr->second].core)
            t->outcome = arena_printf(A, "%s (line %d) starts at t=%lld, before %s (line %d) ends at "
                                         "t=%lld",
                                      ds, ls, (long long)r->start[pr->second], df, lf,
                                      (long long)r->end[pr->first]);
        else
            t->outcome = arena_printf(A, "%s (line %d) runs during %s, %s (line %d) during %s", df,
                                      lf, interval(A, r, pr->first), ds, ls,
                                      interval(A, r, pr->second));
        kept->trace = t;
    }
}

void sim_simulate_run(const void *policy, const struct lw_program *p, struct diag_list *d,
                      size_t first_new)
{
    (void)first_new;
    const struct sim_policy *pol = policy;
    size_t count = sim_policy_count(pol, p);
    int64_t *lat = xmalloc((p->nins ? p->nins : 1) * sizeof(int64_t));
    int64_t *issue_at = xmalloc((p->nins ? p->nins : 1) * sizeof(int64_t));
    int64_t slow = pol->kind == SIM_POLICY_ADVERSARIAL ? sim_slow_latency(p) : 0;
    struct arena names;
    arena_init(&names);
    for (size_t k = 0; k < count; k++) {
        bool slow_issue;
        size_t slowed = sim_policy_latencies(pol, p, k, lat, issue_at, &slow_issue);
        if (slowed == SIM_NONE && pol->kind == SIM_POLICY_ADVERSARIAL)
            continue;
        struct sim_run r;
        sim_execute_delayed(p, lat, issue_at, &r);
        sim_detect_races(&r);
        if (r.problems.len)
            report_problems(p, d, &r,
                            schedule_name(pol, p, &names, k, count, slowed, slow_issue), lat,
                            slow);
        sim_run_free(&r);
    }
    arena_free(&names);
    free(lat);
    free(issue_at);
}
