// Manual synchronization without queues: a TBuf holds x, the copy-in is ordered before the
// vector op by SetFlag/WaitFlag on an id fetched from the pipe, the copy-out by a raw
// set_flag/wait_flag pair, and PipeBarrier<PIPE_V> orders the two vector ops.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void scale_add(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * LEN * sizeof(float));
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, LEN);
    zGm.SetGlobalBuffer((__gm__ float *)z, LEN);
    LocalTensor<float> xLocal = buf.Get<float>();
    LocalTensor<float> yLocal = xLocal[LEN];

    DataCopy(xLocal, xGm, LEN);
    int32_t eventId = static_cast<int32_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
    SetFlag<HardEvent::MTE2_V>(eventId);
    WaitFlag<HardEvent::MTE2_V>(eventId);
    Muls(yLocal, xLocal, 2.0f, LEN);
    PipeBarrier<PIPE_V>();
    Add(yLocal, yLocal, xLocal, LEN);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    DataCopy(zGm, yLocal, LEN);
}
