/* malloc wrappers that end the process with a clear message on out-of-memory, so callers
 * never have to handle a NULL that cannot be recovered from anyway. */
#ifndef AS_UTIL_XALLOC_H
#define AS_UTIL_XALLOC_H

#include <stdarg.h>
#include <stdbool.h>
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

/* A block that grows to hundreds of megabytes a little at a time (the lowered instructions:
 * 320 MB at 10^7 events, and their regions). Below XBIG_MAP_FROM bytes it is malloc'ed; from
 * there on it is a mapping of its own that reserves address space far ahead (XBIG_RESERVE),
 * so growing neither copies (realloc copies every block of the heap, and main.c keeps every
 * block there) nor moves it; it has huge pages where the system gives them (see xalloc.c),
 * else only the bytes asked for are populated, a step at a time. */
struct xbig {
    void *p;
    size_t bytes;               /* usable */
    size_t mapped;              /* bytes mapped, 0 for a malloc'ed block */
    bool huge;                  /* the mapping has transparent huge pages, faulted in as
                                 * written (else its bytes are populated as they are asked for) */
};
/* Makes b exactly `bytes` usable (keeping the contents up to the smaller size); a shrink
 * gives the pages past it back. */
void xbig_resize(struct xbig *b, size_t bytes);
/* Makes at least `bytes` usable: twice as much in the heap, XBIG_STEP more in a mapping. */
void xbig_reserve(struct xbig *b, size_t bytes);
void xbig_free(struct xbig *b);

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
