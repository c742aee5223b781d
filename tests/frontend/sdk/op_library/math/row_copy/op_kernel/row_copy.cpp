// An operator of a hicann-shaped library read through the SDK: its headers are found as the
// op build stages them ("../inc/platform.h" is common/inc/op_kernel/platform.h) and as the
// toolkit installs the SDK ("lib/row_ops_intf.h"), its tiling structure is op_host/arch22/'s
// (arch35/'s names its field otherwise). The copy-out reads the row the vector unit is still
// writing (no V->MTE3 flag), and the MTE2 copy before it is not ordered before it either
// (DeQue orders MTE2 before V only): two raw-hazards at the DataCopy (one row: the next
// row's hazards with this copy-out are another test's).
// args: --auto-sync=off -D rowCount=1
// expect: raw-hazard@30 raw-hazard@30
#include "kernel_operator.h"
#include "../inc/platform.h"
#include "lib/row_ops_intf.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void row_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, ROW_FLOATS * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, ROW_FLOATS * tilingData.rowCount);
    yGm.SetGlobalBuffer((__gm__ float *)y, ROW_FLOATS * tilingData.rowCount);
    for (uint32_t r = 0; r < tilingData.rowCount; r++) {
        LocalTensor<float> row = inQ.AllocTensor<float>();
        DataCopy(row, xGm[r * ROW_FLOATS], ROW_FLOATS);
        inQ.EnQue(row);
        LocalTensor<float> in = inQ.DeQue<float>();
        DoubleRow(in, ROW_FLOATS);
        DataCopy(yGm[r * ROW_FLOATS], in, ROW_FLOATS);
        inQ.FreeTensor(in);
    }
}
