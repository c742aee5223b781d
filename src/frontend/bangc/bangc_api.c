/* What the BANG C device language does, for the interpreter (interp.h): on-chip arrays become
 * buffers, __memcpy and the __bang_* intrinsics become accesses on the queue the reference
 * gives them (IO, MOVE, COMPUTE), scalar loads and stores through pointers become ALU
 * accesses, and the __sync family becomes the model's barriers. Extents of the intrinsics are
 * the element counts their arguments give, times the element size of each pointer's type. */
#include "bangc_api.h"
#include "bangc_access.h"
#include "bangc_asm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../util/xalloc.h"
#include "../clang/clang_driver.h"
#include "../clang/cursor_util.h"

void *bangc_api_data_new(struct pir_writer *w, const struct bangc_core *core)
{
    struct bangc *b = xcalloc(1, sizeof(*b));
    b->w = w;
    b->core = core;
    return b;
}

size_t bangc_api_data_free(void *data)
{
    size_t accesses = ((struct bangc *)data)->accesses;
    free(data);
    return accesses;
}

/* ---- memory ---- */

static const char *const spaces[] = {"NRAM", "WRAM", "SRAM", "LDRAM"};

/* __nram__ T a[N] (and the other on-chip qualifiers): a buffer of sizeof(a) bytes. */
static bool declare(struct interp *I, CXCursor var, struct value *out)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    if (t.kind != CXType_ConstantArray)
        return false;
    for (size_t i = 0; i < sizeof(spaces) / sizeof(spaces[0]); i++) {
        char annotation[32];
        snprintf(annotation, sizeof(annotation), "accelsync:space:%s", spaces[i]);
        if (!clang_has_annotation(var, annotation))
            continue;
        long long size = clang_Type_getSizeOf(t);
        CXString name = clang_getCursorSpelling(var);
        int b = pir_writer_buffer(bangc_state(I)->w, clang_getCString(name), spaces[i],
                                  size > 0 ? size : 1, -1, interp_loc(I, var),
                                  "an on-chip array of the kernel");
        clang_disposeString(name);
        *out = (struct value){.kind = VAL_POINTER, .buffer = b, .num = 0};
        return true;
    }
    return false;
}

static struct value scalar(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                           bool write)
{
    struct span s = {p, bytes};
    if (write) {
        bangc_access(I, at, "ALU", "store_scalar", &s, 1, NULL, 0);
        return (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
    }
    uint32_t read = bangc_value_read(I, at, "ALU", "load_scalar", &s);
    return (struct value){.kind = VAL_UNKNOWN, .buffer = -1, .read = read};   /* data */
}

/* ---- __memcpy ---- */

static const char *space_of(const char *dir, size_t len)
{
    for (size_t i = 0; i < sizeof(spaces) / sizeof(spaces[0]); i++)
        if (strlen(spaces[i]) == len && !strncmp(dir, spaces[i], len))
            return spaces[i];
    return len == 5 && !strncmp(dir, "GDRAM", 5) ? "GDRAM" : NULL;
}

/* The queue of a copy in direction dir (argument i, FROM2TO): IO when it touches GDRAM or
 * LDRAM, MOVE when it stays on chip; NULL (reported) for a direction the frontend does not
 * know. */
static const char *copy_unit(struct interp *I, const char *name, CXCursor call, unsigned i,
                             int64_t dir)
{
    CXType dir_type =
        clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, i)));
    const char *dname = interp_enumerator(I, clang_getTypeDeclaration(dir_type), dir);
    const char *two = dname ? strchr(dname, '2') : NULL;
    const char *from = two ? space_of(dname, (size_t)(two - dname)) : NULL;
    const char *to = two ? space_of(two + 1, strlen(two + 1)) : NULL;
    if (!from || !to) {
        interp_unsupported(I, call, "the direction of %s is not one the frontend knows", name);
        return NULL;
    }
    bool io = !strcmp(from, "GDRAM") || !strcmp(from, "LDRAM") || !strcmp(to, "GDRAM") ||
              !strcmp(to, "LDRAM");
    return io ? "IO" : "MOVE";
}

/* __gather(dst, src, offsets, size, DIR, dst_stride, count): count pieces of size bytes from
 * src at the byte offsets the uint32 array holds (data: anywhere in src), written dst_stride
 * apart; offsets is read too. On the queue of its direction, as a copy. */
static void gather_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                        int nargs)
{
    int64_t size, dir, stride, count;
    if (nargs != 7) {
        interp_unsupported(I, call, "%s with %d arguments is not modelled", name, nargs);
        return;
    }
    if (!bangc_extent_arg(I, call, args[3], "the piece size", &size) ||
        !interp_int(I, call, args[4], "the copy direction", &dir) ||
        !interp_int(I, call, args[5], "the destination stride", &stride) ||
        !bangc_extent_arg(I, call, args[6], "the piece count", &count))
        return;
    const char *unit = copy_unit(I, name, call, 4, dir);
    if (unit)
        bangc_gather(I, call, unit, "gather", args[0], args[1], args[2], size, stride, count);
}

/* A side of a copy: (segnum1 + 1) * (segnum2 + 1) segments, segment (j, k) at
 * j * stride0 + k * stride1; the 2-D form has no second dimension (segnum2 0). */
struct copy_side {
    int64_t stride0, segnum1, stride1, segnum2;
};

