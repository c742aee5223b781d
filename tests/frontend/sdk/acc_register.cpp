// ReduceSum's first-n form leaves its sum in the vector unit's accumulator register, which
// get_acc_val reads on the scalar unit: after ReduceSum's own V_S pair that read is ordered,
// after a vcadd of the kernel's own with no flag it races with it (the register, not UB). The
// first sum is used before that vcadd, which orders the read before it (rule 10).
// args: --auto-sync=off
// expect: raw-hazard@31
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void acc_register(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> in;
    TQue<QuePosition::VECOUT, 1> out;
    pipe.InitBuffer(in, 1, 1024);
    pipe.InitBuffer(out, 1, 256);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, xGm, 256);
    in.EnQue(a);
    LocalTensor<float> b = in.DeQue<float>();
    LocalTensor<float> o = out.AllocTensor<float>();
    ReduceSum(o, b, 200);
    float first = GetAccVal<float>();
    o.SetValue(1, first);
    set_mask_count();
    set_vector_mask(0, 64);
    vcadd((__ubuf__ float *)o[32].GetPhyAddr(), (__ubuf__ float *)b.GetPhyAddr(), 1, 1, 1, 8, 1);
    set_mask_norm();
    float second = GetAccVal<float>();
    o.SetValue(2, second);
}
