// host_refused's tiling structure.
#ifndef HOST_REFUSED_TILING_H
#define HOST_REFUSED_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HostRefusedTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, length);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(HostRefused, HostRefusedTilingData);
}  // namespace optiling
#endif
