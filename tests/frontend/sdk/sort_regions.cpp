// Sort32, MrgSort and GatherMask read through the SDK down to vbitsort, vmrgsort4 and
// vreducev2, each with the regions its page gives: Sort32 writes 256 bytes of proposals a
// repeat from 128 bytes of scores and of indices a repeat, MrgSort reads its four lists (the
// array of their addresses read element by element) and writes their total, GatherMask reads
// a repeat of src and the pattern's 64 bits and writes what it keeps from dst's start. The
// merge reads the sorted proposals with no barrier of V's own between: the compiler's
// auto-sync puts one there, and without it (--auto-sync=off) that is a race at line 37. The
// copy out of the gathered words forgets to wait for V: a race at line 40 either way.
// expect: raw-hazard@40
// expect(--auto-sync=off): raw-hazard@37 raw-hazard@40
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void sort_regions(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> work;
    pipe.InitBuffer(work, 1, 8192);
    GlobalTensor<uint32_t> zGm;
    zGm.SetGlobalBuffer((__gm__ uint32_t *)z, 64);
    LocalTensor<float> all = work.AllocTensor<float>();
    LocalTensor<float> scores = all;                                    // bytes 0..511
    LocalTensor<uint32_t> indices = all[128].ReinterpretCast<uint32_t>();  // 512..1023
    LocalTensor<float> proposals = all[256];                            // 1024..2047
    LocalTensor<float> merged = all[512];                               // 2048..3071
    LocalTensor<uint32_t> pattern = all[768].ReinterpretCast<uint32_t>();  // 3072..
    LocalTensor<uint32_t> kept = all[800].ReinterpretCast<uint32_t>();     // 3200..
    for (int i = 0; i < 128; i++) {
        scores.SetValue(i, (float)i);
        indices.SetValue(i, i);
    }
    pattern.SetValue(0, 0x55555555u);
    pattern.SetValue(1, 0x55555555u);
    SetFlag<HardEvent::S_V>(0);
    WaitFlag<HardEvent::S_V>(0);
    Sort32(proposals, scores, indices, 4);
    MrgSort(merged, proposals, 32);
    pipe_barrier(PIPE_V);
    uint64_t n = GatherMask(kept, merged.ReinterpretCast<uint32_t>(), pattern);
    DataCopy(zGm, kept, 64);
    work.FreeTensor(all);
}
