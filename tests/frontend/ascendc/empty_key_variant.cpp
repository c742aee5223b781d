// A tiling key whose branch has no code on this arch: key 1 copies a tile in and out; key 2's
// code is for arch 3510 only, so under the default model (ascend910b2, arch 2201) kernel
// copy_key2 accesses no memory and is not verified: empty-kernel at the entry, the file not
// verified. Picking the key that has code checks only that one.
// expect: empty-kernel@11
// expect(-D tiling_key=1): clean
// expect(-D tiling_key=2): empty-kernel@11
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void copy(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    if (TILING_KEY_IS(1)) {
        DataCopy(t, xGm, 64);
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
        DataCopy(yGm, t, 64);
    } else if (TILING_KEY_IS(2)) {
#if __NPU_ARCH__ == 3510
        DataCopy(t, xGm, 64);
        DataCopy(yGm, t, 64);
#endif
    }
}
