// The 910B implementation, one directory down: "../inc/platform.h" from here names no file
// beside it; the build's -I <stage>/common leads it to the staged <stage>/inc/.
#ifndef ROW_SCALE_IMPL_H
#define ROW_SCALE_IMPL_H
#include "../inc/platform.h"
#include "../../inc/platform.h"
#include "../../tile_copy/tile_copy.h"

template <bool SYNCED>
__aicore__ inline void ScaleRows(GM_ADDR x, GM_ADDR y, uint32_t rowLength, uint32_t rowCount)
{
    using namespace AscendC;
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    uint32_t n = RoundUpBlocks(rowLength);
    pipe.InitBuffer(calc, 2 * n * sizeof(float));
    LocalTensor<float> in = calc.Get<float>(2 * n);
    LocalTensor<float> out = in[n];
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, n * rowCount);
    yGm.SetGlobalBuffer((__gm__ float *)y, n * rowCount);
    for (uint32_t r = 0; r < rowCount; r++) {
        GlobalTensor<float> row = xGm[r * n];
        CopyTileIn(in, row, rowLength);
        if (SYNCED) {
            SetFlag<HardEvent::MTE2_V>(0);
            WaitFlag<HardEvent::MTE2_V>(0);
        }
        Muls(out, in, 2.0f, n);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(yGm[r * n], out, n);
        SetFlag<HardEvent::MTE3_V>(0);
        WaitFlag<HardEvent::MTE3_V>(0);
        SetFlag<HardEvent::V_MTE2>(0);
        WaitFlag<HardEvent::V_MTE2>(0);
    }
}
#endif
