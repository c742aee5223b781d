/* The BANG C layer's shared state and the writing of its accesses (see bangc_access.h). */
#include "bangc_access.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../util/xalloc.h"

struct bangc *bangc_state(struct interp *I)
{
    return I->api_data;
}

void text_append(char **text, const char *sep, const char *part)
{
    char *joined = xasprintf("%s%s%s", *text, **text ? sep : "", part);
    free(*text);
    *text = joined;
}

bool bangc_extent_arg(struct interp *I, CXCursor call, struct value v, const char *what,
                      int64_t *out)
{
    if (v.kind == VAL_UNKNOWN) {
        *out = EXTENT_UNKNOWN;
        return true;
    }
    return interp_int(I, call, v, what, out);
}

static bool whole_buffer(const struct span *s)
{
    return s->p.num == OFFSET_UNKNOWN || s->bytes == EXTENT_UNKNOWN;
}

static bool span_ok(struct interp *I, CXCursor at, const struct span *s, const char *what)
{
    if (s->p.kind != VAL_POINTER) {
        interp_unsupported(I, at, "%s is an address the frontend cannot trace", what);
        return false;
    }
    if (s->bytes == SPAN_WRAPPED ||
        (!whole_buffer(s) && (s->p.num >= ADDRESS_REACH || s->bytes >= ADDRESS_REACH - s->p.num))) {
        char *where = xasprintf("%s, a piece %s", what, s->bytes == SPAN_WRAPPED
                                                           ? "a stride times its index away"
                                                           : "ending past byte 2^62");
        interp_address_overflow(I, at, where);
        free(where);
        return false;
    }
    if (whole_buffer(s))
        return true;
    if (s->bytes < 0 || s->p.num < 0) {
        interp_unsupported(I, at, "%s has a negative offset or size under the values the kernel "
                           "was lowered with", what);
        return false;
    }
    return true;
}

/* The regions of spans as PIR text ("a[0 +: 64], b[64 +: 64]"); NULL (reported) when one
 * cannot be traced. Empty spans are left out. A region whose offset data decides is `a[?]`,
 * anywhere in the buffer, and sets *anywhere; one whose size data decides is the whole
 * buffer `a`, and sets *whole. */
static char *regions_text(struct interp *I, CXCursor at, const struct span *spans, int n,
                          const char *what, bool *anywhere, bool *whole)
{
    char *text = xstrdup("");
    for (int i = 0; i < n; i++) {
        if (!span_ok(I, at, &spans[i], what)) {
            free(text);
            return NULL;
        }
        if (whole_buffer(&spans[i]) && spans[i].bytes != 0) {
            pir_writer_touch(bangc_state(I)->w, spans[i].p.buffer, 1);
            const char *name = bangc_state(I)->w->buffers[spans[i].p.buffer].name;
            if (spans[i].p.num == OFFSET_UNKNOWN) {
                char *region = xasprintf("%s[?]", name);
                text_append(&text, ", ", region);
                free(region);
                *anywhere = true;
            } else {
                text_append(&text, ", ", name);
                *whole = true;
            }
        } else if (spans[i].bytes > 0) {
            char *r = pir_writer_region(bangc_state(I)->w, spans[i].p.buffer, spans[i].p.num,
                                        spans[i].bytes);
            text_append(&text, ", ", r);
            free(r);
        }
    }
    return text;
}

/* The access line; with `bind`, a read that binds its value `as read__ID` (rule 10): returns
 * the ID, 0 when nothing was bound (or written). */
