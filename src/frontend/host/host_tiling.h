/* Running an operator's own host tiling function (docs/frontends.md, "Host tiling"): with
 * --shape, the op's op_host/ source is parsed against the frontend's host API declarations
 * (stubs/), the function it registers (IMPL_OP_OPTILING(Op).Tiling(F), an OpDef's
 * AICore().SetTiling(F), else optiling::TilingFunc) is run by the interpreter on the model's
 * chip, and the fields, tiling key and block dim it sets become the kernel's runtime values.
 * What cannot be run is a host-tiling warning, and the kernel keeps the guessed values. */
#ifndef AS_FRONTEND_HOST_TILING_H
#define AS_FRONTEND_HOST_TILING_H

#include <stddef.h>

#include "../../util/diag.h"
#include "../../util/source.h"
#include "../pir/lowering.h"

struct model;

struct host_tiling {
    struct define *defines;     /* the host's values first, then o's own (a -D wins); NULL:
                                 * nothing computed, use o's */
    size_t ndefines;
    char *note;                 /* the header line saying where the tiling values come from;
                                 * NULL: the kernel is not an op with host code */
    char **owned;               /* strings the defines point to */
    size_t nowned;
};

/* Runs src's operator's host tiling for o's --shape, --dtype and --attr on model m. A bad
 * input (an unknown input name or data type) is an input-error in diags; false then. */
bool host_tiling_run(const struct source *src, const struct frontend_options *o,
                     const struct model *m, struct host_tiling *t, struct diag_list *diags);
void host_tiling_free(struct host_tiling *t);

#endif
