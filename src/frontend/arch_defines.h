/* A -D of a macro that says which chip a source is for (__BANG_ARCH__, __NPU_ARCH__,
 * __CCE_AICORE__: the defines of the models' <source>) picks the model of that chip, as --arch
 * does, and is never let override the model's own value: a chip without a model is an input
 * error, not code read for one chip and checked against another. */
#ifndef AS_FRONTEND_ARCH_DEFINES_H
#define AS_FRONTEND_ARCH_DEFINES_H

#include <stdbool.h>

#include "../model/model.h"
#include "../util/diag.h"
#include "pir/lowering.h"

/* Without --arch or --model: the arch the -D options of o pick among the models of `dialect`
 * ("bangc", "ascendc"), in *arch (a string of diags' arena; NULL when no -D names a model's
 * arch macro). false, with an input-error at `at`: no model defines a macro as its -D gives
 * it, or two -D pick different models. */
bool arch_from_defines(const char *dialect, const struct frontend_options *o, struct as_loc at,
                       const char **arch, struct diag_list *diags);
/* Whether every -D of a macro that model m's <source> defines gives it m's value (and none
 * sets a core type's macro, which the frontend sets per parse); if not, an input-error at
 * `at` for each that does not. */
bool arch_defines_agree(const struct model *m, const struct frontend_options *o,
                        struct as_loc at, struct diag_list *diags);

#endif
