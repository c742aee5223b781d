// The kernel's class header, which includes the tiling-key header as well.
#ifndef TPL_TWICE_H
#define TPL_TWICE_H
#include "kernel_operator.h"
#include "tpl_twice_tiling_key.h"
#endif
