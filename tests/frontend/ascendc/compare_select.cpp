// Compare writes one bit per element into a mask (64 elements: 8 bytes); Select reads those
// bits and the elements of its source (the other operand a scalar). Both are V instructions
// that depend on each other: auto-sync puts pipe_barrier(V) between them; without it, Compare
// reads what the Duplicates may still be writing, and Select reads the mask bits Compare may
// still be writing (and a, which it writes over while a Duplicate may still write it).
// expect: clean
// expect(--auto-sync=off): raw-hazard@22 raw-hazard@22 raw-hazard@23 raw-hazard@23 waw-hazard@23
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void clamp_equal(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, 1024);
    LocalTensor<float> all = calc.Get<float>();
    LocalTensor<float> a = all[0];
    LocalTensor<float> b = all[64];
    LocalTensor<uint8_t> bits = all[128].ReinterpretCast<uint8_t>();
    Duplicate(a, 1.0f, 64);
    Duplicate(b, 2.0f, 64);
    Compare(bits, a, b, CMPMODE::EQ, 64);
    Select(a, bits, a, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
}
