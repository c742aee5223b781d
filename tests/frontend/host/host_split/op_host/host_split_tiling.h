// host_split's tiling structure.
#ifndef HOST_SPLIT_TILING_H
#define HOST_SPLIT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HostSplitTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, length);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(HostSplit, HostSplitTilingData);
}  // namespace optiling
#endif
