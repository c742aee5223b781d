// Copy is a vector instruction (V vcopy) in repeat form, its extent the rest of each tensor.
// V instructions that depend on each other need pipe_barrier(V) between them: auto-sync adds
// it after the Duplicate; without auto-sync the Copy reads what the Duplicate may still be
// writing.
// expect: clean
// expect(--auto-sync=off): raw-hazard@15
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void copy_tile(GM_ADDR x)
{
    LocalTensor<float> a(TPosition::VECCALC, 0, 64);
    LocalTensor<float> b(TPosition::VECCALC, 256, 64);
    Duplicate(a, 1.0f, 64);
    Copy(b, a, 64, 1, {1, 1, 8, 8});
}
