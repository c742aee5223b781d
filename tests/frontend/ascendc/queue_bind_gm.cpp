// TQueBind<GM, VECIN> and TQueBind<VECOUT, GM> spell out the data flow of a VECIN and a VECOUT
// queue and take their flags: MTE2 -> V on the way in (given back V -> MTE2), V -> MTE3 on
// the way out (given back MTE3 -> V). The first kernel uses them as a VECIN and a VECOUT
// queue: clean. In the second, MTE3 copies out of the VECIN buffer itself, which the queue's
// flags do not cover: when the buffer comes round again, its MTE2 copy in and the vector
// writes race with that copy out.
// expect: war-hazard@46 war-hazard@49
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void bind_in_out(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQueBind<QuePosition::GM, QuePosition::VECIN, 2> in;
    TQueBind<QuePosition::VECOUT, QuePosition::GM, 2> out;
    pipe.InitBuffer(in, 2, 256);
    pipe.InitBuffer(out, 2, 256);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    yGm.SetGlobalBuffer((__gm__ float *)y, 256);
    for (int i = 0; i < 4; i++) {
        LocalTensor<float> a = in.AllocTensor<float>();
        DataCopy(a, xGm[i * 64], 64);
        in.EnQue(a);
        LocalTensor<float> b = in.DeQue<float>();
        LocalTensor<float> c = out.AllocTensor<float>();
        Abs(c, b, 64);
        out.EnQue(c);
        in.FreeTensor(b);
        LocalTensor<float> d = out.DeQue<float>();
        DataCopy(yGm[i * 64], d, 64);
        out.FreeTensor(d);
    }
}

extern "C" __global__ __aicore__ void out_of_the_in_buffer(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQueBind<QuePosition::GM, QuePosition::VECIN, 2> in;
    pipe.InitBuffer(in, 2, 256);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    yGm.SetGlobalBuffer((__gm__ float *)y, 256);
    for (int i = 0; i < 4; i++) {
        LocalTensor<float> a = in.AllocTensor<float>();
        DataCopy(a, xGm[i * 64], 64);
        in.EnQue(a);
        LocalTensor<float> b = in.DeQue<float>();
        Abs(b, b, 64);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(yGm[i * 64], b, 64);
        in.FreeTensor(b);
    }
}
