/* What the BANG C device language does, for the interpreter (interp.h): on-chip arrays become
 * buffers, __memcpy and the __bang_* intrinsics become accesses on the queue the reference
 * gives them (IO, MOVE, COMPUTE), scalar loads and stores through pointers become ALU
 * accesses, and the __sync family becomes the model's barriers. Extents of the intrinsics are
 * the element counts their arguments give, times the element size of each pointer's type. */
#include "bangc_api.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../util/xalloc.h"
#include "clang_driver.h"
#include "cursor_util.h"

struct bangc {
    struct pir_writer *w;
    const struct bangc_core *core;
};

static struct bangc *state_of(struct interp *I)
{
    return I->api_data;
}

void *bangc_api_data_new(struct pir_writer *w, const struct bangc_core *core)
{
    struct bangc *b = xcalloc(1, sizeof(*b));
    b->w = w;
    b->core = core;
    return b;
}

void bangc_api_data_free(void *data)
{
    free(data);
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
        int b = pir_writer_buffer(state_of(I)->w, clang_getCString(name), spaces[i],
                                  size > 0 ? size : 1, -1, interp_loc(I, var),
                                  "an on-chip array of the kernel");
        clang_disposeString(name);
        *out = (struct value){.kind = VAL_POINTER, .buffer = b, .num = 0};
        return true;
    }
    return false;
}

/* One access line: `UNIT op w... <- r...;` with (pointer, bytes) regions. */
struct span {
    struct value p;
    int64_t bytes;
};

static void append(char **text, const char *sep, const char *part)
{
    char *joined = xasprintf("%s%s%s", *text, **text ? sep : "", part);
    free(*text);
    *text = joined;
}

/* A size data decides (read from memory, joined after a condition on data): the access is
 * taken to touch the whole buffer, as one through a pointer of unknown offset is. Not a size
 * any kernel computes, so a known negative one is still reported as such. */
#define EXTENT_UNKNOWN INT64_MIN

/* An extent argument: its value, or EXTENT_UNKNOWN when data decides it. */
static bool extent_arg(struct interp *I, CXCursor call, struct value v, const char *what,
                       int64_t *out)
{
    if (v.kind == VAL_UNKNOWN) {
        *out = EXTENT_UNKNOWN;
        return true;
    }
    return interp_int(I, call, v, what, out);
}

