// The op build compiles this kernel once per variant of its definition
// (op_host/host_dtypes_def.cpp: x and y float16, or bfloat16), with DTYPE_X and ORIG_DTYPE_X
// set to the variant's types. The float16 variant hands the copy in to the copy out by a
// flag; the bfloat16 one forgets it. Read with the first variant unless --dtype chooses
// another; the host tiling computes for the same types.
// args: --shape x=4,16
// expect: clean
// expect(--dtype x=bfloat16): raw-hazard@25
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void host_dtypes(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    GlobalTensor<DTYPE_X> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X *)x, t.length);
    yGm.SetGlobalBuffer((__gm__ DTYPE_X *)y, t.length);
    LocalTensor<DTYPE_X> buf(TPosition::VECIN, 0, 64);
    DataCopy(buf, xGm, t.length);
#if ORIG_DTYPE_X == DT_FLOAT16
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
#endif
    DataCopy(yGm, buf, t.length);
}
