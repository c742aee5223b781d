// A scatter-add over sorted indices read with GetValue: each step either adds into the running
// sum or writes the sum out with SetValue at the index data gave and starts a new one. Both
// sides call the API (SetValue, GetValue), but neither allocates, queues or frees a buffer:
// they leave the framework's state as it was, so both are followed and joined in one run, their
// accesses joined in auto-sync's tracking (2^63 runs split per side, `unsupported: more than
// 64 runs`, before). Clean with the compiler's auto-sync; without it nothing orders the scalar
// reads after the MTE2 copies of the tile. The same findings as with each side a run of its
// own (--choices split) on a small instance (-D STEPS=6: 32 runs), tests/golden.py.
// expect: clean
// expect(--auto-sync=off): raw-hazard@39 raw-hazard@40 raw-hazard@42 raw-hazard@43
// expect(-D STEPS=6 --auto-sync=off): raw-hazard@39 raw-hazard@40 raw-hazard@42 raw-hazard@43
#include "kernel_operator.h"
using namespace AscendC;
#ifndef N
#define N 64
#endif
#ifndef STEPS
#define STEPS N
#endif
class KernelScatterAdd {
public:
    __aicore__ inline void Init(GM_ADDR idx, GM_ADDR val, GM_ADDR out)
    {
        idxGm.SetGlobalBuffer((__gm__ int32_t *)idx, N);
        valGm.SetGlobalBuffer((__gm__ float *)val, N);
        outGm.SetGlobalBuffer((__gm__ float *)out, 1024);
        pipe.InitBuffer(inQ, 2, N * sizeof(int32_t));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<int32_t> il = inQ.AllocTensor<int32_t>();
        DataCopy(il, idxGm, N);
        inQ.EnQue(il);
        LocalTensor<float> vl = inQ.AllocTensor<float>();
        DataCopy(vl, valGm, N);
        inQ.EnQue(vl);
        LocalTensor<int32_t> iv = inQ.DeQue<int32_t>();
        LocalTensor<float> vv = inQ.DeQue<float>();
        int32_t last = iv.GetValue(0);
        float sum = vv.GetValue(0);
        for (int32_t i = 1; i < STEPS; i++) {
            int32_t at = iv.GetValue(i);
            float v = vv.GetValue(i);
            if (at == last) {
                sum = sum + v;
            } else {
                outGm.SetValue(last, sum);
                last = at;
                sum = v;
            }
        }
        outGm.SetValue(last, sum);
        inQ.FreeTensor(iv);
        inQ.FreeTensor(vv);
    }
private:
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> inQ;
    GlobalTensor<int32_t> idxGm;
    GlobalTensor<float> valGm;
    GlobalTensor<float> outGm;
};
extern "C" __global__ __aicore__ void data_branch_scatter(GM_ADDR idx, GM_ADDR val, GM_ADDR out)
{
    KernelScatterAdd op;
    op.Init(idx, val, out);
    op.Process();
}
