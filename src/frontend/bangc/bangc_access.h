/* What the BANG C layer's parts share, below all of them: the layer's state for a run, a
 * memory region as an intrinsic's arguments give it, and the one function that writes an
 * access of such regions. The dispatcher (bangc_api.c) and the asm statements (bangc_asm.c)
 * import this, never each other. */
#ifndef AS_FRONTEND_BANGC_ACCESS_H
#define AS_FRONTEND_BANGC_ACCESS_H

#include <stdint.h>

#include "../clang/clang_api.h"
#include "../interp/interp.h"
#include "../pir/pir_writer.h"

struct bangc_core;
struct bangc {
    struct pir_writer *w;
    const struct bangc_core *core;
    size_t accesses;        /* access lines written in this run */
};

/* The layer's state for the run I is in. */
struct bangc *bangc_state(struct interp *I);

/* Appends part to the malloc'ed *text, after sep unless *text is empty. */
void text_append(char **text, const char *sep, const char *part);

/* One region of an access: bytes from pointer p. */
struct span {
    struct value p;
    int64_t bytes;          /* SPAN_WRAPPED: its address overflowed (reported when written) */
};
#define SPAN_WRAPPED (INT64_MIN + 1)
/* Addresses and extents past this many bytes are refused: they would wrap 64 bits. */
#define ADDRESS_REACH ((int64_t)1 << 62)

/* A size data decides (read from memory, joined after a condition on data): the access is
 * taken to touch the whole buffer, as one through a pointer of unknown offset is. Not a size
 * any kernel computes, so a known negative one is still reported as such. */
#define EXTENT_UNKNOWN INT64_MIN

static inline int64_t extent_times(int64_t n, int64_t size)
{
    return n == EXTENT_UNKNOWN ? EXTENT_UNKNOWN : n * size;
}

/* An extent argument: its value, or EXTENT_UNKNOWN when data decides it. */
bool bangc_extent_arg(struct interp *I, CXCursor call, struct value v, const char *what,
                      int64_t *out);

/* The access line `UNIT op w... <- r...;`; an untraceable or negative region is reported. */
void bangc_access(struct interp *I, CXCursor at, const char *unit, const char *op,
                  const struct span *writes, int nwrites, const struct span *reads, int nreads);
/* `UNIT op <- read as read__ID;`: a scalar read of the issuer that binds its value (rule 10);
 * returns ID (0: nothing written). */
uint32_t bangc_value_read(struct interp *I, CXCursor at, const char *unit, const char *op,
                          const struct span *read);

/* n spans of `bytes` each, `stride` bytes apart from base (allocated, n + 1; free it). */
struct span *bangc_spans(struct value base, int64_t stride, size_t n, int64_t bytes);
/* n0 * n1 spans of `bytes` each: span (j, k) at base + j * stride0 + k * stride1, j the
 * faster (allocated, n0 * n1 + 1; free it). */
struct span *bangc_grid_spans(struct value base, int64_t stride0, size_t n0, int64_t stride1,
                              size_t n1, int64_t bytes);

/* A gather: count pieces of `piece` bytes written `stride` apart at dst (one region when they
 * touch), read anywhere in src (the offsets are data), the uint32 offsets read; __gather and
 * the vector unit's gather instruction. An unmodelled count is reported. */
void bangc_gather(struct interp *I, CXCursor at, const char *unit, const char *op,
                  struct value dst, struct value src, struct value offsets, int64_t piece,
                  int64_t stride, int64_t count);

#endif
