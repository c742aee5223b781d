// SDK include path kept by some kernels (data types, positions): the frontend's declarations
// are all in kernel_operator.h.
#ifndef ACCELSYNC_STUB_KERNEL_TYPE_H
#define ACCELSYNC_STUB_KERNEL_TYPE_H
#include "kernel_operator.h"
#endif
