// The tiling function is in op_host/host_split_tiling.cpp, the definition
// that registers it in op_host/host_split_def.cpp. With --shape x=64 the copy moves the
// 64 floats its buffer holds (clean); the guessed 256 overrun it.
// args: --auto-sync=off
// expect: note:out-of-bounds@18 note:out-of-bounds@21
// expect(--shape x=64): clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void host_split(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                 GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, t.length);
    yGm.SetGlobalBuffer((__gm__ float *)y, t.length);
    LocalTensor<float> buf(TPosition::VECIN, 0, 64);
    DataCopy(buf, xGm, t.length);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(yGm, buf, t.length);
}
