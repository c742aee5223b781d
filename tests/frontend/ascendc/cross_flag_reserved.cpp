// cross_core_flags.cpp on flag 12: the hardware has flags 0 to 15, but the SDK's own SyncAll
// uses 11, 12 and 14, and the vendor's page leaves a kernel 0 to 10 (the model's user-flags):
// both calls are a bad-event-id, and the order the flag gives is still checked (no race).
// expect: bad-event-id@26 bad-event-id@27
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void rotate_reserved_flag(GM_ADDR x, GM_ADDR y, GM_ADDR workspace)
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
    CrossCoreSetFlag<0x0, PIPE_MTE3>(12);
    CrossCoreWaitFlag(12);
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    DataCopy(t, workGm[next * LEN], LEN);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm[me * LEN], t, LEN);
}
