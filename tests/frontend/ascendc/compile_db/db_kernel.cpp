// A kernel parsed with the arguments its build used, from compile_commands.json (-p DIR, as
// clang-tidy takes it): the header directory (-I ../include, relative to the entry's
// directory), the macros TILE_FLOATS and ROWS, and the forced include ../prelude.h. Without
// them it does not parse. The second row's copy-in overwrites the tile the first row's
// copy-out may still be reading.
// args: -p tests/frontend/ascendc/compile_db --auto-sync=off
// expect: war-hazard@24 waw-hazard@24
#include "db_tile.h"
#if !DB_PRELUDE_SEEN
#error the build's forced include is missing
#endif
using namespace AscendC;

extern "C" __global__ __aicore__ void db_rows(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, TILE_BYTES);
    LocalTensor<float> tile = calc.Get<float>(TILE_FLOATS);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE_FLOATS * ROWS);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE_FLOATS * ROWS);
    for (int r = 0; r < ROWS; r++) {
        DataCopy(tile, xGm[r * TILE_FLOATS], TILE_FLOATS);
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
        DataCopy(yGm[r * TILE_FLOATS], tile, TILE_FLOATS);
    }
}
