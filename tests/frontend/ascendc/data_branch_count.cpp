// A condition on data whose then side sets the loop's trip count (4 instead of 2) and stores
// a flag word with SetValue. The framework's state is left as it was, but joining the sides
// would make the count a value not known, and a loop on a value not known is followed for at
// most data_trips (3) steps: the fourth, the only one that copies the tile out before the
// vector unit is done with it, would not be checked. A join never makes a value one path knows
// unknown: the condition is lowered as two runs, each with its count, and the fourth step's
// race is found.
// expect: raw-hazard@35 raw-hazard@35
#include "kernel_operator.h"
using namespace AscendC;
constexpr int32_t N = 64;

extern "C" __global__ __aicore__ void data_branch_count(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, N * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    GlobalTensor<int32_t> zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, 4 * N);
    zGm.SetGlobalBuffer((__gm__ int32_t *)z, 8);
    int32_t steps = 2;
    if (zGm.GetValue(0) > 0) {
        steps = 4;
        zGm.SetValue(1, 1);
    }
    LocalTensor<float> t = inQ.AllocTensor<float>();
    DataCopy(t, xGm, N);
    inQ.EnQue(t);
    LocalTensor<float> v = inQ.DeQue<float>();
    for (int32_t i = 0; i < steps; i++) {
        Adds(v, v, 1.0f, N);
        if (i == 3)
            DataCopy(yGm[i * N], v, N);
    }
    inQ.FreeTensor(v);
}
