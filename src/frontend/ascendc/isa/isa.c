/* The ISA layer's dispatch and shared helpers (see isa.h). */
#include "isa_branch.h"
#include "isa_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../model/model.h"
#include "../../../util/xalloc.h"

/* The on-chip memories of the prelude's address spaces (accelsync_sdk.h: __cbuf__ 2, __ca__ 3,
 * __cb__ 4, __cc__ 5, __ubuf__ 6, __fbuf__ 7, __biasbuf__ 8), by the model's space names. */
const char *isa_space_name(unsigned as)
{
    static const char *const names[ISA_NSPACES] = {
        [2] = "L1", [3] = "L0A", [4] = "L0B", [5] = "L0C", [6] = "UB", [7] = "FB", [8] = "BT",
    };
    return as < ISA_NSPACES ? names[as] : NULL;
}

struct emit_region isa_operand_region(struct value p, int64_t from, int64_t to)
{
    return p.num == OFFSET_UNKNOWN
               ? (struct emit_region){p.buffer, EMIT_WHOLE_BUFFER, to - from}
               : (struct emit_region){p.buffer, p.num + from, to - from};
}

unsigned isa_pointer_space(CXType pointer)
{
    CXType t = clang_getCanonicalType(pointer);
    if (t.kind != CXType_Pointer)
        return 0;
    return clang_getAddressSpace(clang_getPointeeType(t));
}

int isa_space_buffer(struct interp *I, struct isa_state *s, unsigned as, CXCursor at)
{
    if (s->space_buffer[as] < 0) {
        const char *space = isa_space_name(as);
        char *name = xstrdup(space);
        for (char *p = name; *p; p++)
            *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        /* one declaration for every run and core: the same text is the same buffer */
        (void)I;
        (void)at;
        s->space_buffer[as] = pir_writer_buffer(
            s->w, name, space, 0, -1, (struct as_loc){0},
            "the core's memory, at the addresses the SDK gives its tensors");
        free(name);
    }
    return s->space_buffer[as];
}

int isa_acc_buffer(struct interp *I, struct isa_state *s, const char *name, CXCursor at)
{
    if (!s->acc_register) {
        interp_unsupported(I, at, "'%s' reads the vector unit's accumulator register, which "
                           "the model does not declare (space %s)", name, ISA_ACC_SPACE);
        return -1;
    }
    if (s->acc_buffer < 0)
        s->acc_buffer = pir_writer_buffer(
            s->w, "acc", ISA_ACC_SPACE, ISA_ACC_BYTES, -1, (struct as_loc){0},
            "the vector unit's accumulator register: get_acc_val reads the sum a reduction "
            "in counter mode left there");
    return s->acc_buffer;
}

const char *isa_pipe_unit(int64_t pipe)
{
    static const char *const units[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "ALL",
                                        "MTE4", "MTE5", "V2", "FIX"};
    return pipe >= 0 && pipe < (int64_t)(sizeof(units) / sizeof(units[0])) ? units[pipe] : NULL;
}

bool isa_int(struct interp *I, CXCursor call, const char *name, struct value *args, int nargs,
             int i, int64_t *out)
{
    if (i >= nargs) {
        interp_unsupported(I, call, "'%s' is called with %d arguments; the ISA layer reads "
                           "argument %d", name, nargs, i + 1);
        return false;
    }
    char what[96];
    snprintf(what, sizeof(what), "argument %d of '%s'", i + 1, name);
    return interp_int(I, call, args[i], what, out);
}

bool isa_pointer(struct interp *I, CXCursor call, const char *name, struct value *args,
                 int nargs, int i, int64_t *elem)
{
    if (i >= nargs || args[i].kind != VAL_POINTER) {
        interp_unsupported(I, call, "argument %d of '%s' is not an address the frontend "
                           "knows", i + 1, name);
        return false;
    }
    CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)));
    long long size = t.kind == CXType_Pointer ? clang_Type_getSizeOf(clang_getPointeeType(t)) : -1;
    *elem = size > 0 ? size : 1;
    return true;
}

