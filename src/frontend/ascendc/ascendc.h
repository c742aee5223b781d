/* The Ascend C frontend: a kernel source lowered to PIR on the cores it runs on (ascendc.c). */
#ifndef AS_FRONTEND_ASCENDC_ASCENDC_H
#define AS_FRONTEND_ASCENDC_ASCENDC_H

#include <stdbool.h>

#include "../../model/model.h"
#include "../pir/lowering.h"

bool ascendc_lower(const struct source *src, const struct frontend_options *o,
                   const struct model *m, struct lowered_source *out, struct diag_list *diags);

#endif
