// A member template of a class template called on `this` without writing it (`Run<true>()`):
// libclang puts the template argument first under the callee, where the object would be. The
// call is on this object, so `this->tiles_` set by Init reads 5 here, and the fifth 64-element
// copy starts past the 256-element buffer: out of bounds.
// expect: out-of-bounds@22
#include "kernel_operator.h"
using namespace AscendC;

class Base {
protected:
    int64_t tiles_{0};
};

template <typename T> class Tiler : public Base {
public:
    __aicore__ inline void Init(int64_t tiles) { this->tiles_ = tiles; }
    __aicore__ inline void Process(const GlobalTensor<T> &src) { Run<true>(src); }
    template <bool WHOLE> __aicore__ inline void Run(const GlobalTensor<T> &src)
    {
        LocalTensor<T> buf(TPosition::VECIN, 0, 256);
        for (int64_t i = 0; i < this->tiles_; i++)
            DataCopy(buf[i * 64], src[i * 64], 64);
    }
};

extern "C" __global__ __aicore__ void tiles(GM_ADDR x)
{
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 512);
    Tiler<float> op;
    op.Init(5);
    op.Process(xGm);
}
