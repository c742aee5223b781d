// A constant integer table kept in GM gives the scalar unit its elements: the offset read
// from it at a loop's index is the initializer's (the copy reads x from element 128), and the
// read is the scalar unit's access of the table's GM buffer; past the initializer an element
// is 0; on every core (block_num = 2: the second core's copy from element 192). Clean: the
// vector op waits for the copy.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;
const __gm__ int32_t offsets[4] = {0, 64, 128};

extern "C" __global__ __aicore__ void gm_constant_offsets(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 2 * TILE * sizeof(float));
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 5 * TILE);
    LocalTensor<float> a = inX.AllocTensor<float>();
    for (int32_t i = 2; i < 3; i++)
        DataCopy(a, xGm[offsets[i] + offsets[i + 1] + GetBlockIdx() * TILE], TILE);
    inX.EnQue(a);
    LocalTensor<float> b = inX.DeQue<float>();
    Muls(b[TILE], b, 2.0f, TILE);
    inX.FreeTensor(b);
}
