// (h) A kernel long on its own: a scalar loop of 40,000 iterations (3 calls each) runs before
// any size guess is read, past the share of --max-events a lowering under guessed sizes may
// run (100,000). Smaller sizes would not shorten it, so the lowering runs to the whole budget
// under the guesses by name (tileLength = 256), and the header gives no other reason.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

struct OwnLoopTiling {
    uint32_t tileLength;
};

__aicore__ inline float Weight(uint32_t i, uint32_t j)
{
    return (float)(i * j) / (float)(i + j + 1);
}

extern "C" __global__ __aicore__ void long_own_loop(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                   GM_ADDR tiling)
{
    float bias = 0;
    for (uint32_t i = 0; i < 40000; i++)
        bias += Weight(i, 1) + Weight(1, i) + Weight(i, i);
    GET_TILING_DATA_WITH_STRUCT(OwnLoopTiling, t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    yGm.SetGlobalBuffer((__gm__ float *)y, 1024);
    TPipe pipe;
    TBuf<QuePosition::VECCALC> buf;
    pipe.InitBuffer(buf, t.tileLength * sizeof(float));
    LocalTensor<float> local = buf.Get<float>();
    DataCopy(local, xGm, t.tileLength);
    local.SetValue(0, local.GetValue(0) + bias);
    DataCopy(yGm, local, t.tileLength);
}
