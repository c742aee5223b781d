/* Data movement intrinsics: bursts between GM and the on-chip memories. copy_gm_to_ubuf(dst,
 * src, sid, nBurst, lenBurst, srcStride, dstStride) moves nBurst bursts of lenBurst 32-byte
 * blocks, each side's bursts `stride` blocks apart (the gap after each), on MTE2; its
 * reverse copy_ubuf_to_gm on MTE3; copy_ubuf_to_ubuf on V. The _align_ forms (DataCopyPad)
 * count the GM side in bytes: lenBurst bytes a burst, the GM gap in bytes, the UB side's
 * bursts padded to 32 bytes and its gap in blocks. */
#include "isa_internal.h"

#include <string.h>

enum { BLOCK = 32 };

static int64_t round_up(int64_t n, int64_t to)
{
    return (n + to - 1) / to * to;
}

/* n bursts: written dlen bytes every dpitch at dst, read slen bytes every spitch at src. */
static void bursts(struct interp *I, struct isa_state *s, CXCursor call, const char *unit,
                   const char *op, struct value dst, struct value src, int64_t n, int64_t dlen,
                   int64_t dpitch, int64_t slen, int64_t spitch)
{
    if (n <= 0 || dlen <= 0)
        return;
    struct emit_region row = {dst.buffer, dst.num, dlen};
    struct emit_region read = {src.buffer, src.num, (n - 1) * spitch + slen};
    if (dst.num == OFFSET_UNKNOWN)
        row.offset = EMIT_WHOLE_BUFFER;
    if (src.num == OFFSET_UNKNOWN)
        read.offset = EMIT_WHOLE_BUFFER;
    if (n == 1 || dpitch == dlen || row.offset == EMIT_WHOLE_BUFFER) {
        row.length = (n - 1) * dpitch + dlen;
        emit_access(s->e, interp_loc(I, call), unit, op, &row, &read, 1);
    } else {
        emit_access_rows(s->e, interp_loc(I, call), unit, op, &row, n, dpitch, &read, 1);
    }
}

/* copy_X_to_Y(dst, src, sid, nBurst, lenBurst, srcStride, dstStride), all in blocks. */
static bool block_copy(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                       struct value *args, int nargs, struct value *result)
{
    (void)result;
    int64_t es, n, len, sgap, dgap;
    if (nargs != 7) {
        interp_unsupported(I, call, "'%s' with %d arguments (its packed-config form) is not "
                           "modelled", name, nargs);
        return true;
    }
    if (!isa_pointer(I, call, name, args, nargs, 0, &es) ||
        !isa_pointer(I, call, name, args, nargs, 1, &es) ||
        !isa_int(I, call, name, args, nargs, 3, &n) || !isa_int(I, call, name, args, nargs, 4, &len) ||
        !isa_int(I, call, name, args, nargs, 5, &sgap) ||
        !isa_int(I, call, name, args, nargs, 6, &dgap))
        return true;
    const char *unit = !strcmp(name, "copy_gm_to_ubuf")   ? "MTE2"
                       : !strcmp(name, "copy_ubuf_to_gm") ? "MTE3"
                                                          : "V";
    const char *op = !strcmp(unit, "V")                  ? "copy_ubuf_to_ubuf"
                     : !strcmp(unit, "MTE3") && s->atomic_op ? s->atomic_op
                                                             : "copy";
    bursts(I, s, call, unit, op, args[0], args[1], n, len * BLOCK, (len + dgap) * BLOCK,
           len * BLOCK, (len + sgap) * BLOCK);
    return true;
}

/* copy_gm_to_ubuf_align_bN(dst, src, sid, nBurst, lenBurst, leftPad, rightPad, srcGap,
 * dstGap) and copy_ubuf_to_gm_align_bN(dst, src, sid, nBurst, lenBurst, leftPad, rightPad,
 * srcGap, dstGap): lenBurst and the GM gap in bytes, the UB gap in blocks. */
static bool align_copy(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                       struct value *args, int nargs, struct value *result)
{
    (void)result;
    int64_t es, n, len, left, right, sgap, dgap;
    if (nargs != 9) {
        interp_unsupported(I, call, "'%s' with %d arguments is not modelled", name, nargs);
        return true;
    }
    if (!isa_pointer(I, call, name, args, nargs, 0, &es) ||
        !isa_pointer(I, call, name, args, nargs, 1, &es) ||
        !isa_int(I, call, name, args, nargs, 3, &n) || !isa_int(I, call, name, args, nargs, 4, &len) ||
        !isa_int(I, call, name, args, nargs, 5, &left) ||
        !isa_int(I, call, name, args, nargs, 6, &right) ||
        !isa_int(I, call, name, args, nargs, 7, &sgap) ||
        !isa_int(I, call, name, args, nargs, 8, &dgap))
        return true;
    int64_t elem = name[strlen(name) - 1] == '8' ? 1 : name[strlen(name) - 1] == '6' ? 2 : 4;
    if (!strncmp(name, "copy_gm_to_ubuf", 15)) {
        int64_t ub = round_up(len + (left + right) * elem, BLOCK);
        bursts(I, s, call, "MTE2", "copy", args[0], args[1], n, ub, ub + dgap * BLOCK, len,
               len + sgap);
    } else {
        int64_t ub = round_up(len, BLOCK);
        bursts(I, s, call, "MTE3", s->atomic_op ? s->atomic_op : "copy", args[0], args[1], n,
               len, len + dgap, len,
               ub + sgap * BLOCK);
    }
    return true;
}

const struct isa_entry isa_copy_table[] = {
    {"copy_gm_to_ubuf", block_copy},
    {"copy_ubuf_to_gm", block_copy},
    {"copy_ubuf_to_ubuf", block_copy},
    {"copy_gm_to_ubuf_align_b*", align_copy},
    {"copy_ubuf_to_gm_align_b*", align_copy},
    {NULL, NULL},
};
