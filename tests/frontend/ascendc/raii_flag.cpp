// A scope guard in the style of production kernels: the constructor sets the MTE2->V flag
// once the copy is issued, the destructor waits it where the scope closes. The destructor is
// never written as a call: the frontend adds it at the closing brace.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 512;

class CopyDone {
public:
    __aicore__ inline explicit CopyDone(int32_t id) : id_(id) { SetFlag<HardEvent::MTE2_V>(id_); }
    __aicore__ inline ~CopyDone() { WaitFlag<HardEvent::MTE2_V>(id_); }

private:
    int32_t id_;
};

extern "C" __global__ __aicore__ void relu_guarded(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, LEN * sizeof(half));
    GlobalTensor<half> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, LEN);
    yGm.SetGlobalBuffer((__gm__ half *)y, LEN);
    LocalTensor<half> t = buf.Get<half>();
    DataCopy(t, xGm, LEN);
    {
        CopyDone done(0);
    }
    Relu(t, t, LEN);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, t, LEN);
}
