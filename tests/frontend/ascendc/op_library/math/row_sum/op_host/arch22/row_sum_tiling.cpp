// The operator's host tiling source: the frontend reads what it includes, not its code.
#include "../../../row_common/op_host/row_common_tiling.h"
#include "../../../row_common/op_host/../op_host/row_common_tiling.h"

namespace optiling {
static int RowSumTiling(void *context)
{
    constexpr uint32_t MAX_ROWS = 99;   // a function's constant: not a tiling constant
    return context != nullptr ? 0 : MAX_ROWS;
}
}  // namespace optiling
