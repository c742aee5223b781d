// A kernel whose vector ops live in a header found with -I. With auto-sync (the default) the
// compiler's V barriers order them; without it, the findings are reported in the header, at
// the ops that race, with the kernel's own lines for the first accesses.
// args: -I tests/frontend/ascendc/include
// expect: clean
// expect(--auto-sync=off): raw-hazard@11 waw-hazard@11 raw-hazard@12 raw-hazard@12 waw-hazard@12 waw-hazard@12
#include "kernel_operator.h"
#include "tile_ops.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void affine(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQueue;
    TQue<QuePosition::VECOUT, 1> outQueue;
    pipe.InitBuffer(inQueue, 1, 1024);
    pipe.InitBuffer(outQueue, 1, 1024);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    yGm.SetGlobalBuffer((__gm__ float *)y, 256);
    LocalTensor<float> a = inQueue.AllocTensor<float>();
    DataCopy(a, xGm, 256);
    inQueue.EnQue(a);
    LocalTensor<float> b = inQueue.DeQue<float>();
    LocalTensor<float> c = outQueue.AllocTensor<float>();
    DataCopy(c, b, 256);
    ScaleThenShift(c, 2.0f, 1.0f, 256);
    outQueue.EnQue(c);
    inQueue.FreeTensor(b);
    LocalTensor<float> d = outQueue.DeQue<float>();
    DataCopy(yGm, d, 256);
    outQueue.FreeTensor(d);
}
