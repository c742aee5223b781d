/* Test helpers shared by the suites that start from PIR text: parse, lower and run the
 * engines on inline kernels with the models of the source tree. */
#ifndef AS_TESTS_HELPERS_H
#define AS_TESTS_HELPERS_H

#include "check/run.h"
#include "lower/lower.h"

/* Points the model search at the source tree's hwmodels/. */
void use_source_models(void);
/* Checks `pir` as file "t.pir" with default options (reference engine if asked). */
void check_pir(const char *pir, bool reference, struct file_result *out);
/* The findings of a result as "check@line" words joined by spaces ("" when clean). */
const char *verdict_of(const struct file_result *r);

/* The text report of `pir` checked as in check_pir; free() the result. */
char *text_report_of(const char *pir);

/* A parsed program and model, lowered once (first kernel, first assignment, first path). */
struct lowered {
    struct source *src;
    struct ast_program *ast;
    struct model *model;
    struct lw_program *p;
    struct diag_list diags;
    bool stopped;
};
/* `assignment` may be NULL. */
void lower_pir(const char *pir, const struct binding_list *assignment, struct lowered *out);
void lowered_free(struct lowered *l);

#endif
