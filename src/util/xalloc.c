/* Allocation that never returns NULL: out-of-memory ends the run with exit code 2. */
#define _GNU_SOURCE /* madvise, mremap */
#include "xalloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

/* A block of at least this many bytes is prepared for its first touch when it is allocated:
 * the big arrays of a large kernel (instructions, graph, clocks) are written soon after, and
 * on a virtual machine taking a new 4 KiB page costs microseconds (at 1e7 events page faults
 * were a third of the run).
 *
 * Its 2 MiB-aligned middle asks for transparent huge pages (MADV_HUGEPAGE) and faults in on
 * first write, one fault per 2 MiB; the edges are populated (MADV_POPULATE_WRITE, Linux 5.14)
 * instead of taking one fault per page. Measured on this project's 2-CPU virtual machine,
 * writing 560 MB once: populated 4 KiB pages 1.05-1.1 s (most of it at the first write to
 * each page, which the hypervisor maps then), 4 KiB page faults 2.0 s, huge pages faulted in
 * 0.05 s (0.3-1.3 s when populated by madvise instead). Where the system gives no huge pages
 * the whole block is populated; where the kernel knows neither advice, pages fault in. */
#define XALLOC_POPULATE_FROM (1u << 20)
/* The size of a transparent huge page (x86-64, and arm64 with 4 KiB pages). */
#define XALLOC_HUGE_PAGE ((uintptr_t)2 << 20)

static bool huge_pages_usable;
static pthread_once_t huge_pages_checked = PTHREAD_ONCE_INIT;

/* Transparent huge pages back a range that asks for them ("madvise" or "always"). */
static void check_huge_pages(void)
{
    char line[128] = "";
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (f) {
        if (!fgets(line, sizeof(line), f))
            line[0] = '\0';
        fclose(f);
    }
    huge_pages_usable = line[0] != '\0' && strstr(line, "[never]") == NULL;
}

static void populate_range(uintptr_t start, uintptr_t end)
{
#ifdef MADV_POPULATE_WRITE
    if (end > start)
        (void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#else
    (void)start;
    (void)end;
#endif
}

/* Asks for huge pages over the 2 MiB-aligned middle of [p, p + bytes), [*huge_start,
 * *huge_end); false when it is empty or the system gives none. */
static bool advise_huge(void *p, size_t bytes, uintptr_t *huge_start, uintptr_t *huge_end)
{
    *huge_start = ((uintptr_t)p + XALLOC_HUGE_PAGE - 1) & ~(XALLOC_HUGE_PAGE - 1);
    *huge_end = ((uintptr_t)p + bytes) & ~(XALLOC_HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
    (void)pthread_once(&huge_pages_checked, check_huge_pages);
    return *huge_end > *huge_start && huge_pages_usable
           && madvise((void *)*huge_start, *huge_end - *huge_start, MADV_HUGEPAGE) == 0;
#else
    return false;
#endif
}

static void populate(void *p, size_t bytes)
{
    if (bytes < XALLOC_POPULATE_FROM)
        return;
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)p + bytes) & ~(page - 1);
    uintptr_t huge_start, huge_end;
    if (advise_huge(p, bytes, &huge_start, &huge_end)) {
        populate_range(start, huge_start);
        populate_range(huge_end, end);
        return;
    }
    populate_range(start, end);
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
    /* A big block is cleared after populate has asked for its huge pages: calloc clears a
     * block from the heap first, 4 KiB page by 4 KiB page. */
    if (bytes < XCALLOC_CLEAR_BELOW || bytes >= XALLOC_POPULATE_FROM) {
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

#define XBIG_MAP_FROM (4u << 20)
/* Address space a mapping takes at first, ahead of its use: growing within it neither moves
 * nor copies, and pages not asked for are neither populated nor counted. Moving a block
 * (mremap past what was reserved) measured no cheaper than realloc's copies: at 10^6 events
 * reading the lowered instructions afterwards cost 10% more. */
#define XBIG_RESERVE ((size_t)1 << 30)
/* Within its mapping a block grows by this much at a time; without huge pages, the new pages
 * are populated then, just before they are written. */
#define XBIG_STEP ((size_t)256 << 10)

static size_t page_round(size_t bytes)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + page - 1) / page * page;
}

void xbig_resize(struct xbig *b, size_t bytes)
{
    bytes = bytes ? bytes : 1;
    if (bytes < XBIG_MAP_FROM) {
        if (b->mapped) {   /* back into the heap: less than XBIG_MAP_FROM to copy */
            void *q = xmalloc(bytes);
            memcpy(q, b->p, bytes);
            munmap(b->p, b->mapped);
            *b = (struct xbig){q, bytes, 0, false};
            return;
        }
        b->p = xrealloc_array(b->p, bytes, 1);
        b->bytes = bytes;
        return;
    }
    if (!b->mapped) {   /* from the heap into a mapping of its own */
        size_t mapped = page_round(bytes < XBIG_RESERVE / 2 ? XBIG_RESERVE : 2 * bytes);
        void *q = mmap(NULL, mapped, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (q == MAP_FAILED)
            xalloc_die();
        uintptr_t huge_start, huge_end;   /* huge pages fault in as the block is written */
        bool huge = advise_huge(q, mapped, &huge_start, &huge_end);
        if (!huge)
            populate(q, bytes);
        if (b->p)
            memcpy(q, b->p, b->bytes < bytes ? b->bytes : bytes);
        free(b->p);
        *b = (struct xbig){q, bytes, mapped, huge};
        return;
    }
    size_t want = b->mapped;
    if (bytes > b->mapped)
        want = page_round(2 * bytes);   /* room ahead again */
    else if (bytes < b->bytes)
        want = page_round(bytes);       /* a shrink gives the rest back */
    if (want != b->mapped) {
        void *q = mremap(b->p, b->mapped, want, MREMAP_MAYMOVE);
        if (q == MAP_FAILED)
            xalloc_die();
        b->p = q;
        b->mapped = want;
    }
    if (bytes > b->bytes && !b->huge) {   /* the new bytes, from the page the old ones end in */
        const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        populate_range(((uintptr_t)b->p + b->bytes) & ~(page - 1),
                       page_round((uintptr_t)b->p + bytes));
    }
    b->bytes = bytes;
}

void xbig_reserve(struct xbig *b, size_t bytes)
{
    if (bytes <= b->bytes)
        return;
    size_t more = b->bytes < XBIG_MAP_FROM ? b->bytes : XBIG_STEP;
    more = more < 4096 ? 4096 : more;
    if (b->bytes > SIZE_MAX - more)
        xalloc_die();
    xbig_resize(b, bytes > b->bytes + more ? bytes : b->bytes + more);
}

void xbig_free(struct xbig *b)
{
    if (b->mapped)
        munmap(b->p, b->mapped);
    else
        free(b->p);
    *b = (struct xbig){NULL, 0, 0, false};
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
