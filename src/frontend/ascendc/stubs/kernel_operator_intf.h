// SDK include path kept by some kernels: the frontend's declarations are all in
// kernel_operator.h.
#ifndef ACCELSYNC_STUB_KERNEL_OPERATOR_INTF_H
#define ACCELSYNC_STUB_KERNEL_OPERATOR_INTF_H
#include "kernel_operator.h"
#endif
