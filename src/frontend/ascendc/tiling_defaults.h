/* A kernel's tiling fields when neither -D nor --tiling gives them: a guess by the field's
 * name (docs/frontends.md, "Runtime values"), the same whether the kernel is read with the
 * built-in declarations or through the SDK. */
#ifndef AS_FRONTEND_ASCENDC_TILING_DEFAULTS_H
#define AS_FRONTEND_ASCENDC_TILING_DEFAULTS_H

#include <stdint.h>

int64_t tiling_field_default(const char *name);

#endif
