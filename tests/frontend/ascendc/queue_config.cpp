// A TQue may take the address of a constant TQueConfig as its third argument; the
// configuration does not change the queue's flags (the frontend reads none of its fields).
// One tile in and out through a VECIN and a VECOUT queue: clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr TQueConfig CONFIG = {false, false, false, 0, 1, 0, {}};

extern "C" __global__ __aicore__ void configured(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1, &CONFIG> in;
    TQue<QuePosition::VECOUT, 1, &CONFIG> out;
    pipe.InitBuffer(in, 1, 256);
    pipe.InitBuffer(out, 1, 256);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    in.EnQue(a);
    LocalTensor<float> b = in.DeQue<float>();
    LocalTensor<float> c = out.AllocTensor<float>();
    Exp(c, b, 64);
    out.EnQue(c);
    in.FreeTensor(b);
    LocalTensor<float> d = out.DeQue<float>();
    DataCopy(yGm, d, 64);
    out.FreeTensor(d);
}
