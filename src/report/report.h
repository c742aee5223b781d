/* Reporters: turn the results of a check into text for people or JSON for tools. */
#ifndef AS_REPORT_REPORT_H
#define AS_REPORT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "../check/run.h"

struct report_summary {
    size_t files, kernels, errors, warnings, unverified;
    size_t suppressed;          /* findings accepted by ignore comments, not in errors/warnings */
    int exit_code;
};

void report_summarize(const struct file_result *files, size_t n, bool werror,
                      struct report_summary *s);
/* gcc-style diagnostics with the source line and a caret underline, then a summary. */
void report_text(FILE *out, const struct file_result *files, size_t n, bool werror);
/* The JSON contract of docs/cli.md (version 1). Returns false if writing failed. */
bool report_json(FILE *out, const struct file_result *files, size_t n, bool werror);
/* SARIF 2.1.0 (docs/cli.md#sarif). Returns false if writing failed. */
bool report_sarif(FILE *out, const struct file_result *files, size_t n, bool werror);

#endif
