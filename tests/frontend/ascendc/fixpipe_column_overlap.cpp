// fixpipe_column_halves.cpp with the second half starting 16 columns early: each of its rows
// overwrites the last 16 elements of the same row of the first half, which the first Fixpipe,
// on the same pipe, may still be writing.
// expect: waw-hazard@24
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint16_t M = 16, N = 64;

extern "C" __global__ __aicore__ void halves(GM_ADDR c)
{
    TPipe pipe;
    TBuf<TPosition::CO1> cBuf;
    pipe.InitBuffer(cBuf, M * N * sizeof(float));
    GlobalTensor<float> cGm;
    cGm.SetGlobalBuffer((__gm__ float *)c, M * N);
    LocalTensor<float> c1 = cBuf.Get<float>();
    FixpipeParamsV220 fix;
    fix.nSize = N / 2;
    fix.mSize = M;
    fix.srcStride = M;
    fix.dstStride = N;
    Fixpipe(cGm, c1, fix);
    Fixpipe(cGm[N / 2 - 16], c1[M * N / 2], fix);
}