static int64_t times(int64_t n, int64_t size)
{
    return n == EXTENT_UNKNOWN ? EXTENT_UNKNOWN : n * size;
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
 * cannot be traced. Empty spans are left out; *whole is set when a region is a whole buffer
 * because data decides its offset or size. */
static char *regions_text(struct interp *I, CXCursor at, const struct span *spans, int n,
                          const char *what, bool *whole)
{
    char *text = xstrdup("");
    for (int i = 0; i < n; i++) {
        if (!span_ok(I, at, &spans[i], what)) {
            free(text);
            return NULL;
        }
        if (whole_buffer(&spans[i]) && spans[i].bytes != 0) {
            pir_writer_touch(state_of(I)->w, spans[i].p.buffer, 1);
            append(&text, ", ", state_of(I)->w->buffers[spans[i].p.buffer].name);
            *whole = true;
        } else if (spans[i].bytes > 0) {
            char *r = pir_writer_region(state_of(I)->w, spans[i].p.buffer, spans[i].p.num,
                                        spans[i].bytes);
            append(&text, ", ", r);
            free(r);
        }
    }
    return text;
}

static void access(struct interp *I, CXCursor at, const char *unit, const char *op,
                   const struct span *writes, int nwrites, const struct span *reads, int nreads)
{
    bool whole = false;
    char *wt = regions_text(I, at, writes, nwrites, "the destination", &whole);
    char *rt = wt ? regions_text(I, at, reads, nreads, "a source", &whole) : NULL;
    if (rt && (*wt || *rt))
        pir_writer_line_note(state_of(I)->w, interp_loc(I, at),
                             whole ? "whole buffer (an offset or size not known before the "
                                     "kernel runs)"
                                   : NULL,
                             "%s %s%s%s%s%s", unit, op, *wt ? " " : "", wt, *rt ? " <- " : "",
                             rt);
    free(wt);
    free(rt);
}

static struct value scalar(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                           bool write)
{
    struct span s = {p, bytes};
    if (write)
        access(I, at, "ALU", "store_scalar", &s, 1, NULL, 0);
    else
        access(I, at, "ALU", "load_scalar", NULL, 0, &s, 1);
    return (struct value){.kind = VAL_UNKNOWN, .buffer = -1};   /* data */
}

/* ---- __memcpy ---- */

static const char *space_of(const char *dir, size_t len)
{
    for (size_t i = 0; i < sizeof(spaces) / sizeof(spaces[0]); i++)
        if (strlen(spaces[i]) == len && !strncmp(dir, spaces[i], len))
            return spaces[i];
    return len == 5 && !strncmp(dir, "GDRAM", 5) ? "GDRAM" : NULL;
}

/* __memcpy(dst, src, size, DIR[, dst_stride, src_stride, segnum]): segnum + 1 segments of
 * size bytes; IO when the direction touches GDRAM or LDRAM, MOVE when it stays on chip. */
static void memcpy_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                        int nargs)
{
    int64_t size, dir, dst_stride = 0, src_stride = 0, segnum = 0;
    if (nargs != 4 && nargs != 7) {
        interp_unsupported(I, call, "%s with %d arguments (the 3D form) is not modelled", name,
                           nargs);
        return;
    }
    if (!extent_arg(I, call, args[2], "the copy size", &size) ||
        !interp_int(I, call, args[3], "the copy direction", &dir))
        return;
    if (nargs == 7 && (!extent_arg(I, call, args[4], "the destination stride", &dst_stride) ||
                       !extent_arg(I, call, args[5], "the source stride", &src_stride) ||
                       !extent_arg(I, call, args[6], "the segment count", &segnum)))
        return;
    if (dst_stride == EXTENT_UNKNOWN || src_stride == EXTENT_UNKNOWN || segnum == EXTENT_UNKNOWN)
        size = EXTENT_UNKNOWN, segnum = 0;  /* where the segments lie: the whole buffers */
    CXType dir_type = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, 3)));
    const char *dname = interp_enumerator(I, clang_getTypeDeclaration(dir_type), dir);
    const char *two = dname ? strchr(dname, '2') : NULL;
    const char *from = two ? space_of(dname, (size_t)(two - dname)) : NULL;
    const char *to = two ? space_of(two + 1, strlen(two + 1)) : NULL;
    if (!from || !to) {
        interp_unsupported(I, call, "the direction of %s is not one the frontend knows", name);
        return;
    }
    bool io = !strcmp(from, "GDRAM") || !strcmp(from, "LDRAM") || !strcmp(to, "GDRAM") ||
              !strcmp(to, "LDRAM");
    if (segnum < 0 || segnum > 65535) {
        interp_unsupported(I, call, "a segment count of %lld is not modelled", (long long)segnum);
        return;
    }
    size_t n = (size_t)segnum + 1;
    struct span *w = xcalloc(n, sizeof(*w)), *r = xcalloc(n, sizeof(*r));
    for (size_t k = 0; k < n; k++) {
        w[k] = (struct span){pointer_add(args[0], (int64_t)k * dst_stride), size};
        r[k] = (struct span){pointer_add(args[1], (int64_t)k * src_stride), size};
    }
    bool async = strstr(name, "_async") != NULL;
    access(I, call, io ? "IO" : "MOVE", async ? "memcpy_async" : "memcpy", w, (int)n, r, (int)n);
    free(w);
    free(r);
}

/* ---- __bang_* ---- */

enum family {
    ELEMENTWISE,    /* (dst, a, b, n) */
    WITH_SCALAR,    /* (dst, a, scalar, n) */
    UNARY,          /* (dst, a, n), conversions included */
    WRITE_VALUE,    /* (dst, n, value): n elements of the value's type */
    CYCLE,          /* (dst, a, b, n, m): b has m elements, repeated over a's n */
    TRANSPOSE,      /* (dst, a, h, w) */
    MOVE_BYTES,     /* (dst, a, bytes) */
    FUSION,         /* (op, dst, a, b, c, n): b and c each an array or a scalar */
    LOOKUP,         /* (dst, index, table, n, table_len): dst[i] = table[index[i]] */
    NO_ACCESS,      /* __bang_printf: values only */
};

