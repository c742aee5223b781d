// A statement macro that declares what operators write beside their arithmetic: template
// types (`GlobalTensor<T>`, `TQue<TPosition::VECIN, 1>`), a pointer (`const Shape *shape`),
// casts (`reinterpret_cast<__gm__ T *>`), explicit template arguments (`PipeBarrier<PIPE_V>`,
// `SetFlag<HardEvent::MTE2_V>`). libclang places the macro's tokens at the invocation, so its
// operators are matched with the expression's nodes from the expanded tokens: a template
// argument list's `<` and `>` are not comparisons, a declarator's `*` is the pointer its type
// spells. (Before: "an operator the frontend cannot read" at the invocation; five held-out
// entries stopped there: batch_norm_v3, mat_mul_v3, relu_v3, not_equal_v2...) The tile is
// `shape->rows * shape->cols - 2 * PAD` elements, the copy out waits for the Muls only with
// -D WAIT_OUT=1.
// expect: raw-hazard@54
// expect(-D WAIT_OUT=1): clean
#include "kernel_operator.h"
using namespace AscendC;

#ifndef WAIT_OUT
#define WAIT_OUT 0
#endif

struct Shape {
    uint32_t rows;
    uint32_t cols;
};

constexpr uint32_t PAD = 8;

#define SCALE_TILE(T, shapeArg, x, y, waitOut)                                                \
    do {                                                                                     \
        TPipe pipe;                                                                          \
        TQue<TPosition::VECIN, 1> inQ;                                                       \
        GlobalTensor<T> xGm, yGm;                                                            \
        const Shape *shape = &(shapeArg);                                                    \
        uint32_t n = shape->rows * shape->cols - 2 * PAD;                                    \
        xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T *>(x), n);                             \
        yGm.SetGlobalBuffer(reinterpret_cast<__gm__ T *>(y), n);                             \
        pipe.InitBuffer(inQ, 1, n * sizeof(T));                                              \
        LocalTensor<T> t = inQ.AllocTensor<T>();                                             \
        DataCopy(t, xGm, n);                                                                 \
        SetFlag<HardEvent::MTE2_V>(0);                                                       \
        WaitFlag<HardEvent::MTE2_V>(0);                                                      \
        Muls(t, t, static_cast<T>(2), n);                                                    \
        PipeBarrier<PIPE_V>();                                                               \
        if (waitOut > 0) {                                                                   \
            SetFlag<HardEvent::V_MTE3>(0);                                                   \
            WaitFlag<HardEvent::V_MTE3>(0);                                                  \
        }                                                                                    \
        DataCopy(yGm, t, n);                                                                 \
        inQ.FreeTensor(t);                                                                   \
    } while (0)

extern "C" __global__ __aicore__ void statement_macro_templates(GM_ADDR x, GM_ADDR y)
{
    Shape s{8, 16};
    SCALE_TILE(float, s, x, y, WAIT_OUT);
}