static bool copy_side_args(struct interp *I, CXCursor call, const struct value *args,
                           const char *which, struct copy_side *side)
{
    char what[4][48];
    snprintf(what[0], sizeof(what[0]), "the %s stride", which);
    snprintf(what[1], sizeof(what[1]), "the %s segment count", which);
    snprintf(what[2], sizeof(what[2]), "the %s outer stride", which);
    snprintf(what[3], sizeof(what[3]), "the %s outer segment count", which);
    return bangc_extent_arg(I, call, args[0], what[0], &side->stride0) &&
           bangc_extent_arg(I, call, args[1], what[1], &side->segnum1) &&
           bangc_extent_arg(I, call, args[2], what[2], &side->stride1) &&
           bangc_extent_arg(I, call, args[3], what[3], &side->segnum2);
}

static bool copy_side_known(const struct copy_side *side)
{
    return side->stride0 != EXTENT_UNKNOWN && side->segnum1 != EXTENT_UNKNOWN &&
           side->stride1 != EXTENT_UNKNOWN && side->segnum2 != EXTENT_UNKNOWN;
}

/* __memcpy(dst, src, size, DIR[, dst_stride, src_stride, segnum]): segnum + 1 segments of
 * size bytes; IO when the direction touches GDRAM or LDRAM, MOVE when it stays on chip.
 * The 3-D form (dst, src, size, DIR, dst_stride0, dst_segnum1, dst_stride1, dst_segnum2,
 * src_stride0, src_segnum1, src_stride1, src_segnum2), the toolkit header's parameter
 * names: each side (segnum1 + 1) * (segnum2 + 1) segments, (j, k) at j * stride0 +
 * k * stride1 (mlu-ops fft transposes [X, Y, Z] to [Y, X, Z] with it). The 13-argument form
 * copies to another cluster's SRAM, which the models do not have. */
static void memcpy_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                        int nargs)
{
    int64_t size, dir;
    if (nargs != 4 && nargs != 7 && nargs != 12) {
        interp_unsupported(I, call, "%s with %d arguments%s is not modelled", name, nargs,
                           nargs == 13 ? " (a copy to another cluster's SRAM)" : "");
        return;
    }
    if (!bangc_extent_arg(I, call, args[2], "the copy size", &size) ||
        !interp_int(I, call, args[3], "the copy direction", &dir))
        return;
    struct copy_side dst = {0}, src = {0};
    if (nargs == 7) {
        int64_t segnum;
        if (!bangc_extent_arg(I, call, args[4], "the destination stride", &dst.stride0) ||
            !bangc_extent_arg(I, call, args[5], "the source stride", &src.stride0) ||
            !bangc_extent_arg(I, call, args[6], "the segment count", &segnum))
            return;
        dst.segnum1 = src.segnum1 = segnum;
    }
    if (nargs == 12 && (!copy_side_args(I, call, args + 4, "destination", &dst) ||
                        !copy_side_args(I, call, args + 8, "source", &src)))
        return;
    bool known = copy_side_known(&dst) && copy_side_known(&src);
    if (!known) {   /* where the segments lie: the whole buffers */
        size = EXTENT_UNKNOWN;
        dst = src = (struct copy_side){0};
    }
    const char *unit = copy_unit(I, name, call, 3, dir);
    if (!unit)
        return;
    const struct copy_side *sides[2] = {&dst, &src};
    for (int i = 0; i < 2; i++) {
        const struct copy_side *c = sides[i];
        if (c->segnum1 < 0 || c->segnum2 < 0) {
            interp_unsupported(I, call, "%s has segnum %lld under the values the kernel was "
                               "lowered with (segnum + 1 segments: none)",
                               i == 0 ? "the destination" : "the source",
                               (long long)(c->segnum1 < 0 ? c->segnum1 : c->segnum2));
            return;
        }
        if (c->segnum1 > 65535 || c->segnum2 > 65535 ||
            (c->segnum1 + 1) * (c->segnum2 + 1) > 65536) {
            interp_unsupported(I, call, "%s of %lld by %lld segments is not modelled",
                               i == 0 ? "a destination" : "a source",
                               (long long)c->segnum1 + 1, (long long)c->segnum2 + 1);
            return;
        }
    }
    size_t nw = (size_t)(dst.segnum1 + 1) * (size_t)(dst.segnum2 + 1);
    size_t nr = (size_t)(src.segnum1 + 1) * (size_t)(src.segnum2 + 1);
    struct span *w = bangc_grid_spans(args[0], dst.stride0, (size_t)dst.segnum1 + 1,
                                      dst.stride1, (size_t)dst.segnum2 + 1, size);
    struct span *r = bangc_grid_spans(args[1], src.stride0, (size_t)src.segnum1 + 1,
                                      src.stride1, (size_t)src.segnum2 + 1, size);
    bool async = strstr(name, "_async") != NULL;
    bangc_access(I, call, unit, async ? "memcpy_async" : "memcpy", w, (int)nw, r, (int)nr);
    free(w);
    free(r);
}

/* ---- __bang_* ---- */

enum family {
    ELEMENTWISE,    /* (dst, a, b, n) */
    WITH_SCALAR,    /* (dst, a, scalar, n) */
    UNARY,          /* (dst, a, n), conversions included */
    WRITE_VALUE,    /* (dst, n, value): n elements of the value's type */
    WRITE_ZERO,     /* (dst, n): n elements of dst's type */
    CYCLE,          /* (dst, a, b, n, m): b has m elements, repeated over a's n */
    TRANSPOSE,      /* (dst, a, h, w) */
    MOVE_BYTES,     /* (dst, a, bytes[, dst_stride, src_stride, segments]) */
    ARGMAX,         /* (dst, a, n): dst[0] the extreme value, ((int *)dst)[1] its index */
    TO_VALUE,       /* (a, n): a value of n elements (a count, a position, a sum), data */
    FILTER,         /* (dst, a, mask, n): the selected elements, at most n, packed at dst */
    FILTER_BITS,    /* (dst, a, bits, n): as FILTER, the mask one bit per element */
    SELECT,         /* (dst, a, mask, n): as FILTER, with the count ahead of the elements */
    FUSION,         /* (op, dst, a, b, c, n[, m]): b and c each an array or a scalar */
    LOOKUP,         /* (dst, index, table, n, table_len): dst[i] = table[index[i]] */
    POOL,           /* (dst, src, channels, h, w, kh, kw, stride, stride): HWC windows */
    CONV,           /* (dst, src, kernel, ci, h, w, kh, kw, stride, stride, co[, pos]) */
    MATMUL,         /* (dst, lhs, rhs, m, k, n[, positions]) */
    NO_ACCESS,      /* __bang_printf: values only */
};

