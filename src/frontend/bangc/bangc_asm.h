/* The asm statements the BANG C layer models (bangc_asm.c), for the interpreter's asm hook. */
#ifndef AS_FRONTEND_BANGC_ASM_H
#define AS_FRONTEND_BANGC_ASM_H

#include "../clang/clang_api.h"
#include <stdbool.h>

#include "../interp/interp.h"

/* The asm statements the layer models ("sync;", fuse.nram, findlast1). */
bool bangc_asm(struct interp *I, CXCursor s, struct asm_parts *a);

#endif
