/* Lowering an Ascend C source read through the vendor SDK (--sdk): the kernel is parsed with
 * the SDK's own headers and the prelude (prelude/accelsync_sdk.h), every API call runs as
 * the SDK implements it, and the compiler's intrinsics it reaches are the ISA layer's
 * (../isa/isa.h). */
#ifndef AS_FRONTEND_ASCENDC_SDK_LOWER_H
#define AS_FRONTEND_ASCENDC_SDK_LOWER_H

#include <stdbool.h>

#include "../../../util/diag.h"
#include "../../../util/source.h"
#include "../../pir/lowering.h"
#include "sdk_layout.h"

struct model;
struct op_dtypes;

/* dtypes: the op definition's variant the kernel is read with (op_dtypes.h). */
bool sdk_lower(const struct source *src, const struct frontend_options *o,
               const struct op_dtypes *dtypes, const struct model *m,
               const struct sdk_layout *sdk, struct lowered_source *out, struct diag_list *diags);

#endif
