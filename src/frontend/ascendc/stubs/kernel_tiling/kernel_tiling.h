// The vendor's kernel_tiling/kernel_tiling.h declares the tiling structures of high-level
// APIs; the frontend's tiling structures come from the operator's host definitions instead
// (accelsync_tiling.h), so this header is empty.
#ifndef ACCELSYNC_STUB_KERNEL_TILING_H
#define ACCELSYNC_STUB_KERNEL_TILING_H
#include "kernel_operator.h"
#endif
