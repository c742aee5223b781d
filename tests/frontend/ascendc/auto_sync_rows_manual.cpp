// auto_sync_rows.cpp with the S -> V pairs written by hand on one id and auto-sync off: V waits
// for each row's copy before it reaches the row's S_V wait, so the scalar unit may set the flag
// for the next row while it is still set: a flag set twice (an overrun).
// expect(--auto-sync=off): flag-overrun@24
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void row_bias(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> rows, bias;
    pipe.InitBuffer(rows, 4096);
    pipe.InitBuffer(bias, 4096);
    LocalTensor<float> t = rows.Get<float>();
    LocalTensor<float> b = bias.Get<float>();
    GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer((__gm__ float *)x, 1024);
    yg.SetGlobalBuffer((__gm__ float *)y, 1024);
    for (int r = 0; r < 8; r++) {
        DataCopy(t[r * 128], xg[r * 128], 128);
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
        b.SetValue(r * 128, 1.0f);
        SetFlag<HardEvent::S_V>(1);
        WaitFlag<HardEvent::S_V>(1);
        Add(t[r * 128], t[r * 128], b[r * 128], 128);
        SetFlag<HardEvent::V_MTE2>(1);
        WaitFlag<HardEvent::V_MTE2>(1);
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yg, t, 1024);
}
