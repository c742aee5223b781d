// No guess fits, counts tried too: the queue holds tileNum x tileLength MiB, 2 MiB with the
// smallest size guess and a count of 2, still 1 MiB with a count of 1. Not verified, and the
// message says both the sizes and the counts were tried.
// expect: unsupported@15
#include "kernel_operator.h"
using namespace AscendC;

struct HugeTiling {
    uint32_t tileNum;
    uint32_t tileLength;
};

constexpr uint32_t MIB = 1024 * 1024;

extern "C" __global__ __aicore__ void no_fitting_count(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                      GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(HugeTiling, t, tiling);
    GlobalTensor<uint8_t> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ uint8_t *)x, 64);
    yGm.SetGlobalBuffer((__gm__ uint8_t *)y, 64);
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 1> bind;
    pipe.InitBuffer(bind, 1, t.tileNum * t.tileLength * MIB);
    LocalTensor<uint8_t> local = bind.AllocTensor<uint8_t>();
    DataCopy(local, xGm, 32);
    bind.EnQue(local);
    local = bind.DeQue<uint8_t>();
    DataCopy(yGm, local, 32);
    bind.FreeTensor(local);
}
