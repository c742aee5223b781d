// Two output tiles in the two halves of one L0C buffer, each computed by an Mmad with unitFlag
// 3, and only then both moved out by Fixpipes with unitFlag 3. Each Fixpipe hands over the
// bytes it reads (nSize columns of 16, srcStride rows apart: one half), not the view to the
// buffer's end, so the first one takes only the first half's mark. Clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint16_t M = 64, N = 64, K = 32;

extern "C" __global__ __aicore__ void pipelined(GM_ADDR a, GM_ADDR b, GM_ADDR c)
{
    TPipe pipe;
    TQue<TPosition::A1, 1> inQueueA1;
    TQue<TPosition::B1, 1> inQueueB1;
    TQue<TPosition::A2, 1> inQueueA2;
    TQue<TPosition::B2, 1> inQueueB2;
    TBuf<TPosition::CO1> cBuf;
    pipe.InitBuffer(inQueueA1, 1, M * K * sizeof(half));
    pipe.InitBuffer(inQueueB1, 1, K * N * sizeof(half));
    pipe.InitBuffer(inQueueA2, 1, M * K * sizeof(half));
    pipe.InitBuffer(inQueueB2, 1, K * N * sizeof(half));
    pipe.InitBuffer(cBuf, 2 * M * N * sizeof(float));
    GlobalTensor<half> aGm, bGm;
    GlobalTensor<float> cGm;
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
    cGm.SetGlobalBuffer((__gm__ float *)c, M * N * 2);
    LocalTensor<float> c1 = cBuf.Get<float>();

    for (int t = 0; t < 2; t++) {
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
        MmadParams mm;
        mm.m = M;
        mm.n = N;
        mm.k = K;
        mm.cmatrixInitVal = 1;
        mm.unitFlag = 3;
        Mmad(c1[t * M * N], a2Ready, b2Ready, mm);
        inQueueA2.FreeTensor(a2Ready);
        inQueueB2.FreeTensor(b2Ready);
    }
    for (int t = 0; t < 2; t++) {
        FixpipeParamsV220 fix;
        fix.nSize = N;
        fix.mSize = M;
        fix.srcStride = M;
        fix.dstStride = N;
        fix.unitFlag = 3;
        Fixpipe(cGm[t * M * N], c1[t * M * N], fix);
    }
}
