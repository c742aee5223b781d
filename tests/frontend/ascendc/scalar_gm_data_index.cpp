// A scalar read of GM through a pointer, at an index read from data: it may read any byte of
// the buffer, the bytes the MTE3 copy writes included. With auto-sync the compiler orders the
// copy before the scalar read (MTE3->S); without it, the read races with the copy.
// expect: clean
// expect(--auto-sync=off): raw-hazard@22
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void lookup(GM_ADDR table, GM_ADDR index, GM_ADDR out)
{
    TPipe pipe;
    GlobalTensor<float> tableGm, outGm;
    tableGm.SetGlobalBuffer((__gm__ float *)table, 64);
    outGm.SetGlobalBuffer((__gm__ float *)out, 1);
    LocalTensor<float> t(TPosition::VECOUT, 0, 64);
    Duplicate(t, 0.0f, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(tableGm, t, 64);
    int32_t i = *reinterpret_cast<__gm__ int32_t *>(index);
    __gm__ float *p = reinterpret_cast<__gm__ float *>(table);
    float v = p[i];
    outGm.SetValue(0, v);
}
