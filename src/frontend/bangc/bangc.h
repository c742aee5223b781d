/* The BANG C frontend: a .mlu source lowered to PIR for the launch's task type (bangc.c). */
#ifndef AS_FRONTEND_BANGC_BANGC_H
#define AS_FRONTEND_BANGC_BANGC_H

#include <stdbool.h>

#include "../../model/model.h"
#include "../pir/lowering.h"

bool bangc_lower(const struct source *src, const struct frontend_options *o,
                 const struct model *m, struct lowered_source *out, struct diag_list *diags);

#endif
