/* Vector intrinsics on V: repeats of 256 bytes of lanes, each operand's 32-byte blocks
 * `blkStride` blocks apart within a repeat and its repeats `repStride` blocks apart
 * (the ISA reference's addressing). Which lanes run is the mask's: in normal mode the
 * set_vector_mask bits of each repeat, in counter mode (set_mask_count) the first N lanes
 * over all repeats, N the mask's low word. An operand's region is the span from its first to
 * its last byte touched (exact for contiguous strides, the usual case). Forms, by argument
 * layout after the operands: binary (dst, src0, src1, repeat, 3 block strides, 3 repeat
 * strides), unary and conversions (dst, src, repeat, 2 + 2 strides), with a scalar (dst,
 * src, scalar, repeat, 2 + 2) and vector_dup (dst, scalar, repeat, 2 + 2). */
#include "isa_internal.h"

#include <string.h>

#include "../../../model/model.h"

enum { REPEAT_BYTES = 256, BLOCK = 32, MAX_OPERANDS = 3 };

struct operand {
    struct value p;
    int64_t elem;           /* bytes of one lane */
    int64_t blk, rep;       /* strides in blocks */
};

/* The lanes of repeat r that run: [*first, *last]; false if none. */
static bool lanes(const struct isa_state *s, int64_t lanes_per_repeat, int64_t r, int64_t *first,
                  int64_t *last)
{
    if (s->counter_mode) {
        int64_t n = s->mask_known ? (int64_t)s->mask[0] : lanes_per_repeat * (r + 1);
        int64_t left = n - r * lanes_per_repeat;
        if (left <= 0)
            return false;
        *first = 0;
        *last = (left < lanes_per_repeat ? left : lanes_per_repeat) - 1;
        return true;
    }
    int64_t lo = -1, hi = -1;
    for (int64_t l = 0; l < lanes_per_repeat && l < 128; l++)
        if (!s->mask_known || (s->mask[l / 64] >> (l % 64) & 1)) {
            if (lo < 0)
                lo = l;
            hi = l;
        }
    if (lanes_per_repeat > 128 && lo >= 0)
        hi = lanes_per_repeat - 1;
    *first = lo;
    *last = hi;
    return lo >= 0;
}

/* The byte span [*from, *to) of repeat r of operand o: lanes [first, last] are bytes
 * [first·elem, (last + 1)·elem) of the repeat, block j of which sits at (r·rep + j·blk)·32;
 * false if no lane of it runs. */
static bool repeat_span(const struct isa_state *s, const struct operand *o, int64_t per_repeat,
                        int64_t r, int64_t *from, int64_t *to)
{
    int64_t first, last;
    if (!lanes(s, per_repeat, r, &first, &last))
        return false;
    int64_t lo = first * o->elem, hi = (last + 1) * o->elem;
    bool any = false;
    for (int64_t j = lo / BLOCK; j * BLOCK < hi; j++) {
        int64_t base = (r * o->rep + j * o->blk) * BLOCK;
        int64_t a = base + (lo > j * BLOCK ? lo - j * BLOCK : 0);
        int64_t b = base + (hi < (j + 1) * BLOCK ? hi - j * BLOCK : BLOCK);
        if (!any || a < *from)
            *from = a;
        if (!any || b > *to)
            *to = b;
        any = true;
    }
    return any;
}

/* The byte span [*from, *to) operand o touches over `repeats`. With strides that do not go
 * back (the hardware's are unsigned) a repeat starts no lower than the one before, and every
 * repeat but the last of a counter-mode count runs the same lanes: the first repeat gives the
 * lowest byte and the last two the highest, however many repeats a count makes. */
static bool span(const struct isa_state *s, const struct operand *o, int64_t per_repeat,
                 int64_t repeats, int64_t *from, int64_t *to)
{
    bool forward = o->rep >= 0 && o->blk >= 0 && repeats > 3;
    bool any = false;
    for (int64_t r = 0; r < repeats; r++) {
        if (forward && r == 1)
            r = repeats - 2;
        int64_t a, b;
        if (!repeat_span(s, o, per_repeat, r, &a, &b))
            continue;
        if (!any || a < *from)
            *from = a;
        if (!any || b > *to)
            *to = b;
        any = true;
    }
    return any;
}

