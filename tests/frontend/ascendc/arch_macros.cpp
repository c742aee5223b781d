// Kernels choose code per arch with the compiler's macros, which are the model's data
// (<source> in hwmodels/): by default the frontend parses as the vector core of arch 2201 (AI
// core version 220, ascend910b2), whose path here has the MTE2 -> MTE3 flag: clean. For arch
// 1001 (ascend910, AI core version 100) the macros take the path without it.
// expect: clean
// expect(--arch 2201): clean
// expect(--arch 1001): raw-hazard@23
// expect(--model ascend910): raw-hazard@23
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void per_arch(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    DataCopy(t, xGm, 64);
#if __CCE_AICORE__ == 220 && __NPU_ARCH__ == 2201 && defined(__DAV_C220_VEC__)
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
#endif
    DataCopy(yGm, t, 64);
}
