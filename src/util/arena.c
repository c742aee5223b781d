/* Bump allocator with chunk list; see arena.h for the ownership rule. */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* Chunks grow geometrically from a small first one: a library-scale run keeps the findings
 * arena of every file it checked until the report is written, and most hold a few hundred
 * bytes, while a large kernel's arena still takes few chunks. */
#define ARENA_FIRST_CHUNK 1024
#define ARENA_LARGEST_STEP (8 * 1024 * 1024)   /* most of it in huge pages (xalloc.c) */

struct arena_chunk {
    struct arena_chunk *next;
    size_t used, cap;
    max_align_t data[];
};

void arena_init(struct arena *a) { a->head = NULL; a->total = 0; }

void arena_free(struct arena *a)
{
    struct arena_chunk *c = a->head;
    while (c) {
        struct arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
    a->total = 0;
}

static void *take(struct arena *a, size_t size)
{
    const size_t align = _Alignof(max_align_t);   /* 16 on LP64: sizeof is 32 */
    size = (size + align - 1) / align * align;
    if (size == 0)
        size = align;
    struct arena_chunk *c = a->head;
    if (!c || c->cap - c->used < size) {
        size_t step = !c ? ARENA_FIRST_CHUNK : 2 * c->cap;   /* twice the last, up to a cap */
        if (step > ARENA_LARGEST_STEP)
            step = ARENA_LARGEST_STEP;
        size_t cap = size > step ? size : step;
        c = xmalloc(sizeof(*c) + cap);
        c->used = 0;
        c->cap = cap;
        c->next = a->head;
        a->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    a->total += size;
    return p;
}

void *arena_alloc(struct arena *a, size_t size)
{
    void *p = take(a, size);
    memset(p, 0, size);
    return p;
}

char *arena_join(struct arena *a, const char *x, const char *sep, const char *y)
{
    size_t nx = strlen(x), ns = strlen(sep), ny = strlen(y);
    char *p = arena_alloc(a, nx + ns + ny + 1);
    memcpy(p, x, nx);
    memcpy(p + nx, sep, ns);
    memcpy(p + nx + ns, y, ny + 1);
    return p;
}

bool arena_owns(const struct arena *a, const void *p)
{
    uintptr_t q = (uintptr_t)p;
    for (const struct arena_chunk *c = a->head; c; c = c->next) {
        uintptr_t data = (uintptr_t)c->data;
        if (q >= data && q - data < c->used)
            return true;
    }
    return false;
}

void *arena_alloc_array(struct arena *a, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        xalloc_die();
    return arena_alloc(a, count * size);
}

void *arena_alloc_array_unzeroed(struct arena *a, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        xalloc_die();
    return take(a, count * size);
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(struct arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

char *arena_printf(struct arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        xalloc_die();
    char *p = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}
