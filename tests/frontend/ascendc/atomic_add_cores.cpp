// The vendor's SetAtomicAdd example: every core adds its part of the input into the same
// output, each copy from UB to GM an atomic read-modify-write (SetAtomicAdd until
// SetAtomicNone), so the cores' copies of the same bytes never race. Without the atomic mode
// the same copies are plain writes of one output by three cores: a waw-hazard.
// args: -D block_num=3
// expect: waw-hazard@21
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline void AddInto(GM_ADDR x, GM_ADDR z, bool atomic)
{
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * 256, 256);
    zGm.SetGlobalBuffer((__gm__ float *)z, 256);
    LocalTensor<float> t(TPosition::VECOUT, 0, 256);
    DataCopy(t, xGm, 256);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    if (atomic)
        SetAtomicAdd<float>();
    DataCopy(zGm, t, 256);
    if (atomic)
        SetAtomicNone();
}

extern "C" __global__ __aicore__ void atomic_add(GM_ADDR x, GM_ADDR z)
{
    AddInto(x, z, true);
}

extern "C" __global__ __aicore__ void plain_copy(GM_ADDR x, GM_ADDR z)
{
    AddInto(x, z, false);
}
