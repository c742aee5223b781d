// Gather (vgather) loads each lane from UB at the source's address plus a byte offset read
// from the offsets tensor: the offsets are data, so the load may touch any byte from the
// source's address to the end of UB, a tile placed after it included. It also reads the 4
// bytes of each lane's offset and writes its lanes of dst. Here the copy engine fills the tile
// after the source while V gathers: a race unless V waits for the copy (-D WAIT=1). The
// offsets tile itself is read only where lanes run: 16 lanes, 64 bytes.
// args: --auto-sync=off
// expect: raw-hazard@34
// expect(-D WAIT=1): clean
#include "kernel_operator.h"
using namespace AscendC;

#ifndef WAIT
#define WAIT 0
#endif

extern "C" __global__ __aicore__ void gather_regions(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inSrc, inOff, inLate;
    TQue<QuePosition::VECOUT, 1> out;
    pipe.InitBuffer(inSrc, 1, 256);
    pipe.InitBuffer(inOff, 1, 256);
    pipe.InitBuffer(out, 1, 256);
    pipe.InitBuffer(inLate, 1, 256);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    LocalTensor<float> late = inLate.AllocTensor<float>();
    DataCopy(late, xGm, 64);
    if (WAIT) {
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
    }
    Gather(out.AllocTensor<float>(), inSrc.AllocTensor<float>(), inOff.AllocTensor<uint32_t>(), 0, 16);
}
