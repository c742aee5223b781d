// A kernel template the build instantiates once per selection of tpl_add_tiling_key.h: each
// instance is a kernel (tpl_add<float, 0, true> is kernel tpl_add_float_0_true). The instance
// without the MTE2 -> V flag adds before the copy in is waited for; the one whose mode has no
// code accesses no memory (empty-kernel at the entry). -D with a template parameter's name
// keeps the instances with that value.
// expect: raw-hazard@35 empty-kernel@17
// expect(-D MODE=0): clean
// expect(-D SYNCED=1): clean
// expect(-D D_T_X=1 -D MODE=1): raw-hazard@35
// expect(-D MODE=2): empty-kernel@17
// expect(-D MODE=3): input-error@0
#include "kernel_operator.h"
#include "tpl_add_tiling_key.h"
using namespace AscendC;

template <typename D_T_X, uint32_t MODE, bool SYNCED>
__global__ __aicore__ void tpl_add(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<D_T_X> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ D_T_X *)x, 64);
    yGm.SetGlobalBuffer((__gm__ D_T_X *)y, 64);
    LocalTensor<D_T_X> a(TPosition::VECIN, 0, 64);
    LocalTensor<D_T_X> b(TPosition::VECOUT, 256, 64);
    if constexpr (MODE == TPL_MODE_COPY) {
        DataCopy(a, xGm, 64);
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
        DataCopy(yGm, a, 64);
    } else if constexpr (MODE == TPL_MODE_ADD) {
        DataCopy(a, xGm, 64);
        if constexpr (SYNCED) {
            SetFlag<HardEvent::MTE2_V>(0);
            WaitFlag<HardEvent::MTE2_V>(0);
        }
        Add(b, a, a, 64);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(yGm, b, 64);
    }
}