static const struct { const char *name; enum family f; } families[] = {
    {"add", ELEMENTWISE}, {"sub", ELEMENTWISE}, {"mul", ELEMENTWISE}, {"div", ELEMENTWISE},
    {"maxequal", ELEMENTWISE}, {"minequal", ELEMENTWISE}, {"maximum", ELEMENTWISE},
    {"minimum", ELEMENTWISE}, {"nan_maximum", ELEMENTWISE}, {"nan_minimum", ELEMENTWISE},
    {"and", ELEMENTWISE}, {"or", ELEMENTWISE}, {"xor", ELEMENTWISE}, {"band", ELEMENTWISE},
    {"bor", ELEMENTWISE}, {"bxor", ELEMENTWISE}, {"eq", ELEMENTWISE}, {"ne", ELEMENTWISE},
    {"lt", ELEMENTWISE}, {"le", ELEMENTWISE}, {"gt", ELEMENTWISE}, {"ge", ELEMENTWISE},
    {"rem", ELEMENTWISE},
    {"add_scalar", WITH_SCALAR}, {"sub_scalar", WITH_SCALAR}, {"mul_scalar", WITH_SCALAR},
    {"eq_scalar", WITH_SCALAR}, {"ne_scalar", WITH_SCALAR}, {"lt_scalar", WITH_SCALAR},
    {"le_scalar", WITH_SCALAR}, {"gt_scalar", WITH_SCALAR}, {"ge_scalar", WITH_SCALAR},
    {"maxeq_scalar", WITH_SCALAR}, {"band_scalar", WITH_SCALAR},
    {"abs", UNARY}, {"not", UNARY}, {"bnot", UNARY}, {"recip", UNARY}, {"floor", UNARY},
    {"square", UNARY}, {"sqrt", UNARY}, {"rsqrt", UNARY}, {"log2", UNARY}, {"pow2", UNARY},
    {"sin", UNARY}, {"cos", UNARY}, {"exp", UNARY}, {"log", UNARY},
    {"active_abs", UNARY}, {"active_relu", UNARY}, {"active_exp", UNARY},
    {"active_exphp", UNARY}, {"active_sigmoid", UNARY}, {"active_tanh", UNARY},
    {"active_gelu", UNARY}, {"active_sign", UNARY}, {"active_recip", UNARY},
    {"active_reciphp", UNARY}, {"active_sqrt", UNARY}, {"active_rsqrt", UNARY},
    {"active_log", UNARY},
    {"write_value", WRITE_VALUE},
    {"cycle_add", CYCLE}, {"cycle_sub", CYCLE}, {"cycle_mul", CYCLE}, {"cycle_div", CYCLE},
    {"cycle_and", CYCLE}, {"cycle_or", CYCLE}, {"cycle_band", CYCLE}, {"cycle_bor", CYCLE},
    {"cycle_eq", CYCLE}, {"cycle_ne", CYCLE}, {"cycle_lt", CYCLE}, {"cycle_le", CYCLE},
    {"cycle_gt", CYCLE}, {"cycle_ge", CYCLE}, {"cycle_maxequal", CYCLE},
    {"cycle_minequal", CYCLE}, {"cycle_maximum", CYCLE}, {"cycle_minimum", CYCLE},
    {"transpose", TRANSPOSE}, {"move", MOVE_BYTES}, {"printf", NO_ACCESS}, {"fusion", FUSION},
    {"lut", LOOKUP},
};

/* Type conversions __bang_<from>2<to>[_rounding]: unary, each side its own element size. */
static bool is_conversion(const char *op)
{
    for (const char *two = strchr(op, '2'); two; two = strchr(two + 1, '2'))
        if (two > op && two[1] >= 'a' && two[1] <= 'z')   /* int322float: the second '2' */
            return true;
    return false;
}

/* The element size of argument i as written (before its conversion to the parameter type). */
static int64_t element_size(CXCursor call, int i)
{
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    CXType t = clang_getCanonicalType(clang_getCursorType(cursor_strip(arg)));
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    long long s = clang_Type_getSizeOf(t);
    return s > 0 ? s : 1;
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
                                [WRITE_VALUE] = 3, [CYCLE] = 5, [TRANSPOSE] = 4,
                                [MOVE_BYTES] = 3, [NO_ACCESS] = -1, [FUSION] = 6,
                                [LOOKUP] = 5};
    /* a conversion may take a fixed-point position after the count */
    bool extra_position = f == UNARY && is_conversion(op) && nargs == 4;
    if (f == NO_ACCESS)
        return;
    if (f < 0 || (nargs != arity[f] && !extra_position)) {
        interp_unsupported(I, call, "'%s' is not modelled by the BANG C frontend%s", name,
                           f < 0 ? "" : " in this form (argument count)");
        return;
    }
    int64_t n, m = 0;
    int count_at = f == ELEMENTWISE || f == WITH_SCALAR ? 3 : f == CYCLE ? 3 : f == UNARY ? 2 : 1;
    if (f == FUSION) {   /* dst = (a op b) op' c over count elements */
        int64_t count;
        if (!extent_arg(I, call, args[5], "the element count", &count))
            return;
        struct span dst = {args[1], times(count, element_size(call, 1))}, reads[3];
        int nreads = 0;
        for (int k = 2; k <= 4; k++)
            if (k == 2 || args[k].kind == VAL_POINTER)
                reads[nreads++] = (struct span){args[k], times(count, element_size(call, k))};
        access(I, call, "COMPUTE", "bang_fusion", &dst, 1, reads, nreads);
        return;
    }
    if (f == LOOKUP) {   /* n elements of dst and of the indexes, table_len of the table */
        int64_t count, entries;
        if (!extent_arg(I, call, args[3], "the element count", &count) ||
            !extent_arg(I, call, args[4], "the table length", &entries))
            return;
        struct span dst = {args[0], times(count, element_size(call, 0))};
        struct span reads[2] = {{args[1], times(count, element_size(call, 1))},
                                {args[2], times(entries, element_size(call, 2))}};
        access(I, call, "COMPUTE", "bang_lut", &dst, 1, reads, 2);
        return;
    }
    if (f == MOVE_BYTES) {
        int64_t bytes;
        if (!extent_arg(I, call, args[2], "the byte count", &bytes))
            return;
        struct span dst = {args[0], bytes}, src = {args[1], bytes};
        access(I, call, "COMPUTE", "bang_move", &dst, 1, &src, 1);
        return;
    }
    if (f == TRANSPOSE) {
        int64_t h, wd;
        if (!extent_arg(I, call, args[2], "the height", &h) ||
            !extent_arg(I, call, args[3], "the width", &wd))
            return;
        n = h == EXTENT_UNKNOWN || wd == EXTENT_UNKNOWN ? EXTENT_UNKNOWN : h * wd;
    } else if (!extent_arg(I, call, args[count_at], "the element count", &n)) {
        return;
    }
    if (f == CYCLE && !extent_arg(I, call, args[4], "the cycled element count", &m))
        return;
    char *pir_op = xasprintf("bang_%s", op);
    struct span dst = {args[0], times(n, element_size(call, 0))};
    if (f == WRITE_VALUE) {
        dst.bytes = times(n, element_size(call, 2));
        access(I, call, "COMPUTE", pir_op, &dst, 1, NULL, 0);
    } else {
        struct span reads[2] = {{args[1], times(n, element_size(call, 1))}, {args[2], 0}};
        int nreads = 1;
        if (f == ELEMENTWISE)
            reads[nreads++] = (struct span){args[2], times(n, element_size(call, 2))};
        if (f == CYCLE)
            reads[nreads++] = (struct span){args[2], times(m, element_size(call, 2))};
        access(I, call, "COMPUTE", pir_op, &dst, 1, reads, nreads);
    }
    free(pir_op);
}

