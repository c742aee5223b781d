// The ids fetched instead of allocated: each field initializer asks the pool for an id, but
// FetchEventID only looks at the pool (it does not take the id), so both fields get id 0 and
// the second SetFlag sets a flag that is still set.
// expect: flag-overrun@26
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 1024;

class KernelTwoInputs {
public:
    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c)
    {
        aGm.SetGlobalBuffer((__gm__ float *)a, LEN);
        bGm.SetGlobalBuffer((__gm__ float *)b, LEN);
        cGm.SetGlobalBuffer((__gm__ float *)c, LEN);
        pipe.InitBuffer(buf, 2 * LEN * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<float> aLocal = buf.Get<float>();
        LocalTensor<float> bLocal = aLocal[LEN];
        DataCopy(aLocal, aGm, LEN);
        SetFlag<HardEvent::MTE2_V>(aReady);
        DataCopy(bLocal, bGm, LEN);
        SetFlag<HardEvent::MTE2_V>(bReady);
        WaitFlag<HardEvent::MTE2_V>(aReady);
        WaitFlag<HardEvent::MTE2_V>(bReady);
        Max(aLocal, aLocal, bLocal, LEN);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(cGm, aLocal, LEN);
    }
    __aicore__ inline ~KernelTwoInputs()
    {
    }

private:
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    GlobalTensor<float> aGm, bGm, cGm;
    int32_t aReady = GetTPipePtr()->FetchEventID<HardEvent::MTE2_V>();
    int32_t bReady = GetTPipePtr()->FetchEventID<HardEvent::MTE2_V>();
};

extern "C" __global__ __aicore__ void max_two(GM_ADDR a, GM_ADDR b, GM_ADDR c)
{
    KernelTwoInputs op;
    op.Init(a, b, c);
    op.Process();
}
