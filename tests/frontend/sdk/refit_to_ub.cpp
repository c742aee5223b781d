// Sizes guessed that do not fit UB, read through the SDK: two queues of rowLength * colLength
// floats take 512 KiB of addresses under the first guesses (256 each), past the 192 KiB of
// UB. Through the SDK the queues are addresses the SDK's TPipe gives out in one memory, so
// what does not fit is the extent the kernel addresses in it; the entry is lowered again with
// the size guesses halved until that fits (128 each: 128 KiB), and under that guess the copy
// out that does not wait for the vector unit is the one finding. Before the search ran
// through the SDK, the first guesses stood: an out-of-bounds the kernel does not have, and
// the kernel not said to be checked under guesses.
// expect: raw-hazard@40
// expect(-D rowLength=256 -D colLength=256): out-of-bounds@0 raw-hazard@40
#include "kernel_operator.h"
using namespace AscendC;

struct RefitTiling {
    uint32_t rowLength;
    uint32_t colLength;
};

constexpr int32_t BUFFER_NUM = 1;

extern "C" __global__ __aicore__ void refit_to_ub(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                 GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(RefitTiling, t, tiling);
    uint32_t tile = t.rowLength * t.colLength;
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, tile);
    yGm.SetGlobalBuffer((__gm__ float *)y, tile);
    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue;
    pipe.InitBuffer(inQueue, BUFFER_NUM, tile * sizeof(float));
    pipe.InitBuffer(outQueue, BUFFER_NUM, tile * sizeof(float));
    LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
    DataCopy(xLocal, xGm, tile);
    inQueue.EnQue(xLocal);
    xLocal = inQueue.DeQue<float>();
    LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
    Muls(yLocal, xLocal, 2.0f, tile);
    DataCopy(yGm, yLocal, tile);
    inQueue.FreeTensor(xLocal);
    outQueue.FreeTensor(yLocal);
}
