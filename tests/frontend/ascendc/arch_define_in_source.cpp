// Arch macros are the model's: a -D of one picks the model that defines it so (-D
// __NPU_ARCH__=1001 is ascend910, whose path here lacks the flag), a value no model has is an
// input error, and a -D of a core type's macro is refused (the frontend parses each core
// type's code with its own). The source's own #define of __CCE_AICORE__ to another value than
// the model's is reported at the #define when the file is read for ascend910b2 (220); for
// ascend910 (100) it agrees.
// expect: unsupported@17
// expect(-D __NPU_ARCH__=1001): raw-hazard@30
// expect(--arch 1001): raw-hazard@30
// expect(-D __NPU_ARCH__=3510): input-error@0
// expect(-D __DAV_C220_VEC__=1): input-error@0
// expect(-D __NPU_ARCH__=1001 -D __CCE_AICORE__=220): input-error@0
// expect(--arch 2201 -D __NPU_ARCH__=1001): input-error@0
#include "kernel_operator.h"
using namespace AscendC;

#define __CCE_AICORE__ 100

extern "C" __global__ __aicore__ void per_arch(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    DataCopy(t, xGm, 64);
#if __NPU_ARCH__ == 2201
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
#endif
    DataCopy(yGm, t, 64);
}
