// DTYPE_X is the build's (a -D per tensor of the op), DTYPE_MODE the kernel's own: a constant
// here and a template parameter in the header beside it. The build emulation gave every
// DTYPE_ name it saw a -D unless the same file defined it, so the header's use made
// DTYPE_MODE a macro, `constexpr uint32_t DTYPE_MODE = 1` did not compile and the entry was a
// source-error. A name declared in any of the op's files is its own: mode 1 forgets the flag
// between the copies of the header's line 12 and 17.
// expect: raw-hazard@17
#include "own_dtype_names.h"

extern "C" __global__ __aicore__ void own_dtype_names(GM_ADDR x, GM_ADDR y)
{
    constexpr uint32_t DTYPE_MODE = 1;
    GlobalTensor<DTYPE_X> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X *)x, 64);
    yGm.SetGlobalBuffer((__gm__ DTYPE_X *)y, 64);
    CopyThrough<DTYPE_MODE>(xGm, yGm);
}
