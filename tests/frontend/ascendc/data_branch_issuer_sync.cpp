// A condition on data whose then side writes one element of a tile with SetValue (the scalar
// unit) before the vector unit adds to the whole tile. The compiler's auto-sync orders the
// write before the Adds, on the path that made it; on the other path there is nothing to
// order. Both sides leave the framework's state as it was and are followed and joined; the
// sync out of the scalar unit the Adds needs on one path is written after the join, on both:
// on the path that did not need it, it orders nothing that path's own syncs leave unordered
// (the earlier scalar access, the GM read of the condition, is ordered by its use, and no
// cross-core signal follows). One run, as data_branch_issuer_sync.cpp is not.
// Clean with auto-sync; without it, on the first path, the scalar write races with the MTE2
// copy (the queue hands the tile to V, not to S) and the Adds with the scalar write.
// expect: clean
// expect(--auto-sync=off): waw-hazard@34 raw-hazard@36
#include "kernel_operator.h"
using namespace AscendC;
constexpr int32_t N = 64;
class KernelIssuerSync {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z)
    {
        xGm.SetGlobalBuffer((__gm__ float *)x, N);
        yGm.SetGlobalBuffer((__gm__ float *)y, N);
        zGm.SetGlobalBuffer((__gm__ int32_t *)z, 8);
        pipe.InitBuffer(inQ, 1, N * sizeof(float));
        pipe.InitBuffer(outQ, 1, N * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<float> xl = inQ.AllocTensor<float>();
        DataCopy(xl, xGm, N);
        inQ.EnQue(xl);
        LocalTensor<float> xv = inQ.DeQue<float>();
        LocalTensor<float> yl = outQ.AllocTensor<float>();
        if (zGm.GetValue(0) > 0) {
            xv.SetValue(0, 1.0f);
        }
        Adds(yl, xv, 1.0f, N);
        outQ.EnQue(yl);
        inQ.FreeTensor(xv);
        LocalTensor<float> yo = outQ.DeQue<float>();
        DataCopy(yGm, yo, N);
        outQ.FreeTensor(yo);
    }
private:
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    TQue<QuePosition::VECOUT, 1> outQ;
    GlobalTensor<float> xGm, yGm;
    GlobalTensor<int32_t> zGm;
};
extern "C" __global__ __aicore__ void data_branch_issuer_sync(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    KernelIssuerSync op;
    op.Init(x, y, z);
    op.Process();
}
