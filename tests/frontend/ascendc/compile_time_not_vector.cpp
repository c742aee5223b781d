// compile_time_cube.cpp with the cube body selected by the vector core's macro being absent
// (`#if !defined(__DAV_C220_VEC__)`): naming a macro of either core type makes the source be
// parsed as each core's, so the body is found and checked on the AIC.
// expect: raw-hazard@79
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint16_t M = 32, N = 32, K = 32;

extern "C" __global__ __aicore__ void mmad_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c)
{
#if !defined(__DAV_C220_VEC__)
    TPipe pipe;
    TQue<TPosition::A1, 1> inQueueA1;
    TQue<TPosition::B1, 1> inQueueB1;
    TQue<TPosition::A2, 1> inQueueA2;
    TQue<TPosition::B2, 1> inQueueB2;
    TQue<TPosition::CO1, 1> outQueueCO1;
    pipe.InitBuffer(inQueueA1, 1, M * K * sizeof(half));
    pipe.InitBuffer(inQueueB1, 1, K * N * sizeof(half));
    pipe.InitBuffer(inQueueA2, 1, M * K * sizeof(half));
    pipe.InitBuffer(inQueueB2, 1, K * N * sizeof(half));
    pipe.InitBuffer(outQueueCO1, 1, M * N * sizeof(float));
    GlobalTensor<half> aGm, bGm;
    GlobalTensor<float> cGm;
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
    cGm.SetGlobalBuffer((__gm__ float *)c, M * N);

    LocalTensor<half> a1 = inQueueA1.AllocTensor<half>();
    LocalTensor<half> b1 = inQueueB1.AllocTensor<half>();
    Nd2NzParams nd;
    nd.nValue = M;
    nd.dValue = K;
    nd.srcDValue = K;
    nd.dstNzC0Stride = M;
    nd.dstNzNStride = 1;
    DataCopy(a1, aGm, nd);
    nd.nValue = K;
    nd.dValue = N;
    nd.srcDValue = N;
    nd.dstNzC0Stride = K;
    DataCopy(b1, bGm, nd);
    inQueueA1.EnQue(a1);
    inQueueB1.EnQue(b1);

    LoadData2DParams load;
    load.repeatTimes = M * K * sizeof(half) / 512;
    load.srcStride = 1;
    LocalTensor<half> a1Ready = inQueueA1.DeQue<half>();
    LocalTensor<half> a2 = inQueueA2.AllocTensor<half>();
    LoadData(a2, a1Ready, load);
    inQueueA2.EnQue(a2);
    inQueueA1.FreeTensor(a1Ready);
    LocalTensor<half> b1Ready = inQueueB1.DeQue<half>();
    LocalTensor<half> b2 = inQueueB2.AllocTensor<half>();
    LoadData(b2, b1Ready, load);
    inQueueB2.EnQue(b2);
    inQueueB1.FreeTensor(b1Ready);

    LocalTensor<half> a2Ready = inQueueA2.DeQue<half>();
    LocalTensor<half> b2Ready = inQueueB2.DeQue<half>();
    LocalTensor<float> c1 = outQueueCO1.AllocTensor<float>();
    MmadParams mm;
    mm.m = M;
    mm.n = N;
    mm.k = K;
    Mmad(c1, a2Ready, b2Ready, mm);
    // (the EnQue/DeQue of the result forgotten: no M->FIX flag)
    inQueueA2.FreeTensor(a2Ready);
    inQueueB2.FreeTensor(b2Ready);

    LocalTensor<float> c1Ready = c1;
    FixpipeParamsV220 fix;
    fix.nSize = N;
    fix.mSize = M;
    fix.srcStride = M;
    fix.dstStride = N;
    Fixpipe(cGm, c1Ready, fix);
    outQueueCO1.FreeTensor(c1Ready);
#endif
}
