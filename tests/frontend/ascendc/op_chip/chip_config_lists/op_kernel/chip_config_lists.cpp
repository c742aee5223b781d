// Data types per chip: the definition's config for the A2 lists float first (its own lists,
// float16 only, are what the other chips without a config of their own get), so the kernel is
// read with float, where it forgets the hand-off; with float16 (--dtype) it does not.
// expect: raw-hazard@22
// expect(--dtype x=float16): clean
#include "kernel_operator.h"
using namespace AscendC;

__global__ __aicore__ void chip_config_lists(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<DTYPE_X> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X *)x, 64);
    yGm.SetGlobalBuffer((__gm__ DTYPE_X *)y, 64);
    LocalTensor<DTYPE_X> a(TPosition::VECIN, 0, 64);
    DataCopy(a, xGm, 64);
#if ORIG_DTYPE_X == DT_FLOAT16
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
#else
    (void)0;
#endif
    DataCopy(yGm, a, 64);
}
