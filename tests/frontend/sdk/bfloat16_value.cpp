// GetValue of a bfloat16_t tile: the SDK returns `*(__ubuf__ T *)addr`, a copy of a value in
// UB (before: "no matching constructor for initialization of 'bfloat16_t'", a source error in
// the SDK's header, while the prelude's bfloat16_t was a class; six bench entries stopped
// there; it is now the built-in scalar the device compiler has, bfloat16_set_value.cpp). The
// scalar read of the copied tile is ordered by the compiler's auto-sync (MTE2 to S): clean. A
// structure holding a bfloat16_t still copies.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;

extern "C" __global__ __aicore__ void bfloat16_value(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, TILE * sizeof(bfloat16_t));
    GlobalTensor<bfloat16_t> xGm;
    xGm.SetGlobalBuffer((__gm__ bfloat16_t *)x, TILE);
    GlobalTensor<float> yGm;
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    LocalTensor<bfloat16_t> a = inQ.AllocTensor<bfloat16_t>();
    DataCopy(a, xGm, TILE);
    bfloat16_t first = a.GetValue(0);
    struct Pad {
        bool on;
        bfloat16_t value;
    } pad{false, first};
    Pad again = pad;   // a structure holding one copies (DataCopyPadExtParams<bfloat16_t>)
    (void)again;
}
