// The vendor runtime's variables: `g_coreType` (the frontend lowers every kernel as one AIV,
// so the AIC branch is not taken) and `block_idx` (the runtime value of GetBlockIdx(),
// -D block_idx=N). Each block copies its own slice; the in-place vector op reads and writes it
// without waiting for MTE2 (two races, at the same line for every block index).
// expect: raw-hazard@24 waw-hazard@24
// expect(-D block_idx=3): raw-hazard@24 waw-hazard@24
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
