// An operator in a hicann-shaped library (op_library/): its headers are found only as the
// op build stages them (../inc/platform.h is common/inc/op_kernel/platform.h,
// ../tile_copy/ is conversion/tile_copy/op_kernel/, and arch22/row_scale_impl.h's
// "../inc/platform.h" is found through the build's -I <stage>/common), and its tiling
// structure is op_host/arch22/'s, not op_host/arch35/'s. Every copy-in is flagged: clean.
// args: --auto-sync=off -D rowCount=2
// expect: clean
#include "kernel_operator.h"
#include "../inc/platform.h"
#include "arch22/row_scale_impl.h"

extern "C" __global__ __aicore__ void row_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    ScaleRows<true>(x, y, tilingData.rowLength, tilingData.rowCount);
}
