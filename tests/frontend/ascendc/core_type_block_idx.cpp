// The vendor runtime's variables: `g_coreType` (the frontend lowers a kernel on vector cores
// only, so the AIC branch is not taken) and `block_idx` (GetBlockIdx(): the kernel reads it, so
// it is lowered on each of the block_num cores, -D block_num=N). Each block copies its own
// slice; the in-place vector op reads and writes it without waiting for MTE2 (two races, at the
// same line on every core).
// expect: raw-hazard@25 waw-hazard@25
// expect(-D block_num=3): raw-hazard@25 waw-hazard@25
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void slice_scale(GM_ADDR x, GM_ADDR z)
{
    if (g_coreType == AIC) {
        return;
    }
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, LEN * sizeof(float));
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + block_idx * LEN, LEN);
    LocalTensor<float> xLocal = buf.Get<float>();
    DataCopy(xLocal, xGm, LEN);
    Muls(xLocal, xLocal, 2.0f, LEN);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
}
