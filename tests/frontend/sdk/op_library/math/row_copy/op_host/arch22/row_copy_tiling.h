// The 910B (arch22) tiling definition, where hicann keeps it: op_host/arch22/.
#ifndef ROW_COPY_TILING_H
#define ROW_COPY_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowCopyTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, rowCount);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RowCopy, RowCopyTilingData)
}  // namespace optiling
#endif
