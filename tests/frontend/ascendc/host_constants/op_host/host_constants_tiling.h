// Host-side tiling definition whose array size is a host constant (a size_t) that the kernel
// also defines for itself, as an int: the frontend keeps the two apart.
#ifndef HOST_CONSTANTS_TILING_H
#define HOST_CONSTANTS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
constexpr size_t MAX_DIM = 4;

BEGIN_TILING_DATA_DEF(HostConstantsTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, rowLength);
    TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_DIM, dims);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(HostConstants, HostConstantsTilingData)
}  // namespace optiling
#endif