/* ---- sync ---- */

static const char *const syncs[] = {
    "__sync", "__sync_io", "__sync_compute", "__sync_move", "__sync_cluster", "__sync_all",
    "__sync_all_ipu", "__sync_all_mpu", "__sync_all_ipu_within_cluster",
};

static bool sync_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                      int nargs)
{
    struct pir_writer *w = state_of(I)->w;
    if (!strcmp(name, "__sync_io_move_compute")) {
        char *list = xstrdup("");
        for (int i = 0; i < nargs; i++) {
            int64_t v;
            if (!interp_int(I, call, args[i], "a queue selector", &v)) {
                free(list);
                return true;
            }
            append(&list, ", ", v ? "1" : "0");
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

/* asm volatile("sync;"): the core-wide barrier; any other instruction is not modelled. */
static bool asm_stmt(struct interp *I, CXCursor s)
{
    CXToken *tokens;
    unsigned n;
    clang_tokenize(I->tu, clang_getCursorExtent(s), &tokens, &n);
    bool sync = false, other = false;
    for (unsigned i = 0; i < n; i++) {
        if (clang_getTokenKind(tokens[i]) != CXToken_Literal)
            continue;
        CXString sp = clang_getTokenSpelling(I->tu, tokens[i]);
        const char *t = clang_getCString(sp);
        if (!strcmp(t, "\"sync;\"") || !strcmp(t, "\"sync;\\n\"") || !strcmp(t, "\"sync\""))
            sync = true;
        else if (t[0] == '"' && t[1] != '"')
            other = true;
        clang_disposeString(sp);
    }
    clang_disposeTokens(I->tu, tokens, n);
    if (!sync || other)
        return false;
    pir_writer_line(state_of(I)->w, interp_loc(I, s), "sync()");
    return true;
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
    const struct bangc_core *core = state_of(I)->core;
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
        const char *space = state_of(I)->w->buffers[args[0].buffer].space;
        bool in = !strcmp(want, "dram") ? !strcmp(space, "GDRAM") || !strcmp(space, "LDRAM")
                                        : !strcasecmp(space, want);
        *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = in};
        return true;
    }
    if ((!strncmp(name, "__load_", 7) && nargs == 1) || (!strncmp(name, "__store_", 8) && nargs == 2)) {
        /* __load_gdram(p), __store_nram(p, v): one element through the scalar unit */
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
    if (!strncmp(name, "__bang_", 7)) {
        bang_call(I, name, c, args, nargs);
        return true;
    }
    return sync_call(I, name, c, args, nargs);
}

static const struct api_ops bangc_ops = {
    .name = "BANG C", .call = call, .declare = declare, .scalar = scalar, .asm_stmt = asm_stmt};

const struct api_ops *bangc_api(void)
{
    return &bangc_ops;
}
