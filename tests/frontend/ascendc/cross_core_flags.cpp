// The two-phase kernel of sync_all.cpp with a cross-core flag in mode 0 instead of SyncAll:
// every vector core sets flag 8 once its MTE3 copy to the workspace has ended, and waits
// until every vector core has set it (mode 0 links all cores of one type; the model's
// <cross-flags>).
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void rotate_flagged(GM_ADDR x, GM_ADDR y, GM_ADDR workspace)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, LEN * sizeof(float));
    int64_t me = GetBlockIdx();
    int64_t next = (me + 1) % GetBlockNum();
    GlobalTensor<float> xGm, yGm, workGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, LEN * GetBlockNum());
    yGm.SetGlobalBuffer((__gm__ float *)y, LEN * GetBlockNum());
    workGm.SetGlobalBuffer((__gm__ float *)workspace, LEN * GetBlockNum());
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm[me * LEN], LEN);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(workGm[me * LEN], t, LEN);
    CrossCoreSetFlag<0x0, PIPE_MTE3>(0x8);
    CrossCoreWaitFlag(0x8);
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    DataCopy(t, workGm[next * LEN], LEN);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm[me * LEN], t, LEN);
}
