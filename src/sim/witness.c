/* Witnesses for `check --witness`: for each hazard (a, b) the checker reports, the schedule
 * of docs/semantics.md §6 — a's end delayed without bound, everything else as early as
 * allowed — run through the simulator. Across cores both accesses are delayed, so that
 * their intervals must overlap when neither waits for the other. For each flag overrun,
 * the event the checker says the wait is reached after is delayed without bound: the wait's
 * issue, or the end of an instruction before it (and a cross-core set that overflows its
 * counter is delayed too, less, so that the other counts arrive first). */
#include <stdlib.h>
#include <string.h>

#include "trace.h"

static bool same_values(const struct binding_list *a, const struct binding_list *b)
{
    if (a->len != b->len)
        return false;
    for (size_t i = 0; i < a->len; i++)
        if (a->items[i].value != b->items[i].value || strcmp(a->items[i].name, b->items[i].name))
            return false;
    return true;
}

/* The access a finding names: its statement, unit and loop values identify one instruction. */
static size_t find_access(const struct lw_program *p, struct as_loc loc,
                          const struct binding_list *iters, const char *unit)
{
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        if (x->kind != INS_ACCESS || x->stmt->loc.line != loc.line || x->stmt->loc.col != loc.col)
            continue;
        if ((unit && strcmp(p->units[x->unit].name, unit) != 0)
            || !same_values(lw_iters(p, x), iters))
            continue;
        return i;
    }
    return SIM_NONE;
}

static bool hazard_kind(enum check_id check, enum sim_problem_kind *kind)
{
    switch (check) {
    case CHECK_RAW_HAZARD:
        *kind = SIM_RACE_RAW;
        return true;
    case CHECK_WAR_HAZARD:
        *kind = SIM_RACE_WAR;
        return true;
    case CHECK_WAW_HAZARD:
        *kind = SIM_RACE_WAW;
        return true;
    default:
        return false;
    }
}

static const char *span(struct arena *A, const struct sim_run *r, size_t i, int64_t slow)
{
    if (r->start[i] == SIM_NEVER)
        return "never starts";
    if (r->end[i] == SIM_NEVER)
        return arena_printf(A, "runs from t=%lld and never ends", (long long)r->start[i]);
    if (r->end[i] - r->start[i] >= slow)
        return arena_printf(A, "runs from t=%lld, delayed without bound", (long long)r->start[i]);
    return arena_printf(A, "runs during [%lld, %lld)", (long long)r->start[i], (long long)r->end[i]);
}

static void witness_one(const struct lw_program *p, struct diag_list *d, struct finding *f,
                        enum sim_problem_kind kind, int64_t *lat)
{
    struct arena *A = &d->arena;
    size_t a = find_access(p, f->related, &f->iter_first, f->unit_first);
    size_t b = find_access(p, f->loc, &f->iter_second, f->unit_second);
    if (a == SIM_NONE || b == SIM_NONE) {
        struct sim_trace *t = arena_alloc(A, sizeof(*t));
        t->witness = true;
        t->schedule = "none";
        t->outcome = "the simulator found no instructions matching the two accesses";
        f->trace = t;
        return;
    }
    int64_t slow = sim_slow_latency(p);
    for (size_t i = 0; i < p->nins; i++)
        lat[i] = 1;
    lat[a] = slow;
    bool cross = p->ins[a].core != p->ins[b].core;
    if (cross)
        lat[b] = slow;
    struct sim_run run;
    sim_execute(p, lat, &run);
    struct sim_trace *t = sim_trace_build(&run, A, a, b, lat, slow);
    t->witness = true;
    t->confirmed = sim_shows_race(&run, kind, a, b);
    const char *da = describe_ins(p, A, a), *db = describe_ins(p, A, b);
    int la = p->ins[a].stmt->loc.line, lb = p->ins[b].stmt->loc.line;
    if (cross)
        t->schedule = arena_printf(A, "%s at line %d and %s at line %d delayed without bound "
                                      "(latency %lld), everything else as early as allowed",
                                   da, la, db, lb, (long long)slow);
    else
        t->schedule = arena_printf(A, "%s at line %d delayed without bound (latency %lld), "
                                      "everything else as early as allowed",
                                   da, la, (long long)slow);
    if (t->confirmed && !cross)
        t->outcome = arena_printf(A, "%s (line %d) starts at t=%lld, before %s (line %d) ends",
                                  db, lb, (long long)run.start[b], da, la);
    else if (t->confirmed)
        t->outcome = arena_printf(A, "%s (line %d) and %s (line %d) run at the same time from t=%lld",
                                  da, la, db, lb,
                                  (long long)(run.start[a] > run.start[b] ? run.start[a] : run.start[b]));
    else
        t->outcome = arena_printf(A, "%s (line %d) %s; %s (line %d) %s", da, la, span(A, &run, a, slow),
                                  db, lb, span(A, &run, b, slow));
    f->trace = t;
    sim_run_free(&run);
}

