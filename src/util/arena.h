/* Bump allocator: every IR node, lowered instruction and string of one program or one
 * check run lives in an arena and is freed at once with it. Ownership rule: nothing
 * allocated from an arena is freed on its own. */
#ifndef AS_UTIL_ARENA_H
#define AS_UTIL_ARENA_H

#include <stdbool.h>
#include <stddef.h>

struct arena_chunk;

struct arena {
    struct arena_chunk *head;
    size_t total;      /* bytes handed out, for limits and benchmarks */
};

void arena_init(struct arena *a);
void arena_free(struct arena *a);
/* Zeroed memory, aligned for any object. Aborts on out-of-memory. */
void *arena_alloc(struct arena *a, size_t size);
void *arena_alloc_array(struct arena *a, size_t count, size_t size);
/* The same, not zeroed: for what the caller writes whole before anything reads it (the
 * lowering's region lists and iteration copies, one or two per event, where clearing them
 * first was a tenth of a large kernel's lowering). */
void *arena_alloc_array_unzeroed(struct arena *a, size_t count, size_t size);
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), nonnull(2)));
/* a, sep and b one after the other (what arena_printf("%s%s%s") makes, without the printf). */
char *arena_join(struct arena *a, const char *x, const char *sep, const char *y);
/* p points into memory handed out by a (a walk over its chunks). */
bool arena_owns(const struct arena *a, const void *p);

#endif
