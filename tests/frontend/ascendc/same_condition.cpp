// A condition on data read again with the same values decides the same way: `s` is read from
// GM once, so every round of the first kernel takes the same side of `if (s > 0.5f)`, and the
// kernel is checked as two runs, not one per combination of eight rounds (256, past the limit
// of 64). Both sides order the vector write before the copy out: clean. In the second kernel
// `s` is read again between its two conditions: they decide independently, and on the run
// that sets the flag but does not wait for it, or waits without a set, the flag is left set
// or the wait never returns.
// expect: deadlock@47 unmatched-signal@42
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void same_scale(GM_ADDR scale, GM_ADDR y)
{
    GlobalTensor<float> scaleGm, yGm;
    scaleGm.SetGlobalBuffer((__gm__ float *)scale, 2);
    yGm.SetGlobalBuffer((__gm__ float *)y, 512);
    LocalTensor<float> t(TPosition::VECOUT, 0, 64);
    float s = scaleGm.GetValue(0);
    for (int i = 0; i < 8; i++) {
        Duplicate(t, s, 64);
        if (s > 0.5f) {
            SetFlag<HardEvent::V_MTE3>(0);
            WaitFlag<HardEvent::V_MTE3>(0);
        } else {
            PipeBarrier<PIPE_ALL>();
        }
        DataCopy(yGm[i * 64], t, 64);
        SetFlag<HardEvent::MTE3_V>(0);
        WaitFlag<HardEvent::MTE3_V>(0);
    }
}

extern "C" __global__ __aicore__ void scale_read_again(GM_ADDR scale, GM_ADDR y)
{
    GlobalTensor<float> scaleGm, yGm;
    scaleGm.SetGlobalBuffer((__gm__ float *)scale, 2);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t(TPosition::VECOUT, 0, 64);
    float s = scaleGm.GetValue(0);
    Duplicate(t, 1.0f, 64);
    if (s > 0.5f)
        SetFlag<HardEvent::V_MTE3>(0);
    else
        PipeBarrier<PIPE_ALL>();
    s = scaleGm.GetValue(1);
    if (s > 0.5f)
        WaitFlag<HardEvent::V_MTE3>(0);
    else
        PipeBarrier<PIPE_ALL>();
    DataCopy(yGm, t, 64);
}
