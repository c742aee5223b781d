// Gather reads the elements of its source at byte offsets that are data: any byte of the
// source's buffer, not only the view it is given. Here the view is the first half of `in`
// and MTE2 fills the second half: the gather must wait for the copy (MTE2 -> V). The first
// kernel waits: clean; the second does not. GatherMask gives back through `kept` how many
// elements it kept, a value the frontend does not know: the third kernel syncs only when
// some were kept, so on the path where none were, the copy out races with the vector write.
// expect: raw-hazard@24 raw-hazard@56
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline void GatherHalf(GM_ADDR x, GM_ADDR y, bool wait)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> in(TPosition::VECIN, 0, 64), out(TPosition::VECOUT, 256, 32);
    LocalTensor<uint32_t> offsets(TPosition::VECCALC, 512, 32);
    DataCopy(in[32], xGm, 32);
    Duplicate(offsets, 0u, 32);
    if (wait) {
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
    }
    Gather(out, in, offsets, 0, 32);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, out, 32);
}

extern "C" __global__ __aicore__ void gather_wait(GM_ADDR x, GM_ADDR y)
{
    GatherHalf(x, y, true);
}

extern "C" __global__ __aicore__ void gather_no_wait(GM_ADDR x, GM_ADDR y)
{
    GatherHalf(x, y, false);
}

extern "C" __global__ __aicore__ void gather_mask_count(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> in(TPosition::VECIN, 0, 64), packed(TPosition::VECOUT, 256, 64);
    DataCopy(in, xGm, 64);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    uint64_t kept = 1;
    GatherMaskParams params{1, 1, 8, 0};
    GatherMask(packed, in, (uint8_t)1, false, 0, params, kept);
    if (kept > 0) {
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
    }
    DataCopy(yGm, packed, 64);
}
