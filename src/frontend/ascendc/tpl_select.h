/* Tiling-key templates (docs/frontends.md, "Entries"): an operator declares its kernel's
 * template parameters with ASCENDC_TPL_ARGS_DECL and the combinations the build instantiates
 * with ASCENDC_TPL_SEL (the stub template_argument.h turns both into arrays of calls); the
 * kernel is `template <...> __global__ __aicore__ void op(...)`, which no line of the source
 * instantiates. This reads the selections from a parse and writes the instances as calls after
 * the source's last line, for a second parse to find as entries. */
#ifndef AS_FRONTEND_ASCENDC_TPL_SELECT_H
#define AS_FRONTEND_ASCENDC_TPL_SELECT_H

#include "../clang/clang_api.h"
#include <stdbool.h>

#include "../../util/diag.h"
#include "../pir/lowering.h"

struct tpl_plan {
    char *appended;                 /* the instances' calls (frontend_options.appended) */
    struct define *defines;         /* the -D options less those of template parameters,
                                     * which are neither macros nor runtime values */
    struct frontend_options options;    /* the caller's, with the two above */
};

enum tpl_status {
    TPL_NONE,           /* no tiling-key template: the parse stands */
    TPL_PARSE_AGAIN,    /* ASCENDC_TPL_* declarations, but no kernel template in the parse: a
                         * -D of a template parameter's name in capitals was a macro that
                         * broke it; parse again with plan->options and ask again */
    TPL_INSTANCES,      /* parse again with plan->options, which instantiate the template */
};

/* What to do about the ASCENDC_TPL_* declarations of tu: when its main file defines a kernel
 * template they select instances of, TPL_INSTANCES with the plan for the parse that
 * instantiates them (-D NAME=V of a template parameter keeps the instances with that value).
 * What cannot be instantiated (a data type without a C++ type, a parameter count that does
 * not match) is reported in diags (unsupported, at the kernel); then plan->appended may be
 * NULL. */
enum tpl_status tpl_plan(CXTranslationUnit tu, const char *path, const struct frontend_options *o,
                         struct tpl_plan *plan, struct diag_list *diags);
void tpl_plan_free(struct tpl_plan *plan);

#endif
