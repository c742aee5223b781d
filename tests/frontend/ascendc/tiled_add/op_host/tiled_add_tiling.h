// Host-side tiling definition of the operator, in the vendor's macro style: the frontend
// turns it into the struct the kernel's GET_TILING_DATA reads (src/frontend/build_emulation.c).
#ifndef TILED_ADD_TILING_H
#define TILED_ADD_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
constexpr uint32_t MAX_SPLIT = 4;

BEGIN_TILING_DATA_DEF(TiledAddTilingData)
    TILING_DATA_FIELD_DEF(uint32_t, totalLength);
    TILING_DATA_FIELD_DEF(uint32_t, tileNum);
    TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_SPLIT, splitOffsets);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TiledAdd, TiledAddTilingData)
}  // namespace optiling
#endif
