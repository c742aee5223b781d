// The library's shared kernel header, staged by the op build as <stage>/inc/platform.h: the
// kernel includes it as "../inc/platform.h", which names no file beside op_kernel/.
#ifndef SDK_OP_LIBRARY_PLATFORM_H
#define SDK_OP_LIBRARY_PLATFORM_H
#include "kernel_operator.h"

constexpr uint32_t ROW_FLOATS = 64;
#endif
