// Which tensor of the list is used is read from data (the index is the first word of `which`):
// the address could be any word of the table, so the frontend cannot say which memory the
// tensor is. Placing a GlobalTensor there is reported, and the kernel is not verified.
// expect: unsupported@20
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline __gm__ float *TensorAddr(GM_ADDR list, int64_t index)
{
    __gm__ uint64_t *table = reinterpret_cast<__gm__ uint64_t *>(list);
    uint64_t offset = *table;
    return reinterpret_cast<__gm__ float *>(*(table + (offset >> 3) + index));
}

extern "C" __global__ __aicore__ void pick(GM_ADDR x, GM_ADDR which)
{
    TPipe pipe;
    int64_t index = *reinterpret_cast<__gm__ int64_t *>(which);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer(TensorAddr(x, index));
    LocalTensor<float> in(TPosition::VECIN, 0, 64);
    DataCopy(in, xGm, 64);
}
