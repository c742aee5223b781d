// Another architecture's structure, with a constant of the same name in a namespace of its
// own on the host: read as text, only the first definition of the name is kept.
#ifndef ROW_LIMITS_ARCH35_H
#define ROW_LIMITS_ARCH35_H
#include "register/tilingdata_base.h"
namespace optiling::arch35 {
constexpr uint32_t MAX_ROWS = 16;

BEGIN_TILING_DATA_DEF(RowCommonTilingDataArch35)
    TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_ROWS, rowStarts);
END_TILING_DATA_DEF;
}
#endif
