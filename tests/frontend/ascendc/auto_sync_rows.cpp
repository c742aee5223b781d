// The compiler's auto-sync in a loop over rows: each row's SetValue is read by the Add after it,
// so it puts an S -> V hand-off before every Add. V also waits for each row's copy, so it may
// not reach the hand-off of one row before the scalar unit sets the next: written as flag
// pairs on its id 7 that is a flag set twice, an overrun of the compiler's own making, which it
// does not emit (docs/frontends.md, "Auto-sync"). The hand-offs are auto_sync(S, V), the order
// they give without a flag: clean. auto_sync_rows_manual.cpp writes the pairs by hand.
// expect: clean
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
        Add(t[r * 128], t[r * 128], b[r * 128], 128);
        SetFlag<HardEvent::V_MTE2>(1);
        WaitFlag<HardEvent::V_MTE2>(1);
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yg, t, 1024);
}
