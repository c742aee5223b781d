// The scalar unit writes GM through its data cache and DataCacheCleanAndInvalid (dcci)
// writes the line back; the model has no cache, so dcci orders nothing: the copy that reads
// what the scalar unit wrote still needs the S_MTE2 pair. The first read has it, the second
// does not.
// args: --auto-sync=off
// expect: raw-hazard@26
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void scalar_cache(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> in;
    pipe.InitBuffer(in, 1, 256);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    *((__gm__ float *)x) = 1.0f;
    DataCacheCleanAndInvalid(xGm);
    SetFlag<HardEvent::S_MTE2>(0);
    WaitFlag<HardEvent::S_MTE2>(0);
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, xGm, 8);
    *((__gm__ float *)x + 8) = 2.0f;
    DataCacheCleanAndInvalid(xGm[8]);
    LocalTensor<float> b = a[8];
    DataCopy(b, xGm[8], 8);
}
