// A host tiling header that defines the operator's structure but does not register it (the
// registration is in a .cpp the frontend does not read): GET_TILING_DATA reads the structure
// named after the operator, UnregisteredTilingTilingData.
#ifndef UNREGISTERED_TILING_TILING_H
#define UNREGISTERED_TILING_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(OtherTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, unused);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(UnregisteredTilingTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, length);
END_TILING_DATA_DEF;
}  // namespace optiling
#endif
