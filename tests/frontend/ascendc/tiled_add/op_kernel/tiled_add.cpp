// An operator in the vendor's project layout: the tiling structure comes from
// ../op_host/tiled_add_tiling.h, its fields are runtime values (-D totalLength=... or the
// defaults the report names), and the kernel is checked once per tiling key it tests. The
// key-2 path computes in place in the input buffer and copies it out with no V->MTE3 flag,
// and nothing holds the next copy-in back until that copy-out has read it.
// args: -D totalLength=2048 -D tileNum=4
// expect: war-hazard@31 war-hazard@45 raw-hazard@46 raw-hazard@46
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void tiled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                               GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA(tilingData, tiling);
    uint32_t tileLength = tilingData.totalLength / tilingData.tileNum;
    GlobalTensor<DTYPE_X> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X *)x, tilingData.totalLength);
    yGm.SetGlobalBuffer((__gm__ DTYPE_X *)y, tilingData.totalLength);
    zGm.SetGlobalBuffer((__gm__ DTYPE_X *)z, tilingData.totalLength);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX, inY;
    TQue<QuePosition::VECOUT, 1> outZ;
    pipe.InitBuffer(inX, 1, tileLength * sizeof(DTYPE_X));
    pipe.InitBuffer(inY, 1, tileLength * sizeof(DTYPE_X));
    pipe.InitBuffer(outZ, 1, tileLength * sizeof(DTYPE_X));
    for (uint32_t t = 0; t < tilingData.tileNum; t++) {
        uint32_t at = t * tileLength + tilingData.splitOffsets[t % 4];
        LocalTensor<DTYPE_X> a = inX.AllocTensor<DTYPE_X>();
        LocalTensor<DTYPE_X> b = inY.AllocTensor<DTYPE_X>();
        DataCopy(a, xGm[at], tileLength);
        DataCopy(b, yGm[at], tileLength);
        inX.EnQue(a);
        inY.EnQue(b);
        a = inX.DeQue<DTYPE_X>();
        b = inY.DeQue<DTYPE_X>();
        if (TILING_KEY_IS(1)) {
            LocalTensor<DTYPE_X> c = outZ.AllocTensor<DTYPE_X>();
            Add(c, a, b, tileLength);
            outZ.EnQue(c);
            c = outZ.DeQue<DTYPE_X>();
            DataCopy(zGm[at], c, tileLength);
            outZ.FreeTensor(c);
        } else if (TILING_KEY_IS(2)) {
            Add(a, a, b, tileLength);
            DataCopy(zGm[at], a, tileLength);
        }
        inX.FreeTensor(a);
        inY.FreeTensor(b);
    }
}
