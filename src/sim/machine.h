/* The simulator's machine state, shared by the files that run it: machine.c (clock,
 * issuers, queues, barriers) and flags.c (flag counters). Private to src/sim/. */
#ifndef AS_SIM_MACHINE_H
#define AS_SIM_MACHINE_H

#include "sim.h"

struct timed_end {
    int64_t time;
    size_t ins;
};

struct flag_state;

struct machine {
    const struct lw_program *p;
    const int64_t *latency;
    const int64_t *issue_at;        /* per instruction: not issued before; NULL: no delays */
    struct sim_run *run;
    int64_t now;
    bool *done;                     /* per instruction: has ended */
    bool *elapsed;                  /* per signal: its latency has passed */
    bool *firing_queued;            /* per signal: in `firing` */
    struct size_vec firing;         /* signals ready to fire at the current time */
    /* Issuers, per core. */
    size_t *next_issue;             /* next instruction to issue (global index) */
    size_t *gate;                   /* the instruction the issuer waits for, or SIM_NONE */
    struct size_vec *barriers;      /* issued issuer-level barriers that did not start */
    struct size_vec *acquiring;     /* started waits that do not have their count yet */
    struct size_vec *interlocked;   /* issued interlocked accesses that did not end */
    /* Queues, per unit: queue[queue_first[u] + pos] is the instruction at queue position pos. */
    uint32_t *queue;
    size_t *queue_first;
    int *head;                      /* next position to start */
    int *issued;                    /* positions issued so far */
    int *drained;                   /* positions [0, drained) have all ended */
    struct size_vec *holding;       /* issuer-level barriers holding the unit's next instruction */
    /* Per instruction: the barriers that hold it (holds.items[hold_at[i] .. + hold_n[i])) and,
     * for issuer-level barriers, how many instructions of each unit of the core must end
     * before it starts (drain_need.items[need_at[i] + local unit]). */
    struct size_vec holds;
    size_t *hold_at, *hold_n;
    VEC(int) drain_need;
    size_t *need_at;
    /* Cross-core barriers: calls so far per (core, primitive), the members of every group. */
    size_t *xbar_calls;
    size_t *xbar_call;                   /* per instruction: which call of its primitive */
    VEC(struct size_vec) *xbar_groups;   /* per (primitive, domain): group k's members */
    size_t *xbar_participants;           /* per (primitive, domain) */
    size_t nxbar_slots;
    /* Ends to come, a binary min-heap on (time, instruction); an instruction index past the
     * last, nins + c, wakes core c's issuer after an issue delay. */
    VEC(struct timed_end) heap;
    /* Cores to look at again at the current time. */
    VEC(int) work;
    bool *in_work;
    struct flag_state *flags;
};

void machine_wake(struct machine *m, int core);
void machine_schedule_end(struct machine *m, size_t ins, int64_t time);
void machine_problem(struct machine *m, enum sim_problem_kind kind, size_t first, size_t second,
                     int core);

void flags_init(struct machine *m);
void flags_free(struct machine *m);
/* A signal or cross-core signal ended: count it (overruns and overflows are found here). */
void flags_signal_ended(struct machine *m, size_t x);
/* A started wait or cross-core wait: true when it takes its count(s) now. */
bool flags_try_acquire(struct machine *m, size_t w);
void flags_wait_ended(struct machine *m, size_t w);
/* After the run: every count nobody took is a set left over. */
void flags_leftovers(struct machine *m);

#endif
