// A scalar read of a local tensor at an index read from data (a histogram's bin) may touch any
// byte of the tensor's buffer: the bins the vector unit zeroes included, so the read must wait
// for the vector write (V -> S). Checked without auto-sync, which would add that flag; the
// first kernel writes it: clean; the second does not. A DTYPE_ name the kernel defines for
// itself (DTYPE_SIZE here) is not taken for the build's data type macro.
// expect: clean
// expect(--auto-sync=off): raw-hazard@23 waw-hazard@24
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline void Histogram(GM_ADDR index, bool wait)
{
    constexpr int32_t DTYPE_SIZE = 4;
    GlobalTensor<int32_t> indexGm;
    indexGm.SetGlobalBuffer((__gm__ int32_t *)index, 1);
    LocalTensor<int32_t> bins(TPosition::VECCALC, 0, 256 / DTYPE_SIZE);
    Duplicate(bins, 0, 64);
    if (wait) {
        SetFlag<HardEvent::V_S>(0);
        WaitFlag<HardEvent::V_S>(0);
    }
    int32_t bin = indexGm.GetValue(0);
    int32_t count = bins.GetValue(bin);
    bins.SetValue(bin, count + 1);
}

extern "C" __global__ __aicore__ void histogram_wait(GM_ADDR index)
{
    Histogram(index, true);
}

extern "C" __global__ __aicore__ void histogram_no_wait(GM_ADDR index)
{
    Histogram(index, false);
}
