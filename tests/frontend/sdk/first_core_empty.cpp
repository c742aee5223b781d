// One block of work split over the launch's cores the way ops-math not_equal splits its
// tiling's `size`: core b takes blocks [blocks * b / n, blocks * (b + 1) / n), so with one
// block and the default 8 cores only core 7 has any. Checked on one core, core 0 did nothing
// and the kernel was an empty kernel, not verified; now the first core whose code accesses
// memory is the one checked (the PIR header names it), and its race is found: the copy out
// has no hand-off from the Muls, nor from the copy in (the queue hands the tile to V only).
// -D block_idx=0 keeps core 0: an empty kernel, as asked.
// expect: raw-hazard@33 raw-hazard@33
// expect(-D block_num=1): raw-hazard@33 raw-hazard@33
// expect(-D block_idx=0): empty-kernel@15
#include "kernel_operator.h"
using namespace AscendC;
constexpr int64_t BLOCKS = 1;

extern "C" __global__ __aicore__ void first_core_empty(GM_ADDR x, GM_ADDR z)
{
    int64_t start = BLOCKS * GetBlockIdx() / GetBlockNum();
    int64_t end = BLOCKS * (GetBlockIdx() + 1) / GetBlockNum();
    if (start == end)
        return;
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 256);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    inX.EnQue(a);
    LocalTensor<float> t = inX.DeQue<float>();
    Muls(t, t, 2.0f, 64);
    // the V -> MTE3 hand-off is missing here
    DataCopy(zGm, t, 64);
}
