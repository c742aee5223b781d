// A high-level API whose synchronization lives inside the vendor library: reported where it
// is called, and the kernel is not verified (exit code 2), never reported clean.
// expect: unsupported@19
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void softmax_row(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQueue;
    TQue<QuePosition::VECOUT, 1> outQueue;
    pipe.InitBuffer(inQueue, 1, 512);
    pipe.InitBuffer(outQueue, 1, 512);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 128);
    LocalTensor<float> a = inQueue.AllocTensor<float>();
    DataCopy(a, xGm, 128);
    inQueue.EnQue(a);
    SoftMax(outQueue.AllocTensor<float>(), inQueue.DeQue<float>());
}
