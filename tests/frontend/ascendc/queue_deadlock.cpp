// DeQue on a queue nothing was enqueued to: on the device the vector core waits forever.
// expect: deadlock@17
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void stuck(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> inQueue;
    TQue<QuePosition::VECOUT, 2> outQueue;
    pipe.InitBuffer(inQueue, 2, 1024);
    pipe.InitBuffer(outQueue, 2, 1024);
    GlobalTensor<half> xGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, 512);
    LocalTensor<half> a = inQueue.AllocTensor<half>();
    DataCopy(a, xGm, 512);
    LocalTensor<half> b = inQueue.DeQue<half>();
    LocalTensor<half> c = outQueue.AllocTensor<half>();
    Exp(c, b, 512);
}
