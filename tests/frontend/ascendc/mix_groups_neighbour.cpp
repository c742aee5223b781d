// mix_groups.cpp with each group's vector cores reading the next group's block: its cube core
// sets the flag in mode 2 for its own group only, so nothing orders that fixpipe before the
// read (a RAW across AI cores; a SyncAll would order it). On one group the next group is the
// same one, and the kernel is clean.
// expect: clean
// expect(-D block_num=2): raw-hazard@39
// expect(-D block_num=1..2): raw-hazard@39
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK = 1024;

extern "C" __global__ __aicore__ void per_group_blocks(GM_ADDR y, GM_ADDR workspace)
{
    TPipe pipe;
    GlobalTensor<float> work;
    work.SetGlobalBuffer((__gm__ float *)workspace, BLOCK * GetBlockNum());
    if ASCEND_IS_AIC {
        TBuf<TPosition::CO1> c1Buf;
        pipe.InitBuffer(c1Buf, BLOCK * sizeof(float));
        LocalTensor<float> c1 = c1Buf.Get<float>();
        FixpipeParamsV220 fix;
        fix.nSize = 32;
        fix.mSize = 32;
        fix.srcStride = 32;
        fix.dstStride = 32;
        Fixpipe(work[GetBlockIdx() * BLOCK], c1, fix);
        CrossCoreSetFlag<0x2, PIPE_FIX>(0x3);
    }
    if ASCEND_IS_AIV {
        int64_t half = BLOCK / GetTaskRation();
        int64_t group = (GetBlockIdx() / GetTaskRation() + 1) % GetBlockNum();  // the next group's
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, half * sizeof(float));
        LocalTensor<float> t = buf.Get<float>();
        GlobalTensor<float> yGm;
        yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * half, half);
        CrossCoreWaitFlag(0x3);
        DataCopy(t, work[group * BLOCK + GetSubBlockIdx() * half], half);
        SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        DataCopy(yGm, t, half);
    }
}
