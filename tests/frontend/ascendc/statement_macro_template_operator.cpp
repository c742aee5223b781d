// An operator inside a macro's template argument list (`Tiles<2 * 4 - 1>`): libclang shows the
// list's expressions as the expression's children, so their operator nodes would have no token
// once the list is skipped, and a variable template's `<` and `>` (`kPerBlock<half>`, which no
// cursor names as a template) are tokens with no node: five tokens, five nodes, matched out of
// place, would read `(len) - 16 + (m) * 7` as `(len - 16) < (m > 7)` and copy a wrong length,
// silently. Any operator in a skipped list refuses the match instead: unsupported at the
// invocation (statement_macro_templates.cpp matches the lists that hold none).
// expect: unsupported@21
#include "kernel_operator.h"
using namespace AscendC;

template <class T> constexpr uint32_t kPerBlock = 32 / sizeof(T);
template <uint32_t N> struct Tiles {
    static constexpr uint32_t value = N;
};
#define LEN(n, m) ((n) - kPerBlock<half> + (m) * Tiles<2 * 4 - 1>::value)

extern "C" __global__ __aicore__ void statement_macro_template_operator(GM_ADDR x, uint32_t len,
                                                                        uint32_t m)
{
    uint32_t n = LEN(len + 64, m);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, n);
    LocalTensor<float> t(TPosition::VECIN, 0, n);
    DataCopy(t, xGm, n);
}
