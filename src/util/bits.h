/* Bit counting without a CPU feature test: the portable build targets x86-64's baseline, where
 * __builtin_popcountll is a call into libgcc. */
#ifndef AS_UTIL_BITS_H
#define AS_UTIL_BITS_H

#include <stdint.h>

static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

#endif
