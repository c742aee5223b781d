// A base class template that drives the pipeline and calls back into the derived kernel
// through a reference member set by the base-class initializer (`: Base(*this)`), the
// style of shared operator frameworks. The base constructor runs on the same object, and
// the reference member is the derived object itself, not a copy.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

template <typename T, typename Derived> class PipelineBase {
public:
    __aicore__ inline explicit PipelineBase(Derived &self) : derived(self) {}
    __aicore__ inline void Run(GM_ADDR src, GM_ADDR dst, int32_t tiles)
    {
        srcGm.SetGlobalBuffer((__gm__ T *)src, tiles * 256);
        dstGm.SetGlobalBuffer((__gm__ T *)dst, tiles * 256);
        pipe.InitBuffer(inQueue, 2, 256 * sizeof(T));
        pipe.InitBuffer(outQueue, 2, 256 * sizeof(T));
        for (int32_t t = 0; t < tiles; t++) {
            LocalTensor<T> a = inQueue.template AllocTensor<T>();
            DataCopy(a, srcGm[t * 256], 256);
            inQueue.EnQue(a);
            LocalTensor<T> b = inQueue.template DeQue<T>();
            LocalTensor<T> c = outQueue.template AllocTensor<T>();
            derived.Compute(c, b);
            outQueue.EnQue(c);
            inQueue.FreeTensor(b);
            LocalTensor<T> d = outQueue.template DeQue<T>();
            DataCopy(dstGm[t * 256], d, 256);
            outQueue.FreeTensor(d);
        }
    }

protected:
    Derived &derived;
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> inQueue;
    TQue<QuePosition::VECOUT, 2> outQueue;
    GlobalTensor<T> srcGm, dstGm;
};

template <typename T> class ExpKernel : public PipelineBase<T, ExpKernel<T>> {
public:
    __aicore__ inline ExpKernel() : PipelineBase<T, ExpKernel<T>>(*this) {}
    __aicore__ inline void Compute(const LocalTensor<T> &out, const LocalTensor<T> &in)
    {
        Exp(out, in, 256);
    }
};

extern "C" __global__ __aicore__ void exp_tiles(GM_ADDR src, GM_ADDR dst, int32_t tiles)
{
    ExpKernel<float> op;
    op.Run(src, dst, tiles);
}
