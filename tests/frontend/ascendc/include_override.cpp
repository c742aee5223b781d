// Headers found through -I win over the frontend's built-in ones of the same name:
// user_headers/ has its own kernel_utils.h and kernel_tiling/kernel_tiling.h (names the
// frontend also declares). The kernel uses what only the user's versions define; the
// user's header copies the tile in, and Adds reads it with no MTE2->V flag.
// args: -I tests/frontend/ascendc/user_headers --auto-sync=off
// expect: raw-hazard@24
#include "kernel_operator.h"
#include "kernel_utils.h"
#include "kernel_tiling/kernel_tiling.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void user_utils(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, USER_TILE * 2 * sizeof(float));
    LocalTensor<float> a = calc.Get<float>(USER_TILE * 2);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, USER_TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, USER_TILE);
    UserTiling tiling{1};
    (void)tiling;
    LoadTile(a, xGm);
    Adds(a[USER_TILE], a, 1.0f, USER_TILE);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, a[USER_TILE], USER_TILE);
}