/* The model's op of an intrinsic: a family by its stem (vconv_f322f16: vconv, vcmpv_eq and
 * vcmpvs_gt: vcmp, vector_dup: vdup), anything else by its own name. */
static const char *op_name(const char *name)
{
    static const struct { const char *prefix, *op; } families[] = {
        {"vconv_", "vconv"}, {"vcmpv", "vcmp"}, {"vector_dup", "vdup"}, {"vcgadd", "vcadd"},
        {"vcgmax", "vcmax"}, {"vcgmin", "vcmin"},
    };
    for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++)
        if (!strncmp(name, families[i].prefix, strlen(families[i].prefix)))
            return families[i].op;
    return name;
}

/* Writes `V op dst <- srcs;` for the operands (o[0] the destination; with `dst_read`, read
 * too: an accumulating instruction). */
static void vector_op_acc(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                          struct operand *o, int n, int64_t repeats, bool dst_read,
                          const struct emit_region *extra)
{
    int64_t widest = 1;
    for (int i = 0; i < n; i++)
        widest = o[i].elem > widest ? o[i].elem : widest;
    int64_t per_repeat = REPEAT_BYTES / widest;
    if (s->counter_mode && s->mask_known)
        repeats = ((int64_t)s->mask[0] + per_repeat - 1) / per_repeat;
    struct emit_region r[MAX_OPERANDS + 2];
    for (int i = 0; i < n; i++) {
        int64_t from = 0, to = 0;
        if (!span(s, &o[i], per_repeat, repeats, &from, &to))
            return;   /* no lane runs: the instruction touches nothing */
        r[i] = isa_operand_region(o[i].p, from, to);
    }
    int nreads = n - 1;
    if (dst_read)
        r[1 + nreads++] = r[0];
    if (extra)
        r[1 + nreads++] = *extra;
    emit_access(s->e, interp_loc(I, call), "V", op_name(name), &r[0], r + 1, nreads);
}

/* The operands at argument positions pos[0..n-1], the repeat at `repeat`, then n block
 * strides and n repeat strides (strides of operands past `real` are placeholders). */
static bool repeat_form_acc(struct interp *I, struct isa_state *s, const char *name,
                            CXCursor call, struct value *args, int nargs, const int *pos, int n,
                            int repeat_at, int strides, bool dst_read,
                            const struct emit_region *extra);

static bool repeat_form(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                        struct value *args, int nargs, const int *pos, int n, int repeat_at,
                        int strides)
{
    return repeat_form_acc(I, s, name, call, args, nargs, pos, n, repeat_at, strides, false,
                           NULL);
}

static bool repeat_form_acc(struct interp *I, struct isa_state *s, const char *name,
                            CXCursor call, struct value *args, int nargs, const int *pos, int n,
                            int repeat_at, int strides, bool dst_read,
                            const struct emit_region *extra)
{
    struct operand o[MAX_OPERANDS];
    int64_t repeats;
    if (!isa_int(I, call, name, args, nargs, repeat_at, &repeats))
        return true;
    for (int i = 0; i < n; i++) {
        if (!isa_pointer(I, call, name, args, nargs, pos[i], &o[i].elem) ||
            !isa_int(I, call, name, args, nargs, repeat_at + 1 + i, &o[i].blk) ||
            !isa_int(I, call, name, args, nargs, repeat_at + 1 + strides + i, &o[i].rep))
            return true;
        o[i].p = args[pos[i]];
    }
    vector_op_acc(I, s, name, call, o, n, repeats, dst_read, extra);
    return true;
}

static bool binary(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                   struct value *args, int nargs, struct value *result)
{
    (void)result;
    return repeat_form(I, s, name, call, args, nargs, (const int[]){0, 1, 2}, 3, 3, 3);
}

static bool unary(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                  struct value *args, int nargs, struct value *result)
{
    (void)result;
    return repeat_form(I, s, name, call, args, nargs, (const int[]){0, 1}, 2, 2, 2);
}

