// The kernel template's parameters and the instances the build makes of it, declared as an
// operator library declares them (docs/frontends.md, "Tiling-key templates"): four instances,
// <float, 0, true>, <float, 1, true>, <half, 1, false> and <half, 2, false>. Values may be
// enumerators of a scoped enum, and a list may end in a comma, as operator libraries write them.
#ifndef TPL_ADD_TILING_KEY_H
#define TPL_ADD_TILING_KEY_H

#include "ascendc/host_api/tiling/template_argument.h"

#define TPL_MODE_COPY 0
#define TPL_MODE_ADD 1
#define TPL_MODE_NONE 2
enum class TplSync : uint32_t { OFF = 0, ON = 1 };

ASCENDC_TPL_ARGS_DECL(TplAdd,
    ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT, C_DT_FLOAT16, ASCENDC_TPL_INPUT(0)),
    ASCENDC_TPL_UINT_DECL(MODE, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, TPL_MODE_COPY, TPL_MODE_ADD,
                          TPL_MODE_NONE, ),
    ASCENDC_TPL_BOOL_DECL(SYNCED, 0, 1), );

ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
                         ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT),
                         ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, TPL_MODE_COPY, TPL_MODE_ADD),
                         ASCENDC_TPL_BOOL_SEL(SYNCED, TplSync::ON)),
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT16),
                         ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_RANGE, 1, 1, 2),
                         ASCENDC_TPL_BOOL_SEL(SYNCED, TplSync::OFF), ), );

#endif
