// The tiling structure of host_add: the kernel reads it with GET_TILING_DATA, the host tiling
// function (host_add_tiling.cpp) fills it.
#ifndef HOST_ADD_TILING_H
#define HOST_ADD_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HostAddTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, blockLength);
    TILING_DATA_FIELD_DEF(uint32_t, tileNum);
    TILING_DATA_FIELD_DEF(uint32_t, tileLength);
    TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(HostAdd, HostAddTilingData);
}  // namespace optiling
#endif