static bool with_scalar(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                        struct value *args, int nargs, struct value *result)
{
    (void)result;
    return repeat_form(I, s, name, call, args, nargs, (const int[]){0, 1}, 2, 3, 2);
}

/* vaxpy(dst, src, scalar, repeat, ...): dst += scalar · src, so dst is read too. */
static bool accumulate(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                       struct value *args, int nargs, struct value *result)
{
    (void)result;
    return repeat_form_acc(I, s, name, call, args, nargs, (const int[]){0, 1}, 2, 3, 2, true,
                           NULL);
}

/* Reductions over each repeat: vcadd/vcmax/vcmin(dst, src, repeat, dstRepStride, srcBlkStride,
 * srcRepStride[, order]) write one result per repeat (vcmax and vcmin a value and an index),
 * dstRepStride results apart; vcgadd/vcgmax/vcgmin one result per block, 8 a repeat. The
 * source is read as a unary instruction's. */
static bool reduce(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                   struct value *args, int nargs, struct value *result)
{
    (void)result;
    struct operand src;
    int64_t es, repeats, dst_rep;
    if (!isa_pointer(I, call, name, args, nargs, 0, &es) ||
        !isa_pointer(I, call, name, args, nargs, 1, &src.elem) ||
        !isa_int(I, call, name, args, nargs, 2, &repeats) ||
        !isa_int(I, call, name, args, nargs, 3, &dst_rep) ||
        !isa_int(I, call, name, args, nargs, 4, &src.blk) ||
        !isa_int(I, call, name, args, nargs, 5, &src.rep))
        return true;
    src.p = args[1];
    int64_t per_repeat = REPEAT_BYTES / (src.elem > es ? src.elem : es);
    if (s->counter_mode && s->mask_known)
        repeats = ((int64_t)s->mask[0] + per_repeat - 1) / per_repeat;
    int64_t from = 0, to = 0;
    if (repeats <= 0 || !span(s, &src, per_repeat, repeats, &from, &to))
        return true;
    bool group = name[2] == 'g';    /* vcg*: a result per block */
    bool pair = !group && (!strcmp(name, "vcmax") || !strcmp(name, "vcmin"));
    int64_t result_bytes = es * (group ? 8 : pair ? 2 : 1);
    int64_t stride = (dst_rep > 0 ? dst_rep : 1) * result_bytes;
    struct emit_region w = isa_operand_region(args[0], 0, (repeats - 1) * stride + result_bytes);
    struct emit_region r = isa_operand_region(src.p, from, to);
    emit_access(s->e, interp_loc(I, call), "V", op_name(name), &w, &r, 1);
    /* In counter mode vcadd also leaves the sum of all `count` elements in the accumulator
     * register, where get_acc_val reads it (the vendor's GetAccVal page: the result of the
     * first-n ReduceSum, whose implementation is this vcadd). The same instruction, written
     * as a second access that reads nothing, so that it does not read its own result. */
    if (!strcmp(name, "vcadd") && s->counter_mode && s->acc_register) {
        struct emit_region acc = {isa_acc_buffer(I, s, name, call), 0, ISA_ACC_BYTES};
        emit_access(s->e, interp_loc(I, call), "V", "vcadd", &acc, NULL, 0);
    }
    return true;
}

/* get_acc_val(): the accumulator register, read on the scalar unit; the value binds a name
 * (rule 10). The SDK orders it after the vcadd with a V_S flag; without one it is a race. */
static bool acc_value(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    (void)args, (void)nargs;
    *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
    int b = isa_acc_buffer(I, s, name, call);
    if (b < 0)
        return true;
    struct emit_region r = {b, 0, ISA_ACC_BYTES};
    result->read = emit_value_read(s->e, interp_loc(I, call), "S", "get_acc_val", &r);
    return true;
}

/* vector_dup(dst, scalar, repeat, ...); the scalar it filled dst with is kept when known: the
 * SDK's Select in tensor-tensor mode writes the mask tensor's address so and loads it into
 * the CMPMASK register (set_cmpmask, below). */
