// A braced list given to a `const T &` parameter is a temporary `const T`, which the
// constructor copies into its `T` member: the copy keeps the values (16 elements of 4 bytes
// per buffer here), so the 32-element copy into a 64-byte buffer is out of bounds.
// expect: out-of-bounds@21
#include "kernel_operator.h"
using namespace AscendC;

struct Shape {
    uint32_t rows, cols;
};

class Tile {
public:
    __aicore__ inline Tile(const Shape &shape, TPipe *pipe) : shape(shape)
    {
        pipe->InitBuffer(q, 2, this->shape.cols * sizeof(float));
    }
    __aicore__ inline void Load(const GlobalTensor<float> &src)
    {
        LocalTensor<float> t = q.AllocTensor<float>();
        DataCopy(t, src, 32);
        q.EnQue(t);
        LocalTensor<float> u = q.DeQue<float>();
        q.FreeTensor(u);
    }

private:
    TQue<QuePosition::VECIN, 2> q;
    Shape shape;
};

extern "C" __global__ __aicore__ void braced(GM_ADDR x)
{
    TPipe pipe;
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 32);
    Tile tile({4, 16}, &pipe);
    tile.Load(xGm);
}
