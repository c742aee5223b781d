// A queue larger than UB whatever the tiling says (256 KiB, a constant): no guess changes the
// excess, so it is the kernel's own, not the guess's. The entry is checked with the guesses
// by name and the buffer is an out-of-bounds error, not a note and not "no guess fits".
// expect: out-of-bounds@23
#include "kernel_operator.h"
using namespace AscendC;

struct CopyTiling {
    uint32_t tileLength;
};

constexpr uint32_t QUEUE_BYTES = 256 * 1024;

extern "C" __global__ __aicore__ void constant_overflow(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                       GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(CopyTiling, t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, t.tileLength);
    yGm.SetGlobalBuffer((__gm__ float *)y, t.tileLength);
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 1> bind;
    pipe.InitBuffer(bind, 1, QUEUE_BYTES);
    LocalTensor<float> local = bind.AllocTensor<float>();
    DataCopy(local, xGm, t.tileLength);
    bind.EnQue(local);
    local = bind.DeQue<float>();
    DataCopy(yGm, local, t.tileLength);
    bind.FreeTensor(local);
}
