// Constant arrays outside the kernel (at namespace scope, or static constexpr members) are
// read for their values: OFFSETS places the copy at element 128, where only the third Adds
// reads, without a flag after the MTE2 copy. The coefficients are floats (values not known
// before the kernel runs, fine as scalar operands), and a float constant passed as an int
// count is that integer: the loop runs three times.
// expect: raw-hazard@27 waw-hazard@27
#include "kernel_operator.h"
using namespace AscendC;

const int32_t OFFSETS[] = {0, 64, 128};

class Poly {
    static constexpr float COEF[] = {0.5f, 0.25f, 0.125f};
    static constexpr float COUNT = 3;

public:
    __aicore__ inline void Run(LocalTensor<float> &all, GlobalTensor<float> &xGm)
    {
        DataCopy(all[OFFSETS[2]], xGm, 64);
        Horner(all, COEF, COUNT);
    }

private:
    __aicore__ inline void Horner(LocalTensor<float> &all, const float *coef, int n)
    {
        for (int i = 0; i < n; i++)
            Adds(all[OFFSETS[i]], all[OFFSETS[i]], coef[i], 64);
    }
};

extern "C" __global__ __aicore__ void poly(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, 1024);
    LocalTensor<float> all = calc.Get<float>();
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    Poly p;
    p.Run(all, xGm);
}