static bool duplicate(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    (void)result;
    s->dup.buffer = -1;
    if (nargs > 1 && args[0].kind == VAL_POINTER && args[0].num != OFFSET_UNKNOWN &&
        args[1].kind == VAL_INT) {
        s->dup.buffer = args[0].buffer;
        s->dup.offset = args[0].num;
        s->dup.value = args[1].num;
    }
    return repeat_form(I, s, name, call, args, nargs, (const int[]){0}, 1, 2, 2);
}

/* vbrcb(dst, src, dstBlkStride, dstRepStride, repeat): each repeat reads 8 consecutive
 * elements of src (2 or 4 bytes, the pointers' type) and fills one 32-byte block of dst with
 * each, the 8 blocks dstBlkStride blocks apart, repeats dstRepStride blocks apart (the
 * vendor's Brcb reference and its 2201 implementation, which resets the mask first: whole
 * blocks are written). src is read as one span of repeat x 8 elements. */
static bool broadcast_blocks(struct interp *I, struct isa_state *s, const char *name,
                             CXCursor call, struct value *args, int nargs, struct value *result)
{
    (void)result;
    int64_t es, elem, blk, rep, repeats;
    if (!isa_pointer(I, call, name, args, nargs, 0, &es) ||
        !isa_pointer(I, call, name, args, nargs, 1, &elem) ||
        !isa_int(I, call, name, args, nargs, 2, &blk) ||
        !isa_int(I, call, name, args, nargs, 3, &rep) ||
        !isa_int(I, call, name, args, nargs, 4, &repeats))
        return true;
    if (repeats <= 0)
        return true;
    int64_t lo = 0, hi = 0;
    for (int64_t r = 0; r < repeats; r++)
        for (int64_t j = 0; j < 8; j++) {
            int64_t at = (r * rep + j * blk) * BLOCK;
            if ((r == 0 && j == 0) || at < lo)
                lo = at;
            if ((r == 0 && j == 0) || at + BLOCK > hi)
                hi = at + BLOCK;
        }
    struct emit_region w = {args[0].buffer, args[0].num + lo, hi - lo};
    struct emit_region r = {args[1].buffer, args[1].num, repeats * 8 * elem};
    if (args[0].num == OFFSET_UNKNOWN)
        w.offset = EMIT_WHOLE_BUFFER;
    if (args[1].num == OFFSET_UNKNOWN)
        r.offset = EMIT_WHOLE_BUFFER;
    emit_access(s->e, interp_loc(I, call), "V", "vbrcb", &w, &r, 1);
    return true;
}

/* The CMPMASK register, 128 bits (the vendor's Compare-to-register and SetCmpMask pages):
 * set_cmpmask(src) loads it from 16 bytes of UB on V; get_cmpmask(dst) stores it on V, to a
 * destination the reference requires to be at least 128 bytes, all of which are taken as
 * written. When the 16 bytes are where the last vector_dup wrote a known scalar, the register's
 * word is that scalar (an address, in Select's tensor-tensor mode). */
enum { CMPMASK_BYTES = 16, CMPMASK_STORE_BYTES = 128 };

static bool cmpmask(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                    struct value *args, int nargs, struct value *result)
{
    (void)result;
    int64_t elem;
    if (!isa_pointer(I, call, name, args, nargs, 0, &elem))
        return true;
    bool set = !strcmp(name, "set_cmpmask");
    struct emit_region r = {args[0].buffer, args[0].num, set ? CMPMASK_BYTES : CMPMASK_STORE_BYTES};
    if (args[0].num == OFFSET_UNKNOWN)
        r.offset = EMIT_WHOLE_BUFFER;
    if (set) {
        s->cmpmask_known = s->dup.buffer == args[0].buffer && args[0].num != OFFSET_UNKNOWN &&
                           s->dup.offset == args[0].num;
        s->cmpmask_word = s->cmpmask_known ? s->dup.value : 0;
        emit_access(s->e, interp_loc(I, call), "V", name, NULL, &r, 1);
    } else {
        emit_access(s->e, interp_loc(I, call), "V", name, &r, NULL, 0);
    }
    return true;
}

