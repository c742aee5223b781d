// matmul_mix_compile_time.cpp without the vector half's CrossCoreWaitFlag: the vector cores
// may read the workspace before the cube's fixpipe has written it (RAW across cores, found
// only because the cube half, which the vector core's parse never sees, is parsed too), and
// the cube's flag is never taken.
// expect: unmatched-signal@66 raw-hazard@76
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint16_t M = 32, N = 32, K = 32;
constexpr int32_t HALF = M * N / 2;

extern "C" __global__ __aicore__ void matmul_relu(GM_ADDR a, GM_ADDR b, GM_ADDR y,
                                                  GM_ADDR workspace)
{
    TPipe pipe;
    GlobalTensor<float> work;
    work.SetGlobalBuffer((__gm__ float *)workspace, M * N);
#if defined(__DAV_C220_CUBE__)
    {
        TBuf<TPosition::A1> a1Buf;
        TBuf<TPosition::B1> b1Buf;
        TBuf<TPosition::A2> a2Buf;
        TBuf<TPosition::B2> b2Buf;
        TBuf<TPosition::CO1> c1Buf;
        pipe.InitBuffer(a1Buf, M * K * sizeof(half));
        pipe.InitBuffer(b1Buf, K * N * sizeof(half));
        pipe.InitBuffer(a2Buf, M * K * sizeof(half));
        pipe.InitBuffer(b2Buf, K * N * sizeof(half));
        pipe.InitBuffer(c1Buf, M * N * sizeof(float));
        GlobalTensor<half> aGm, bGm;
        aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
        bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
        LocalTensor<half> a1 = a1Buf.Get<half>(), b1 = b1Buf.Get<half>();
        LocalTensor<half> a2 = a2Buf.Get<half>(), b2 = b2Buf.Get<half>();
        LocalTensor<float> c1 = c1Buf.Get<float>();
        Nd2NzParams nd;
        nd.nValue = M;
        nd.dValue = K;
        nd.srcDValue = K;
        nd.dstNzC0Stride = M;
        nd.dstNzNStride = 1;
        DataCopy(a1, aGm, nd);
        DataCopy(b1, bGm, nd);
        SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
        LoadData2DParams load;
        load.repeatTimes = M * K * sizeof(half) / 512;
        load.srcStride = 1;
        LoadData(a2, a1, load);
        LoadData(b2, b1, load);
        SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
        WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
        MmadParams mm;
        mm.m = M;
        mm.n = N;
        mm.k = K;
        Mmad(c1, a2, b2, mm);
        SetFlag<HardEvent::M_FIX>(EVENT_ID0);
        WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
        FixpipeParamsV220 fix;
        fix.nSize = N;
        fix.mSize = M;
        fix.srcStride = M;
        fix.dstStride = N;
        Fixpipe(work, c1, fix);
        CrossCoreSetFlag<0x2, PIPE_FIX>(0x1);
    }
#endif
#if defined(__DAV_C220_VEC__)
    {
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, HALF * sizeof(float));
        GlobalTensor<float> yGm;
        yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * HALF, HALF);
        LocalTensor<float> t = buf.Get<float>();
        DataCopy(t, work[GetBlockIdx() * HALF], HALF);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        Relu(t, t, HALF);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(yGm, t, HALF);
    }
#endif
}
