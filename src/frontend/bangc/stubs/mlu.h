/* The device header kernels include: the BANG C language and the host runtime. */
#include "bang.h"
#include "cnrt.h"
