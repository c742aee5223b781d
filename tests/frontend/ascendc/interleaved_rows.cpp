// Two strided copies to GM whose rows interleave: 100 rows of one 32-byte block each, one
// block apart, the second copy one block further on. No byte is written twice, so the two
// MTE3 copies need no order between them. Written as the span from the first row to the
// last they would meet (a false waw-hazard, ops-nn swi_glu_grad's): up to 4,096 rows, each
// row is a region of its own (docs/frontends.md, "Fixpipe").
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void interleave(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> even, odd;
    pipe.InitBuffer(even, 3200);
    pipe.InitBuffer(odd, 3200);
    LocalTensor<float> e = even.Get<float>();
    LocalTensor<float> o = odd.Get<float>();
    GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer((__gm__ float *)x, 1600);
    yg.SetGlobalBuffer((__gm__ float *)y, 1600);
    DataCopy(e, xg, 800);
    DataCopy(o, xg[800], 800);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopyParams rows{100, 1, 0, 1};
    DataCopy(yg, e, rows);
    DataCopy(yg[8], o, rows);
}
