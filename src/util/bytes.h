/* A growable string of bytes: a state written field by field, to tell whether it changed
 * (the frontends' layers before and after a side of a choice, interp_branch.c). */
#ifndef AS_UTIL_BYTES_H
#define AS_UTIL_BYTES_H

#include <stdbool.h>
#include <string.h>

#include "xalloc.h"

struct bytes {
    unsigned char *items;
    size_t len, cap;
};

static inline void bytes_put(struct bytes *b, const void *p, size_t n)
{
    if (n == 0)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n)
            cap *= 2;
        b->items = xrealloc_array(b->items, cap, 1);
        b->cap = cap;
    }
    memcpy(b->items + b->len, p, n);
    b->len += n;
}

/* A field by value: BYTES_PUT(b, s->count). */
#define BYTES_PUT(b, field)                                                          \
    do {                                                                             \
        __typeof__(field) bytes_field_ = (field);                                    \
        bytes_put((b), &bytes_field_, sizeof(bytes_field_));                         \
    } while (0)

static inline bool bytes_same(const struct bytes *a, const struct bytes *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->items, b->items, a->len) == 0);
}

#endif
