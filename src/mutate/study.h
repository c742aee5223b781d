/* Running a mutation study over files (study.c) and writing its results (report.c). */
#ifndef AS_MUTATE_STUDY_H
#define AS_MUTATE_STUDY_H

#include <stdio.h>

#include "../util/xalloc.h"
#include "mutate.h"

struct study_settings {
    struct judge_settings judge;
    uint32_t ops;               /* bit i: operator i */
    int jobs;                   /* worker processes */
    const char *out_dir;        /* write every mutant there; NULL: do not */
    bool progress;              /* counts and rate on stderr (a terminal) */
};

struct study_mutant {
    const char *file, *model;   /* owned by the result */
    struct mutant m;
    struct mutant_verdict v;
};

struct study_result {
    VEC(struct study_mutant) mutants;
    VEC(char *) owned;
    size_t files;               /* files mutated */
    size_t refused;             /* files that do not check clean */
    bool harness_error;         /* a worker failed, or a mutant could not be written */
    size_t budget;
    uint64_t seed;
};

void study_run(const struct study_settings *s, const char *const *paths, size_t n,
               struct study_result *res, FILE *errors);
/* 2: a file refused or a mutant not generated or judged; 1: a non-equivalent mutant the
 * checker misses, or a false alarm; 0 otherwise. */
int study_exit_code(const struct study_result *res);
void study_result_free(struct study_result *res);

enum study_format { STUDY_TEXT, STUDY_JSON, STUDY_CSV, STUDY_MARKDOWN };
bool study_write(const struct study_result *res, FILE *out, enum study_format format);

#endif
