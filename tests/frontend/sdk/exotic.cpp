// An intrinsic the SDK calls that accelsync does not model (the fixture's vexotic): declared from
// the parse's own errors, then reported at the kernel's call into the SDK (the SDK's line in the
// message); the kernel is not verified.
// expect: unsupported@14
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void exotic(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 256);
    LocalTensor<float> a = inX.AllocTensor<float>();
    Exotic(a);
}
