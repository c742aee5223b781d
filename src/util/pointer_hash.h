/* A slot for a pointer in a table of 2^bits slots (Fibonacci hashing: the top bits of the
 * address times 2^64 / phi), for the small caches keyed by an AST node's or string's address. */
#ifndef AS_UTIL_POINTER_HASH_H
#define AS_UTIL_POINTER_HASH_H

#include <stddef.h>
#include <stdint.h>

static inline size_t pointer_slot(const void *p, unsigned bits)
{
    return (size_t)(((uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull) >> (64 - bits));
}

#endif
