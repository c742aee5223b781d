// The guard's scope closes after the vector op instead of before it: the destructor's wait
// comes too late, and Relu reads t while MTE2 may still be writing it.
// expect: raw-hazard@30 waw-hazard@30
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
        Relu(t, t, LEN);
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, t, LEN);
}
