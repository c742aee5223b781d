/* The ISA layer's state and the families of intrinsics (isa_sync.c, isa_copy.c,
 * isa_vector.c, isa_sort.c, isa_scalar.c); isa.c dispatches to them by name. */
#ifndef AS_FRONTEND_ASCENDC_ISA_INTERNAL_H
#define AS_FRONTEND_ASCENDC_ISA_INTERNAL_H

#include "isa.h"

#include "../../pir/emit.h"

/* The address spaces of the prelude (accelsync_sdk.h) by number, and the model's memory each
 * is; 0 is GM, the generic space. */
enum { ISA_NSPACES = 10, ISA_SPACE_UB = 6 };

/* An array the source keeps in GM and the buffer it is (isa_globals.c). */
struct isa_gm_table {
    CXCursor decl;
    int buffer;
};

struct isa_state {
    struct pir_writer *w;
    struct emitter *e;
    int space_buffer[ISA_NSPACES];      /* writer buffer of each on-chip space, -1: not yet */
    bool counter_mode;                  /* set_mask_count: the mask holds an element count */
    uint64_t mask[2];                   /* set_vector_mask(hi, lo): lo in mask[0] */
    bool mask_known;
    int unmodelled;
    struct isa_traits traits;
    int8_t cross_mode[16];              /* the mode each cross-core flag was last set in, -1 */
    int cross_user_flags;               /* the model's <cross-flags user-flags>, 0: none */
    const struct model *model;          /* its cross-core modes (NULL: none known) */
    /* The last vector_dup whose scalar is known: its destination (buffer, offset) and that
     * scalar; what set_cmpmask then loads from there (isa_vector.c). */
    struct {
        int buffer;                     /* -1: none */
        int64_t offset, value;
    } dup;
    int64_t cmpmask_word;               /* the CMPMASK register's low word as an address */
    bool cmpmask_known;
    bool acc_register;                  /* the model declares ISA_ACC_SPACE */
    const char *atomic_op;              /* copies to GM in an atomic mode: the model's op
                                         * (copy_atomic_add, ...); NULL: plain copies */
    int acc_buffer;                     /* its writer buffer, -1: not yet */
    VEC(struct isa_gm_table) gm_tables; /* arrays the source keeps in GM, made this run */
};

/* A handler gets the call's evaluated arguments; false: not modelled as called. */
typedef bool (*isa_handler)(struct interp *I, struct isa_state *s, const char *name,
                            CXCursor call, struct value *args, int nargs, struct value *result);

struct isa_entry {
    const char *name;   /* exact name, or a prefix ending in '*' */
    isa_handler fn;
};

/* Each family's table, ended by {NULL, NULL}. */
extern const struct isa_entry isa_sync_table[], isa_copy_table[], isa_vector_table[],
    isa_sort_table[], isa_scalar_table[];

/* The compiler's variables block_idx and block_num (the prelude's): true with *result the
 * value get_block_idx (get_block_num) gives; false for another name. */
bool isa_block_value(struct interp *I, struct isa_state *s, const char *name,
                     struct value *result);
/* api_ops.declare: an array at namespace scope whose declaration spells `__gm__` is a GM
 * buffer of its own (*out points to it); the prelude's block_idx and block_num are the
 * core's values (isa_block_value); false for anything else. */
bool isa_declare(struct interp *I, CXCursor var, struct value *out);
/* The element a scalar read of `bytes` bytes at p gives when p is in a constant integer table
 * of isa_declare's and the initializer says it: true with *out. */
bool isa_gm_table_element(const struct isa_state *s, struct value p, int64_t bytes,
                          int64_t *out);
/* A load or store of the scalar unit through a pointer (`*(__ubuf__ T *)addr`, GetValue,
 * SetValue): `S get_value` binding the value it reads, or `S set_value` (api_ops.scalar). */
struct value isa_scalar_access(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                               bool write);
/* Bytes [from, to) past pointer p as a region, or anywhere in its buffer (which is then at
 * least that long) when data decided where p points. */
struct emit_region isa_operand_region(struct value p, int64_t from, int64_t to);
/* The model memory of address space `as` ("UB"); NULL for GM or an unknown space. */
const char *isa_space_name(unsigned as);
/* The address space of the memory a pointer type points into (0: GM). */
unsigned isa_pointer_space(CXType pointer);
/* The accumulator register's writer buffer (declared on first use); -1, reported naming
 * `name`, when the model declares no ISA_ACC_SPACE. */
int isa_acc_buffer(struct interp *I, struct isa_state *s, const char *name, CXCursor at);
/* The writer buffer of on-chip space `as` (declared on first use). */
int isa_space_buffer(struct interp *I, struct isa_state *s, unsigned as, CXCursor at);
/* Argument i as an integer; false (reported unsupported, naming the intrinsic) if unknown. */
bool isa_int(struct interp *I, CXCursor call, const char *name, struct value *args, int nargs,
             int i, int64_t *out);
/* Argument i as a pointer into a buffer, with the size of what it points to; false (reported)
 * if it is none. */
bool isa_pointer(struct interp *I, CXCursor call, const char *name, struct value *args,
                 int nargs, int i, int64_t *elem);
/* The unit of pipe_t value `pipe` ("MTE2"), NULL if none. */
const char *isa_pipe_unit(int64_t pipe);

#endif
