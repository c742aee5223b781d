/* Which chip an operator's kernel is read for: the vendor's build compiles a kernel for each
 * chip its definition names (op_socs.h) and for no other, so a kernel is read as a model
 * describing one of them (the model's socs), not as the default's when the operator is never
 * built for that. */
#ifndef AS_FRONTEND_ASCENDC_OP_CHIP_H
#define AS_FRONTEND_ASCENDC_OP_CHIP_H

#include <stdbool.h>

#include "../../model/model.h"
#include "../../util/diag.h"
#include "../../util/source.h"
#include "../pir/lowering.h"

/* The model to read `src` as, given `m` (the caller's reference; `asked`: an option named
 * it). A model the operator's definition builds for, or without a definition or socs to
 * compare, is kept. Otherwise: when asked, kept with a note; else the first model of the
 * search path that describes one of the operator's chips and reads Ascend C, m freed and
 * a note said; none: NULL, m freed, an unsupported error at the source in diags. *note is
 * malloc'ed (a line of the lowered file's header) or NULL. */
struct model *op_chip_model(const struct source *src, const struct frontend_options *o,
                            struct model *m, bool asked, char **note, struct diag_list *diags);

#endif
