/* The cube path of Ascend C (docs/frontends.md, "Cube"): Mmad on M, LoadData on MTE1 (from
 * L1) or MTE2 (from GM), Fixpipe on FIX, and DataCopy's ND-to-NZ form from GM to L1. Extents
 * follow the parameter structs of the public API reference; where a layout is not computed
 * (a Fixpipe with an explicit config) the whole view from the tensor's offset is taken, which
 * is sound and may be a false alarm. unitFlag, the M/FIX hand-off, is ascendc_unit_flag.c's. */
#include "../clang/clang_api.h"
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"
#include "ascendc_cube.h"
#include "ascendc_unit_flag.h"

enum { FRACTAL_BYTES = 512, BLOCK_BYTES = 32, CUBE_EDGE = 16 };

static int64_t round_up(int64_t v, int64_t to)
{
    return (v + to - 1) / to * to;
}

/* The tensor argument i (local or global), bound to memory; NULL (reported when unbound). */
static const struct tensor_state *tensor_arg(struct interp *I, CXCursor call, struct value *args,
                                             int nargs, int i, const char *what)
{
    if (i >= nargs)
        return NULL;
    struct ac_state *s = api_state(args[i], AC_LOCAL);
    if (!s)
        s = api_state(args[i], AC_GLOBAL);
    if (!s || !tensor_bound(I, call, s, what))
        return NULL;
    return &s->u.tensor;
}

static bool record_named(struct value v, const char *name)
{
    if (v.kind != VAL_OBJECT || !v.obj)
        return false;
    CXString s = clang_getCursorSpelling(
        clang_getTypeDeclaration(clang_getCanonicalType(v.obj->type)));
    bool same = !strcmp(clang_getCString(s), name);
    clang_disposeString(s);
    return same;
}

/* The parameter struct is of the form modelled; else reported. */
static bool params_of(struct interp *I, CXCursor call, struct value v, const char *api,
                      const char *type)
{
    if (record_named(v, type))
        return true;
    interp_unsupported(I, call, "%s with parameters other than %s is not modelled", api, type);
    return false;
}

/* Mmad(dst, fm, filter[, bias], MmadParams): dst (L0C) = fm (L0A, m x k) * filter (L0B,
 * k x n) [+ bias] [+ dst when cmatrixInitVal is false and no bias is the source], m and n in
 * whole 16-row fractals, k in whole 32-byte blocks. */
static bool mmad(struct interp *I, CXCursor call, struct value *args, int nargs)
{
    bool with_bias = nargs == 5;
    if (nargs != 4 && !with_bias)
        return false;
    const struct tensor_state *c = tensor_arg(I, call, args, nargs, 0, "the Mmad destination");
    const struct tensor_state *a = c ? tensor_arg(I, call, args, nargs, 1, "the left matrix") : NULL;
    const struct tensor_state *b = a ? tensor_arg(I, call, args, nargs, 2, "the right matrix") : NULL;
    const struct tensor_state *bias = b && with_bias ? tensor_arg(I, call, args, nargs, 3, "the bias")
                                                     : NULL;
    struct value params = args[nargs - 1];
    if (!b || (with_bias && !bias) || !params_of(I, call, params, "Mmad", "MmadParams"))
        return true;
    bool ok = true;
    int64_t m = round_up(field_int(I, call, params, "m", &ok), CUBE_EDGE);
    int64_t n = round_up(field_int(I, call, params, "n", &ok), CUBE_EDGE);
    int64_t k = field_int(I, call, params, "k", &ok);
    int64_t init_zero = field_int(I, call, params, "cmatrixInitVal", &ok);
    int64_t bias_source = field_int(I, call, params, "cmatrixSource", &ok);
    int64_t unit_flag;
    if (!ok || !unit_flag_mode(I, call, params, "Mmad", &unit_flag) || m == 0 || n == 0 || k == 0)
        return true;
    int64_t ka = round_up(k * a->element, BLOCK_BYTES), kb = round_up(k * b->element, BLOCK_BYTES);
    struct emit_region write = tensor_region(c, m * n * c->element);
    struct emit_region reads[3] = {tensor_region(a, m * ka), tensor_region(b, n * kb)};
    int nreads = 2;
    if (with_bias)
        reads[nreads++] = tensor_region(bias, n * bias->element);
    else if (!init_zero && !bias_source)
        reads[nreads++] = write;   /* accumulates into dst */
    struct unit_region handed;
    if (!unit_flag_mmad_begin(I, call, unit_flag, c, write.length, &handed))
        return true;
    emit_access(emitter_of(I), interp_loc(I, call), "M", "mmad", &write, reads, nreads);
    unit_flag_mmad_end(I, call, unit_flag, &handed);
    return true;
}

