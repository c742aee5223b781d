// GET_TILING_DATA with no structure registered in the host headers: the one named after the
// operator is read, so `length` is a tiling field (default 256, set here to 128). The copy in
// is handed to the copy out by a flag: clean.
// args: -D length=128
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void unregistered_tiling(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                         GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, t.length);
    yGm.SetGlobalBuffer((__gm__ float *)y, t.length);
    LocalTensor<float> buf(TPosition::VECIN, 0, 128);
    DataCopy(buf, xGm, t.length);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(yGm, buf, t.length);
}