static const struct { const char *name; enum family f; } families[] = {
    {"add", ELEMENTWISE}, {"sub", ELEMENTWISE}, {"mul", ELEMENTWISE}, {"div", ELEMENTWISE},
    {"maxequal", ELEMENTWISE}, {"minequal", ELEMENTWISE}, {"maximum", ELEMENTWISE},
    {"minimum", ELEMENTWISE}, {"nan_maximum", ELEMENTWISE}, {"nan_minimum", ELEMENTWISE},
    {"and", ELEMENTWISE}, {"or", ELEMENTWISE}, {"xor", ELEMENTWISE}, {"band", ELEMENTWISE},
    {"bor", ELEMENTWISE}, {"bxor", ELEMENTWISE}, {"eq", ELEMENTWISE}, {"ne", ELEMENTWISE},
    {"lt", ELEMENTWISE}, {"le", ELEMENTWISE}, {"gt", ELEMENTWISE}, {"ge", ELEMENTWISE},
    {"rem", ELEMENTWISE}, {"add_tz", ELEMENTWISE},
    {"add_scalar", WITH_SCALAR}, {"sub_scalar", WITH_SCALAR}, {"mul_scalar", WITH_SCALAR},
    {"eq_scalar", WITH_SCALAR}, {"ne_scalar", WITH_SCALAR}, {"lt_scalar", WITH_SCALAR},
    {"le_scalar", WITH_SCALAR}, {"gt_scalar", WITH_SCALAR}, {"ge_scalar", WITH_SCALAR},
    {"maxeq_scalar", WITH_SCALAR}, {"band_scalar", WITH_SCALAR}, {"mineq_scalar", WITH_SCALAR},
    {"maximum_scalar", WITH_SCALAR}, {"minimum_scalar", WITH_SCALAR},
    /* the older spellings of add_scalar and mul_scalar */
    {"add_const", WITH_SCALAR}, {"mul_const", WITH_SCALAR},
    {"abs", UNARY}, {"not", UNARY}, {"bnot", UNARY}, {"recip", UNARY}, {"floor", UNARY},
    {"square", UNARY}, {"sqrt", UNARY}, {"rsqrt", UNARY}, {"log2", UNARY}, {"pow2", UNARY},
    {"sin", UNARY}, {"cos", UNARY}, {"exp", UNARY}, {"log", UNARY},
    {"relu", UNARY}, {"relun", UNARY},
    {"active_abs", UNARY}, {"active_relu", UNARY}, {"active_exp", UNARY},
    {"active_exphp", UNARY}, {"active_sigmoid", UNARY}, {"active_tanh", UNARY},
    {"active_gelu", UNARY}, {"active_sign", UNARY}, {"active_recip", UNARY},
    {"active_reciphp", UNARY}, {"active_sqrt", UNARY}, {"active_rsqrt", UNARY},
    {"active_log", UNARY}, {"active_loghp", UNARY}, {"active_sqrthp", UNARY},
    {"write_value", WRITE_VALUE}, {"write_zero", WRITE_ZERO},
    {"cycle_add", CYCLE}, {"cycle_sub", CYCLE}, {"cycle_mul", CYCLE}, {"cycle_div", CYCLE},
    {"cycle_and", CYCLE}, {"cycle_or", CYCLE}, {"cycle_band", CYCLE}, {"cycle_bor", CYCLE},
    {"cycle_eq", CYCLE}, {"cycle_ne", CYCLE}, {"cycle_lt", CYCLE}, {"cycle_le", CYCLE},
    {"cycle_gt", CYCLE}, {"cycle_ge", CYCLE}, {"cycle_maxequal", CYCLE},
    {"cycle_minequal", CYCLE}, {"cycle_maximum", CYCLE}, {"cycle_minimum", CYCLE},
    {"cycle_add_tz", CYCLE},
    {"transpose", TRANSPOSE}, {"rotate90", TRANSPOSE}, {"rotate180", TRANSPOSE},
    {"rotate270", TRANSPOSE}, {"mirror", TRANSPOSE},
    {"move", MOVE_BYTES}, {"printf", NO_ACCESS}, {"fusion", FUSION},
    {"lut", LOOKUP}, {"lut_s16", LOOKUP}, {"lut_s32", LOOKUP},
    /* __bang_max/__bang_min, the older argmax/argmin: the extreme value at dst[0]; the index
     * after it is taken as written too (mlu-ops reads only dst[0]; no public text at hand) */
    {"argmax", ARGMAX}, {"argmin", ARGMAX}, {"max", ARGMAX}, {"min", ARGMAX},
    {"count", TO_VALUE}, {"findfirst1", TO_VALUE}, {"findlast1", TO_VALUE}, {"sum", TO_VALUE},
    {"filter", FILTER}, {"collect", FILTER}, {"filter_bitindex", FILTER_BITS},
    {"collect_bitindex", FILTER_BITS}, {"select", SELECT},
    /* reductions into dst: how many of the n elements it writes is not documented at hand,
     * so all n are taken as written (unary) */
    {"reduce_sum", UNARY}, {"reduce_max", UNARY}, {"reduce_min", UNARY},
    {"sumpool", POOL}, {"maxpool", POOL}, {"minpool", POOL}, {"avgpool", POOL},
    {"maxpool_index", POOL}, {"conv", CONV}, {"matmul", MATMUL},
};

