// A member set in the body of a macro that pastes tokens (set_##field, as tiling structures
// are declared): libclang places every token of the body at the invocation, and a pasting
// macro is not expanded again to find the operator, so `field = v` cannot be read. Taking it
// for anything but a store would copy 0 elements and pass: it is unsupported instead.
// expect: unsupported@10
#include "kernel_operator.h"
using namespace AscendC;
#define FIELD(type, field) type field = 0; void set_##field(type v) { field = v; }
struct Holder {
    FIELD(uint32_t, n);
};

extern "C" __global__ __aicore__ void macro_pasted_operator(GM_ADDR x)
{
    Holder h;
    h.set_n(64);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    LocalTensor<float> a(TPosition::VECIN, 0, 1024);
    DataCopy(a, xGm, h.n);
}
