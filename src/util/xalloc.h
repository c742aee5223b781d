/* malloc wrappers that end the process with a clear message on out-of-memory, so callers
 * never have to handle a NULL that cannot be recovered from anyway. */
#ifndef AS_UTIL_XALLOC_H
#define AS_UTIL_XALLOC_H

#include <stdarg.h>
#include <stddef.h>

_Noreturn void xalloc_die(void);
#define XALLOC_ATTRS __attribute__((returns_nonnull, warn_unused_result))
void *xmalloc(size_t size) XALLOC_ATTRS;
void *xcalloc(size_t count, size_t size) XALLOC_ATTRS;
void *xrealloc_array(void *p, size_t count, size_t size) XALLOC_ATTRS;
char *xstrdup(const char *s) XALLOC_ATTRS;
/* printf into a new malloc'ed string. */
char *xasprintf(const char *fmt, ...) XALLOC_ATTRS __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) XALLOC_ATTRS __attribute__((format(printf, 1, 0)));

/* Growable array of T: struct { T *items; size_t len, cap; }. */
#define VEC(T) struct { T *items; size_t len, cap; }
#define VEC_PUSH(v, x)                                                               \
    do {                                                                             \
        if ((v).len == (v).cap) {                                                    \
            (v).cap = (v).cap ? 2 * (v).cap : 8;                                     \
            (v).items = xrealloc_array((v).items, (v).cap, sizeof(*(v).items));      \
        }                                                                            \
        (v).items[(v).len++] = (x);                                                  \
    } while (0)
/* The most common one, named so it can be passed around. */
struct size_vec { size_t *items; size_t len, cap; };

#define VEC_FREE(v) do { free((v).items); (v).items = NULL; (v).len = (v).cap = 0; } while (0)

#endif