static isa_handler find_handler(const char *name)
{
    static const struct isa_entry *const tables[] = {isa_sync_table, isa_copy_table,
                                                      isa_vector_table, isa_sort_table,
                                                      isa_scalar_table};
    for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
        for (const struct isa_entry *e = tables[t]; e->name; e++) {
            size_t n = strlen(e->name);
            if (e->name[n - 1] == '*' ? strncmp(name, e->name, n - 1) == 0
                                      : strcmp(name, e->name) == 0)
                return e->fn;
        }
    return NULL;
}

static bool isa_call(struct interp *I, const char *klass, const char *name, CXCursor fn,
                     struct object *self, CXCursor call, struct value *args, int nargs,
                     struct value *result)
{
    (void)fn;
    (void)self;
    struct isa_state *s = I->api_data;
    isa_handler h = klass ? NULL : find_handler(name);
    if (!h) {
        s->unmodelled++;
        return false;
    }
    return h(I, s, name, call, args, nargs, result);
}

/* An integer cast to a pointer into an on-chip space: that address of the space's memory
 * (the SDK keeps a local tensor's address as an integer and casts it where it calls the
 * intrinsic). */
static bool isa_address(struct interp *I, CXType pointer, int64_t address, CXCursor at,
                        struct value *out)
{
    struct isa_state *s = I->api_data;
    unsigned as = isa_pointer_space(pointer);
    if (!isa_space_name(as))
        return false;
    *out = (struct value){.kind = VAL_POINTER, .buffer = isa_space_buffer(I, s, as, at),
                          .num = address};
    return true;
}

/* A pointer into an on-chip space cast to an integer: its address. */
static bool isa_pointer_value(struct interp *I, struct value p, int64_t *address)
{
    struct isa_state *s = I->api_data;
    for (unsigned as = 0; as < ISA_NSPACES; as++)
        if (s->space_buffer[as] >= 0 && s->space_buffer[as] == p.buffer &&
            p.num != OFFSET_UNKNOWN) {
            *address = p.num;
            return true;
        }
    return false;
}

const struct api_ops *isa_api(void)
{
    static const struct api_ops ops = {
        .name = "Ascend C ISA",
        .stateful = true,
        .globals = true,
        .call = isa_call,
        .declare = isa_declare,
        .scalar = isa_scalar_access,
        .address = isa_address,
        .pointer_value = isa_pointer_value,
        .branch_open = isa_branch_open,
        .branch_next = isa_branch_next,
        .branch_join = isa_branch_join,
        .branch_free = isa_branch_free,
        .side_uses_redundant = isa_side_uses_redundant,
    };
    return &ops;
}

void *isa_data_new(struct pir_writer *w, struct isa_run run)
{
    struct isa_state *s = xcalloc(1, sizeof(*s));
    s->w = w;
    s->e = emitter_new(w, run.source, run.auto_sync);
    for (int i = 0; i < ISA_NSPACES; i++)
        s->space_buffer[i] = -1;
    s->mask[0] = s->mask[1] = UINT64_MAX;
    s->mask_known = true;
    memset(s->cross_mode, -1, sizeof(s->cross_mode));
    s->cross_user_flags = run.source ? run.source->cross_user_flags : 0;
    s->dup.buffer = -1;
    s->acc_register = run.acc_register;
    s->model = run.model;
    s->acc_buffer = -1;
    return s;
}

void isa_data_free(void *data)
{
    struct isa_state *s = data;
    if (!s)
        return;
    emitter_free(s->e);
    VEC_FREE(s->gm_tables);
    free(s);
}

struct isa_traits isa_run_traits(const void *data)
{
    const struct isa_state *s = data;
    struct isa_traits t = s->traits;
    t.moved = emitter_moved_bytes(s->e);
    return t;
}

int isa_unmodelled(const void *data)
{
    return ((const struct isa_state *)data)->unmodelled;
}
