/* The asm statements of BANG C kernels the frontend models, one instruction each:
 *   sync                      the core-wide barrier, as __sync();
 *   fuse.nram.T [d], n, [a], .op(x)...   a fused element-wise operation on NRAM: the COMPUTE
 *                             queue writes n elements of type T at d and reads n at a and at
 *                             every bracketed operand of the chained operations (a register
 *                             operand is a value, no memory);
 *   gather.vector.nram.nram.nram.T [d], [s], [o], size, num, stride
 *                             the vector unit's gather (COMPUTE): num pieces of size bytes
 *                             written stride apart at d, read from s at the offsets the
 *                             uint32 array o holds (data: anywhere in s), o read too;
 *   findlast1.gpr.b32 d, s    a register operation: d is the index of the highest set bit of
 *                             s (mlu-ops relies on it as a base-2 logarithm: "base_num =
 *                             2^exp"), data when s is data or 0.
 * Anything else is not modelled (the interpreter reports it). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../pir/pir_writer.h"
#include "bangc_access.h"
#include "bangc_asm.h"

#define MAX_OPERANDS 16

struct text {
    const char *at;
    size_t len;
};

/* The template's one instruction: its mnemonic and its operands, split at the commas outside
 * brackets and parentheses. False: more than one instruction, or too many operands. */
static bool split(const char *template, struct text *mnemonic, struct text *ops, int *nops)
{
    const char *p = template;
    while (isspace((unsigned char)*p))
        p++;
    mnemonic->at = p;
    while (*p && !isspace((unsigned char)*p) && *p != ';')
        p++;
    mnemonic->len = (size_t)(p - mnemonic->at);
    *nops = 0;
    int depth = 0;
    const char *start = p;
    for (;; p++) {
        if (*p == '[' || *p == '(')
            depth++;
        else if (*p == ']' || *p == ')')
            depth--;
        bool end = !*p || *p == ';' || *p == '\n';
        if ((*p == ',' && depth == 0) || end) {
            struct text t = {start, (size_t)(p - start)};
            while (t.len && isspace((unsigned char)*t.at))
                t.at++, t.len--;
            while (t.len && isspace((unsigned char)t.at[t.len - 1]))
                t.len--;
            if (t.len) {
                if (*nops == MAX_OPERANDS)
                    return false;
                ops[(*nops)++] = t;
            }
            start = p + 1;
        }
        if (end)
            break;
    }
    for (; *p; p++)   /* nothing but separators after the instruction */
        if (!isspace((unsigned char)*p) && *p != ';')
            return false;
    return mnemonic->len > 0;
}

static bool is(struct text t, const char *s)
{
    return t.len == strlen(s) && !strncmp(t.at, s, t.len);
}

/* "[%[x]]": the operand x names (a memory address); NULL when t is not bracketed. */
static struct asm_operand *memory_operand(struct asm_parts *a, struct text t)
{
    if (t.len < 2 || t.at[0] != '[' || t.at[t.len - 1] != ']')
        return NULL;
    return asm_operand_named(a, t.at + 1, t.len - 2);
}

static int64_t element_bytes(const char *type, size_t len)
{
    if (len < 2)
        return 0;
    int bits = atoi(type + (type[0] == 'b' && type[1] == 'f' ? 2 : 1));
    if (!strchr("sufb", type[0]) || (bits != 8 && bits != 16 && bits != 32 && bits != 64))
        return 0;
    return bits / 8;
}

