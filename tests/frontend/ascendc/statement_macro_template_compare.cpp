// A comparison written inside a macro's template argument list (`Pick<N < 4>`): from the
// expanded tokens, `N <` cannot be told from a template argument list that `Pick` did not
// open, so the macro's operators are not matched (statement_macro_templates.cpp matches the
// ones it can): `n = len * 16` (len a kernel argument, 4 unless -D len=...) is not read, and
// the kernel is unsupported there, never copied with a guessed length. Parentheses do not
// make one readable (`Pick<(N > 4)>`, the second kernel): its `>` is a node of the expression
// whose token a skipped list would hide.
// expect: unsupported@36 unsupported@41
#include "kernel_operator.h"
using namespace AscendC;

template <bool Small> struct Pick {
    static constexpr uint32_t value = Small ? 16 : 64;
};

#define COPY_N(N, len, x)                                                                     \
    do {                                                                                     \
        GlobalTensor<float> xGm;                                                             \
        uint32_t n = (len) * Pick<N < 4>::value;                                              \
        xGm.SetGlobalBuffer((__gm__ float *)(x), n);                                         \
        LocalTensor<float> t(TPosition::VECIN, 0, n);                                        \
        DataCopy(t, xGm, n);                                                                 \
    } while (0)

#define COPY_P(N, len, x)                                                                     \
    do {                                                                                     \
        GlobalTensor<float> xGm;                                                             \
        uint32_t n = (len) * Pick<(N > 4)>::value;                                            \
        xGm.SetGlobalBuffer((__gm__ float *)(x), n);                                         \
        LocalTensor<float> t(TPosition::VECIN, 0, n);                                        \
        DataCopy(t, xGm, n);                                                                 \
    } while (0)

extern "C" __global__ __aicore__ void statement_macro_template_compare(GM_ADDR x, uint32_t len)
{
    COPY_N(2, len, x);
}

extern "C" __global__ __aicore__ void statement_macro_template_parens(GM_ADDR x, uint32_t len)
{
    COPY_P(2, len, x);
}
