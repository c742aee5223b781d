// SDK headers some kernels include by their own names (kernel_type.h, kernel_utils.h) resolve
// to the frontend's declarations: the kernel parses and checks like one that includes
// kernel_operator.h.
// expect: clean
#include "kernel_type.h"
#include "kernel_utils.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void copy_through(GM_ADDR x, GM_ADDR y)
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
    outQueue.EnQue(c);
    inQueue.FreeTensor(b);
    LocalTensor<float> d = outQueue.DeQue<float>();
    DataCopy(yGm, d, 256);
    outQueue.FreeTensor(d);
}
