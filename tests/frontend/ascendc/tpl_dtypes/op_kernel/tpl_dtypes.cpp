// The data type variant of the op's definition holds in every template instance (the kernel
// is parsed again with the instances): the float16 variant hands the copy in to the copy out
// by a flag, the bfloat16 one forgets it, in both instances.
// expect: clean
// expect(--dtype x=bfloat16): raw-hazard@25 raw-hazard@25
#include "kernel_operator.h"
#include "tpl_dtypes_tiling_key.h"
using namespace AscendC;

template <uint32_t MODE>
__global__ __aicore__ void tpl_dtypes(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<DTYPE_X> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X *)x, 64);
    yGm.SetGlobalBuffer((__gm__ DTYPE_X *)y, 64);
    LocalTensor<DTYPE_X> a(TPosition::VECIN, 0, 64);
    DataCopy(a, xGm, 64);
#if ORIG_DTYPE_X == DT_FLOAT16
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
#endif
    if constexpr (MODE == 1) {
        PipeBarrier<PIPE_MTE2>();
    }
    DataCopy(yGm, a, 64);
}
