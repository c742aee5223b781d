// The library's shared kernel header, staged as <stage>/inc/platform.h: kernels include it as
// "../inc/platform.h" (from op_kernel/) or "../../inc/platform.h" (from op_kernel/arch22/).
#ifndef OP_LIBRARY_PLATFORM_H
#define OP_LIBRARY_PLATFORM_H
#include "kernel_operator.h"

constexpr uint32_t BLOCK_FLOATS = 8;

__aicore__ inline uint32_t RoundUpBlocks(uint32_t n)
{
    return (n + BLOCK_FLOATS - 1) / BLOCK_FLOATS * BLOCK_FLOATS;
}
#endif
