// A foreach operator takes tensor lists: the argument's memory starts with the offset of a
// table of addresses, one per tensor. An address read from an argument's memory points into
// one buffer per argument (x_targets, y_targets: like two arguments, they never alias), at the
// offset the kernel adds to it; every tensor of a list is taken to be at the same address, so
// tensors of one list overlap (conservative). Each tensor is copied in, exponentiated and
// copied out through queues: clean. The scalar reads of the table are S accesses of x and y.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline __gm__ float *TensorAddr(GM_ADDR list, int index)
{
    __gm__ uint64_t *table = reinterpret_cast<__gm__ uint64_t *>(list);
    uint64_t offset = *table;
    return reinterpret_cast<__gm__ float *>(*(table + (offset >> 3) + index));
}

extern "C" __global__ __aicore__ void foreach_exp(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQueue;
    TQue<QuePosition::VECOUT, 1> outQueue;
    pipe.InitBuffer(inQueue, 2, 256);
    pipe.InitBuffer(outQueue, 2, 256);
    for (int i = 0; i < 3; i++) {
        GlobalTensor<float> xGm, yGm;
        xGm.SetGlobalBuffer(TensorAddr(x, i) + 64);
        yGm.SetGlobalBuffer(TensorAddr(y, i) + 64);
        LocalTensor<float> in = inQueue.AllocTensor<float>();
        DataCopy(in, xGm, 64);
        inQueue.EnQue(in);
        LocalTensor<float> a = inQueue.DeQue<float>();
        LocalTensor<float> b = outQueue.AllocTensor<float>();
        Exp(b, a, 64);
        outQueue.EnQue(b);
        inQueue.FreeTensor(a);
        LocalTensor<float> c = outQueue.DeQue<float>();
        DataCopy(yGm, c, 64);
        outQueue.FreeTensor(c);
    }
}
