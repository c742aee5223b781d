/* The mutation study (docs/mutation.md): inject the synchronization bugs engineers make into
 * kernels that check clean, judge every mutant with the simulator as the oracle, and measure
 * how many the checker, and a one-run dynamic detector, catch. operators.c makes the mutants
 * (edits of the source text at sites found in the syntax tree), judge.c judges one, study.c
 * runs a study over files (in parallel processes) and report.c writes its tables. */
#ifndef AS_MUTATE_MUTATE_H
#define AS_MUTATE_MUTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../check/run.h"

enum mutation_op {
    MUT_DELETE_WAIT,
    MUT_DELETE_SIGNAL,
    MUT_DELETE_PAIR,
    MUT_DELETE_BARRIER,
    MUT_WEAKEN_BARRIER,
    MUT_MOVE_WAIT_DOWN,
    MUT_MOVE_SIGNAL_UP,
    MUT_SWAP_EVENT_ID,
    MUT_SWAP_UNIT,
    MUT_RETARGET_SLOT,
    MUT_DROP_GUARD,
    MUT_INVERT_GUARD,
    MUT_SWAP_PAIR_ORDER,
    MUT_DELETE_CROSS_CORE_SET,
    MUT_DELETE_CROSS_CORE_WAIT,
    MUT_CHANGE_CROSS_CORE_MODE,
    MUT_DELETE_CLUSTER_BARRIER,
    MUT_SHRINK_LOOP_PROLOGUE,
    MUT_DROP_USE,
    MUT_COUNT
};

const char *mutation_op_name(enum mutation_op op);
/* -1 when the name is not an operator. */
int mutation_op_find(const char *name);

/* One mutant: the whole mutated source, and where it came from. */
struct mutant {
    enum mutation_op op;
    int line;                   /* the site: line of the mutated statement */
    char *text;                 /* owned, NUL-terminated */
    size_t len;
};

struct mutant_list {
    struct mutant *items;
    size_t len, cap;
};

/* Every mutant of the operators in `ops` (bit i: operator i) at every site of every kernel of
 * a parsed, clean file r (its tree, model and source); where an operator has several choices
 * at a site (another unit, another mode), one mutant per choice. */
void mutants_generate(const struct file_result *r, uint32_t ops, struct mutant_list *out);
void mutant_list_free(struct mutant_list *l);

/* The verdicts on one mutant. */
struct mutant_verdict {
    bool generated;             /* the mutant parses and lowers (false: a harness bug) */
    bool non_equivalent;        /* the oracle shows a race, deadlock, overrun or leftover
                                 * flag, or a checker witness the simulator confirms does */
    bool oracle_found;          /* the oracle's own schedules showed it */
    bool detected;              /* the checker reports a hazard, deadlock, overrun or leak */
    bool witness_confirmed;     /* found by a checker witness the oracle's budget missed */
    bool false_alarm;           /* detected, and nothing confirms it */
    bool dynamic_detected;      /* the one-run dynamic detector catches it */
    bool first_run_flagged;     /* the checker flags the first run (first parameter value
                                 * and path) already */
    char kind[24];              /* what the checker reported first ("raw-hazard", ...) */
    double checker_ms, oracle_ms;
};

struct judge_settings {
    struct check_options check; /* model, defines, limits of the user */
    size_t budget;              /* random and adversarial schedules per run, each */
    uint64_t seed;
};

void mutant_judge(const struct judge_settings *s, const char *name, const struct mutant *m,
                  struct mutant_verdict *v);

#endif
