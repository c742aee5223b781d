/* Tensors as byte ranges of PIR buffers, and the accesses the API makes of them: data
 * copies on the pipe their spaces give, vector instructions on V, scalar GetValue/SetValue. */
#include "ascendc_tensors.h"
#include "ascendc_queues.h"
#include "ascendc_unit_flag.h"
#include "tiling_defaults.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"

/* ---- tensors ---- */

/* The buffer of a constant array of the source that SetGlobalBuffer places a tensor on
 * (`__gm__ const int64_t table[] = {...}`, a `constexpr static __gm__` member): one GM buffer
 * per array, its size the array's, named after it; -1 if the argument is not one. */
static int gm_constant_buffer(struct interp *I, CXCursor call)
{
    /* cursor_strip, and the two casts it leaves (a GM address is cast with them) */
    CXCursor e = cursor_strip(clang_Cursor_getArgument(call, 0));
    for (enum CXCursorKind k = clang_getCursorKind(e);
         k == CXCursor_CXXReinterpretCastExpr || k == CXCursor_CXXConstCastExpr;
         k = clang_getCursorKind(e))
        e = cursor_strip(cursor_last_expr(e));
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
        return -1;
    CXCursor decl = clang_getCursorReferenced(e);
    long long size = clang_Type_getSizeOf(clang_getCursorType(decl));
    if (!cursor_is_constant_array(decl) || size <= 0)
        return -1;
    struct ascendc *a = state_of(I);
    for (size_t i = 0; i < a->constants.len; i++)
        if (clang_equalCursors(a->constants.items[i].decl, decl))
            return a->constants.items[i].buffer;
    CXString s = clang_getCursorSpelling(decl);
    int b = pir_writer_buffer(I->w, clang_getCString(s), "GM", size, -1, interp_loc(I, decl),
                              "a constant array of the source, in GM");
    clang_disposeString(s);
    struct gm_constant c = {decl, b};
    VEC_PUSH(a->constants, c);
    return b;
}

struct value scalar_access(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                           bool write)
{
    struct value data = {.kind = VAL_UNKNOWN, .buffer = -1};
    if (p.num != OFFSET_UNKNOWN && p.num < 0) {
        interp_unsupported(I, at, "a scalar access at a negative offset from its buffer under "
                           "the values the kernel was lowered with");
        return data;
    }
    /* Where data decides the offset: any byte of the buffer. */
    struct emit_region r = {p.buffer, p.num == OFFSET_UNKNOWN ? EMIT_WHOLE_BUFFER : p.num, bytes};
    if (write) {
        emit_access(emitter_of(I), interp_loc(I, at), "S", "set_value", &r, NULL, 0);
        return data;
    }
    data.read = emit_value_read(emitter_of(I), interp_loc(I, at), "S", "get_value", &r);
    if (p.buffer != state_of(I)->tiling_buffer || p.num == OFFSET_UNKNOWN)
        return data;
    /* A tiling field read by hand: named by its byte offset, like the fields of a tiling
     * structure named by theirs. */
    char name[32];
    snprintf(name, sizeof(name), "tiling_at%lld", (long long)p.num);
    return (struct value){.kind = VAL_INT, .buffer = -1, .read = data.read,
                          .num = interp_runtime(I, name, 4, TILING_WORD_WHAT)};
}

/* The view of t from element `index` on. Where data decides the index (and `data_ok`: a
 * global tensor's view, any tensor's single element), the view may be anywhere in t's buffer;
 * a view already there stays there. False (reported) when the index must be known and is
 * not. */
static bool view_from(struct interp *I, CXCursor call, const struct tensor_state *t,
                      struct value index, bool data_ok, struct tensor_state *out)
{
    *out = *t;
    if (data_ok && index.kind == VAL_UNKNOWN && !I->stopped) {
        out->offset = EMIT_WHOLE_BUFFER;
        return true;
    }
    int64_t i;
    int64_t bytes;
    if (!interp_int(I, call, index, "the index", &i) || !interp_bytes(I, call, i, t->element, &bytes))
        return false;
    if (t->offset != EMIT_WHOLE_BUFFER && !interp_bytes(I, call, 1, out->offset + bytes, &bytes))
        return false;
    if (t->offset != EMIT_WHOLE_BUFFER)
        out->offset = bytes;
    out->length -= i * t->element;
    return true;
}

