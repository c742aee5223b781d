/* The scalar unit's intrinsics: the core's identity (get_block_idx, ...), bit operations the
 * SDK's bookkeeping computes with (sff0, sbitset1, bcnt1, ...), and the control registers
 * that change no memory: the vector mask and its mode, which the vector family reads, and
 * settings the check does not depend on. */
#include "isa_internal.h"

#include <string.h>

#include "../atomic_copy.h"
#include "../tiling_defaults.h"

static bool block_idx(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    (void)args, (void)nargs, (void)call;
    s->traits.core_dependent = true;
    if (!strcmp(name, "get_block_idx"))
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = interp_runtime(I, "block_idx", 0, "GetBlockIdx()")};
    else if (!strcmp(name, "get_block_num"))
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = interp_runtime(I, "block_num", 8, "GetBlockNum()")};
    else if (!strcmp(name, "get_subblockid"))
        *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = 0};
    else   /* get_subblockdim: a vector core of a kernel without cube work runs alone */
        *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = 1};
    return true;
}

bool isa_block_value(struct interp *I, struct isa_state *s, const char *name,
                     struct value *result)
{
    if (strcmp(name, "block_idx") && strcmp(name, "block_num"))
        return false;
    char intrinsic[16];
    snprintf(intrinsic, sizeof(intrinsic), "get_%s", name);
    return block_idx(I, s, intrinsic, clang_getNullCursor(), NULL, 0, result);
}

/* sff0/sff1: the lowest bit that is 0 (1), -1 if none; sbitset0/1: the word with bit n
 * cleared (set); bcnt0/1: the bits that are 0 (1); clz: leading zeros. Of a word not known
 * (a register the scalar unit reads, get_ctrl) the result is not known either: reported where
 * a value must be known (an event id, a length), not here (SetOverflow sets CTRL's bit 48 in
 * what get_ctrl gave and writes it back, which orders nothing). */
static bool bits(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                 struct value *args, int nargs, struct value *result)
{
    (void)s;
    int64_t x, n = 0;
    if (nargs > 0 && args[0].kind == VAL_UNKNOWN) {
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        return true;
    }
    if (!isa_int(I, call, name, args, nargs, 0, &x))
        return true;
    uint64_t u = (uint64_t)x;
    int64_t r;
    if (!strcmp(name, "sff0") || !strcmp(name, "sff1")) {
        uint64_t w = name[3] == '0' ? ~u : u;
        r = w ? __builtin_ctzll(w) : -1;
    } else if (!strcmp(name, "sbitset0") || !strcmp(name, "sbitset1")) {
        if (!isa_int(I, call, name, args, nargs, 1, &n))
            return true;
        uint64_t bit = n >= 0 && n < 64 ? (uint64_t)1 << n : 0;
        r = (int64_t)(name[7] == '1' ? u | bit : u & ~bit);
    } else if (!strcmp(name, "bcnt0") || !strcmp(name, "bcnt1")) {
        r = __builtin_popcountll(name[4] == '1' ? u : ~u);
    } else {   /* clz */
        r = u ? __builtin_clzll(u) : 64;
    }
    *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = r};
    return true;
}

static bool mask_mode(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    (void)I, (void)call, (void)args, (void)nargs, (void)result;
    s->counter_mode = !strcmp(name, "set_mask_count");
    return true;
}

/* set_vector_mask(hi, lo); an unknown word leaves the mask unknown (every lane). */
static bool vector_mask(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                        struct value *args, int nargs, struct value *result)
{
    (void)I, (void)name, (void)call, (void)result;
    s->mask_known = nargs == 2 && args[0].kind == VAL_INT && args[1].kind == VAL_INT;
    s->mask[1] = s->mask_known ? (uint64_t)args[0].num : UINT64_MAX;
    s->mask[0] = s->mask_known ? (uint64_t)args[1].num : UINT64_MAX;
    return true;
}

/* Registers that order nothing and move no data: atomic and rounding modes, padding values,
 * profiling, cache preloads. Their values are not needed (rule 10 does not apply: no read of
 * memory is among their operands). */
static bool no_effect(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    (void)I, (void)s, (void)name, (void)call, (void)args, (void)nargs;
    *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
    return true;
}

/* set_atomic_add/max/min(): copies from UB to GM combine with what is there, as one atomic
 * transaction per element, until set_atomic_none() (the vendor's SetAtomicAdd page: VECOUT to
 * GM; L0C and L1 to GM on A2 are not among the copies modelled here, they stay plain). The
 * data type (set_atomic_f32, ...) changes nothing of that. */
static bool atomic_mode(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                        struct value *args, int nargs, struct value *result)
{
    (void)I, (void)call, (void)args, (void)nargs;
    *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
    const char *op;
    if (atomic_copy_op(name + strlen("set_atomic_"), &op))   /* not a data type's */
        s->atomic_op = op;
    return true;
}

/* get_imm(imm0_15[, imm16_31[, imm32_47[, imm48_63]]]): the immediate the compiler loads into
 * a scalar register, 16 bits from each argument, low first; a single argument is the whole
 * value (the SDK writes get_imm(0) + offset for a buffer's address and get_imm(offset) for a
 * physical one). Unknown parts make an unknown value. */
