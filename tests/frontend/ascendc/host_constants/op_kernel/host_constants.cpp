// What the build emulation gives a kernel beside its tiling structure: the host's constants
// stay apart from the kernel's own of the same name (MAX_DIM, a size_t there, an int here);
// ORIG_DTYPE_X is DT_FLOAT, in #if and in code (the DT_INT4 branch is not taken, so its
// tensor of four-bit integers is never measured); DTYPE_INDICES is int32_t, so an index read
// from GM moves a pointer; a macro defined as DTYPE_Y leaves DTYPE_Y the build's (only a name
// the kernel defines itself is its own); `min` is the device compiler's scalar min. One row is copied in
// and out through two queues: clean. Any of these missing is a source error.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int MAX_DIM = 8;
#define OUT_T DTYPE_Y
#if ORIG_DTYPE_X != DT_FLOAT
#error "ORIG_DTYPE_X is DT_FLOAT"
#endif

extern "C" __global__ __aicore__ void host_constants(GM_ADDR x, GM_ADDR indices, GM_ADDR y,
                                                    GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> in;
    TQue<QuePosition::VECOUT, 1> out;
    pipe.InitBuffer(in, 1, MAX_DIM * 32);
    pipe.InitBuffer(out, 1, MAX_DIM * 32);
    DTYPE_INDICES row = *reinterpret_cast<__gm__ DTYPE_INDICES *>(indices);
    GlobalTensor<DTYPE_X> xGm;
    GlobalTensor<OUT_T> yGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X *)x + row * t.rowLength);
    yGm.SetGlobalBuffer((__gm__ DTYPE_X *)y, MAX_DIM * 8);
    uint32_t n = min(t.rowLength, (uint32_t)(MAX_DIM * 8));
    LocalTensor<DTYPE_X> a = in.AllocTensor<DTYPE_X>();
    if (ORIG_DTYPE_X == DT_INT4)
        a.ReinterpretCast<int4b_t>();
    DataCopy(a, xGm, n);
    in.EnQue(a);
    LocalTensor<DTYPE_X> b = in.DeQue<DTYPE_X>();
    LocalTensor<DTYPE_X> c = out.AllocTensor<DTYPE_X>();
    Abs(c, b, n);
    out.EnQue(c);
    in.FreeTensor(b);
    LocalTensor<DTYPE_X> d = out.DeQue<DTYPE_X>();
    DataCopy(yGm, d, n);
    out.FreeTensor(d);
}
