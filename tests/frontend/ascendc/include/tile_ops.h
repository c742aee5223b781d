// A helper header of the kind operator libraries keep beside their kernels: found only with
// -I (tests/frontend/ascendc/include). No barrier between the two vector ops: auto-sync adds
// it; without auto-sync they race.
#ifndef TILE_OPS_H
#define TILE_OPS_H
#include "kernel_operator.h"

template <typename T>
__aicore__ inline void ScaleThenShift(const AscendC::LocalTensor<T> &t, T scale, T shift, int32_t n)
{
    AscendC::Muls(t, t, scale, n);
    AscendC::Adds(t, t, shift, n);
}
#endif
