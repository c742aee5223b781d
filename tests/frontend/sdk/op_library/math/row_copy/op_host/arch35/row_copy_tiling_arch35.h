// Another architecture's tiling definition (arch35): not the one a 910B kernel is built with;
// its field has another name, so reading it would fail the kernel's parse.
#ifndef ROW_COPY_TILING_ARCH35_H
#define ROW_COPY_TILING_ARCH35_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowCopyTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, rows35);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RowCopy, RowCopyTilingData)
}  // namespace optiling
#endif
