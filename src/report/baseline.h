/* Baselines: the findings of a run recorded by fingerprint, so that a later run reports only
 * new ones (baseline.c). */
#ifndef AS_REPORT_BASELINE_H
#define AS_REPORT_BASELINE_H

#include <stdbool.h>
#include <stdio.h>

#include "../check/run.h"

struct baseline;

/* Reads a baseline file; NULL after a message on `errors` naming the file (and the line and
 * column of a JSON error). */
struct baseline *baseline_read(const char *path, FILE *errors);
void baseline_free(struct baseline *b);
/* Marks every finding of r that the baseline holds (same file, check and fingerprint) as
 * accepted: suppressed, externally, with the reason "in the baseline PATH". */
void baseline_apply(const struct baseline *b, struct file_result *r);
/* Writes the reported (not suppressed) findings of the files as a baseline. */
bool baseline_write(FILE *out, const struct file_result *files, size_t n);

#endif
