// The two-phase kernel of sync_all.cpp with its SyncAll forgotten: a core may read its
// neighbour's block of the workspace before, or while, the neighbour writes it (RAW across
// cores); the other order of the same two statements (a write landing after the read: WAR)
// is the same statement pair, reported once. Without SyncAll nothing says the kernel
// synchronizes cores: -D block_num (the launch's block count) has it checked on every core.
// expect(-D block_num=8): raw-hazard@33
// expect(-D block_num=2): raw-hazard@33
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void rotate_blocks(GM_ADDR x, GM_ADDR y, GM_ADDR workspace)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, LEN * sizeof(float));
    int64_t me = GetBlockIdx();
    int64_t next = (me + 1) % GetBlockNum();
    GlobalTensor<float> xGm, yGm, workGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, LEN * GetBlockNum());
    yGm.SetGlobalBuffer((__gm__ float *)y, LEN * GetBlockNum());
    workGm.SetGlobalBuffer((__gm__ float *)GetUserWorkspace(workspace), LEN * GetBlockNum());
    SetSysWorkspace(workspace);
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm[me * LEN], LEN);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(workGm[me * LEN], t, LEN);
    // (SyncAll forgotten)
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    DataCopy(t, workGm[next * LEN], LEN);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm[me * LEN], t, LEN);
}
