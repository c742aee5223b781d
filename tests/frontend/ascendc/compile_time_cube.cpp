// Cube code chosen at compile time: the frontend parses a source once, as the vector core's
// code (the model's macros for AIV), so what `#if defined(__DAV_C220_CUBE__)` keeps would
// never be seen. The macro's first mention is reported and the file is not verified, rather
// than checked without its cube half.
// expect: unsupported@17
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void split_by_macro(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, LEN * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
#if defined(__DAV_C220_CUBE__)
    Mmad(t, t, t, MmadParams{});
#else
    Duplicate(t, 1.0f, LEN);
#endif
}
