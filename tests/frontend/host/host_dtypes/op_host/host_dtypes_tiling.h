// host_dtypes's tiling structure.
#ifndef HOST_DTYPES_TILING_H
#define HOST_DTYPES_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HostDtypesTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, length);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(HostDtypes, HostDtypesTilingData);
}  // namespace optiling
#endif
