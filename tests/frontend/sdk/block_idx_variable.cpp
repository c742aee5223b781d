// The compiler's block_idx and block_num variables, read unqualified (ops-transformer's
// matmul_reduce_scatter, ops-nn's conv3d_backprop_input_v2): the core's index and the core
// count, as GetBlockIdx() and GetBlockNum() give them. With block_num = 2 each core copies its
// own half: clean; both halves at block_idx / 2 (0 for both) overlap: a race between cores.
// expect: clean
// expect(-D block_num=2): clean
// expect(-D block_num=2 -D SAME_HALF=1): waw-hazard@29
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;
#ifndef SAME_HALF
#define SAME_HALF 0
#endif

extern "C" __global__ __aicore__ void block_idx_variable(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    int64_t half = SAME_HALF ? block_idx / 2 : block_idx;
    xGm.SetGlobalBuffer((__gm__ float *)x + TILE * half, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE * block_num);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, TILE * sizeof(float));
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, yGm[TILE * half], TILE);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(xGm, a, TILE);
}
