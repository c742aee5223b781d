// The copy in is handed to the copy out by a flag: clean for any length up to the buffer's
// 64 floats. The host tiling (op_host/host_refused_tiling.cpp) runs with mode 0; with the
// other modes it cannot be run, which is a host-tiling warning at the construct, and the
// kernel is checked with the guessed length (256: the copy overruns the buffer, a note, out
// of bounds only under guessed values). (The host-tiling lines are op_host/host_refused_tiling.cpp's.)
// args: --shape x=4,16 --attr ratio=0.5
// expect(--attr mode=0): clean
// expect(--attr mode=1): host-tiling@16 note:out-of-bounds@24 note:out-of-bounds@27
// expect(--attr mode=2): host-tiling@18 note:out-of-bounds@24 note:out-of-bounds@27
// expect(--attr mode=3): host-tiling@23 note:out-of-bounds@24 note:out-of-bounds@27
// expect(--attr mode=4): host-tiling@25 note:out-of-bounds@24 note:out-of-bounds@27
// expect(--attr mode=0 -D length=32): clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void host_refused(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                   GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, t.length);
    yGm.SetGlobalBuffer((__gm__ float *)y, t.length);
    LocalTensor<float> buf(TPosition::VECIN, 0, 64);
    DataCopy(buf, xGm, t.length);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(yGm, buf, t.length);
}
