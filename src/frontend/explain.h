/* `check --explain`: the command line `accelsync check` reads a kernel source with, as a user
 * could paste it: the model's arch, the task type (BANG C) or SDK (Ascend C), -p, the -D and
 * host inputs given, the user's -I and those derived from the library's layout
 * (clang/derived_includes.h), then the file; after a `#`, what no option gives (a -p entry,
 * the op build's staging). Paths inside the working directory are shown relative to it. */
#ifndef AS_FRONTEND_EXPLAIN_H
#define AS_FRONTEND_EXPLAIN_H

#include "../util/diag.h"
#include "../util/source.h"
#include "frontend.h"

/* The line (allocated, no newline), or NULL after an error in diags (no model for it). */
char *frontend_explain(const struct source *src, const struct frontend_options *o,
                       struct diag_list *diags);

#endif
