// A tiling-key header without an include guard, included twice: one declaration, both
// instances checked; the instance MODE 1 forgets the flag between the copies.
// expect: raw-hazard@21
#include "kernel_operator.h"
#include "tpl_twice.h"
#include "tpl_twice_tiling_key.h"
using namespace AscendC;

template <uint32_t MODE>
__global__ __aicore__ void tpl_twice(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a(TPosition::VECIN, 0, 64);
    DataCopy(a, xGm, 64);
    if constexpr (MODE == 0) {
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
    }
    DataCopy(yGm, a, 64);
}
