// A TBuf given memory twice: the second InitBuffer places it after the first (the pipe's bump
// pointer moves on), and a tensor got before keeps the old place. The Duplicate into the new
// place does not touch what the MTE2 copy fills; the Adds reading the old tensor does, with
// no flag after the copy.
// expect: raw-hazard@23
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void again(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> tmp;
    TBuf<TPosition::VECCALC> out;
    pipe.InitBuffer(tmp, 256);
    pipe.InitBuffer(out, 256);
    LocalTensor<float> first = tmp.Get<float>();
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    DataCopy(first, xGm, 64);
    pipe.InitBuffer(tmp, 256);
    LocalTensor<float> second = tmp.Get<float>();
    Duplicate(second, 0.0f, 64);
    Adds(out.Get<float>(), first, 1.0f, 64);
}