static bool fuse(struct interp *I, CXCursor s, struct asm_parts *a, struct text mnemonic,
                 struct text *ops, int nops)
{
    static const char prefix[] = "fuse.nram.";
    int64_t size = element_bytes(mnemonic.at + strlen(prefix), mnemonic.len - strlen(prefix));
    if (size == 0 || nops < 3)
        return false;
    struct asm_operand *dst = memory_operand(a, ops[0]);
    struct asm_operand *count = asm_operand_named(a, ops[1].at, ops[1].len);
    if (!dst || !count)
        return false;
    int64_t n;
    if (!bangc_extent_arg(I, s, count->value, "the element count", &n))
        return true;   /* reported */
    struct span w = {dst->value, extent_times(n, size)}, r[MAX_OPERANDS];
    int nreads = 0;
    for (int i = 2; i < nops; i++) {
        struct text arg = ops[i];
        if (arg.at[0] == '.') {   /* .op(x): the operation's second operand */
            const char *open = memchr(arg.at, '(', arg.len);
            if (!open || arg.at[arg.len - 1] != ')')
                return false;
            arg = (struct text){open + 1, (size_t)(arg.at + arg.len - 1 - (open + 1))};
        }
        struct asm_operand *m = memory_operand(a, arg);
        if (m)
            r[nreads++] = (struct span){m->value, extent_times(n, size)};
        else if (i == 2)
            return false;   /* the first source is an address */
    }
    bangc_access(I, s, "COMPUTE", "bang_fuse", &w, 1, r, nreads);
    return true;
}

static bool vector_gather(struct interp *I, CXCursor s, struct asm_parts *a, struct text *ops,
                          int nops)
{
    struct asm_operand *dst = nops == 6 ? memory_operand(a, ops[0]) : NULL;
    struct asm_operand *src = nops == 6 ? memory_operand(a, ops[1]) : NULL;
    struct asm_operand *offsets = nops == 6 ? memory_operand(a, ops[2]) : NULL;
    struct asm_operand *size = nops == 6 ? asm_operand_named(a, ops[3].at, ops[3].len) : NULL;
    struct asm_operand *num = nops == 6 ? asm_operand_named(a, ops[4].at, ops[4].len) : NULL;
    struct asm_operand *stride = nops == 6 ? asm_operand_named(a, ops[5].at, ops[5].len) : NULL;
    if (!dst || !src || !offsets || !size || !num || !stride)
        return false;
    int64_t piece, count, step;
    if (!interp_int(I, s, size->value, "the piece size", &piece) ||
        !interp_int(I, s, stride->value, "the destination stride", &step) ||
        !bangc_extent_arg(I, s, num->value, "the piece count", &count))
        return true;   /* reported */
    bangc_gather(I, s, "COMPUTE", "bang_gather", dst->value, src->value, offsets->value, piece,
                 step, count);
    return true;
}

static bool findlast1(struct asm_parts *a, struct text *ops, int nops)
{
    struct asm_operand *dst = nops == 2 ? asm_operand_named(a, ops[0].at, ops[0].len) : NULL;
    struct asm_operand *src = nops == 2 ? asm_operand_named(a, ops[1].at, ops[1].len) : NULL;
    if (!dst || !src || !dst->output)
        return false;
    uint32_t v = (uint32_t)src->value.num;
    dst->value = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
    if (src->value.kind == VAL_INT && v != 0) {
        int64_t bit = 31;
        while (!(v >> bit))
            bit--;
        dst->value = (struct value){.kind = VAL_INT, .buffer = -1, .num = bit};
    }
    return true;
}

bool bangc_asm(struct interp *I, CXCursor s, struct asm_parts *a)
{
    struct text mnemonic, ops[MAX_OPERANDS];
    int nops;
    if (!split(a->text, &mnemonic, ops, &nops))
        return false;
    if (is(mnemonic, "sync") && nops == 0 && a->n == 0) {
        pir_writer_line(I->w, interp_loc(I, s), "sync()");
        return true;
    }
    if (mnemonic.len > strlen("fuse.nram.") && !strncmp(mnemonic.at, "fuse.nram.", 10))
        return fuse(I, s, a, mnemonic, ops, nops);
    if (mnemonic.len > strlen("gather.vector.nram.nram.nram.") &&
        !strncmp(mnemonic.at, "gather.vector.nram.nram.nram.", 29))
        return vector_gather(I, s, a, ops, nops);
    if (is(mnemonic, "findlast1.gpr.b32"))
        return findlast1(a, ops, nops);
    return false;
}
