// y = x + x, tile by tile, on the block of each core: the tiling comes from the op's own host
// code when --shape is given (op_host/host_add_tiling.cpp). The key-2 branch forgets the
// MTE2 -> V flag, so a shape that selects key 2 is a hazard; without --shape every key is
// checked, with the tiling fields guessed. A -D still wins over the host's value.
// args: --auto-sync=off
// expect: raw-hazard@30 waw-hazard@24
// expect(--shape x=8,1024): clean
// expect(--shape x=8,1024 --dtype x=float): clean
// expect(--shape x=64,1024): raw-hazard@30
// expect(--shape 0=64,1024 -D tiling_key=1): clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void host_add(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                               GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    GlobalTensor<half> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ half *)x + t.blockLength * GetBlockIdx(), t.blockLength);
    yGm.SetGlobalBuffer((__gm__ half *)y + t.blockLength * GetBlockIdx(), t.blockLength);
    LocalTensor<half> a(TPosition::VECIN, 0, 4096);
    LocalTensor<half> b(TPosition::VECOUT, 8192, 4096);
    for (uint32_t i = 0; i < t.tileNum; i++) {
        DataCopy(a, xGm[i * t.tileLength], t.tileLength);
        if (TILING_KEY_IS(1)) {
            SetFlag<HardEvent::MTE2_V>(0);
            WaitFlag<HardEvent::MTE2_V>(0);
            Add(b, a, a, t.tileLength);
        } else if (TILING_KEY_IS(2)) {
            Add(b, a, a, t.tileLength);     // the MTE2 -> V flag is missing
        }
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(yGm[i * t.tileLength], b, t.tileLength);
        SetFlag<HardEvent::MTE3_V>(0);
        WaitFlag<HardEvent::MTE3_V>(0);
        SetFlag<HardEvent::V_MTE2>(0);
        WaitFlag<HardEvent::V_MTE2>(0);
    }
}