static uint32_t write_access(struct interp *I, CXCursor at, const char *unit, const char *op,
                             const struct span *writes, int nwrites, const struct span *reads,
                             int nreads, bool bind)
{
    bool anywhere = false, whole = false;
    uint32_t id = 0;
    char *wt = regions_text(I, at, writes, nwrites, "the destination", &anywhere, &whole);
    char *rt = wt ? regions_text(I, at, reads, nreads, "a source", &anywhere, &whole) : NULL;
    if (rt && (*wt || *rt)) {
        struct pir_writer *w = bangc_state(I)->w;
        bangc_state(I)->accesses++;
        id = bind && *rt ? pir_writer_bind_value(w) : 0;
        char as[24] = "";
        if (id)
            snprintf(as, sizeof(as), " as read__%u", id);
        static const char whole_note[] = "whole buffer (an offset or size not known before "
                                         "the kernel runs)";
        static const char anywhere_note[] = "[?]: anywhere in the buffer, at an offset read "
                                            "from memory";
        pir_writer_line_note(w, interp_loc(I, at),
                             whole && anywhere ? "[?]: at an offset read from memory; a bare "
                                                 "name: the whole buffer, its size not known "
                                                 "before the kernel runs"
                             : whole           ? whole_note
                             : anywhere        ? anywhere_note
                                               : NULL,
                             "%s %s%s%s%s%s%s", unit, op, *wt ? " " : "", wt, *rt ? " <- " : "",
                             rt, as);
    }
    free(wt);
    free(rt);
    return id;
}

void bangc_access(struct interp *I, CXCursor at, const char *unit, const char *op,
                  const struct span *writes, int nwrites, const struct span *reads, int nreads)
{
    write_access(I, at, unit, op, writes, nwrites, reads, nreads, false);
}

uint32_t bangc_value_read(struct interp *I, CXCursor at, const char *unit, const char *op,
                          const struct span *read)
{
    return write_access(I, at, unit, op, NULL, 0, read, 1, true);
}

struct span *bangc_spans(struct value base, int64_t stride, size_t n, int64_t bytes)
{
    return bangc_grid_spans(base, stride, n, 0, 1, bytes);
}

struct span *bangc_grid_spans(struct value base, int64_t stride0, size_t n0, int64_t stride1,
                              size_t n1, int64_t bytes)
{
    struct span *s = xcalloc(n0 * n1 + 1, sizeof(*s));
    int64_t from = base.num != OFFSET_UNKNOWN ? base.num : base.past;
    for (size_t k = 0; k < n1; k++)
        for (size_t j = 0; j < n0; j++) {
            int64_t outer, inner, step, at;
            bool wraps = __builtin_mul_overflow((int64_t)k, stride1, &outer) ||
                         __builtin_mul_overflow((int64_t)j, stride0, &inner) ||
                         __builtin_add_overflow(outer, inner, &step) ||
                         __builtin_add_overflow(from, step, &at) || at >= ADDRESS_REACH ||
                         at <= -ADDRESS_REACH;
            s[k * n0 + j] = wraps ? (struct span){base, SPAN_WRAPPED}
                                  : (struct span){pointer_add(base, step), bytes};
        }
    return s;
}

void bangc_gather(struct interp *I, CXCursor at, const char *unit, const char *op,
                  struct value dst, struct value src, struct value offsets, int64_t piece,
                  int64_t stride, int64_t count)
{
    if (count != EXTENT_UNKNOWN && (count < 0 || count > 65536)) {
        interp_unsupported(I, at, "a piece count of %lld is not modelled", (long long)count);
        return;
    }
    /* contiguous pieces are one region, strided ones one each; a count data decides: dst */
    bool whole = count == EXTENT_UNKNOWN;
    size_t n = whole || stride == piece ? 1 : (size_t)count;
    int64_t bytes = whole || piece == EXTENT_UNKNOWN ? EXTENT_UNKNOWN
                    : n == 1                         ? count * piece
                                                     : piece;
    struct span *w = bangc_spans(dst, stride, n, bytes);
    struct span reads[2] = {{src, EXTENT_UNKNOWN}, {offsets, extent_times(count, 4)}};
    bangc_access(I, at, unit, op, w, (int)n, reads, 2);
    free(w);
}
