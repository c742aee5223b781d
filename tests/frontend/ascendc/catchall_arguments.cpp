// A variable given to an API declared with a catch-all parameter pack (CompareScalar here)
// keeps its value: only a parameter declared as a reference to a non-const scalar is written
// by the call (gather.cpp). `n` still counts 64 elements afterwards: the Duplicate writes 256
// bytes of a 256-byte buffer, in bounds, and the vector instructions are ordered by the
// compiler's V barriers: clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void compare_then_fill(GM_ADDR x)
{
    LocalTensor<float> a(TPosition::VECCALC, 0, 64), b(TPosition::VECCALC, 256, 64);
    LocalTensor<uint8_t> mask(TPosition::VECCALC, 512, 32);
    int32_t n = 64;
    Duplicate(a, 1.0f, n);
    CompareScalar(mask, a, 0.5f, CMPMODE::GT, n);
    Duplicate(b, 0.0f, n);
}