bool tensor_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                        CXCursor call, struct value *args, int nargs, struct value *result)
{
    (void)fn;
    struct tensor_state *t = &s->u.tensor;
    CXType type = clang_getCursorType(call);
    if (!strcmp(name, "LocalTensor") && nargs == 3) {   /* LocalTensor(pos, addr, n) */
        int64_t pos, addr, n;
        if (!interp_int(I, call, args[0], "the position", &pos) ||
            !interp_int(I, call, args[1], "the address", &addr) ||
            !interp_int(I, call, args[2], "the length", &n))
            return true;
        CXCursor enum_decl = clang_getTypeDeclaration(clang_getCursorType(
            clang_Cursor_getArgument(fn, 0)));
        const char *pname = interp_enumerator(I, enum_decl, pos);
        const struct position *p = pname ? find_position(state_of(I)->source, pname) : NULL;
        if (!p) {
            interp_unsupported(I, call, "a LocalTensor on position %s is not modelled",
                               pname ? pname : "?");
            return true;
        }
        int64_t bytes = n * (t->element ? t->element : 1);
        char *name_s = xasprintf("%s_%llx", p->space, (unsigned long long)addr);
        t->buffer = pir_writer_buffer(I->w, name_s, p->space, bytes, addr, interp_loc(I, call),
                                      "LocalTensor");
        free(name_s);
        t->space = p->space;
        t->offset = 0;
        t->length = bytes;
        return true;
    }
    if (!strcmp(name, "SetGlobalBuffer")) {
        int constant = nargs >= 1 ? gm_constant_buffer(I, call) : -1;
        if (constant >= 0) {
            int64_t n = nargs == 2 && args[1].kind == VAL_INT ? args[1].num : -1;
            t->buffer = constant;
            t->space = "GM";
            t->offset = 0;
            t->length = n >= 0 ? n * (t->element ? t->element : 1) : I->w->buffers[constant].size;
            return true;
        }
        if (nargs < 1 || args[0].kind != VAL_POINTER || args[0].buffer < 0) {
            interp_unsupported(I, call, "SetGlobalBuffer of an address the frontend cannot trace "
                               "to a kernel argument or to the word of its memory that holds it");
            return true;
        }
        int64_t n = -1;   /* a size not known (or not given): the buffer's rest */
        if (nargs == 2 && args[1].kind == VAL_INT)
            n = args[1].num;
        t->buffer = args[0].buffer;
        t->space = "GM";
        t->offset = args[0].num == OFFSET_UNKNOWN ? EMIT_WHOLE_BUFFER : args[0].num;
        t->length = n >= 0 ? n * (t->element ? t->element : 1) : INT64_MAX / 4;
        return true;
    }
    if (!strcmp(name, "operator[]")) {
        struct ac_state *c;
        struct tensor_state view;
        if (!tensor_bound(I, call, s, "the indexed tensor") ||
            !view_from(I, call, t, args[0], s->kind == AC_GLOBAL, &view))
            return true;
        c = new_state(s->kind);
        c->u.tensor = view;
        *result = interp_api_object(I, type, c);
        return true;
    }
    if (!strcmp(name, "ReinterpretCast")) {
        int64_t element = interp_element_size(type);
        if (element == 0) {   /* int4b_t: no whole byte per element to measure extents by */
            interp_unsupported(I, call, "a tensor of an element type without a size in bytes "
                               "(such as int4b_t) is not modelled");
            return true;
        }
        struct ac_state *c = new_state(s->kind);
        c->u.tensor = *t;
        c->u.tensor.element = element;
        *result = interp_api_object(I, type, c);
        return true;
    }
    if (!strcmp(name, "GetValue") || !strcmp(name, "SetValue")) {
        struct tensor_state at;
        if (!tensor_bound(I, call, s, "the tensor") || !view_from(I, call, t, args[0], true, &at))
            return true;
        struct emit_region r = tensor_region(&at, t->element);
        if (name[0] == 'G') {
            uint32_t read = emit_value_read(emitter_of(I), interp_loc(I, call), "S",
                                            "get_value", &r);
            *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1, .read = read};
        } else {
            emit_access(emitter_of(I), interp_loc(I, call), "S", "set_value", &r, NULL, 0);
        }
        return true;
    }
    if (!strcmp(name, "GetSize") || !strcmp(name, "GetLength")) {
        int64_t es = t->element ? t->element : 1;
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = name[3] == 'S' ? t->length / es : t->length};
        return true;
    }
    if (!strcmp(name, "SetSize")) {
        int64_t n;
        if (interp_int(I, call, args[0], "the size", &n))
            t->length = n * (t->element ? t->element : 1);
        return true;
    }
    if (!strcmp(name, "GetPhyAddr")) {
        /* a local tensor's address in its space: where its buffer is placed, plus its view's
         * offset (two tensors are compared by it to tell whether they share bytes) */
        bool placed = s->kind == AC_LOCAL && t->buffer >= 0 && I->w->buffers[t->buffer].place >= 0;
        *result = s->kind == AC_GLOBAL
                      ? (struct value){.kind = VAL_POINTER, .buffer = t->buffer,
                                       .num = t->offset == EMIT_WHOLE_BUFFER ? OFFSET_UNKNOWN
                                                                             : t->offset}
                  : placed ? (struct value){.kind = VAL_INT, .buffer = -1,
                                            .num = I->w->buffers[t->buffer].place + t->offset}
                           : (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        return true;
    }
    return false;
}