/* LoadData(dst, src, LoadData2DParams): repeatTimes fractals of 512 bytes, from fractal
 * startIndex of src, srcStride fractals apart, into dst dstGap fractals apart (end to
 * start). From L1 on MTE1, from GM on MTE2. */
static bool load_data(struct interp *I, CXCursor call, struct value *args, int nargs)
{
    if (nargs != 3)
        return false;
    const struct tensor_state *d = tensor_arg(I, call, args, nargs, 0, "the LoadData destination");
    const struct tensor_state *s = d ? tensor_arg(I, call, args, nargs, 1, "the LoadData source") : NULL;
    if (!s || !params_of(I, call, args[2], "LoadData", "LoadData2DParams"))
        return true;
    bool ok = true;
    int64_t start = field_int(I, call, args[2], "startIndex", &ok);
    int64_t repeat = field_int(I, call, args[2], "repeatTimes", &ok);
    int64_t src_stride = field_int(I, call, args[2], "srcStride", &ok);
    int64_t dst_gap = field_int(I, call, args[2], "dstGap", &ok);
    if (!ok || repeat <= 0)
        return true;
    const char *unit = !strcmp(s->space, "L1") ? "MTE1" : !strcmp(s->space, "GM") ? "MTE2" : NULL;
    if (!unit || (strcmp(d->space, "L0A") && strcmp(d->space, "L0B"))) {
        interp_unsupported(I, call, "LoadData from %s to %s is not modelled", s->space, d->space);
        return true;
    }
    struct tensor_state from = *s;
    if (from.offset != EMIT_WHOLE_BUFFER)
        from.offset += start * FRACTAL_BYTES;
    struct emit_region read = tensor_region(&from, ((repeat - 1) * src_stride + 1) * FRACTAL_BYTES);
    struct emit_region write = tensor_region(d, (repeat + (repeat - 1) * dst_gap) * FRACTAL_BYTES);
    emit_access(emitter_of(I), interp_loc(I, call), unit, "load", &write, &read, 1);
    return true;
}

/* Whether a Fixpipe call writes row-major: its config template argument, written in the
 * callee (`Fixpipe<float, float, CFG_NZ>`), is CFG_ROW_MAJOR or not written (the default). */
static bool row_major(CXCursor call)
{
    CXCursor callee = cursor_strip(cursor_first_expr(call));
    struct cursor_vec kids = cursor_children(callee);
    bool row = true;
    for (size_t i = 0; i < kids.len; i++) {
        CXCursor ref = clang_getCursorReferenced(kids.items[i]);
        if (clang_getCursorKind(kids.items[i]) != CXCursor_DeclRefExpr ||
            clang_getCursorKind(ref) != CXCursor_VarDecl)
            continue;
        CXString name = clang_getCursorSpelling(ref);
        row = !strcmp(clang_getCString(name), "CFG_ROW_MAJOR");
        clang_disposeString(name);
    }
    VEC_FREE(kids);
    return row;
}

/* Fixpipe(dst, src, FixpipeParamsV220): src (L0C) to GM or L1 on FIX. Row-major (the
 * default config): mSize rows of nSize elements, dstStride elements apart, ndNum times
 * dstNdStride apart; with a config given, the whole view of dst from its offset. The source,
 * NZ: nSize in columns of 16 elements, srcStride rows of 16 apart (at least mSize rounded to
 * 16), for one matrix; with ndNum > 1, its whole view from its offset. */
