// A loop runs the same out-of-bounds copy eight times: the PIR has eight statements, the
// source one, and the finding is reported once, at the source line; it counts once toward
// --max-errors (tests/frontend.py checks that with a cap of 2).
// expect: out-of-bounds@17
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void too_long(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, 128);
    LocalTensor<float> t = calc.Get<float>();
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 512);
    for (int i = 0; i < 8; i++) {
        DataCopy(t, xGm[i * 64], 64);
        PipeBarrier<PIPE_MTE2>();
    }
}
