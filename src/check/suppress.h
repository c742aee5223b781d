/* Inline suppressions: `// accelsync: ignore(CHECK...) reason` comments (suppress.c). */
#ifndef AS_CHECK_SUPPRESS_H
#define AS_CHECK_SUPPRESS_H

#include "../util/diag.h"
#include "../util/source.h"

/* Marks the findings of diags that a directive in src covers as suppressed (finding.suppressed,
 * out of the error and warning counts), then adds bad-suppression for malformed directives and
 * unused-suppression for each check of a directive that suppressed nothing. */
void suppress_findings(const struct source *src, struct diag_list *diags);

#endif
