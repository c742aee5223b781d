// (a) Sizes guessed that do not fit UB: two double-buffered queues of rowLength * colLength
// floats are 1 MiB under the first guesses (256 each), past the 192 KiB of UB. The entry is
// lowered again with the size guesses halved until the TPipe's buffers fit (64 each: 64 KiB),
// and that guess is clean. Given values that overflow stay an error at the InitBuffer.
// expect: clean
// expect(-D rowLength=256 -D colLength=256): out-of-bounds@28 out-of-bounds@29
#include "kernel_operator.h"
using namespace AscendC;

struct RefitTiling {
    uint32_t rowLength;
    uint32_t colLength;
};

constexpr int32_t BUFFER_NUM = 2;

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
    outQueue.EnQue(yLocal);
    inQueue.FreeTensor(xLocal);
    yLocal = outQueue.DeQue<float>();
    DataCopy(yGm, yLocal, tile);
    outQueue.FreeTensor(yLocal);
}
