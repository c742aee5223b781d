// A condition on data whose then side runs a second tile through the queues: it changes their
// state (buffers allocated, queued and freed leave events pending that the next allocation
// waits on), which the other side leaves alone, so the two cannot be joined. Each side is a
// run of the kernel of its own, as the sides of one `if (?)` (two paths), and both are clean:
// the queues' events order each tile's copies and the Adds.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;
constexpr int32_t N = 64;
class KernelQueueBranch {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z)
    {
        xGm.SetGlobalBuffer((__gm__ float *)x, 2 * N);
        yGm.SetGlobalBuffer((__gm__ float *)y, 2 * N);
        zGm.SetGlobalBuffer((__gm__ int32_t *)z, 8);
        pipe.InitBuffer(inQ, 1, N * sizeof(float));
        pipe.InitBuffer(outQ, 1, N * sizeof(float));
    }
    __aicore__ inline void Tile(int32_t t)
    {
        LocalTensor<float> xl = inQ.AllocTensor<float>();
        DataCopy(xl, xGm[t * N], N);
        inQ.EnQue(xl);
        LocalTensor<float> xv = inQ.DeQue<float>();
        LocalTensor<float> yl = outQ.AllocTensor<float>();
        Adds(yl, xv, 1.0f, N);
        outQ.EnQue(yl);
        inQ.FreeTensor(xv);
        LocalTensor<float> yo = outQ.DeQue<float>();
        DataCopy(yGm[t * N], yo, N);
        outQ.FreeTensor(yo);
    }
    __aicore__ inline void Process()
    {
        Tile(0);
        if (zGm.GetValue(0) > 0) {
            Tile(1);
        }
    }
private:
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    TQue<QuePosition::VECOUT, 1> outQ;
    GlobalTensor<float> xGm, yGm;
    GlobalTensor<int32_t> zGm;
};
extern "C" __global__ __aicore__ void data_branch_queue(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    KernelQueueBranch op;
    op.Init(x, y, z);
    op.Process();
}
