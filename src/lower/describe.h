/* Naming lowered instructions in messages ("MTE2 copy", "set_flag(MTE2, V, 0) on aiv[1]"). */
#ifndef AS_LOWER_DESCRIBE_H
#define AS_LOWER_DESCRIBE_H

#include <stddef.h>

#include "program.h"

/* Allocated from arena. */
const char *describe_ins(const struct lw_program *p, struct arena *arena, size_t i);

/* Whether access instruction i writes (or, write false, reads) `buffer` through a region
 * written `x[?]`: at an offset read from memory, anywhere in the buffer (docs/pir.md). Its
 * bytes were not computed, so messages must not name them. */
bool describe_anywhere(const struct lw_program *p, size_t i, int buffer, bool write);

/* The place of an access in a message: "x bytes [lo, hi)", or, anywhere, "x at an offset
 * read from memory, anywhere in x". Allocated from arena. */
const char *describe_place(struct arena *arena, const char *buffer, int64_t lo, int64_t hi,
                           bool anywhere);

#endif
