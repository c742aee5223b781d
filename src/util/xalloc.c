/* Allocation that never returns NULL: out-of-memory ends the run with exit code 2. */
#define _DEFAULT_SOURCE /* madvise */
#include "xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A block of at least this many bytes has its pages mapped in one system call when it is
 * allocated (madvise MADV_POPULATE_WRITE, Linux 5.14), instead of one page fault per page on
 * first touch. The big arrays of a large kernel (instructions, graph, clocks) are written
 * soon after they are allocated, and on a virtual machine a page fault costs microseconds:
 * at 1e7 events faults were a third of the run. Where the kernel does not know the advice the
 * call fails and the pages fault in as before. */
#define XALLOC_POPULATE_FROM (1u << 20)

static void populate(void *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
    if (bytes < XALLOC_POPULATE_FROM)
        return;
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)p + bytes) & ~(page - 1);
    if (end > start)
        (void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)bytes;
#endif
}

_Noreturn void xalloc_die(void)
{
    fputs("accelsync: fatal: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        xalloc_die();
    populate(p, size);
    return p;
}

/* Below this many bytes a zeroed block is malloc'd and cleared: glibc's calloc never takes
 * a block from the thread's cache (tcache), so the many small tables a check allocates and
 * frees per run would each go through the allocator's slow path. Larger blocks keep calloc,
 * which gets fresh pages from the kernel already zero. */
#define XCALLOC_CLEAR_BELOW 4096

void *xcalloc(size_t count, size_t size)
{
    count = count ? count : 1;
    size = size ? size : 1;
    if (count > SIZE_MAX / size)
        xalloc_die();
    size_t bytes = count * size;
    if (bytes < XCALLOC_CLEAR_BELOW) {
        void *p = xmalloc(bytes);
        memset(p, 0, bytes);
        return p;
    }
    void *p = calloc(count, size);
    if (!p)
        xalloc_die();
    populate(p, bytes);
    return p;
}

void *xrealloc_array(void *p, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        xalloc_die();
    size_t bytes = count * size;
    void *q = realloc(p, bytes ? bytes : 1);
    if (!q)
        xalloc_die();
    populate(q, bytes);
    return q;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = xmalloc(n);
    memcpy(p, s, n);
    return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n < 0)
        xalloc_die();
    char *p = xmalloc((size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, again);
    va_end(again);
    return p;
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = xvasprintf(fmt, ap);
    va_end(ap);
    return p;
}
