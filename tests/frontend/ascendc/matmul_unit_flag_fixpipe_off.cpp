// matmul_unit_flag.cpp with the Fixpipe's unitFlag left at 0: the vendor asks for both or
// neither. The Fixpipe no longer waits for the last Mmad of the first tile (RAW on L0C), and
// nothing takes that Mmad's computed mark: the second tile's first Mmad waits for the tile to
// be moved out for ever (on the device too), and the mark is still set at the end.
// expect: deadlock@73 unmatched-signal@73 raw-hazard@83
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint16_t M = 64, N = 64, K = 32;
constexpr int TILES = 2, KTILES = 2;

extern "C" __global__ __aicore__ void matmul_unit_flag(GM_ADDR a, GM_ADDR b, GM_ADDR c)
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
    pipe.InitBuffer(cBuf, M * N * sizeof(float));
    GlobalTensor<half> aGm, bGm;
    GlobalTensor<float> cGm;
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K * KTILES);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N * KTILES * TILES);
    cGm.SetGlobalBuffer((__gm__ float *)c, M * N * TILES);
    LocalTensor<float> c1 = cBuf.Get<float>();

    for (int t = 0; t < TILES; t++) {
        for (int k = 0; k < KTILES; k++) {
            LocalTensor<half> a1 = inQueueA1.AllocTensor<half>();
            LocalTensor<half> b1 = inQueueB1.AllocTensor<half>();
            Nd2NzParams nd;
            nd.nValue = M;
            nd.dValue = K;
            nd.srcDValue = K;
            nd.dstNzC0Stride = M;
            nd.dstNzNStride = 1;
            DataCopy(a1, aGm[k * M * K], nd);
            nd.nValue = K;
            nd.dValue = N;
            nd.srcDValue = N;
            nd.dstNzC0Stride = K;
            DataCopy(b1, bGm[(t * KTILES + k) * K * N], nd);
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
            mm.cmatrixInitVal = k == 0;
            mm.unitFlag = k + 1 == KTILES ? 3 : 2;
            Mmad(c1, a2Ready, b2Ready, mm);
            inQueueA2.FreeTensor(a2Ready);
            inQueueB2.FreeTensor(b2Ready);
        }
        FixpipeParamsV220 fix;
        fix.nSize = N;
        fix.mSize = M;
        fix.srcStride = M;
        fix.dstStride = N;
        fix.unitFlag = 0;  // forgotten
        Fixpipe(cGm[t * M * N], c1, fix);
    }
}
