// Read through the SDK-shaped fixture (.accelsync: sdk = fixture): the double-buffered add
// runs the fixture's TQue, whose EnQue/DeQue set and wait the flags, down to the intrinsics.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 128;

extern "C" __global__ __aicore__ void add_double_buffer(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> inX, inY;
    TQue<QuePosition::VECOUT, 2> outZ;
    pipe.InitBuffer(inX, 2, TILE * sizeof(float));
    pipe.InitBuffer(inY, 2, TILE * sizeof(float));
    pipe.InitBuffer(outZ, 2, TILE * sizeof(float));
    GlobalTensor<float> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 4 * TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, 4 * TILE);
    zGm.SetGlobalBuffer((__gm__ float *)z, 4 * TILE);
    for (int32_t i = 0; i < 4; i++) {
        LocalTensor<float> a = inX.AllocTensor<float>();
        LocalTensor<float> b = inY.AllocTensor<float>();
        DataCopy(a, xGm[i * TILE], TILE);
        DataCopy(b, yGm[i * TILE], TILE);
        inX.EnQue(a);
        inY.EnQue(b);
        LocalTensor<float> xa = inX.DeQue<float>();
        LocalTensor<float> yb = inY.DeQue<float>();
        LocalTensor<float> c = outZ.AllocTensor<float>();
        Add(c, xa, yb, TILE);
        outZ.EnQue(c);
        inX.FreeTensor(xa);
        inY.FreeTensor(yb);
        LocalTensor<float> out = outZ.DeQue<float>();
        DataCopy(zGm[i * TILE], out, TILE);
        outZ.FreeTensor(out);
    }
}