static bool shows_overrun(const struct sim_run *r, size_t set, int waiter)
{
    for (size_t k = 0; k < r->problems.len; k++) {
        const struct sim_problem *x = &r->problems.items[k];
        if ((x->kind == SIM_OVERRUN || x->kind == SIM_OVERFLOW) && x->second == set
            && (x->kind == SIM_OVERRUN || waiter < 0 || x->core == waiter))
            return true;
    }
    return false;
}

/* A flag-overrun finding: set `at` fires while the count it adds cannot be taken, because
 * the wait that would free the flag has not been reached. Waits are prompt, so what is
 * delayed is the event the checker names (f->ins_late): the wait's issue or the end of
 * something the wait is reached after. On a cross-core counter the set itself is delayed
 * too, less, so that every count that can come first does. */
static void witness_overrun(const struct lw_program *p, struct diag_list *d, struct finding *f,
                            int64_t *lat, int64_t *issue_at)
{
    struct arena *A = &d->arena;
    size_t at = f->ins_at, other = f->ins_other, late = f->ins_late;
    bool binary = p->ins[at].kind == INS_SIGNAL;
    int64_t slow = sim_slow_latency(p);
    for (size_t i = 0; i < p->nins; i++) {
        lat[i] = 1;
        issue_at[i] = 0;
    }
    if (!binary)
        lat[at] = slow;
    if (late != SIZE_MAX && f->late_issue)
        issue_at[late] = 2 * slow;
    else if (late != SIZE_MAX)
        lat[late] = 2 * slow;
    struct sim_run run;
    sim_execute_delayed(p, lat, issue_at, &run);
    int waiter = !binary && other != SIZE_MAX ? p->ins[other].core : -1;
    struct sim_trace *t = sim_trace_build(&run, A, late != SIZE_MAX ? late : other, at, lat, slow);
    t->witness = true;
    t->confirmed = shows_overrun(&run, at, waiter);
    const char *ds = describe_ins(p, A, at);
    int ls = p->ins[at].stmt->loc.line;
    const char *delayed = late == SIZE_MAX ? NULL
        : arena_printf(A, "%s %s at line %d delayed without bound (%s%lld)",
                       f->late_issue ? "the issue of" : "the end of", describe_ins(p, A, late),
                       p->ins[late].stmt->loc.line, f->late_issue ? "issued at t=" : "latency ",
                       (long long)(2 * slow));
    if (delayed && binary)
        t->schedule = arena_printf(A, "%s, everything else as early as allowed", delayed);
    else if (binary)
        t->schedule = "every instruction as early as allowed";
    else if (delayed)
        t->schedule = arena_printf(A, "%s at line %d delayed (latency %lld) and %s, everything "
                                      "else as early as allowed",
                                   ds, ls, (long long)slow, delayed);
    else
        t->schedule = arena_printf(A, "%s at line %d delayed (latency %lld), everything else as "
                                      "early as allowed", ds, ls, (long long)slow);
    if (t->confirmed && binary)
        t->outcome = arena_printf(A, "%s (line %d) ends at t=%lld while the flag is still set",
                                  ds, ls, (long long)run.end[at]);
    else if (t->confirmed)
        t->outcome = arena_printf(A, "%s (line %d) ends at t=%lld while the counter is full",
                                  ds, ls, (long long)run.end[at]);
    else
        t->outcome = arena_printf(A, "%s (line %d) %s and overruns nothing", ds, ls,
                                  span(A, &run, at, slow));
    f->trace = t;
    sim_run_free(&run);
}

void sim_witness_attach(const void *unused, const struct lw_program *p, struct diag_list *d,
                        size_t first_new)
{
    (void)unused;
    int64_t *lat = xmalloc((p->nins ? p->nins : 1) * sizeof(int64_t));
    int64_t *issue_at = xmalloc((p->nins ? p->nins : 1) * sizeof(int64_t));
    for (size_t k = first_new; k < d->len; k++) {
        enum sim_problem_kind kind;
        if (hazard_kind(d->items[k].check, &kind))
            witness_one(p, d, &d->items[k], kind, lat);
        else if (d->items[k].check == CHECK_FLAG_OVERRUN && d->items[k].ins_known)
            witness_overrun(p, d, &d->items[k], lat, issue_at);
    }
    free(lat);
    free(issue_at);
}
