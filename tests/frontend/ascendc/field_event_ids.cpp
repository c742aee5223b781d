// Event ids as default member initializers, the way many operators keep them: each id is
// allocated from the pipe's pool when the kernel object is built (AllocEventID occupies
// the id, so the second field gets the next one) and given back in the destructor.
// expect: clean
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
        GetTPipePtr()->ReleaseEventID<HardEvent::MTE2_V>(aReady);
        GetTPipePtr()->ReleaseEventID<HardEvent::MTE2_V>(bReady);
    }

private:
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    GlobalTensor<float> aGm, bGm, cGm;
    int32_t aReady = GetTPipePtr()->AllocEventID<HardEvent::MTE2_V>();
    int32_t bReady = GetTPipePtr()->AllocEventID<HardEvent::MTE2_V>();
};

extern "C" __global__ __aicore__ void max_two(GM_ADDR a, GM_ADDR b, GM_ADDR c)
{
    KernelTwoInputs op;
    op.Init(a, b, c);
    op.Process();
}
