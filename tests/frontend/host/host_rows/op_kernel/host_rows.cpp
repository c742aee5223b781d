// Each core copies its rowsPerCore rows of `cols` elements in and out again, rows `stride`
// elements apart in UB. With --shape x0=2,3,32 --attr 0=8: 6 rows of 32 on 6 cores, one
// row each (the host's), clean; a -D rowsPerCore=8 over it makes a core's rows run past the
// 1 KiB buffer, and so do the guesses without --shape (2 rows 256 floats apart).
// args: --auto-sync=off
// expect: note:out-of-bounds@23 note:out-of-bounds@27
// expect(--shape x0=2,3,32 --attr 0=8): clean
// expect(--shape x0=2,3,32 --attr 0=8 -D rowsPerCore=8 -D block_num=1): out-of-bounds@23 out-of-bounds@27
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void host_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * t.rowsPerCore * t.cols,
                        t.rowsPerCore * t.cols);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * t.rowsPerCore * t.cols,
                        t.rowsPerCore * t.cols);
    LocalTensor<float> buf(TPosition::VECIN, 0, 256);
    for (uint32_t r = 0; r < t.rowsPerCore; r++)
        DataCopy(buf[r * t.stride], xGm[r * t.cols], t.cols);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    for (uint32_t r = 0; r < t.rowsPerCore; r++)
        DataCopy(yGm[r * t.cols], buf[r * t.stride], t.cols);
}