static bool fixpipe(struct interp *I, CXCursor call, struct value *args, int nargs)
{
    if (nargs != 3)
        return false;
    const struct tensor_state *d = tensor_arg(I, call, args, nargs, 0, "the Fixpipe destination");
    const struct tensor_state *s = d ? tensor_arg(I, call, args, nargs, 1, "the Fixpipe source") : NULL;
    if (!s || !params_of(I, call, args[2], "Fixpipe", "FixpipeParamsV220"))
        return true;
    if (strcmp(s->space, "L0C") || (strcmp(d->space, "GM") && strcmp(d->space, "L1"))) {
        interp_unsupported(I, call, "Fixpipe from %s to %s is not modelled", s->space, d->space);
        return true;
    }
    bool ok = true;
    int64_t n = field_int(I, call, args[2], "nSize", &ok);
    int64_t m = field_int(I, call, args[2], "mSize", &ok);
    int64_t stride = field_int(I, call, args[2], "dstStride", &ok);
    int64_t nd = field_int(I, call, args[2], "ndNum", &ok);
    int64_t nd_stride = field_int(I, call, args[2], "dstNdStride", &ok);
    int64_t src_stride = field_int(I, call, args[2], "srcStride", &ok);
    int64_t unit_flag;
    if (!ok || !unit_flag_mode(I, call, args[2], "Fixpipe", &unit_flag) || m <= 0 || n <= 0 ||
        nd <= 0)
        return true;
    int64_t written = d->length;
    /* Row-major, one matrix: its mSize rows of nSize elements, dstStride elements apart, as
     * rows of their own (two Fixpipes writing the halves of C's columns do not meet). */
    bool rows_apart = row_major(call) && nd == 1 && stride > n;
    if (row_major(call))
        written = ((nd - 1) * nd_stride + (m - 1) * (stride > n ? stride : n) + n) * d->element;
    int64_t rows = round_up(m, CUBE_EDGE);
    rows = src_stride > rows ? src_stride : rows;
    int64_t read_len = ((round_up(n, CUBE_EDGE) / CUBE_EDGE - 1) * rows + round_up(m, CUBE_EDGE)) *
                       CUBE_EDGE * s->element;
    if (nd > 1 || read_len > s->length)
        read_len = s->length;
    struct emit_region write = tensor_region(d, rows_apart ? n * d->element : written);
    struct emit_region read = tensor_region(s, read_len);
    int64_t nrows = rows_apart ? m : 1, pitch = stride * d->element;
    struct as_loc at = interp_loc(I, call);
    if (unit_flag == 0) {
        if (unit_flag_plain_read(I, call, s, read.length))
            emit_access_rows(emitter_of(I), at, "FIX", "fixpipe", &write, nrows, pitch, &read, 1);
        return true;
    }
    struct unit_region handed;
    if (!unit_flag_fixpipe_begin(I, call, unit_flag, s, d, read_len, &handed))
        return true;
    emit_access(emitter_of(I), at, "FIX", "fixpipe", NULL, &read, 1);
    unit_flag_fixpipe_end(I, call, unit_flag, &handed);
    emit_access_rows(emitter_of(I), at, "FIX", "fixpipe", &write, nrows, pitch, NULL, 0);
    return true;
}

/* DataCopy(dst L1, src GM, Nd2NzParams): ndNum matrices of nValue rows of dValue elements,
 * srcDValue elements apart, srcNdMatrixStride apart; written as NZ: dValue in 32-byte column
 * blocks dstNzC0Stride blocks apart, rows dstNzNStride blocks apart, matrices
 * dstNzMatrixStride elements apart. */
static bool copy_nd_to_nz(struct interp *I, CXCursor call, struct value *args, int nargs)
{
    const struct tensor_state *d = tensor_arg(I, call, args, nargs, 0, "the destination");
    const struct tensor_state *s = d ? tensor_arg(I, call, args, nargs, 1, "the source") : NULL;
    if (!s)
        return true;
    if (strcmp(s->space, "GM") || strcmp(d->space, "L1")) {
        interp_unsupported(I, call, "DataCopy ND to NZ from %s to %s is not modelled", s->space,
                           d->space);
        return true;
    }
    bool ok = true;
    struct value p = args[2];
    int64_t nd = field_int(I, call, p, "ndNum", &ok);
    int64_t rows = field_int(I, call, p, "nValue", &ok);
    int64_t cols = field_int(I, call, p, "dValue", &ok);
    int64_t src_matrix = field_int(I, call, p, "srcNdMatrixStride", &ok);
    int64_t src_row = field_int(I, call, p, "srcDValue", &ok);
    int64_t c0_stride = field_int(I, call, p, "dstNzC0Stride", &ok);
    int64_t n_stride = field_int(I, call, p, "dstNzNStride", &ok);
    int64_t dst_matrix = field_int(I, call, p, "dstNzMatrixStride", &ok);
    if (!ok || nd <= 0 || rows <= 0 || cols <= 0)
        return true;
    int64_t blocks = (cols * s->element + BLOCK_BYTES - 1) / BLOCK_BYTES;
    struct emit_region read = tensor_region(s, ((nd - 1) * src_matrix + (rows - 1) * src_row + cols) *
                                            s->element);
    struct emit_region write = tensor_region(d, ((blocks - 1) * c0_stride + (rows - 1) * n_stride + 1) *
                                             BLOCK_BYTES + (nd - 1) * dst_matrix * d->element);
    emit_access(emitter_of(I), interp_loc(I, call), "MTE2", "copy", &write, &read, 1);
    return true;
}

bool cube_call(struct interp *I, const char *name, CXCursor call, struct value *args, int nargs)
{
    if (!strcmp(name, "Mmad"))
        return state_of(I)->traits.cube = true, mmad(I, call, args, nargs);
    if (!strcmp(name, "LoadData"))
        return state_of(I)->traits.cube = true, load_data(I, call, args, nargs);
    if (!strcmp(name, "Fixpipe"))
        return state_of(I)->traits.cube = true, fixpipe(I, call, args, nargs);
    if (!strcmp(name, "DataCopy") && nargs == 3 && record_named(args[2], "Nd2NzParams"))
        return state_of(I)->traits.cube = true, copy_nd_to_nz(I, call, args, nargs);
    return false;
}
