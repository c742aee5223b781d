// Another architecture's tiling definition of the same name (Ascend 950): not the one a 910B
// kernel reads, so the frontend must not take it (it has no rowCount).
#ifndef ROW_SCALE_TILING_ARCH35_H
#define ROW_SCALE_TILING_ARCH35_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowScaleTilingData)
    TILING_DATA_FIELD_DEF(uint64_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RowScale, RowScaleTilingData)
}  // namespace optiling
#endif