/* ---- data copies and vector instructions ---- */

/* The pipe that moves data from one space to another. */
static const char *copy_unit(const char *from, const char *to, const char **op)
{
    static const struct { const char *from, *to, *unit, *op; } table[] = {
        {"GM", "UB", "MTE2", "copy"}, {"UB", "GM", "MTE3", "copy"},
        {"UB", "UB", "V", "copy_ubuf_to_ubuf"}, {"GM", "L1", "MTE2", "copy"},
        {"GM", "L0A", "MTE2", "load"}, {"GM", "L0B", "MTE2", "load"}, {"UB", "L1", "MTE3", "copy"},
        {"L1", "UB", "MTE1", "copy"}, {"L0C", "GM", "FIX", "fixpipe"}, {"L0C", "L1", "FIX", "fixpipe"},
        {"L1", "BT", "MTE1", "copy_cbuf_to_bt"},
    };
    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
        if (!strcmp(table[i].from, from) && !strcmp(table[i].to, to)) {
            *op = table[i].op;
            return table[i].unit;
        }
    return NULL;
}

bool data_copy(struct interp *I, const char *name, CXCursor call, struct value *args,
                      int nargs)
{
    struct ac_state *dst = nargs >= 2 ? (struct ac_state *)(args[0].kind == VAL_OBJECT && args[0].obj ? args[0].obj->api : NULL) : NULL;
    struct ac_state *src = nargs >= 2 ? (struct ac_state *)(args[1].kind == VAL_OBJECT && args[1].obj ? args[1].obj->api : NULL) : NULL;
    if (!dst || !src || dst->kind == AC_PIPE || dst->kind == AC_QUEUE || src->kind == AC_PIPE ||
        src->kind == AC_QUEUE)
        return false;
    if (!tensor_bound(I, call, dst, "the destination") || !tensor_bound(I, call, src, "the source"))
        return true;
    const struct tensor_state *d = &dst->u.tensor, *s = &src->u.tensor;
    const char *op;
    const char *unit = copy_unit(s->space, d->space, &op);
    if (!unit) {
        interp_unsupported(I, call, "%s from %s to %s is not modelled", name, s->space, d->space);
        return true;
    }
    int64_t dst_bytes, src_bytes;
    int64_t rows = 1, row_bytes = 0, pitch = 0;   /* a destination in rows pitch apart */
    bool ok = true;
    if (!strcmp(name, "DataCopy") && nargs == 3 && args[2].kind == VAL_INT) {
        /* count form: whole 32-byte blocks of count elements */
        dst_bytes = src_bytes = args[2].num * s->element / 32 * 32;
    } else if (!strcmp(name, "DataCopy") && nargs == 3) {
        int64_t count = field_int(I, call, args[2], "blockCount", &ok);
        int64_t len = field_int(I, call, args[2], "blockLen", &ok) * 32;
        int64_t sgap = field_int(I, call, args[2], "srcStride", &ok) * 32;
        int64_t dgap = field_int(I, call, args[2], "dstStride", &ok) * 32;
        if (!ok)
            return true;
        src_bytes = count > 0 ? count * len + (count - 1) * sgap : 0;
        dst_bytes = count > 0 ? count * len + (count - 1) * dgap : 0;
        rows = count, row_bytes = len, pitch = len + dgap;
    } else if (!strcmp(name, "DataCopyPad") && nargs >= 3) {
        /* blockLen and the GM-side gap in bytes; UB bursts padded to 32 bytes, UB gap in blocks */
        int64_t count = field_int(I, call, args[2], "blockCount", &ok);
        int64_t len = field_int(I, call, args[2], "blockLen", &ok);
        int64_t sgap = field_int(I, call, args[2], "srcStride", &ok);
        int64_t dgap = field_int(I, call, args[2], "dstStride", &ok);
        if (!ok)
            return true;
        int64_t padded = (len + 31) / 32 * 32;
        bool to_local = strcmp(d->space, "GM") != 0;
        src_bytes = count > 0 ? count * (to_local ? len : padded) +
                                    (count - 1) * (to_local ? sgap : sgap * 32) : 0;
        dst_bytes = count > 0 ? count * (to_local ? padded : len) +
                                    (count - 1) * (to_local ? dgap * 32 : dgap) : 0;
        rows = count, row_bytes = to_local ? padded : len;
        pitch = row_bytes + (to_local ? dgap * 32 : dgap);
    } else {
        if (args[2].kind != VAL_INT && args[2].kind != VAL_OBJECT)
            interp_int(I, call, args[2], "the element count", &(int64_t){0});
        return args[2].kind == VAL_UNKNOWN;
    }
    if (dst_bytes <= 0 || src_bytes <= 0)
        return true;   /* copies nothing */
    if (!unit_flag_plain_read(I, call, s, src_bytes))
        return true;
    struct emit_region from = tensor_region(s, src_bytes), to = tensor_region(d, dst_bytes);
    if (!strcmp(unit, "MTE3") && !strcmp(d->space, "GM") && state_of(I)->atomic_op)
        op = state_of(I)->atomic_op;   /* SetAtomicAdd, ...: a read-modify-write of GM */
    if (rows > 1 && row_bytes > 0 && pitch > row_bytes) {   /* gaps between the rows written */
        to.length = row_bytes;
        emit_access_rows(emitter_of(I), interp_loc(I, call), unit, op, &to, rows, pitch, &from, 1);
    } else {
        emit_access(emitter_of(I), interp_loc(I, call), unit, op, &to, &from, 1);
    }
    return true;
}

