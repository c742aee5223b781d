// A kernel that includes an architecture's implementation header by the toolkit's installed
// path (ops-nn's deep_norm: "impl/dav_c220/kernel_operator_reg_others_impl.h"), which a
// checkout has under impl/basic_api/: found, and the intrinsics it calls that nothing declares
// are declared, however many, returning a value where one is used and nothing where a void
// function returns the call; the kernel is read and its missing hand-off found.
// args: --auto-sync=off
// expect: raw-hazard@23
#include "kernel_operator.h"
#include "impl/dav_c220/fixture_arch_regs.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void arch_impl_include(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> in;
    pipe.InitBuffer(in, 1, 256);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    // no EnQue/DeQue: the copy out does not wait for the copy in
    DataCopy(yGm, a, 64);
}
