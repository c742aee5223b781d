// Code that does not compile is an input error at clang's location, not a silent skip.
// expect: source-error@10
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void broken(GM_ADDR x)
{
    GlobalTensor<half> xGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, 16);
    xGm.NoSuchMethod();
}
