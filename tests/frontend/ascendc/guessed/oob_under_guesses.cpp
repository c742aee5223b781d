// (c) An out-of-bounds copy that only the guesses make: the queue holds tileLength floats and
// the copy moves tileLength + padLength, past the buffer when padLength is not 0. Under the
// guesses (256 each) that is a note naming them; with the host's values it is clean (no pad)
// or an error (a pad the buffer has no room for), from -D or from --tiling FILE alike.
// expect: note:out-of-bounds@28 note:out-of-bounds@31
// expect(-D tileLength=64 -D padLength=0): clean
// expect(-D tileLength=64 -D padLength=16): out-of-bounds@28 out-of-bounds@31
// expect(--tiling tests/frontend/ascendc/guessed/oob_under_guesses.tiling): out-of-bounds@28 out-of-bounds@31
#include "kernel_operator.h"
using namespace AscendC;

struct PadTiling {
    uint32_t tileLength;
    uint32_t padLength;
};

extern "C" __global__ __aicore__ void oob_under_guesses(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                       GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(PadTiling, t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    yGm.SetGlobalBuffer((__gm__ float *)y, 1024);
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 1> bind;
    pipe.InitBuffer(bind, 1, t.tileLength * sizeof(float));
    LocalTensor<float> local = bind.AllocTensor<float>();
    DataCopy(local, xGm, t.tileLength + t.padLength);
    bind.EnQue(local);
    local = bind.DeQue<float>();
    DataCopy(yGm, local, t.tileLength + t.padLength);
    bind.FreeTensor(local);
}
