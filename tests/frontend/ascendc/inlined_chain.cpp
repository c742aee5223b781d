// Hazards between helper methods: CopyIn's MTE2 copy is ordered before nothing (its
// SetFlag/WaitFlag<MTE2_V> pair was dropped), so Compute's vector read and write, and CopyOut's
// MTE3 copy behind a V->MTE3 pair, race with it. Each finding is at the two statements inside
// the helpers; notes give the calls that reach each one, innermost first (Compute called from
// Process, Process from the kernel entry).
// expect: raw-hazard@30 waw-hazard@30 raw-hazard@35
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

class KernelScale {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y)
    {
        xGm.SetGlobalBuffer((__gm__ float *)x, LEN);
        yGm.SetGlobalBuffer((__gm__ float *)y, LEN);
        pipe.InitBuffer(buf, LEN * sizeof(float));
        t = buf.Get<float>();
    }
    __aicore__ inline void Process()
    {
        CopyIn();
        Compute();
        CopyOut();
    }

private:
    __aicore__ inline void CopyIn() { DataCopy(t, xGm, LEN); }
    __aicore__ inline void Compute() { Muls(t, t, 2.0f, LEN); }
    __aicore__ inline void CopyOut()
    {
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(yGm, t, LEN);
    }

    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    LocalTensor<float> t;
    GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y)
{
    KernelScale op;
    op.Init(x, y);
    op.Process();
}
