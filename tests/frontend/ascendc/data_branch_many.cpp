// BRANCHES conditions on data in a loop of ITERATIONS steps (30 and 64: 2^1920 combinations of
// sides), each side writing one word of the output with SetValue at a place of its own. No
// side changes the framework's state, so every choice is joined where it is met: one run of
// the kernel, whose if (?) choices the checker then takes as alternatives within one path.
// With -D ITERATIONS=2 -D BRANCHES=3 (64 combinations) tests/golden.py compares the findings
// with each side a run of its own (--choices split). Clean with the compiler's auto-sync;
// without it nothing orders the scalar reads after the MTE2 copy of the tile.
// expect: clean
// expect(--auto-sync=off): raw-hazard@36
// expect(-D ITERATIONS=2 -D BRANCHES=3 --auto-sync=off): raw-hazard@36
#include "kernel_operator.h"
using namespace AscendC;
#ifndef ITERATIONS
#define ITERATIONS 64
#endif
#ifndef BRANCHES
#define BRANCHES 30
#endif
class KernelManyBranches {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y)
    {
        xGm.SetGlobalBuffer((__gm__ int32_t *)x, 64);
        yGm.SetGlobalBuffer((__gm__ int32_t *)y, 2 * ITERATIONS * BRANCHES);
        pipe.InitBuffer(inQ, 1, 64 * sizeof(int32_t));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<int32_t> xl = inQ.AllocTensor<int32_t>();
        DataCopy(xl, xGm, 64);
        inQ.EnQue(xl);
        LocalTensor<int32_t> xv = inQ.DeQue<int32_t>();
        for (int32_t i = 0; i < ITERATIONS; i++) {
            for (int32_t b = 0; b < BRANCHES; b++) {
                int32_t at = 2 * (i * BRANCHES + b);
                if (xv.GetValue((i + b) % 64) > b) {
                    yGm.SetValue(at, i);
                } else {
                    yGm.SetValue(at + 1, b);
                }
            }
        }
        inQ.FreeTensor(xv);
    }
private:
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    GlobalTensor<int32_t> xGm;
    GlobalTensor<int32_t> yGm;
};
extern "C" __global__ __aicore__ void data_branch_many(GM_ADDR x, GM_ADDR y)
{
    KernelManyBranches op;
    op.Init(x, y);
    op.Process();
}
