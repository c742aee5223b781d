// A loop whose trip count is read from memory, inside a loop of 8: every trip count is a run
// of its own (no two join), and the combinations pass the limit of 64 runs. The limit's message
// names the loop test that split the kernel and why (#39: a skeleton per trip count would not).
// expect: unsupported@10
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;

extern "C" __global__ __aicore__ void data_trips_runs(GM_ADDR x, GM_ADDR counts, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQueue;
    pipe.InitBuffer(inQueue, 1, TILE * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    GlobalTensor<int32_t> countsGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE * 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE * 64);
    countsGm.SetGlobalBuffer((__gm__ int32_t *)counts, 8);
    for (int32_t i = 0; i < 8; i++) {
        int32_t n = countsGm.GetValue(i);
        for (int32_t j = 0; j < n; j++) {
            LocalTensor<float> a = inQueue.AllocTensor<float>();
            DataCopy(a, xGm[(i * 8 + j) * TILE], TILE);
            inQueue.EnQue(a);
            LocalTensor<float> b = inQueue.DeQue<float>();
            DataCopy(yGm[(i * 8 + j) * TILE], b, TILE);
            inQueue.FreeTensor(b);
        }
    }
}