/* Type conversions __bang_<from>2<to>[_rounding]: unary, each side its own element size. */
static bool is_conversion(const char *op)
{
    for (const char *two = strchr(op, '2'); two; two = strchr(two + 1, '2'))
        if (two > op && two[1] >= 'a' && two[1] <= 'z')   /* int322float: the second '2' */
            return true;
    return false;
}

/* The element size of argument i as written: through implicit conversions and parentheses,
 * but a cast the kernel writes (`(int8_t *)mask`, bytes counted) is the type it means. */
static int64_t element_size(CXCursor call, int i)
{
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(arg);
        CXCursor inner = k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr
                             ? cursor_last_expr(arg) : clang_getNullCursor();
        if (clang_Cursor_isNull(inner))
            break;
        arg = inner;
    }
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    long long s = clang_Type_getSizeOf(t);
    return s > 0 ? s : 1;
}

/* __bang_move(dst, src, bytes) and the strided (…, dst_stride, src_stride, segments) form.
 * The last argument counts the segments themselves, not segments minus one as __memcpy's
 * segnum does: fft interleaves pad_col floats into an array of 2 * pad_col with it, which one
 * more segment would overrun (no public text says which). */
static void strided_move(struct interp *I, CXCursor call, const char *pir_op, struct value *args,
                         int nargs)
{
    int64_t bytes, dst_stride = 0, src_stride = 0, segments = 1;
    if (!bangc_extent_arg(I, call, args[2], "the byte count", &bytes))
        return;
    if (nargs == 6 && (!interp_int(I, call, args[3], "the destination stride", &dst_stride) ||
                       !interp_int(I, call, args[4], "the source stride", &src_stride) ||
                       !interp_int(I, call, args[5], "the segment count", &segments)))
        return;
    if (segments < 0 || segments > 65536) {
        interp_unsupported(I, call, "a segment count of %lld is not modelled",
                           (long long)segments);
        return;
    }
    size_t n = (size_t)segments;
    struct span *w = bangc_spans(args[0], dst_stride, n, bytes);
    struct span *r = bangc_spans(args[1], src_stride, n, bytes);
    bangc_access(I, call, "COMPUTE", pir_op, w, (int)n, r, (int)n);
    free(w);
    free(r);
}

/* The product of n extents: EXTENT_UNKNOWN when one is; false (reported) when one is negative
 * or the product leaves the 62-bit address reach. */
static bool extent_product(struct interp *I, CXCursor call, const int64_t *f, int n,
                           int64_t *out)
{
    int64_t p = 1;
    bool unknown = false;
    for (int i = 0; i < n; i++) {
        if (f[i] == EXTENT_UNKNOWN) {
            unknown = true;
            continue;
        }
        if (f[i] < 0 || __builtin_mul_overflow(p, f[i], &p) || p >= ADDRESS_REACH) {
            interp_unsupported(I, call, "an extent of %lld elements or more is not modelled",
                               (long long)(f[i] < 0 ? f[i] : p));
            return false;
        }
    }
    *out = unknown ? EXTENT_UNKNOWN : p;
    return true;
}

/* The windows of an h x w plane under a kh x kw window and strides s0, s1, the larger count
 * of the two readings of which stride runs along the width; false when it overflows. */
static bool window_count(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t s0, int64_t s1,
                         int64_t *out)
{
    int64_t a, b;
    if (__builtin_mul_overflow((h - kh) / s1 + 1, (w - kw) / s0 + 1, &a) ||
        __builtin_mul_overflow((h - kh) / s0 + 1, (w - kw) / s1 + 1, &b))
        return false;
    *out = a > b ? a : b;
    return true;
}

/* Pooling over an h x w x channels (HWC) array: src is read whole, dst gets channels times
 * the number of windows. Which of the two strides runs along the width the public text does
 * not say (mlu-ops' calls fit either), so dst counts the windows of the larger reading. A
 * dimension data decides makes both operands their whole buffers. */
static void pool(struct interp *I, CXCursor call, const char *op, const char *pir_op,
                 struct value *args)
{
    int64_t d[7];   /* channels, h, w, kh, kw, stride, stride */
    static const char *const what[] = {"the channel count", "the height", "the width",
                                       "the window height", "the window width", "a stride",
                                       "a stride"};
    bool known = true;
    for (int i = 0; i < 7; i++) {
        if (!bangc_extent_arg(I, call, args[2 + i], what[i], &d[i]))
            return;
        known &= d[i] != EXTENT_UNKNOWN;
    }
    int64_t c = d[0], h = d[1], w = d[2], kh = d[3], kw = d[4], windows = EXTENT_UNKNOWN;
    if (known && (d[5] <= 0 || d[6] <= 0 || kh <= 0 || kw <= 0 || kh > h || kw > w)) {
        interp_unsupported(I, call, "__bang_%s with a window of %lld x %lld and strides %lld, "
                           "%lld over %lld x %lld is not modelled", op, (long long)kh,
                           (long long)kw, (long long)d[5], (long long)d[6], (long long)h,
                           (long long)w);
        return;
    }
    if (known && !window_count(h, w, kh, kw, d[5], d[6], &windows)) {
        interp_unsupported(I, call, "__bang_%s over %lld x %lld is not modelled", op,
                           (long long)h, (long long)w);
        return;
    }
    int64_t out_n[3] = {c, known ? windows : EXTENT_UNKNOWN, element_size(call, 0)};
    int64_t in_n[4] = {c, known ? h : EXTENT_UNKNOWN, w, element_size(call, 1)};
    struct span dst = {args[0], 0}, src = {args[1], 0};
    if (extent_product(I, call, out_n, 3, &dst.bytes) &&
        extent_product(I, call, in_n, 4, &src.bytes))
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, &src, 1);
}

