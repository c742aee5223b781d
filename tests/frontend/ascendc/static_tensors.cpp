// Static tensors at fixed UB addresses (LocalTensor(pos, addr, n)), strided copies with
// DataCopyParams, an unaligned tail with DataCopyPad, and a scalar read of the first
// element, each ordered by its own flag; the loop bound is a kernel argument.
// args: -D rows=12
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void strided_exp(GM_ADDR src, GM_ADDR dst, GM_ADDR firsts,
                                                  uint32_t rows)
{
    GlobalTensor<float> srcGm, dstGm, firstGm;
    srcGm.SetGlobalBuffer((__gm__ float *)src);
    dstGm.SetGlobalBuffer((__gm__ float *)dst);
    firstGm.SetGlobalBuffer((__gm__ float *)firsts);
    LocalTensor<float> in(TPosition::VECIN, 0, 512);
    LocalTensor<float> out(TPosition::VECOUT, 2048, 256);
    DataCopyParams rowsIn;
    rowsIn.blockCount = 4;
    rowsIn.blockLen = 8;        // 8 blocks of 32 bytes: 64 floats per row
    rowsIn.srcStride = 8;       // every other row of the source
    rowsIn.dstStride = 0;
    DataCopyParams rowsOut{4, 8, 0, 0};
    for (uint32_t r = 0; r < rows; r += 4) {
        if (r > 0) {
            WaitFlag<HardEvent::MTE3_MTE2>(0);
        }
        DataCopy(in, srcGm[r * 128], rowsIn);
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
        Exp(out, in, 256);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(dstGm[r * 64], out, rowsOut);
        SetFlag<HardEvent::MTE3_MTE2>(0);
    }
    WaitFlag<HardEvent::MTE3_MTE2>(0);
    PipeBarrier<PIPE_V>();
    SetFlag<HardEvent::V_MTE2>(1);
    WaitFlag<HardEvent::V_MTE2>(1);
    DataCopyPad(in, srcGm, DataCopyExtParams{1, 60, 0, 0, 0}, DataCopyPadExtParams<float>{});
    SetFlag<HardEvent::MTE2_S>(0);
    WaitFlag<HardEvent::MTE2_S>(0);
    float first = in.GetValue(0);
    firstGm.SetValue(0, first);
}