/* vsel(dst, src0, src1, repeat, 3 + 3 strides[, mode]): a binary instruction; in mode 2
 * (tensor-tensor) it also reads its mask tensor, one bit a lane, at the UB address the
 * CMPMASK register holds (set_cmpmask above): repeat x lanes / 8 bytes there, or, where that
 * address is not known, anywhere in UB. Modes 0 and 1 take the mask from the register itself
 * (read by set_cmpmask) or from src1 (read as an operand). */
static bool select_form(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                        struct value *args, int nargs, struct value *result)
{
    (void)result;
    int64_t mode = 0;
    if (nargs == 11 && !isa_int(I, call, name, args, nargs, 10, &mode))
        return true;
    if (mode != 2)
        return repeat_form(I, s, name, call, args, nargs, (const int[]){0, 1, 2}, 3, 3, 3);
    int64_t elem, repeats;
    if (!isa_pointer(I, call, name, args, nargs, 0, &elem) ||
        !isa_int(I, call, name, args, nargs, 3, &repeats))
        return true;
    int ub = isa_space_buffer(I, s, ISA_SPACE_UB, call);
    struct emit_region mask = {ub, EMIT_WHOLE_BUFFER, 0};
    if (s->cmpmask_known && repeats > 0) {
        mask.offset = s->cmpmask_word;
        mask.length = repeats * (REPEAT_BYTES / elem) / 8;
    }
    return repeat_form_acc(I, s, name, call, args, nargs, (const int[]){0, 1, 2}, 3, 3, 3, false,
                           &mask);
}

/* vreducev2(dst, src0, src1, repeat, src0BlkStride, patternMode, src0RepStride,
 * src1RepStride), under Ascend C's GatherMask: the lanes of src0 a pattern selects, packed
 * into dst from its start. src0 is read as a unary instruction's source; the pattern is
 * src1's bits, one a lane, src1RepStride blocks apart by repeat (counter mode: the count's
 * bits in a row), read only in pattern mode 0 (1 to 7 are built-in patterns: the SDK then
 * passes an address it never fills). How many lanes are kept is data: dst is written as if
 * every lane that runs were. The count kept is read with get_rsvd_cnt (isa_scalar.c). */
static bool gather_mask(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                        struct value *args, int nargs, struct value *result)
{
    (void)result;
    struct operand src;
    int64_t elem, repeats, pattern, src1_rep;
    if (!isa_pointer(I, call, name, args, nargs, 0, &elem) ||
        !isa_pointer(I, call, name, args, nargs, 1, &src.elem) ||
        !isa_int(I, call, name, args, nargs, 3, &repeats) ||
        !isa_int(I, call, name, args, nargs, 4, &src.blk) ||
        !isa_int(I, call, name, args, nargs, 5, &pattern) ||
        !isa_int(I, call, name, args, nargs, 6, &src.rep) ||
        !isa_int(I, call, name, args, nargs, 7, &src1_rep))
        return true;
    src.p = args[1];
    int64_t per_repeat = REPEAT_BYTES / elem;
    if (s->counter_mode && s->mask_known)
        repeats = ((int64_t)s->mask[0] + per_repeat - 1) / per_repeat;
    int64_t from = 0, to = 0;
    if (repeats <= 0 || !span(s, &src, per_repeat, repeats, &from, &to))
        return true;   /* no lane runs */
    int64_t run = s->counter_mode && s->mask_known ? (int64_t)s->mask[0] : repeats * per_repeat;
    struct emit_region r[2] = {isa_operand_region(src.p, from, to)};
    int nreads = 1;
    if (pattern == 0 && isa_pointer(I, call, name, args, nargs, 2, &(int64_t){0})) {
        int64_t bits = (repeats - 1) * src1_rep * BLOCK + per_repeat / 8;
        int64_t in_a_row = (run + 7) / 8;
        r[nreads++] = isa_operand_region(args[2], 0, bits > in_a_row ? bits : in_a_row);
    }
    struct emit_region w = isa_operand_region(args[0], 0, run * elem);
    emit_access(s->e, interp_loc(I, call), "V", "vgathermask", &w, r, nreads);
    return true;
}