/* __bang_conv(dst, src, kernel, ci, h, w, kh, kw, stride, stride, co[, fix_position]) on
 * COMPUTE: src holds ci * h * w elements, the kernel (in WRAM) co * kh * kw * ci, dst co
 * per window. Which stride runs along the width is not in the text at hand (mlu-ops passes
 * 1 and 1): the larger count of windows of the two readings is taken, as for pooling. */
static void conv(struct interp *I, CXCursor call, const char *pir_op, struct value *args)
{
    int64_t d[8];   /* ci, h, w, kh, kw, stride, stride, co */
    static const char *const what[] = {"the input channel count", "the height", "the width",
                                       "the kernel height", "the kernel width", "a stride",
                                       "a stride", "the output channel count"};
    for (int i = 0; i < 8; i++)
        if (!bangc_extent_arg(I, call, args[3 + i], what[i], &d[i]))
            return;
    int64_t h = d[1], w = d[2], kh = d[3], kw = d[4], windows = EXTENT_UNKNOWN;
    bool known = h != EXTENT_UNKNOWN && w != EXTENT_UNKNOWN && kh != EXTENT_UNKNOWN &&
                 kw != EXTENT_UNKNOWN && d[5] != EXTENT_UNKNOWN && d[6] != EXTENT_UNKNOWN;
    if (known) {
        if (d[5] <= 0 || d[6] <= 0 || kh <= 0 || kw <= 0 || kh > h || kw > w) {
            interp_unsupported(I, call, "__bang_conv with a kernel of %lld x %lld and strides "
                               "%lld, %lld over %lld x %lld is not modelled", (long long)kh,
                               (long long)kw, (long long)d[5], (long long)d[6], (long long)h,
                               (long long)w);
            return;
        }
        if (!window_count(h, w, kh, kw, d[5], d[6], &windows)) {
            interp_unsupported(I, call, "__bang_conv over %lld x %lld is not modelled",
                               (long long)h, (long long)w);
            return;
        }
    }
    int64_t out_n[3] = {d[7], windows, element_size(call, 0)};
    int64_t in_n[4] = {d[0], h, w, element_size(call, 1)};
    int64_t kernel_n[5] = {d[7], kh, kw, d[0], element_size(call, 2)};
    struct span dst = {args[0], 0};
    struct span reads[2] = {{args[1], 0}, {args[2], 0}};
    if (extent_product(I, call, out_n, 3, &dst.bytes) &&
        extent_product(I, call, in_n, 4, &reads[0].bytes) &&
        extent_product(I, call, kernel_n, 5, &reads[1].bytes))
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, reads, 2);
}

/* __bang_matmul(dst, lhs, rhs, m, k, n[, fix positions]) on COMPUTE: lhs m x k, rhs (in WRAM)
 * k x n, dst m x n (mlu-ops fft transposes its m x n result after it). */
static void matmul(struct interp *I, CXCursor call, const char *pir_op, struct value *args)
{
    int64_t m, k, n;
    if (!bangc_extent_arg(I, call, args[3], "the row count", &m) ||
        !bangc_extent_arg(I, call, args[4], "the inner dimension", &k) ||
        !bangc_extent_arg(I, call, args[5], "the column count", &n))
        return;
    int64_t out_n[3] = {m, n, element_size(call, 0)};
    int64_t lhs_n[3] = {m, k, element_size(call, 1)};
    int64_t rhs_n[3] = {k, n, element_size(call, 2)};
    struct span dst = {args[0], 0};
    struct span reads[2] = {{args[1], 0}, {args[2], 0}};
    if (extent_product(I, call, out_n, 3, &dst.bytes) &&
        extent_product(I, call, lhs_n, 3, &reads[0].bytes) &&
        extent_product(I, call, rhs_n, 3, &reads[1].bytes))
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, reads, 2);
}

/* Whether argument i is an address as written (a pointer or an array), not a value. */
static bool is_address(CXCursor call, int i)
{
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)));
    return t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
           t.kind == CXType_IncompleteArray;
}

