// Production kernels layer templates: a base class template owns the pipe and the tensors, a
// derived one (written CRTP-free here) adds the queues and the compute, a function template
// parameter picks the vector op, tiling fields come from an array, and the event guard is a
// class template with a destructor. Every layer has to be followed for the flags to pair up.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

template <typename T> class EventGuard {
public:
    __aicore__ inline explicit EventGuard(int32_t id) : id_(id) { SetFlag<HardEvent::V_MTE3>(id_); }
    __aicore__ inline ~EventGuard() { WaitFlag<HardEvent::V_MTE3>(id_); }

private:
    int32_t id_;
};

template <typename T> class LayerBase {
protected:
    TPipe pipe;
    GlobalTensor<T> inGm, outGm;
    uint32_t lengths[3] = {128, 256, 64};
};

template <typename T>
__aicore__ inline void ReluOp(const LocalTensor<T> &dst, const LocalTensor<T> &src, int32_t n)
{
    Relu(dst, src, n);
}

template <typename T, void (*op)(const LocalTensor<T> &, const LocalTensor<T> &, int32_t)>
class Layer : public LayerBase<T> {
public:
    __aicore__ inline void Init(GM_ADDR in, GM_ADDR out)
    {
        this->inGm.SetGlobalBuffer((__gm__ T *)in, 512);
        this->outGm.SetGlobalBuffer((__gm__ T *)out, 512);
        this->pipe.InitBuffer(inQueue, 2, 1024);
        this->pipe.InitBuffer(work, 1024);
    }
    __aicore__ inline void Process()
    {
        uint32_t offset = 0;
        for (int32_t k = 0; k < 3; k++) {
            uint32_t n = this->lengths[k];
            LocalTensor<T> x = inQueue.template AllocTensor<T>();
            DataCopy(x, this->inGm[offset], n);
            inQueue.EnQue(x);
            LocalTensor<T> y = inQueue.template DeQue<T>();
            LocalTensor<T> z = work.template Get<T>();
            op(z, y, n);
            {
                EventGuard<T> guard(0);
            }
            DataCopy(this->outGm[offset], z, n);
            SetFlag<HardEvent::MTE3_V>(0);
            WaitFlag<HardEvent::MTE3_V>(0);
            inQueue.FreeTensor(y);
            offset += n;
        }
    }

private:
    TQue<QuePosition::VECIN, 2> inQueue;
    TBuf<> work;
};

extern "C" __global__ __aicore__ void layered_relu(GM_ADDR in, GM_ADDR out)
{
    Layer<float, ReluOp<float>> op;
    op.Init(in, out);
    op.Process();
}
