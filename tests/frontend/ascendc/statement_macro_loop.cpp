// A loop written inside a statement macro (`do { ... } while (0)`): its declaration's `=`, the
// `<` of its condition and the `+=` of its step are read from the macro's definition, matched
// one for one with the expression tree (libclang reports every token of a macro body at the
// invocation). The loop runs over tiles of 64 elements up to `n`: with n = 320 the fifth tile
// starts past the 256-element buffer, so its copy is out of bounds.
// expect: out-of-bounds@23
#include "kernel_operator.h"
using namespace AscendC;

#define COPY_TILES(dst, src, n)                                       \
    do {                                                              \
        uint32_t step = 64;                                           \
        for (uint32_t start = 0; start < (n); start += step) {        \
            DataCopy((dst)[start], (src)[start], step);               \
        }                                                             \
    } while (0)

extern "C" __global__ __aicore__ void tiles(GM_ADDR x)
{
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 512);
    LocalTensor<float> buf(TPosition::VECIN, 0, 256);
    COPY_TILES(buf, xGm, 320);
}
