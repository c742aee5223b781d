/* FNV-1a over a byte string: the hash of the name tables (ir/scope_table.c, util/interns.c). */
#ifndef AS_UTIL_FNV_H
#define AS_UTIL_FNV_H

#include <stddef.h>

static inline size_t fnv1a(const char *s, size_t n)
{
    size_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

#endif
