// (d) No guess fits: the queue holds tileLength MiB, so even the smallest size guess (1) asks
// for 1 MiB of the 192 KiB UB. The entry is not verified, with the reason and how to give
// the real values; it is never a pile of out-of-bounds errors, and never clean.
// expect: unsupported@14
#include "kernel_operator.h"
using namespace AscendC;

struct HugeTiling {
    uint32_t tileLength;
};

constexpr uint32_t MIB = 1024 * 1024;

extern "C" __global__ __aicore__ void no_fitting_guess(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                      GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(HugeTiling, t, tiling);
    GlobalTensor<uint8_t> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ uint8_t *)x, t.tileLength * MIB);
    yGm.SetGlobalBuffer((__gm__ uint8_t *)y, t.tileLength * MIB);
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 1> bind;
    pipe.InitBuffer(bind, 1, t.tileLength * MIB);
    LocalTensor<uint8_t> local = bind.AllocTensor<uint8_t>();
    DataCopy(local, xGm, 32);
    bind.EnQue(local);
    local = bind.DeQue<uint8_t>();
    DataCopy(yGm, local, 32);
    bind.FreeTensor(local);
}
