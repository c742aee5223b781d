// (g) A guess too long to check cheaply: a scalar double loop over the tile runs tileLength x
// tileLength times (an iteration and 3 calls each), 262,144 under the first guess (256): more
// than a lowering under guessed sizes may run (1/100 of --max-events, 100,000). The sizes are
// halved until the lowering ends within that share (128: 65,536), and that guess is checked.
// With the value given, the whole loop runs, whatever its length.
// expect: clean
// expect(-D tileLength=256): clean
#include "kernel_operator.h"
using namespace AscendC;

struct LongTiling {
    uint32_t tileLength;
};

__aicore__ inline float Weight(uint32_t i, uint32_t j)
{
    return (float)(i * j) / (float)(i + j + 1);
}

extern "C" __global__ __aicore__ void long_guess(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(LongTiling, t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    yGm.SetGlobalBuffer((__gm__ float *)y, 1024);
    TPipe pipe;
    TBuf<QuePosition::VECCALC> buf;
    pipe.InitBuffer(buf, t.tileLength * sizeof(float));
    LocalTensor<float> local = buf.Get<float>();
    DataCopy(local, xGm, t.tileLength);
    float sum = local.GetValue(0);
    for (uint32_t i = 0; i < t.tileLength; i++) {
        for (uint32_t j = 0; j < t.tileLength; j++) {
            sum += Weight(i, j) + Weight(j, i) + Weight(i, i);
        }
    }
    local.SetValue(0, sum);
    DataCopy(yGm, local, t.tileLength);
}
