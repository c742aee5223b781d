// A two-dimensional array filled through a pointer to its scalars, as kernels copy tiling
// shapes (`((int64_t *)shape)[i]` over all 2 x 4 elements): element i is row i / 4, column
// i % 4. The second row's first entry (index 4) sizes the copy: 64 elements, clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void flat_shape(GM_ADDR x, GM_ADDR y)
{
    int64_t shape[2][4];
    const int64_t dims[8] = {1, 2, 3, 4, 64, 6, 7, 8};
    for (int i = 0; i < 8; i++)
        ((int64_t *)shape)[i] = dims[i];
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    DataCopy(t, xGm, shape[1][0]);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(yGm, t, shape[1][0]);
}
