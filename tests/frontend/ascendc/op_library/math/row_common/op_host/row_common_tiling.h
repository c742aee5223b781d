// A tiling structure several operators register, kept in a shared host directory (as
// foreach_utils/op_host/ keeps the foreach operators'): the operators' tiling sources include
// it, here by two spellings.
#ifndef ROW_COMMON_TILING_H
#define ROW_COMMON_TILING_H
#include "register/tilingdata_base.h"
#include "row_limits_arch35.h"

namespace optiling {
constexpr uint32_t MAX_ROWS = 4;

BEGIN_TILING_DATA_DEF(RowCommonTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, rowLength);
    TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_ROWS, rowStarts);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RowSum, RowCommonTilingData)
}  // namespace optiling
#endif
