// GetDataBlockSizeInBytes() is the 32-byte data block: the copy moves two blocks (16 floats,
// bytes [0, 64)), which the Adds then reads with no flag in between (tests/frontend.py checks
// the bytes in the message).
// expect: raw-hazard@16
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void two_blocks(GM_ADDR x)
{
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    LocalTensor<float> u(TPosition::VECOUT, 256, 64);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    int32_t n = 2 * GetDataBlockSizeInBytes() / sizeof(float);
    DataCopy(t, xGm, n);
    Adds(u, t, 1.0f, n);
}
