// A vector core signalling the cube core (mode 2 links an AIC with its AIVs): the cube side
// of a MIX kernel is not lowered, so the kernel is not verified (a wait with no core to set
// its flag would otherwise be a false deadlock).
// expect: unsupported@19
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void vector_half(GM_ADDR x, GM_ADDR workspace)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, LEN * sizeof(float));
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, LEN);
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, LEN);
    CrossCoreSetFlag<0x2, PIPE_MTE2>(0x1);
}
