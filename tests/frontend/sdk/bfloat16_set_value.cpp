// SetValue of a bfloat16_t tile: the SDK stores `*(__ubuf__ T *)addr = value`, an assignment
// to a value in UB. The device compiler's bfloat16_t is a built-in scalar type (asc-devkit's
// docs list it among the built-in data types; its dav_c220 implementation passes `__bf16`), so
// the store is a plain scalar store. (Before: "no viable overloaded '='" in the SDK's header,
// the first reason 8 held-out entries stopped; the stand-in is an integer type, so a brace list
// may narrow a floating constant into one, as the device compiler takes.) The stores and the
// load are accesses of their own two bytes each: with the compiler's auto-sync ordering MTE2
// before S and S before MTE3, clean; without it each races with the copy in, and the copy out
// with the last store.
// expect: clean
// expect(--auto-sync=off): waw-hazard@28 raw-hazard@29 waw-hazard@30 raw-hazard@36 raw-hazard@36
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;

extern "C" __global__ __aicore__ void bfloat16_set_value(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, TILE * sizeof(bfloat16_t));
    GlobalTensor<bfloat16_t> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ bfloat16_t *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ bfloat16_t *)y, TILE);
    LocalTensor<bfloat16_t> a = inQ.AllocTensor<bfloat16_t>();
    DataCopy(a, xGm, TILE);
    bfloat16_t one = static_cast<bfloat16_t>(1.0f);
    a.SetValue(0, one);
    float back = static_cast<float>(a.GetValue(1)) + 2.0f;   // and back to float
    a.SetValue(2, static_cast<bfloat16_t>(back));
    struct Pad {
        bool on;
        bfloat16_t value;
    } pad = {true, 0.0};   // a floating constant in a brace list, as DataCopyPadExtParams take it
    (void)pad;
    DataCopy(yGm, a, TILE);
}
