// A constant array of the source placed in GM (an assist table) becomes a GM buffer of its
// own, its size the array's, named after it; a static constexpr member works the same. The
// Adds reads the tile the copy from TABLE fills, with no flag in between (tests/frontend.py
// checks the lowered buffers and copies).
// expect: raw-hazard@29 waw-hazard@18
#include "kernel_operator.h"
using namespace AscendC;

__gm__ const int32_t TABLE[64] = {1, 2, 3};

class Assist {
public:
    constexpr static __gm__ int32_t ROWS[32] = {4, 5, 6};
    __aicore__ inline void Load(LocalTensor<int32_t> &t)
    {
        GlobalTensor<int32_t> rowsGm;
        rowsGm.SetGlobalBuffer((__gm__ int32_t *)ROWS, 32);
        DataCopy(t, rowsGm, 32);
    }
};

extern "C" __global__ __aicore__ void lookup(GM_ADDR y)
{
    LocalTensor<int32_t> t(TPosition::VECIN, 0, 64);
    LocalTensor<int32_t> u(TPosition::VECOUT, 256, 64);
    GlobalTensor<int32_t> tableGm;
    tableGm.SetGlobalBuffer((__gm__ int32_t *)TABLE);
    DataCopy(t, tableGm, 64);
    Adds(u, t, 1, 64);
    Assist a;
    a.Load(u);
}
