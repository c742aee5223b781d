/* Reporters: turn the results of a check into text for people or JSON for tools. */
#ifndef AS_REPORT_REPORT_H
#define AS_REPORT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "../check/run.h"

struct report_summary {
    size_t files, kernels, errors, warnings, unverified;
    size_t suppressed;          /* findings accepted by ignore comments, not in errors/warnings */
    size_t not_reported;        /* findings dropped by --max-errors (each file's diags.cut) */
    size_t empty;               /* kernel source entries with no access (empty-kernel), of kernels */
    size_t notes;               /* findings of severity note (not errors, not warnings) */
    size_t guessed;             /* kernels checked under guessed values (kernel_result.guessed) */
    size_t skipped;             /* files a walk did not check: not kernel sources (the caller's
                                 * count, as_result_add_skipped); not among `files` */
    int exit_code;
};

/* `skipped`: the files a walk skipped, which are not among `files`. */
void report_summarize(const struct file_result *files, size_t n, size_t skipped, bool werror,
                      struct report_summary *s);
/* "a = 1, b = 2" (malloc'ed): a kernel's guessed values as the reports list them. */
char *report_guessed_list(const struct binding_list *b);
/* What every report says after a kernel's guessed values. */
#define REPORT_GUESSED_ADVICE "give the real ones with -D or --tiling FILE"

/* How text is printed: quiet prints the findings only (no coverage notes, no summary); color
 * uses ANSI colours; seconds >= 0 is put in the summary as the elapsed time. */
struct text_style {
    bool quiet, color;
    double seconds;
};
/* gcc-style diagnostics with the source line and a caret underline, then a summary. style
 * NULL: plain, everything, no time. */
void report_text(FILE *out, const struct file_result *files, size_t n, size_t skipped,
                 bool werror, const struct text_style *style);
/* The JSON contract of docs/cli.md (version 1). Returns false if writing failed. */
bool report_json(FILE *out, const struct file_result *files, size_t n, size_t skipped,
                 bool werror);
/* SARIF 2.1.0 (docs/cli.md#sarif). Returns false if writing failed. */
bool report_sarif(FILE *out, const struct file_result *files, size_t n, size_t skipped,
                 bool werror);
/* GitLab Code Quality issues (codequality.c). Returns false if writing failed. */
bool report_codequality(FILE *out, const struct file_result *files, size_t n);
/* One self-contained HTML page (html.c). Returns false if writing failed. */
bool report_html(FILE *out, const struct file_result *files, size_t n, size_t skipped,
                 bool werror);
/* accelsync merge-sarif (sarif_merge.c): returns 0, or 2 after a message on `errors`. */
int report_merge_sarif(const char *const *paths, size_t n, FILE *out, FILE *errors);

#endif
