/* Naming lowered instructions in messages ("MTE2 copy", "set_flag(MTE2, V, 0) on aiv[1]"). */
#ifndef AS_LOWER_DESCRIBE_H
#define AS_LOWER_DESCRIBE_H

#include <stddef.h>

#include "program.h"

/* Allocated from arena. */
const char *describe_ins(const struct lw_program *p, struct arena *arena, size_t i);

#endif
