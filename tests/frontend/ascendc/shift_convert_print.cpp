// ShiftLeft and ShiftRight are V instructions in the Adds shape (vshl, vshr); ToFloat is a
// scalar conversion and printf a debug print: neither touches a tensor. The ShiftLeft reads
// the tile the MTE2 copy fills with no flag in between; the ShiftRight after it is ordered by
// auto-sync's V barrier.
// expect: raw-hazard@20
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void shift(GM_ADDR x, GM_ADDR s)
{
    LocalTensor<int16_t> t(TPosition::VECIN, 0, 128);
    LocalTensor<int16_t> u(TPosition::VECOUT, 256, 128);
    GlobalTensor<int16_t> xGm;
    GlobalTensor<bfloat16_t> sGm;
    xGm.SetGlobalBuffer((__gm__ int16_t *)x, 128);
    sGm.SetGlobalBuffer((__gm__ bfloat16_t *)s, 1);
    float scale = ToFloat(sGm.GetValue(0));
    printf("scale %f\n", scale);
    DataCopy(t, xGm, 128);
    ShiftLeft(u, t, (int16_t)2, 128);
    ShiftRight(u, u, (int16_t)1, 128);
}
