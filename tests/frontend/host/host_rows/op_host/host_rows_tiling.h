// host_rows's tiling structure.
#ifndef HOST_ROWS_TILING_H
#define HOST_ROWS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HostRowsTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, rows);
    TILING_DATA_FIELD_DEF(uint32_t, cols);
    TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
    TILING_DATA_FIELD_DEF(uint32_t, stride);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(HostRows, HostRowsTilingData)
}  // namespace optiling
#endif
