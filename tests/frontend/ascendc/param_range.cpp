// A runtime value given as a range (-D tiles=LO..HI): the entry is lowered once per value, as
// kernels tile_copy_tiles1, tile_copy_tiles2, ... Each tile lands in its own slot of a
// two-slot buffer, so from three tiles on the copy runs past the buffer's end: the range
// finds what one value would not.
// expect(-D tiles=1..2): clean
// expect(-D tiles=1..3): out-of-bounds@21
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void tile_copy(GM_ADDR x, int32_t tiles)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * LEN * sizeof(float));
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, tiles * LEN);
    LocalTensor<float> slots = buf.Get<float>();
    for (int32_t i = 0; i < tiles; i++) {
        DataCopy(slots[i * LEN], xGm[i * LEN], LEN);
    }
}