/* VEC_AXPY: (dst, src, scalar, count) that reads dst too (dst = src * scalar + dst). */
enum vector_shape { VEC_BINARY, VEC_UNARY, VEC_SCALAR, VEC_DUP, VEC_CAST, VEC_AXPY };

/* Each vector API with the model's op name for it (the API's own name is in the PIR
 * line's comment). */
static const struct vector_api {
    const char *name, *op;
    enum vector_shape shape;
} vector_apis[] = {
    {"Add", "vadd", VEC_BINARY}, {"Sub", "vsub", VEC_BINARY}, {"Mul", "vmul", VEC_BINARY},
    {"Div", "vdiv", VEC_BINARY}, {"Max", "vmax", VEC_BINARY}, {"Min", "vmin", VEC_BINARY},
    {"And", "vand", VEC_BINARY}, {"Or", "vor", VEC_BINARY},
    {"Exp", "vexp", VEC_UNARY}, {"Ln", "vln", VEC_UNARY}, {"Abs", "vabs", VEC_UNARY},
    {"Reciprocal", "vrec", VEC_UNARY}, {"Sqrt", "vsqrt", VEC_UNARY},
    {"Rsqrt", "vrsqrt", VEC_UNARY}, {"Relu", "vrelu", VEC_UNARY}, {"Not", "vnot", VEC_UNARY},
    {"Adds", "vadds", VEC_SCALAR}, {"Muls", "vmuls", VEC_SCALAR}, {"Maxs", "vmaxs", VEC_SCALAR},
    {"Mins", "vmins", VEC_SCALAR}, {"LeakyRelu", "vop", VEC_SCALAR},
    {"ShiftLeft", "vshl", VEC_SCALAR}, {"ShiftRight", "vshr", VEC_SCALAR},
    {"Copy", "vcopy", VEC_UNARY}, {"Duplicate", "vdup", VEC_DUP}, {"Cast", "vconv", VEC_CAST},
    {"Axpy", "vaxpy", VEC_AXPY},
};

