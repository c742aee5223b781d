// A MIX kernel's vector cores find their half of the cube's block with GetSubBlockIdx() and
// GetTaskRation() (2 on a vector core of a group of one cube and two vector cores, 1 on the
// cube core): the AIVs read workspace bytes [0, 2048) and [2048, 4096) after the cube sets
// flag 3 in mode 2 from FIX. Without the wait the reads would race the fixpipe (see
// matmul_mix_no_wait.cpp).
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK = 1024;

extern "C" __global__ __aicore__ void split_halves(GM_ADDR y, GM_ADDR workspace)
{
    TPipe pipe;
    GlobalTensor<float> work;
    work.SetGlobalBuffer((__gm__ float *)workspace, BLOCK);
    if ASCEND_IS_AIC {
        TBuf<TPosition::CO1> c1Buf;
        pipe.InitBuffer(c1Buf, BLOCK * sizeof(float));
        LocalTensor<float> c1 = c1Buf.Get<float>();
        FixpipeParamsV220 fix;
        fix.nSize = 32;
        fix.mSize = 32;
        fix.srcStride = 32;
        fix.dstStride = 32;
        Fixpipe(work, c1, fix);
        CrossCoreSetFlag<0x2, PIPE_FIX>(0x3);
    }
    if ASCEND_IS_AIV {
        int64_t half = BLOCK / GetTaskRation();
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, half * sizeof(float));
        LocalTensor<float> t = buf.Get<float>();
        GlobalTensor<float> yGm;
        yGm.SetGlobalBuffer((__gm__ float *)y + GetSubBlockIdx() * half, half);
        CrossCoreWaitFlag(0x3);
        DataCopy(t, work[GetSubBlockIdx() * half], half);
        SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        DataCopy(yGm, t, half);
    }
}
