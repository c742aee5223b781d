// Two phases over a GM workspace: each core writes its block, SyncAll, then each core reads
// the block its neighbour wrote and writes it out. The kernel reads GetBlockIdx(), so it is
// lowered on each of the block_num cores (8 by default), and SyncAll is the barrier across
// them (the model's sync_all).
// expect: clean
// expect(-D block_num=3): clean
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
    SyncAll();
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    DataCopy(t, workGm[next * LEN], LEN);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm[me * LEN], t, LEN);
}
