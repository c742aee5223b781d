// The library's entry header: the kernel API only when the device compiler compiles it.
#ifndef TILELIB_HPP
#define TILELIB_HPP
#if defined(__CCE__)
#include <kernel_operator.h>
#endif
#include "tilelib/detail/macros.hpp"

namespace tilelib {
template <class T>
TILELIB_HOST_DEVICE constexpr T CeilDiv(T a, T b)
{
    return (a + b - 1) / b;
}

template <class T>
struct TileCopy {
    TILELIB_HOST_DEVICE TileCopy() {}

    TILELIB_DEVICE void operator()(AscendC::LocalTensor<T> &dst, AscendC::GlobalTensor<T> &src, uint32_t n)
    {
        AscendC::DataCopy(dst, src, n);
    }
};
}  // namespace tilelib
#endif
