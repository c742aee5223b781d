// A constant table the kernel keeps in GM (`const __gm__ float table[] = {...}`, like the
// `assist` table of ops-transformer's moe kernels) placed under a GlobalTensor and copied in:
// one GM buffer of the table's size, named after it, which the copy reads. The vector op
// reads the tile before the copy has written it (no flag).
// expect: raw-hazard@22
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;
const __gm__ float table[TILE] = {0, 1, 2, 3, 4, 5, 6, 7};

extern "C" __global__ __aicore__ void gm_constant_table(GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 2 * TILE * sizeof(float));
    GlobalTensor<float> tableGm;
    tableGm.SetGlobalBuffer((__gm__ float *)table, TILE);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, tableGm, TILE);
    LocalTensor<float> b = a[TILE];
    Muls(b, a, 2.0f, TILE);
}
