// A condition on data whose then side scales the tile on the vector unit, and a scalar read
// of the tile after the join. The compiler's auto-sync orders the Muls before the read with
// a flag pair V -> S on the path that ran it. That pair's wait stops issue: on the other path
// V ran no access to order, but a wait entered V's queue before (the DeQue of the copied
// tile), and the pair would order what that wait waited for (the MTE2 copy) before everything
// issued after it, which that path's own syncs may leave unordered. One text after the join
// cannot say both: the condition is lowered as two runs instead (the kernel checked again),
// each with its own syncs. Clean with auto-sync; data_branch_issuer_sync.cpp is the pair out
// of the scalar unit, which joins, data_branch_into_issuer.cpp (sdk/) a pair into it that
// joins. Without auto-sync one run: the read races with the copy in and the Muls, and the
// Adds with the Muls.
// expect: clean
// expect(--auto-sync=off): raw-hazard@37 raw-hazard@37 raw-hazard@38
#include "kernel_operator.h"
using namespace AscendC;
constexpr int32_t N = 64;
class KernelDiverge {
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
            Muls(xv, xv, 2.0f, N);
        }
        float first = xv.GetValue(0);
        Adds(yl, xv, first, N);
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
extern "C" __global__ __aicore__ void data_branch_diverge(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    KernelDiverge op;
    op.Init(x, y, z);
    op.Process();
}
