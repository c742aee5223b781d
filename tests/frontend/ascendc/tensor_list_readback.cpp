// Two passes over the tensors of a list: the first writes y's tensor i with MTE3, the second
// reads it back with MTE2. The tensor's address is read from y's table twice; the same word
// gives the same memory (y_entry0, y_entry8), so the read-back is a hazard on the bytes the
// copy-out wrote: nothing orders MTE3 before MTE2. Different words are different tensors:
// the copy-out of tensor 1 does not conflict with the read-back of tensor 0 (one finding: the
// read-back of tensor 1 is the same statement pair).
// expect: raw-hazard@36
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline __gm__ float *TensorAddr(GM_ADDR list, int index)
{
    __gm__ uint64_t *table = reinterpret_cast<__gm__ uint64_t *>(list);
    uint64_t offset = *table;
    return reinterpret_cast<__gm__ float *>(*(table + (offset >> 3) + index));
}

extern "C" __global__ __aicore__ void scale_twice(GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, 1024);
    LocalTensor<float> all = calc.Get<float>(192);
    LocalTensor<float> out = all[0];
    Duplicate(out, 1.0f, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    for (int i = 0; i < 2; i++) {
        GlobalTensor<float> yGm;
        yGm.SetGlobalBuffer(TensorAddr(y, i));
        DataCopy(yGm, out, 64);
    }
    for (int i = 0; i < 2; i++) {
        GlobalTensor<float> yGm;
        yGm.SetGlobalBuffer(TensorAddr(y, i));
        DataCopy(all[64 * (i + 1)], yGm, 64);
    }
}
