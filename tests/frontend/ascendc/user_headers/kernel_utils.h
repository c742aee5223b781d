// A header of the user's with the name of one the frontend declares (the SDK's
// kernel_utils.h): found through -I, it is the one the kernel gets.
#ifndef USER_KERNEL_UTILS_H
#define USER_KERNEL_UTILS_H
#include "kernel_operator.h"

constexpr int32_t USER_TILE = 128;

// Copies a tile in, with no flag before the caller's vector op.
__aicore__ inline void LoadTile(AscendC::LocalTensor<float> &dst, AscendC::GlobalTensor<float> &src)
{
    AscendC::DataCopy(dst, src, USER_TILE);
}
#endif
