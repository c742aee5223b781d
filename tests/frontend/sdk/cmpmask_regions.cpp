// The CMPMASK register is loaded from 16 bytes of UB on V (SetCmpMask: set_cmpmask): a copy
// that writes the 32 bytes after them does not meet it, one that writes them does. In
// Select's tensor-tensor mode the register holds the mask tensor's address, and vsel reads
// the mask there: the copy into the mask races with the Select, not with the scratch's load.
// args: --auto-sync=off
// expect: raw-hazard@26 raw-hazard@30
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void cmpmask_regions(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inM;
    TQue<QuePosition::VECIN, 1> inK;
    TQue<QuePosition::VECOUT, 1> work;
    pipe.InitBuffer(inM, 1, 256);
    pipe.InitBuffer(inK, 1, 256);
    pipe.InitBuffer(work, 1, 1024);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    LocalTensor<float> m = inM.AllocTensor<float>();
    DataCopy(m[4], xGm, 8);
    SetCmpMask(m);
    LocalTensor<float> k = inK.AllocTensor<float>();
    DataCopy(k, xGm, 8);
    SetCmpMask(k);
    LocalTensor<float> w = work.AllocTensor<float>();
    LocalTensor<uint8_t> mask = m[32].ReinterpretCast<uint8_t>();
    DataCopy(m[32], xGm, 8);
    SelectByTensor(w, mask, w[64], w[128], w[192].ReinterpretCast<uint32_t>());
}
