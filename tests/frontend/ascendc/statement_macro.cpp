// Kernels dispatched through a statement macro, as operators do per data type: `&pipe` is
// written in the macro's body, where the tokens of the expansion do not show the operator;
// its types say it is an address. Both runs copy a tile in and out; the second macro leaves
// out the MTE2 -> MTE3 flag, so the copy out may read what the copy in is still writing.
// expect: raw-hazard@26
#include "kernel_operator.h"
using namespace AscendC;

template <typename T> class Relay {
public:
    __aicore__ inline void Init(TPipe *tmpPipe, GM_ADDR x, GM_ADDR y)
    {
        pipe = tmpPipe;
        pipe->InitBuffer(buf, 256);
        xGm.SetGlobalBuffer((__gm__ T *)x, 256 / sizeof(T));
        yGm.SetGlobalBuffer((__gm__ T *)y, 256 / sizeof(T));
    }
    __aicore__ inline void Process(bool wait)
    {
        LocalTensor<T> t = buf.Get<T>();
        DataCopy(t, xGm, 256 / sizeof(T));
        if (wait) {
            SetFlag<HardEvent::MTE2_MTE3>(0);
            WaitFlag<HardEvent::MTE2_MTE3>(0);
        }
        DataCopy(yGm, t, 256 / sizeof(T));
    }

private:
    TPipe *pipe;
    TBuf<TPosition::VECCALC> buf;
    GlobalTensor<T> xGm, yGm;
};

#define RELAY(wait, ...)                 \
    do {                                 \
        Relay<__VA_ARGS__> op;           \
        op.Init(&pipe, x, y);            \
        op.Process(wait);                \
    } while (0)

extern "C" __global__ __aicore__ void relay_with_flag(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    RELAY(true, float);
}

extern "C" __global__ __aicore__ void relay_without_flag(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    RELAY(false, half);
}