/* vgather(dst, offsets, srcAddress, dstRepStride, repeat), under Ascend C's Gather: each lane
 * of dst (2 or 4 bytes, the pointer's type; repeats dstRepStride blocks apart) is loaded from
 * UB at srcAddress plus the lane's uint32 byte offset, read from `offsets` (4 bytes a lane, in
 * a row over the lanes that run). The offsets are data, so where it loads is not known: from
 * srcAddress to the end of UB (the model's size; where the model gives none, anywhere in UB).
 * The lanes that run are the mask's, as for every vector instruction. */
static bool gather(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                   struct value *args, int nargs, struct value *result)
{
    (void)result;
    struct operand o[2];
    int64_t base, repeats, offset_elem;
    if (!isa_pointer(I, call, name, args, nargs, 0, &o[0].elem) ||
        !isa_pointer(I, call, name, args, nargs, 1, &offset_elem) ||
        !isa_int(I, call, name, args, nargs, 2, &base) ||
        !isa_int(I, call, name, args, nargs, 3, &o[0].rep) ||
        !isa_int(I, call, name, args, nargs, 4, &repeats))
        return true;
    if (o[0].elem != 2 && o[0].elem != 4) {
        interp_unsupported(I, call, "'%s' of %lld-byte elements: the ISA gathers 2 or 4",
                           name, (long long)o[0].elem);
        return true;
    }
    int64_t per_repeat = REPEAT_BYTES / o[0].elem;
    if (s->counter_mode && s->mask_known)
        repeats = ((int64_t)s->mask[0] + per_repeat - 1) / per_repeat;
    o[0].p = args[0];
    o[0].blk = 1;
    o[1] = (struct operand){args[1], 4, 1, per_repeat * 4 / BLOCK};
    struct emit_region r[2];
    for (int i = 0; i < 2; i++) {
        int64_t from = 0, to = 0;
        if (repeats <= 0 || !span(s, &o[i], per_repeat, repeats, &from, &to))
            return true;   /* no lane runs */
        r[i] = isa_operand_region(o[i].p, from, to);
    }
    int64_t ub_size = s->model ? model_space_size(s->model, isa_space_name(ISA_SPACE_UB)) : -1;
    struct emit_region src = {isa_space_buffer(I, s, ISA_SPACE_UB, call), EMIT_WHOLE_BUFFER, 0};
    if (ub_size > 0 && base >= 0 && base < ub_size) {
        src.offset = base;
        src.length = ub_size - base;
    }
    struct emit_region reads[2] = {r[1], src};
    emit_access(s->e, interp_loc(I, call), "V", "vgather", &r[0], reads, 2);
    return true;
}

const struct isa_entry isa_vector_table[] = {
    {"vadd", binary}, {"vsub", binary}, {"vmul", binary}, {"vdiv", binary},
    {"vmax", binary}, {"vmin", binary}, {"vand", binary}, {"vor", binary},
    {"vabs", unary}, {"vexp", unary}, {"vln", unary}, {"vrec", unary}, {"vsqrt", unary},
    {"vnot", unary}, {"vrelu", unary}, {"vrsqrt", unary}, {"vcopy", unary}, {"vconv_*", unary},
    {"vadds", with_scalar}, {"vmuls", with_scalar}, {"vmaxs", with_scalar},
    {"vmins", with_scalar}, {"vshr", with_scalar}, {"vshl", with_scalar},
    {"vector_dup", duplicate},
    {"vaxpy", accumulate},
    {"vsel", select_form}, {"vcmpv_*", binary}, {"vcmpvs_*", with_scalar},
    {"vbrcb", broadcast_blocks},
    {"set_cmpmask", cmpmask}, {"get_cmpmask", cmpmask},
    {"vcadd", reduce}, {"vcmax", reduce}, {"vcmin", reduce}, {"get_acc_val", acc_value},
    {"vcgadd", reduce}, {"vcgmax", reduce}, {"vcgmin", reduce},
    {"vreducev2", gather_mask}, {"vgather", gather},
    {NULL, NULL},
};
