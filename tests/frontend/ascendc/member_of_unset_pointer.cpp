// A member written through a pointer nothing set (the SDK's TBuf::Get does `ptr->dataLen =`
// on a buffer whose InitBuffer never ran, which guessed tiling values can cause: ops-math's
// less under key 0) and through a null pointer: each unsupported, saying which.
// expect: unsupported@20
// expect(-D useNull=0): unsupported@17
#include "kernel_operator.h"
using namespace AscendC;

struct Desc {
    uint32_t len;
};

extern "C" __global__ __aicore__ void member_of_unset_pointer(GM_ADDR x, uint32_t useNull)
{
    Desc *unset;
    if (useNull == 0) {
        unset->len = 4;
    } else {
        Desc *none = nullptr;
        none->len = 4;
    }
}
