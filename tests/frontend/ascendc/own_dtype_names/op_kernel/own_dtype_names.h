// The kernel's own names that look like the build's type macros: a template parameter
// DTYPE_MODE (as hicann/ops-math's right_shift writes it), declared after its type.
#ifndef OWN_DTYPE_NAMES_H
#define OWN_DTYPE_NAMES_H
#include "kernel_operator.h"
using namespace AscendC;

template <uint32_t DTYPE_MODE>
__aicore__ inline void CopyThrough(GlobalTensor<DTYPE_X> &xGm, GlobalTensor<DTYPE_X> &yGm)
{
    LocalTensor<DTYPE_X> a(TPosition::VECIN, 0, 64);
    DataCopy(a, xGm, 64);
    if constexpr (DTYPE_MODE == 2) {
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
    }
    DataCopy(yGm, a, 64);
}
#endif