static bool immediate(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    (void)I, (void)s, (void)name, (void)call;
    *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
    if (nargs < 1 || nargs > 4)
        return false;
    uint64_t v = 0;
    for (int i = 0; i < nargs; i++) {
        if (args[i].kind != VAL_INT)
            return true;
        uint64_t part = (uint64_t)args[i].num;
        v |= nargs == 1 ? part : (part & 0xffff) << (16 * i);
    }
    *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = (int64_t)v};
    return true;
}

/* The operator build's stand-ins (sdk/prelude/accelsync_op_build.h): the tiling structure,
 * every integer field a runtime value, and the tiling key of the run. */
static bool op_build(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                     struct value *args, int nargs, struct value *result)
{
    (void)s, (void)args, (void)nargs;
    if (!strcmp(name, "accelsync_tiling_data"))
        *result = interp_runtime_record(I, clang_getCursorType(call), "", "tiling field",
                                        tiling_field_default);
    else
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = interp_runtime(I, "tiling_key", 0,
                                                       "TILING_KEY_IS(), one run per key")};
    return true;
}

struct value isa_scalar_access(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                               bool write)
{
    struct isa_state *s = I->api_data;
    struct value data = {.kind = VAL_UNKNOWN, .buffer = -1};
    if (p.num != OFFSET_UNKNOWN && p.num < 0) {
        interp_unsupported(I, at, "a scalar access at a negative offset from its buffer under "
                           "the values the kernel was lowered with");
        return data;
    }
    struct emit_region r = {p.buffer, p.num == OFFSET_UNKNOWN ? EMIT_WHOLE_BUFFER : p.num, bytes};
    if (write)
        emit_access(s->e, interp_loc(I, at), "S", "set_value", &r, NULL, 0);
    else   /* the value it reads binds a name, needed where the kernel uses it (rule 10) */
        data.read = emit_value_read(s->e, interp_loc(I, at), "S", "get_value", &r);
    if (!write && isa_gm_table_element(s, p, bytes, &data.num))
        data.kind = VAL_INT;   /* a constant table's element: known, its read still named */
    return data;
}

const struct isa_entry isa_scalar_table[] = {
    {"accelsync_tiling_data", op_build},
    {"accelsync_tiling_key", op_build},
    {"get_block_idx", block_idx},
    {"get_block_num", block_idx},
    {"get_subblockid", block_idx},
    {"get_subblockdim", block_idx},
    {"sff0", bits},
    {"sff1", bits},
    {"sbitset0", bits},
    {"sbitset1", bits},
    {"bcnt0", bits},
    {"bcnt1", bits},
    {"clz", bits},
    {"set_mask_count", mask_mode},
    {"set_mask_norm", mask_mode},
    {"set_vector_mask", vector_mask},
    {"set_atomic_none", atomic_mode},
    {"set_atomic_add", atomic_mode},
    {"set_atomic_max", atomic_mode},
    {"set_atomic_min", atomic_mode},
    {"set_atomic_f32", atomic_mode},
    {"set_atomic_f16", atomic_mode},
    {"set_atomic_bf16", atomic_mode},
    {"set_atomic_s32", atomic_mode},
    {"set_atomic_s16", atomic_mode},
    {"set_atomic_s8", atomic_mode},
    {"set_ctrl", no_effect},
    {"get_ctrl", no_effect},
    {"set_fpc", no_effect},
    {"get_sys_cnt", no_effect},
    {"asc_prof_start", no_effect},
    {"asc_prof_stop", no_effect},
    {"set_padding", no_effect},
    /* set_mov_pad_val(v): the value DataCopyPad's GM-to-UB copies pad with, a register the
     * scalar unit writes (the vendor's asc_set_copy_pad_val page: pipe PIPE_S, no operand in
     * memory) and the copies issued after it read; the SDK issues it right before its copy
     * with no sync between, and puts none after it: it waits for no pipe and none waits for
     * it, so it orders nothing. */
    {"set_mov_pad_val", no_effect},
    /* dcci(addr, line[, dst]) (DataCacheCleanAndInvalid): writes the scalar unit's data cache
     * lines back to GM and drops them (the vendor's page: DMA copies see GM directly, the
     * scalar unit through its cache). The model has no cache: a scalar access of GM is GM's
     * bytes, so dcci moves nothing and orders nothing here, and a missing one is not found. */
    {"dcci", no_effect},
    /* get_rsvd_cnt() and get_vms4_sr(): the vector unit's status registers, how many lanes
     * the last vreducev2 kept (GatherMask's rsvdCnt) and how many proposals of each list the
     * last vmrgsort4 took (GetMrgSortResult). Their values are data; the SDK reads the first
     * right after the vreducev2 and the vendor's GetMrgSortResult example reads the second
     * right after MrgSort, neither with a sync between: the order is the hardware's, and not
     * checked here. */
    {"get_rsvd_cnt", no_effect},
    {"get_vms4_sr", no_effect},
    {"get_imm", immediate},
    {"set_deqscale", no_effect},
    {"preload", no_effect},
    {"dc_preload", no_effect},
    {NULL, NULL},
};