/* The access of intrinsic `op` of family f, named pir_op ("bang_" op) in PIR. */
static void family_access(struct interp *I, CXCursor call, enum family f, const char *op,
                          const char *pir_op, struct value *args, int nargs)
{
    int64_t n, m = 0;
    int count_at = f == ELEMENTWISE || f == WITH_SCALAR ? 3 : f == CYCLE ? 3 : f == UNARY ? 2 : 1;
    /* WRITE_VALUE and WRITE_ZERO: the count is argument 1 */
    if (f == FUSION) {   /* dst = (a op b) op' c over count elements */
        /* The 7-argument form adds the element count of b and c, which repeat over a's as a
         * cycle_* operand does: mlu-ops passes the same count twice, or the length of a
         * per-block array (ms_deform_attn's spatial_w_bd_nram: block_points of total_points) */
        int64_t count, cycled;
        if (!bangc_extent_arg(I, call, args[5], "the element count", &count))
            return;
        cycled = count;
        if (nargs == 7 &&
            !bangc_extent_arg(I, call, args[6], "the cycled element count", &cycled))
            return;
        struct span dst = {args[1], extent_times(count, element_size(call, 1))}, reads[3];
        int nreads = 0;
        for (int k = 2; k <= 4; k++)
            if (k == 2 || args[k].kind == VAL_POINTER)
                reads[nreads++] = (struct span){args[k], extent_times(k == 2 ? count : cycled,
                                                               element_size(call, k))};
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, reads, nreads);
        return;
    }
    if (f == LOOKUP) {   /* n elements of dst and of the indexes, table_len of the table */
        int64_t count, entries;
        if (!bangc_extent_arg(I, call, args[3], "the element count", &count) ||
            !bangc_extent_arg(I, call, args[4], "the table length", &entries))
            return;
        struct span dst = {args[0], extent_times(count, element_size(call, 0))};
        struct span reads[2] = {{args[1], extent_times(count, element_size(call, 1))},
                                {args[2], extent_times(entries, element_size(call, 2))}};
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, reads, 2);
        return;
    }
    if (f == POOL) {
        pool(I, call, op, pir_op, args);
        return;
    }
    if (f == CONV) {
        conv(I, call, pir_op, args);
        return;
    }
    if (f == MATMUL) {
        matmul(I, call, pir_op, args);
        return;
    }
    if (f == MOVE_BYTES) {
        strided_move(I, call, pir_op, args, nargs);
        return;
    }
    if (f == TO_VALUE) {   /* reads n elements; what it returns is data */
        int64_t count;
        if (!bangc_extent_arg(I, call, args[1], "the element count", &count))
            return;
        struct span src = {args[0], extent_times(count, element_size(call, 0))};
        bangc_access(I, call, "COMPUTE", pir_op, NULL, 0, &src, 1);
        return;
    }
    if (f == FILTER || f == FILTER_BITS || f == SELECT) {   /* how many are selected is data:
                                                             * all n of dst taken as written */
        int64_t count;
        if (!bangc_extent_arg(I, call, args[3], "the element count", &count))
            return;
        struct span dst = {args[0], extent_times(count, element_size(call, 0))};
        int64_t mask = f == FILTER_BITS ? (count == EXTENT_UNKNOWN ? count : (count + 7) / 8)
                                        : extent_times(count, element_size(call, 2));
        struct span reads[2] = {{args[1], extent_times(count, element_size(call, 1))},
                                {args[2], mask}};
        /* __bang_select puts the count of selected elements first (mlu-ops reads it as
         * `*(uint32_t *)dst`) and the elements after it, at an offset no text at hand gives:
         * the whole of dst's buffer is taken as written */
        if (f == SELECT)
            dst.bytes = EXTENT_UNKNOWN;
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, reads, 2);
        return;
    }
    if (f == ARGMAX) {   /* the value and, after it, its index as an int (mlu-ops reads both) */
        int64_t count, size = element_size(call, 0);
        if (!bangc_extent_arg(I, call, args[2], "the element count", &count))
            return;
        struct span dst = {args[0], 2 * (size > 4 ? size : 4)};
        struct span src = {args[1], extent_times(count, element_size(call, 1))};
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, &src, 1);
        return;
    }
    if (f == TRANSPOSE) {
        int64_t h, wd;
        if (!bangc_extent_arg(I, call, args[2], "the height", &h) ||
            !bangc_extent_arg(I, call, args[3], "the width", &wd))
            return;
        n = h == EXTENT_UNKNOWN || wd == EXTENT_UNKNOWN ? EXTENT_UNKNOWN : h * wd;
    } else if (!bangc_extent_arg(I, call, args[count_at], "the element count", &n)) {
        return;
    }
    if (f == CYCLE && !bangc_extent_arg(I, call, args[4], "the cycled element count", &m))
        return;
    struct span dst = {args[0], extent_times(n, element_size(call, 0))};
    if (f == WRITE_VALUE || f == WRITE_ZERO) {
        if (f == WRITE_VALUE)
            dst.bytes = extent_times(n, element_size(call, 2));
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, NULL, 0);
    } else {
        struct span reads[2] = {{args[1], extent_times(n, element_size(call, 1))}, {args[2], 0}};
        int nreads = 1;
        if (f == ELEMENTWISE && is_address(call, 2))   /* __bang_rem(d, a, (float)n, k) */
            reads[nreads++] = (struct span){args[2], extent_times(n, element_size(call, 2))};
        if (f == CYCLE)
            reads[nreads++] = (struct span){args[2], extent_times(m, element_size(call, 2))};
        bangc_access(I, call, "COMPUTE", pir_op, &dst, 1, reads, nreads);
    }
}

static void bang_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                      int nargs)
{
    const char *op = name + strlen("__bang_");
    int f = -1;
    for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++)
        if (!strcmp(families[i].name, op))
            f = (int)families[i].f;
    if (f < 0 && is_conversion(op))
        f = UNARY;
    static const int arity[] = {[ELEMENTWISE] = 4, [WITH_SCALAR] = 4, [UNARY] = 3,
                                [WRITE_VALUE] = 3, [WRITE_ZERO] = 2, [CYCLE] = 5,
                                [TRANSPOSE] = 4, [FILTER_BITS] = 4, [SELECT] = 4,
                                [MOVE_BYTES] = 3, [NO_ACCESS] = -1, [FUSION] = 6,
                                [LOOKUP] = 5, [POOL] = 9, [ARGMAX] = 3, [TO_VALUE] = 2,
                                [FILTER] = 4, [CONV] = 11, [MATMUL] = 6};
    /* a conversion may take fixed-point positions after the count (one, or dst's and src's),
     * relun its upper bound (a value: mmcv's nms clamps scores with it), a fusion the count
     * of its cycled operands, a move its strides and piece count */
    bool longer_form = (f == UNARY && is_conversion(op) && (nargs == 4 || nargs == 5)) ||
                       (f == UNARY && !strcmp(op, "relun") && nargs == 4) ||
                       (f == FUSION && nargs == 7) || (f == MOVE_BYTES && nargs == 6) ||
                       (f == CONV && nargs == 12) || (f == MATMUL && (nargs == 7 || nargs == 8));
    if (f == NO_ACCESS)
        return;
    if (f < 0 || (nargs != arity[f] && !longer_form)) {
        interp_unsupported(I, call, "'%s' is not modelled by the BANG C frontend%s", name,
                           f < 0 ? "" : " in this form (argument count)");
        return;
    }
    char *pir_op = xasprintf("bang_%s", op);
    family_access(I, call, (enum family)f, op, pir_op, args, nargs);
    free(pir_op);
}

