// A kernel that reads its tiling by hand from the last argument (the framework's tiling
// pointer) instead of GET_TILING_DATA: each word read at a known offset is a tiling field, a
// runtime value named tiling_at<offset> with the usual default (4) that -D changes
// (tests/frontend.py checks both). Two tiles, each handed from MTE2 to V by a flag: clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void by_hand(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                              GM_ADDR tilingGm)
{
    __gm__ uint32_t *words = reinterpret_cast<__gm__ uint32_t *>(tilingGm);
    uint32_t tiles = words[0] / 2;
    uint32_t start = words[1];
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    LocalTensor<float> u(TPosition::VECOUT, 256, 64);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x);
    for (uint32_t i = 0; i < tiles; i++) {
        DataCopy(t, xGm[start + i * 64], 64);
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
        Adds(u, t, 1.0f, 64);
        SetFlag<HardEvent::V_MTE2>(0);
        WaitFlag<HardEvent::V_MTE2>(0);
    }
}
