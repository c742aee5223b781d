// A MIX kernel launched on several AI cores: each group's cube core writes its own block of the
// workspace (GetBlockIdx() is the group there) and sets flag 3 in mode 2; its two vector cores
// (GetBlockIdx() 2 * group and 2 * group + 1) wait, then read their halves of that block. With
// -D block_num=N the kernel is lowered as N clusters of one AIC and two AIVs; mode 2 links only
// the cores of one cluster, as it links the cores of one AI core on the device.
// expect: clean
// expect(-D block_num=3): clean
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
        int64_t group = GetBlockIdx() / GetTaskRation();
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
