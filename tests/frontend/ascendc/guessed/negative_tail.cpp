// (b) A guessed count makes a length negative: the tail after tileNum tiles of tileLength is
// blockLength - tileNum * tileLength, -256 under the first guesses (256, 2, 256), which the
// copy's uint32_t count wraps to more than 4 billion elements, a region longer than UB. The
// host never produces that tiling: halving the sizes keeps the tail negative, so the count
// guesses are tried as 1, which fits (a tail of 0), and that tiling is checked: clean, never a
// wrap or out-of-bounds error. With values the host could give (a tail of 64), clean too;
// the same negative tail from given values is an error.
// expect: clean
// expect(-D blockLength=576 -D tileNum=2 -D tileLength=256): clean
// expect(-D blockLength=256 -D tileNum=2 -D tileLength=256): out-of-bounds@38 out-of-bounds@41
#include "kernel_operator.h"
using namespace AscendC;

struct TailTiling {
    uint32_t blockLength;
    uint32_t tileNum;
    uint32_t tileLength;
};

extern "C" __global__ __aicore__ void negative_tail(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                   GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(TailTiling, t, tiling);
    int32_t tail = (int32_t)t.blockLength - (int32_t)(t.tileNum * t.tileLength);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, t.blockLength);
    yGm.SetGlobalBuffer((__gm__ float *)y, t.blockLength);
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 1> bind;
    pipe.InitBuffer(bind, 1, t.tileLength * sizeof(float));
    LocalTensor<float> tile = bind.AllocTensor<float>();
    DataCopy(tile, xGm, t.tileLength);
    bind.EnQue(tile);
    tile = bind.DeQue<float>();
    DataCopy(yGm, tile, t.tileLength);
    bind.FreeTensor(tile);
    LocalTensor<float> tailLocal = bind.AllocTensor<float>();
    DataCopy(tailLocal, xGm[t.tileNum * t.tileLength], (uint32_t)tail);
    bind.EnQue(tailLocal);
    tailLocal = bind.DeQue<float>();
    DataCopy(yGm[t.tileNum * t.tileLength], tailLocal, (uint32_t)tail);
    bind.FreeTensor(tailLocal);
}
