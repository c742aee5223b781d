// An operator built on another's kernel code ("../row_scale/arch22/row_scale_impl.h"): its
// tiling structure is registered by row_scale's host side (REGISTER_TILING_DATA_CLASS(
// RowScaleV2, ...)), where the frontend looks for it. It drops the MTE2->V flag: the
// vector op reads the tile while the copy-in may still be writing it.
// args: --auto-sync=off -D rowCount=1
// expect: raw-hazard@29
#include "kernel_operator.h"
#include "../row_scale/arch22/row_scale_impl.h"

extern "C" __global__ __aicore__ void row_scale_v2(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                   GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    ScaleRows<false>(x, y, tilingData.rowLength, tilingData.rowCount);
}
