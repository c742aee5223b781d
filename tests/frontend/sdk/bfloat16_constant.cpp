// A bfloat16_t constant is a floating value: `beta = 0.5f` is not 0. The prelude's stand-in
// for the compiler's bfloat16_t is a two-byte integer type (bfloat16_set_value.cpp), whose
// conversion from 0.5f an integer reading would fold to 0, dropping the branch and its store
// silently; its values are data instead, as a float's, so both sides are checked. The store
// on the taken side races with the copy in when nothing orders them.
// args: --auto-sync=off
// expect: waw-hazard@25
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;

extern "C" __global__ __aicore__ void bfloat16_constant(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, TILE * sizeof(bfloat16_t));
    GlobalTensor<bfloat16_t> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ bfloat16_t *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ bfloat16_t *)y, TILE);
    LocalTensor<bfloat16_t> a = inQ.AllocTensor<bfloat16_t>();
    DataCopy(a, xGm, TILE);
    bfloat16_t beta = 0.5f;
    if (beta != 0) {
        a.SetValue(0, beta);
    }
}
