// Two Fixpipes write the left and right column halves of C: mSize rows of nSize = N / 2
// elements, dstStride = N elements apart, the second from column N / 2. Their rows interleave
// but never share a byte, and the writes are recorded row by row (docs/frontends.md): clean.
// fixpipe_column_overlap.cpp starts the second half 16 columns early, and its rows meet.
// expect: clean
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
    Fixpipe(cGm[N / 2], c1[M * N / 2], fix);
}
