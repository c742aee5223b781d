/* Schedules shown to users: the instructions around a finding with their times in one
 * simulated run, attached to the finding (struct finding.trace) by `check --witness` and by
 * `simulate`, and drawn by the reporters (src/report/trace.c). A trace lives in the arena of
 * the diagnostics list that holds its finding. */
#ifndef AS_SIM_TRACE_H
#define AS_SIM_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lower/program.h"
#include "../util/diag.h"
#include "sim.h"

enum trace_role { TRACE_OTHER, TRACE_FIRST, TRACE_SECOND };

struct sim_trace_entry {
    const char *unit;           /* "V", "aiv[1].V"; "issuer" for issuer-level barriers */
    const char *what;           /* "V vadds", "set_flag(MTE2, V, 0)" */
    struct as_loc loc;
    struct binding_list iters;
    int64_t issue, start, end;  /* SIM_NEVER: did not happen */
    bool slow;                  /* given the latency without bound */
    bool sync;                  /* a sync instruction (flag, barrier), not an access */
    enum trace_role role;
    size_t index;               /* instruction index in the run, as replay files count */
};

struct sim_trace {
    bool witness;               /* from check --witness; else a schedule simulate ran */
    bool confirmed;             /* the run shows the finding */
    const char *schedule;       /* how the latencies were chosen */
    const char *outcome;        /* what the run shows, one sentence */
    int64_t slow;               /* the latency "without bound"; 0: none */
    struct sim_trace_entry *entries;   /* grouped by unit, then in issue order */
    size_t n;
    size_t omitted;             /* instructions of the window left out of the middle */
};

/* The trace of run r (made with `latency`) around instructions first and second (either may
 * be SIM_NONE): on one core the instructions issued from first to second, across cores a few
 * on each side. Instructions with a latency of at least `slow` (when > 0) are marked slow.
 * Allocated, strings included, from arena. */
struct sim_trace *sim_trace_build(const struct sim_run *r, struct arena *arena, size_t first,
                                  size_t second, const int64_t *latency, int64_t slow);

/* check --witness: for every hazard reported by the run of p (findings d->items[first_new ..
 * len)), runs the schedule that delays the end of the first access without bound (across
 * cores, of both accesses) and runs everything else as early as allowed, and attaches the
 * trace, confirmed when the simulator shows the race. For every flag overrun, the same with
 * the wait that would take the count delayed (witness.c). Signature of check_options.on_run. */
void sim_witness_attach(const void *unused, const struct lw_program *p, struct diag_list *d,
                        size_t first_new);

/* simulate: runs every schedule of the policy (a const struct sim_policy *) on p and adds
 * what they show to d as findings, each race with its trace. Signature of on_run. */
void sim_simulate_run(const void *policy, const struct lw_program *p, struct diag_list *d,
                      size_t first_new);

#endif
