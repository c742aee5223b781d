// The repeat forms of vector instructions take the mask as one word or as an array of two
// (bit-wise mask); both are declared, and both touch the rest of each tensor from its start.
// The Duplicate into u and the Adds reading t, which the MTE2 copy fills unflagged, are V
// instructions: the Adds races with the copy.
// expect: raw-hazard@19
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void masked(GM_ADDR x)
{
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    LocalTensor<float> u(TPosition::VECOUT, 256, 64);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    uint64_t mask[2] = {UINT64_MAX, 0};
    Duplicate(u, 0.0f, mask, 1, 1, 8);
    DataCopy(t, xGm, 64);
    PipeBarrier<PIPE_V>();
    Adds(u, t, 1.0f, mask, 1, {1, 1, 8, 8});
}