static bool vector_call(struct interp *I, const struct vector_api *api, CXCursor call,
                        struct value *args, int nargs)
{
    /* operands that are tensors, and the count-form arity */
    int ntensors = api->shape == VEC_BINARY ? 3 : api->shape == VEC_DUP ? 1 : 2;
    int count_arity = api->shape == VEC_UNARY || api->shape == VEC_DUP ? 3 : 4;
    struct ac_state *t[3] = {NULL, NULL, NULL};
    for (int i = 0; i < ntensors; i++) {
        t[i] = i < nargs ? api_state(args[i], AC_LOCAL) : NULL;
        if (!tensor_bound(I, call, t[i], i == 0 ? "the destination" : "a source"))
            return true;
    }
    int64_t count = -1;
    if (nargs == count_arity &&
        !interp_int(I, call, args[nargs - 1], "the element count", &count))
        return true;
    struct emit_region regions[3];
    for (int i = 0; i < ntensors; i++) {
        const struct tensor_state *ts = &t[i]->u.tensor;
        /* repeat form: the rest of the tensor (its mask and strides are not evaluated) */
        regions[i] = tensor_region(ts, count >= 0 ? count * ts->element : ts->length);
    }
    int nreads = ntensors - 1;
    if (api->shape == VEC_AXPY)     /* the destination is read too */
        regions[nreads++ + 1] = regions[0];
    emit_access(emitter_of(I), interp_loc(I, call), "V", api->op, &regions[0], regions + 1, nreads);
    return true;
}

/* Compare, CompareScalar and Select with a mask tensor: V vcmp writes one bit per element
 * compared into its destination; V vsel reads one bit per element of its mask and the
 * elements of its sources (the second may be a scalar). Count form (the count last, at
 * `count_arity` arguments): the bits and elements counted; repeat form: the rest of each
 * tensor. Forms through the CMPMASK register (no mask tensor) are not modelled. */
static bool mask_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                      int nargs)
{
    bool select = !strcmp(name, "Select");
    int count_arity = select ? 6 : 5, mask_arg = select ? 1 : 0;
    int ntensors = 0;
    struct ac_state *t[4];
    int index[4];
    for (int i = 0; i < nargs && ntensors < 4; i++)
        if ((t[ntensors] = api_state(args[i], AC_LOCAL)) != NULL)
            index[ntensors++] = i;
    int need = select ? 3 : !strcmp(name, "Compare") ? 3 : 2;
    if (ntensors < need || index[0] != 0 || index[1] != 1)
        return false;
    for (int i = 0; i < ntensors; i++)
        if (!tensor_bound(I, call, t[i], i == 0 ? "the destination" : "a source"))
            return true;
    int64_t count = -1;
    if (nargs == count_arity && !interp_int(I, call, args[nargs - 1], "the element count", &count))
        return true;
    struct emit_region regions[4];
    for (int i = 0; i < ntensors; i++) {
        const struct tensor_state *ts = &t[i]->u.tensor;
        int64_t bytes = index[i] == mask_arg ? (count + 7) / 8 : count * ts->element;
        regions[i] = tensor_region(ts, count >= 0 ? bytes : ts->length);
    }
    emit_access(emitter_of(I), interp_loc(I, call), "V", select ? "vsel" : "vcmp", &regions[0],
                regions + 1, ntensors - 1);
    return true;
}

