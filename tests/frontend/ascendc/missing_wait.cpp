// The same kernel with the copy-in's WaitFlag forgotten: the vector op may read x before
// MTE2 has written it, and the flag is left set at the end of the kernel.
// expect: unmatched-signal@25 raw-hazard@26 raw-hazard@28
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
    // ... the kernel once had more here; the wait went with it


    SetFlag<HardEvent::MTE2_V>(eventId);
    Muls(yLocal, xLocal, 2.0f, LEN);
    PipeBarrier<PIPE_V>();
    Add(yLocal, yLocal, xLocal, LEN);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    DataCopy(zGm, yLocal, LEN);
}
