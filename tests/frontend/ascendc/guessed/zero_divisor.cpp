// (h) A divisor the first guesses make zero: the SDK's math functions cut their scratch buffer
// into pieces of procedure x 32 bytes (Atan: 5 float buffers), and a scratch size guessed 256
// bytes leaves none, a division by zero no host would produce (its tiling asks the SDK how much
// scratch the function needs). The size guesses, all of them, are doubled while a divisor is
// zero: 1024 is the first that leaves a piece, and the kernel is checked with it (the vector
// unit reads the tile before the copy in is known to have written it). With the value given,
// 256 stays a division by zero (doubling tileLength does not change the piece).
// args: --auto-sync=off
// expect: raw-hazard@37 waw-hazard@39 raw-hazard@43
// expect(-D scratchSize=256): unsupported@35
#include "kernel_operator.h"
using namespace AscendC;

struct ScratchTiling {
    uint32_t tileLength;
    uint32_t scratchSize;
};

extern "C" __global__ __aicore__ void zero_divisor(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(ScratchTiling, t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    yGm.SetGlobalBuffer((__gm__ float *)y, 1024);
    TPipe pipe;
    TBuf<QuePosition::VECCALC> buf, scratch;
    pipe.InitBuffer(buf, t.tileLength * sizeof(float));
    pipe.InitBuffer(scratch, t.scratchSize);
    LocalTensor<float> local = buf.Get<float>();
    LocalTensor<float> tmp = scratch.Get<float>();
    DataCopy(local, xGm, t.tileLength);
    // floats per piece of the scratch, whole blocks of them: 0 below 5 x 32 floats
    uint32_t piece = t.scratchSize / sizeof(float) / 5 / 32 * 32;
    uint32_t rounds = t.tileLength / piece;
    for (uint32_t r = 0; r < rounds && r < 2; r++) {
        Muls(tmp, local[r * piece], 2.0f, piece);
        PipeBarrier<PIPE_V>();
        Adds(local[r * piece], tmp, 1.0f, piece);
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, local, t.tileLength);
}
