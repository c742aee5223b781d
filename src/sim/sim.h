/* The operational simulator (docs/semantics.md §6): runs one lowered program on a machine
 * with an issuer per core, a queue per unit, flag counters and barriers, under one latency
 * per instruction, and says what that run shows: races, deadlocks, flag overruns, flags
 * left set. It is the oracle the checker is tested against, so it shares nothing with the
 * happens-before engines but the lowered program and the model (plus the model's cross-core
 * mode table, read through hb_xmode_links and hb_xbarrier_participates). */
#ifndef AS_SIM_SIM_H
#define AS_SIM_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lower/describe.h"
#include "../lower/program.h"
#include "../util/xalloc.h"

#define SIM_NEVER INT64_MAX      /* a time that never comes */
#define SIM_NONE SIZE_MAX        /* no instruction */

enum sim_problem_kind {
    SIM_RACE_RAW,       /* first writes, second reads overlapping bytes, not in order */
    SIM_RACE_WAR,       /* first reads, second writes */
    SIM_RACE_WAW,       /* both write */
    SIM_DEADLOCK,       /* second: a wait or barrier that started and never returned */
    SIM_OVERRUN,        /* second: a set on a binary flag still set by first */
    SIM_OVERFLOW,       /* second: a cross-core set past the counter capacity of `core` */
    SIM_LEFTOVER,       /* second: a set nobody consumed (on `core`; -1: reaches no core) */
};

struct sim_problem {
    enum sim_problem_kind kind;
    size_t first, second;       /* instructions; SIM_NONE when there is none */
    int core;                   /* SIM_OVERFLOW, SIM_LEFTOVER: the waiting core */
};

/* One execution. Times are integers; an instruction occupies [start, end). */
struct sim_run {
    const struct lw_program *p;
    int64_t *issue, *start, *end;       /* per instruction; SIM_NEVER: did not happen */
    int64_t makespan;                   /* the last end */
    size_t never_started;               /* instructions that never started */
    VEC(struct sim_problem) problems;   /* in the order found; races come last */
};

/* Runs p with latency[i] >= 1 for instruction i and records the flag problems and the
 * deadlock it shows; races are left to sim_detect_races. Free with sim_run_free. */
void sim_execute(const struct lw_program *p, const int64_t *latency, struct sim_run *out);
/* The same, with the issuer of each core issuing instruction i no earlier than issue_at[i]
 * (NULL: as early as it can). */
void sim_execute_delayed(const struct lw_program *p, const int64_t *latency,
                         const int64_t *issue_at, struct sim_run *out);
void sim_run_free(struct sim_run *r);

/* Races use the conflict definition of the lowered program (lw_accesses_conflict: overlapping
 * bytes of one memory, at least one write), on one core between different units or within one
 * pipelined unit for the hazard kinds its model lists, across cores any pair.
 * Whether run r shows (kind, first, second) as a race: both started, and on one core the
 * later one in issue order started before the earlier one ended; across cores their
 * intervals overlap. */
bool sim_shows_race(const struct sim_run *r, enum sim_problem_kind kind, size_t first,
                    size_t second);
/* Appends every race run r shows to r->problems. */
void sim_detect_races(struct sim_run *r);

/* ---------------------------------------------------------------- schedules */

enum sim_policy_kind { SIM_POLICY_RANDOM, SIM_POLICY_ADVERSARIAL, SIM_POLICY_REPLAY };

/* Latencies read from a file: `INDEX LATENCY` lines, `default LATENCY`, `#` comments. */
struct sim_replay {
    int64_t fallback;
    int64_t *latency;           /* by instruction index; 0: use fallback */
    size_t n;
};

struct sim_policy {
    enum sim_policy_kind kind;
    uint64_t seed;
    size_t runs;                /* random: schedules per run; adversarial: at most this many
                                 * (0: one per instruction) */
    const struct sim_replay *replay;
};

/* A latency "without bound": larger than any time the rest of p can take with latency 1. */
int64_t sim_slow_latency(const struct lw_program *p);
/* How many schedules the policy makes for p. */
size_t sim_policy_count(const struct sim_policy *pol, const struct lw_program *p);
/* Fills latency[0 .. p->nins) and issue_at[0 .. p->nins) (see sim_execute_delayed) for
 * schedule k; returns the instruction made slow (adversarial) or SIM_NONE, and whether it is
 * its issue that is late. */
size_t sim_policy_latencies(const struct sim_policy *pol, const struct lw_program *p, size_t k,
                            int64_t *latency, int64_t *issue_at, bool *slow_issue);
/* Reads a replay file; on failure returns false and sets *err to a static message and *line
 * to the offending line (0: the file itself). */
bool sim_replay_read(const char *path, struct sim_replay *out, const char **err, int *line);
void sim_replay_free(struct sim_replay *r);


#endif