/* ---- __nramset ---- */

/* __nramset(dst, n, value) / __nramset_async(dst, n, value, dst_stride, segnum): n elements
 * of dst's type in each of segnum + 1 segments, dst_stride bytes apart, as __memcpy's strided
 * form counts them. On MOVE, the queue of on-chip memory operations (an assumption: the
 * public documentation does not name the unit; NRAM2NRAM copies go there); __memset_nram is
 * taken as __nramset, and __gdramset(dst, n, value) sets GDRAM on IO, as a copy to it is;
 * __sramset sets the cluster's SRAM on MOVE, as __nramset (an assumption: no public text
 * names its queue; copies between SRAM and NRAM are on MOVE). */
static void nramset_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                         int nargs)
{
    bool async = strstr(name, "_async") != NULL;
    if (nargs != (async ? 5 : 3)) {
        interp_unsupported(I, call, "%s with %d arguments is not modelled", name, nargs);
        return;
    }
    int64_t count, stride = 0, segnum = 0;
    if (!bangc_extent_arg(I, call, args[1], "the element count", &count))
        return;
    if (async && (!bangc_extent_arg(I, call, args[3], "the destination stride", &stride) ||
                  !bangc_extent_arg(I, call, args[4], "the segment count", &segnum)))
        return;
    int64_t bytes = extent_times(count, element_size(call, 0));
    if (stride == EXTENT_UNKNOWN || segnum == EXTENT_UNKNOWN)
        bytes = EXTENT_UNKNOWN, segnum = 0;   /* where the segments lie: the whole buffer */
    if (segnum < 0 || segnum > 65535) {
        interp_unsupported(I, call, "a segment count of %lld is not modelled", (long long)segnum);
        return;
    }
    size_t n = (size_t)segnum + 1;
    struct span *w = bangc_spans(args[0], stride, n, bytes);
    bool gdram = !strcmp(name, "__gdramset");
    bangc_access(I, call, gdram ? "IO" : "MOVE", async ? "memset_async" : "memset", w, (int)n,
                 NULL, 0);
    free(w);
}

/* ---- atomics ---- */

/* __bang_atomic_reduce_add(dst, src, n) (and _max, _min): n elements of src combined into
 * dst in GDRAM or SRAM, on IO, the queue of off-core memory; dst is read and written.
 * __bang_atomic_add(old, dst, src, n) (and its kin, mlu-ops' use: `(atomic_buffer,
 * bottom_grad + offset, diff_val, 1)`) does the same and also writes dst's old values to
 * `old`, on chip. PIR has no atomic access, so two cores' reductions into the same bytes are
 * reported as a race even though they commute (docs/frontends.md). */
static void atomic_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                        int nargs)
{
    bool returns_old = strncmp(name, "__bang_atomic_reduce_", 21) != 0;
    int first = returns_old ? 1 : 0;
    int64_t n = 1;
    /* __bang_atomic_add(old, dst, value): one element (torch_mlu's fused_lamb: `(temp_nram +
     * 1, global_buff, *temp_nram)`) */
    bool one = returns_old && nargs == 3;
    if (nargs != first + 3 && !one) {
        interp_unsupported(I, call, "%s with %d arguments is not modelled", name, nargs);
        return;
    }
    if (!one && !bangc_extent_arg(I, call, args[first + 2], "the element count", &n))
        return;
    struct span writes[2] = {{args[first], extent_times(n, element_size(call, first))},
                             {args[0], extent_times(n, element_size(call, 0))}};
    struct span reads[2] = {writes[0],
                            {args[first + 1], extent_times(n, element_size(call, first + 1))}};
    /* src may be a value (psroipool adds one element of a scalar): no memory read */
    char *op = xasprintf("%s", name + strlen("__bang_"));
    bangc_access(I, call, "IO", op, writes, returns_old ? 2 : 1, reads,
                 is_address(call, first + 1) ? 2 : 1);
    free(op);
}

static bool is_atomic(const char *name)
{
    static const char *const atomics[] = {
        "__bang_atomic_reduce_add", "__bang_atomic_reduce_max", "__bang_atomic_reduce_min",
        "__bang_atomic_add", "__bang_atomic_max", "__bang_atomic_min"};
    for (size_t i = 0; i < sizeof(atomics) / sizeof(atomics[0]); i++)
        if (!strcmp(name, atomics[i]))
            return true;
    return false;
}

/* ---- __cn_vector_* ---- */

/* __cn_vector_<op>_<type>[_rounding](n, dst, a[, b]): the vector math library's form, the
 * count first (mlu-ops' use: `__cn_vector_div_s32(deal_num, dst, a, b)`). dst gets n elements;
 * a, and b when it is an address (a `_scalar` form takes a value), are read. On COMPUTE. */
