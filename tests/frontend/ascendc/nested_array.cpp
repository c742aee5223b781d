// An array of arrays keeps each element: shape[1][2] is 6, so the copy starts at element 96
// of x (tests/frontend.py checks the lowered line), and the Adds reads the tile the copy is
// still filling.
// expect: raw-hazard@27 waw-hazard@27
#include "kernel_operator.h"
using namespace AscendC;

class Strided {
public:
    __aicore__ inline void Init()
    {
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 4; j++)
                shape[i][j] = i * 4 + j;
    }
    int64_t shape[2][4];
};

extern "C" __global__ __aicore__ void nested(GM_ADDR x)
{
    Strided s;
    s.Init();
    LocalTensor<float> t(TPosition::VECIN, 0, 16);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x);
    DataCopy(t, xGm[s.shape[1][2] * 16], 16);
    Adds(t, t, 1.0f, 16);
}
