// A kernel that registers its own tiling structure (REGISTER_TILING_DEFAULT(T) in the entry,
// a plain struct beside it, ops-math's not_equal_v2) and calls the device compiler's
// unqualified min. Through the SDK, whose macro only marks a section for the build,
// GET_TILING_DATA reads that structure: its length guessed by name, min takes the tile. The
// vector op reads the tile before the copy has written it (no flag).
// expect: raw-hazard@29
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint32_t TILE = 64;

struct OwnTiling {
    uint32_t totalLength;
};

extern "C" __global__ __aicore__ void own_tiling_default(GM_ADDR x, GM_ADDR workspace,
                                                        GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(OwnTiling);
    GET_TILING_DATA(t, tiling);
    uint32_t n = min(t.totalLength, TILE);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, 2 * TILE * sizeof(float));
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, n);
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, xGm, n);
    Muls(a[TILE], a, 2.0f, n);
}
