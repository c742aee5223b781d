// A kernel on a catlass-style header library (header_library/tilelib): kernel_operator.h is
// included only under __CCE__, which the device compiler defines, and the qualifiers carry
// the device compiler's execution-space lists (`__forceinline__[host, aicore]`,
// `__global__[aicore]`, here and in the library's headers), which the frontend blanks in
// memory. The tile copied in is copied out with no MTE2->MTE3 flag.
// args: -I tests/frontend/ascendc/header_library --auto-sync=off
// expect: raw-hazard@24
#include "tilelib/tilelib.hpp"

template <class T>
struct RoundTrip {
    __forceinline__[aicore] void Run(GM_ADDR x, GM_ADDR y)
    {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> calc;
        constexpr uint32_t n = tilelib::CeilDiv<uint32_t>(1000, 8) * 8;
        pipe.InitBuffer(calc, n * sizeof(T));
        AscendC::LocalTensor<T> tile = calc.Get<T>(n);
        AscendC::GlobalTensor<T> xGm, yGm;
        xGm.SetGlobalBuffer((__gm__ T *)x, n);
        yGm.SetGlobalBuffer((__gm__ T *)y, n);
        tilelib::TileCopy<T> copy;
        copy(tile, xGm, n);
        AscendC::DataCopy(yGm, tile, n);
    }
};

extern "C" TILELIB_GLOBAL void round_trip(GM_ADDR x, GM_ADDR y)
{
    RoundTrip<float> op;
    op.Run(x, y);
}
