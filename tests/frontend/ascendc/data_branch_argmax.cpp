// An argmax over a tile read with GetValue: a condition on each value read (`v > best`)
// whose sides only update scalars. The sides call no API function and do not leave early,
// so they change nothing of the framework's state: both are followed and the states joined,
// in one run (splitting per side was 2^63 runs, `unsupported: more than 64 runs`). Clean with
// the compiler's auto-sync; without it nothing orders the scalar reads after the MTE2 copy,
// nor the MTE3 copy after the scalar write, and the joined kernel still reports them.
// expect: clean
// expect(--auto-sync=off): raw-hazard@27 raw-hazard@30 raw-hazard@41
#include "kernel_operator.h"
using namespace AscendC;
constexpr int32_t N = 64;
class KernelArgmax {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y)
    {
        xGm.SetGlobalBuffer((__gm__ float *)x, N);
        yGm.SetGlobalBuffer((__gm__ int32_t *)y, 8);
        pipe.InitBuffer(inQ, 1, N * sizeof(float));
        pipe.InitBuffer(outQ, 1, 8 * sizeof(int32_t));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<float> xl = inQ.AllocTensor<float>();
        DataCopy(xl, xGm, N);
        inQ.EnQue(xl);
        LocalTensor<float> xv = inQ.DeQue<float>();
        float best = xv.GetValue(0);
        int32_t idx = 0;
        for (int32_t i = 1; i < N; i++) {
            float v = xv.GetValue(i);
            if (v > best) {
                best = v;
                idx = i;
            }
        }
        LocalTensor<int32_t> yl = outQ.AllocTensor<int32_t>();
        yl.SetValue(0, idx);
        outQ.EnQue(yl);
        inQ.FreeTensor(xv);
        LocalTensor<int32_t> yo = outQ.DeQue<int32_t>();
        DataCopy(yGm, yo, 8);
        outQ.FreeTensor(yo);
    }
private:
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    TQue<QuePosition::VECOUT, 1> outQ;
    GlobalTensor<float> xGm;
    GlobalTensor<int32_t> yGm;
};
extern "C" __global__ __aicore__ void data_branch_argmax(GM_ADDR x, GM_ADDR y)
{
    KernelArgmax op;
    op.Init(x, y);
    op.Process();
}