static void cn_vector_call(struct interp *I, const char *name, CXCursor call,
                           struct value *args, int nargs)
{
    int64_t n;
    if (nargs != 3 && nargs != 4) {
        interp_unsupported(I, call, "%s with %d arguments is not modelled", name, nargs);
        return;
    }
    if (!bangc_extent_arg(I, call, args[0], "the element count", &n))
        return;
    struct span dst = {args[1], extent_times(n, element_size(call, 1))};
    struct span reads[2] = {{args[2], extent_times(n, element_size(call, 2))}, {args[2], 0}};
    int nreads = 1;
    if (nargs == 4 && is_address(call, 3))
        reads[nreads++] = (struct span){args[3], extent_times(n, element_size(call, 3))};
    char *op = xasprintf("%s", name + 2);
    bangc_access(I, call, "COMPUTE", op, &dst, 1, reads, nreads);
    free(op);
}

/* ---- sync ---- */

static const char *const syncs[] = {
    "__sync", "__sync_io", "__sync_compute", "__sync_move", "__sync_cluster", "__sync_all",
    "__sync_all_ipu", "__sync_all_mpu", "__sync_all_ipu_within_cluster",
};

static bool sync_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                      int nargs)
{
    struct pir_writer *w = bangc_state(I)->w;
    if (!strcmp(name, "__sync_io_move_compute")) {
        char *list = xstrdup("");
        for (int i = 0; i < nargs; i++) {
            int64_t v;
            if (!interp_int(I, call, args[i], "a queue selector", &v)) {
                free(list);
                return true;
            }
            text_append(&list, ", ", v ? "1" : "0");
        }
        pir_writer_line(w, interp_loc(I, call), "sync_io_move_compute(%s)", list);
        free(list);
        return true;
    }
    for (size_t i = 0; i < sizeof(syncs) / sizeof(syncs[0]); i++)
        if (!strcmp(syncs[i], name)) {
            pir_writer_line(w, interp_loc(I, call), "%s()", name + 2);
            return true;
        }
    return false;
}

/* ---- dispatch ---- */

/* Scalar conversions (__float2half_rn, __half2int32_up, ...) and __cn_scalar_* math: they take
 * and return values, never an address. */
static bool scalar_function(const char *name)
{
    if (!strncmp(name, "__cn_scalar_", 12))
        return true;
    if (strncmp(name, "__", 2) != 0 || !strchr(name, '2'))
        return false;
    static const char *const types[] = {"float", "half", "int", "uint", "bfloat"};
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
        if (!strncmp(name + 2, types[i], strlen(types[i])))
            return true;
    return false;
}

static bool call(struct interp *I, const char *klass, const char *name, CXCursor fn,
                 struct object *self, CXCursor c, struct value *args, int nargs,
                 struct value *result)
{
    (void)fn;
    (void)self;
    if (klass && (!strcmp(klass, "half") || !strcmp(klass, "bfloat16_t") ||
                  !strcmp(klass, "__accelsync_any"))) {
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};   /* 16-bit float data */
        return true;
    }
    if (klass)
        return false;
    const struct bangc_core *core = bangc_state(I)->core;
    if (!strcmp(name, "__accelsync_task")) {
        int64_t which;
        if (!interp_int(I, c, args[0], "the task quantity", &which) || which < 0 ||
            which >= BANGC_NTASK)
            return true;
        *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = core->task[which]};
        return true;
    }
    if (!strcmp(name, "__is_mpu") || !strcmp(name, "__is_ipu")) {
        bool mpu = core->mpu;
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = name[5] == 'm' ? mpu : !mpu};
        return true;
    }
    if (!strncmp(name, "__is_", 5) && nargs == 1) {   /* __is_nram(p), ... __is_dram(p) */
        const char *want = name + 5;
        if (args[0].kind != VAL_POINTER)
            return interp_unsupported(I, c, "%s of an address the frontend cannot trace", name),
                   true;
        const char *space = bangc_state(I)->w->buffers[args[0].buffer].space;
        bool in = !strcmp(want, "dram") ? !strcmp(space, "GDRAM") || !strcmp(space, "LDRAM")
                                        : !strcasecmp(space, want);
        *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = in};
        return true;
    }
    if (!strncmp(name, "__load_", 7) || !strncmp(name, "__store_", 8)) {
        /* __load_gdram(p), __store_nram(p, v): one element through the scalar unit */
        if (nargs != (name[2] == 's' ? 2 : 1))
            return interp_unsupported(I, c, "%s with %d arguments is not modelled", name, nargs),
                   true;
        scalar(I, c, args[0], element_size(c, 0), name[2] == 's');
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        return true;
    }
    if (scalar_function(name)) {   /* a conversion or scalar math: a value, data */
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        return true;
    }
    if (!strcmp(name, "__memcpy") || !strcmp(name, "__memcpy_async")) {
        memcpy_call(I, name, c, args, nargs);
        return true;
    }
    if (!strcmp(name, "__gather")) {
        gather_call(I, name, c, args, nargs);
        return true;
    }
    if (!strcmp(name, "__gdramset") || !strcmp(name, "__memset_nram") ||
        !strcmp(name, "__sramset")) {
        nramset_call(I, name, c, args, nargs);
        return true;
    }
    if (!strcmp(name, "__nramset") || !strcmp(name, "__nramset_async")) {
        nramset_call(I, name, c, args, nargs);
        return true;
    }
    if (is_atomic(name)) {
        atomic_call(I, name, c, args, nargs);
        return true;
    }
    if (!strncmp(name, "__cn_vector_", 12)) {
        cn_vector_call(I, name, c, args, nargs);
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        return true;
    }
    if (!strncmp(name, "__bang_", 7)) {
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};   /* what it returns: data */
        bang_call(I, name, c, args, nargs);
        return true;
    }
    return sync_call(I, name, c, args, nargs);
}

static const struct api_ops bangc_ops = {
    .name = "BANG C", .call = call, .declare = declare, .scalar = scalar, .asm_stmt = bangc_asm};

const struct api_ops *bangc_api(void)
{
    return &bangc_ops;
}