/* Gather(dst, src, offsets, base, count | mask, repeats, stride): V vgather writes `count`
 * elements of dst (the repeat form: the rest of it) and reads as many 32-bit offsets; the
 * elements it reads from src are where the offsets, data, say: any byte of src's buffer.
 * GatherMask(dst, src0, pattern, reduce, mask, params, count): V vgathermask writes the rest of
 * dst and reads the rest of src0 and of a pattern tensor (a numbered pattern reads none). */
static bool gather_call(struct interp *I, bool masked, CXCursor call, struct value *args,
                        int nargs)
{
    struct ac_state *t[3] = {NULL, NULL, NULL};
    int ntensors = 0;
    for (int i = 0; i < 3 && i < nargs; i++)
        if ((t[i] = api_state(args[i], AC_LOCAL)) != NULL)
            ntensors = i + 1;
    if (ntensors < (masked ? 2 : 3))
        return false;
    for (int i = 0; i < ntensors; i++)
        if (!t[i] || !tensor_bound(I, call, t[i], i == 0 ? "the destination" : "a source"))
            return true;
    int64_t count = -1;
    if (!masked && nargs == 5 && !interp_int(I, call, args[4], "the element count", &count))
        return true;
    struct emit_region regions[3];
    const struct tensor_state *d = &t[0]->u.tensor;
    regions[0] = tensor_region(d, count >= 0 ? count * d->element : d->length);
    if (masked) {
        regions[1] = tensor_region(&t[1]->u.tensor, t[1]->u.tensor.length);
        if (ntensors == 3)
            regions[2] = tensor_region(&t[2]->u.tensor, t[2]->u.tensor.length);
    } else {
        regions[1] = (struct emit_region){t[1]->u.tensor.buffer, EMIT_WHOLE_BUFFER, 0};
        regions[2] = tensor_region(&t[2]->u.tensor, count >= 0 ? count * 4 : t[2]->u.tensor.length);
    }
    emit_access(emitter_of(I), interp_loc(I, call), "V", masked ? "vgathermask" : "vgather",
                &regions[0], regions + 1, ntensors - 1);
    return true;
}

bool vector_call_named(struct interp *I, const char *name, CXCursor call, struct value *args,
                       int nargs)
{
    const struct vector_api *api = NULL;
    for (size_t i = 0; i < sizeof(vector_apis) / sizeof(vector_apis[0]) && !api; i++)
        if (!strcmp(name, vector_apis[i].name))
            api = &vector_apis[i];
    bool gather = !strcmp(name, "Gather") || !strcmp(name, "GatherMask");
    bool mask = !strcmp(name, "Compare") || !strcmp(name, "CompareScalar") || !strcmp(name, "Select");
    if (!api && !gather && !mask)
        return false;
    struct ascendc *a = state_of(I);
    if (a->core_type == AC_CORE_AIC) {
        /* the code meant for each core is chosen by g_coreType, or by the core-type macros */
        if (a->probe)   /* what the cube core does: this code is not kept from it */
            return a->traits.vector_on_cube = true;
        interp_unsupported(I, call, "%s, a vector API, reached on the cube core (neither "
                           "g_coreType nor a core-type macro keeps it from the cube core)", name);
        return true;
    }
    if (gather)
        return gather_call(I, name[6] == 'M', call, args, nargs);
    if (api)
        return vector_call(I, api, call, args, nargs);
    return mask_call(I, name, call, args, nargs);
}
