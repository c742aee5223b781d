/* A concrete interpreter over libclang's syntax tree: it runs a kernel entry with every
 * runtime value bound, inlining the functions the source defines and handing every call of a
 * vendor API (a function declared in the frontend's stub headers) to the API layer, which
 * writes PIR. Loops are unrolled; a condition whose value is not known is reported as
 * `unsupported` and ends the kernel's lowering. Generic C++ only: nothing here knows a vendor. */
#ifndef AS_FRONTEND_INTERP_H
#define AS_FRONTEND_INTERP_H

#include "../clang/clang_api.h"
#include <stdbool.h>
#include <stdint.h>

#include "../../util/diag.h"
#include "../../util/key_map.h"
#include "../../util/xalloc.h"
#include "../pir/pir_writer.h"

enum value_kind {
    VAL_NONE,       /* void, or not yet assigned */
    VAL_INT,        /* integers, enums, bools */
    VAL_POINTER,    /* into buffer `buffer` of the writer, at byte `num` */
    VAL_OBJECT,     /* a class instance (shared: copies go through interp_copy) */
    VAL_REF,        /* the address of a variable of the kernel (`&x`): num is its serial;
                     * or of a field (`&o.f`): obj is o, field the field's name */
    VAL_UNKNOWN,    /* data, floats, results of unmodelled calls; `buffer` >= 0 when it was
                     * read from memory, through the pointer (buffer, num, past): an address,
                     * if the kernel casts it to a pointer */
};

struct object;

/* The values an enum kernel argument standing for "any value the source does not name" is
 * known to differ from (enum_args.h): a comparison with one of them, or a switch whose case
 * labels are all among them, decides; anything else of it is unknown. */
struct unnamed_values {
    const int64_t *named;
    size_t n;
};

struct value {
    enum value_kind kind;
    bool past_known;        /* VAL_POINTER of offset OFFSET_UNKNOWN: `past` is known */
    int64_t num;
    int buffer;
    struct object *obj;
    int64_t past;           /* ... the bytes it moved after data decided its offset (p + u + 8:
                             * 8), so that two words of one table read from memory can be told
                             * apart (loaded_value, interp_memory.c) */
    const char *field;      /* VAL_REF of a field: its name (interned), obj its object */
    uint32_t sym;           /* VAL_UNKNOWN kept in a variable or field: which unknown it is
                             * (0: none), so that the same condition on the same unknowns is
                             * known to decide the same way again (interp_branch.c) */
    uint32_t read;          /* rule 10: the latest scalar read of the issuer the value comes
                             * from (its binding id, pir_writer_bind_value; 0: none). The
                             * issuer's reads end in order, so the latest covers the others. */
    const struct unnamed_values *unlike;   /* VAL_UNKNOWN: none of these values (or NULL) */
};

/* Whether v is known to differ from c: v stands for the values the source does not name, c
 * is one it names. */
static inline bool value_unlike(struct value v, struct value c)
{
    if (v.kind != VAL_UNKNOWN || !v.unlike || c.kind != VAL_INT)
        return false;
    for (size_t i = 0; i < v.unlike->n; i++)
        if (v.unlike->named[i] == c.num)
            return true;
    return false;
}

/* The later of two values' reads (rule 10). */
static inline uint32_t later_read(struct value a, struct value b)
{
    return a.read > b.read ? a.read : b.read;
}

/* VAL_POINTER's num when data decides where in the buffer it points (p + i with i read from
 * memory, two pointers into one buffer joined after a condition on data): accesses through it
 * are taken to touch the whole buffer. */
#define OFFSET_UNKNOWN INT64_MIN

/* p moved by `bytes`; a pointer of unknown offset stays one. */
static inline struct value pointer_add(struct value p, int64_t bytes)
{
    if (p.num != OFFSET_UNKNOWN)
        p.num += bytes;
    else
        p.past += bytes;
    return p;
}

struct field {
    char *name;
    struct value v;
    bool shared;            /* a reference member: the object is another's, never copied or
                             * destroyed through this field (it may even be the owner itself) */
    bool detached;          /* a reference member bound to a scalar: not followed, so it reads
                             * as unknown and a write through it is unsupported */
};

/* A class instance: the fields of a class the source defines, or the state the API layer
 * keeps for one of its classes (api != NULL). */
struct object {
    CXType type;
    VEC(struct field) fields;
    void *api;
    uint64_t seen;          /* the last snapshot that copied it (interp_snapshot.c) */
    uint32_t read;          /* a scalar class's (half): the read its value comes from, as
                             * value.read (rule 10) */
};

struct interp;

struct global_var {
    CXCursor decl;
    struct value v;
    bool program;           /* made anew each run: a variable of the program (api_ops.globals),
                             * or one the layer places (api_ops.declare) */
};

/* The vendor layer, the interpreter's hooks: each dialect implements them (ascendc/,
 * bangc/), and nothing here calls a dialect but through them. Names are unqualified
 * spellings; `klass` is the class of a method (template arguments stripped) or NULL. */
struct asm_parts;
struct api_branch;      /* the layer's, opaque to the interpreter */

struct api_ops {
    const char *name;       /* the dialect, in messages: "Ascend C" */
    /* Its calls change state of its own that the interpreter cannot copy and join: a run
     * takes one side of each condition on data, and the driver runs the kernel again for the
     * others (interp_next_run, interp_branch.c). */
    bool stateful;
    /* Variables outside the kernel (the SDK's `g_tpipeImpl`, `g_vecTPipePtr`) are the
     * program's own: made from their initializers (zero without one, as C++ makes statics)
     * at their first use in each run, written as the code writes them. Otherwise such a
     * variable that is not constant is not modelled. */
    bool globals;
    /* State for an instance of an API class; NULL if the class is not modelled. */
    void *(*construct)(struct interp *I, const char *klass, CXType type, const char *name,
                       CXCursor site);
    void *(*copy)(struct interp *I, void *state);   /* shared state may be counted, not copied */
    /* The C++ destructor of an instance (at the end of its scope). */
    void (*destroy)(struct interp *I, void *state, struct as_loc at);
    /* Frees the state (when the interpreter is done with the kernel). */
    void (*release)(void *state);
    /* A call of an API function; false: not modelled (the interpreter reports it). */
    bool (*call)(struct interp *I, const char *klass, const char *name, CXCursor fn,
                 struct object *self, CXCursor call, struct value *args, int nargs,
                 struct value *result);
    /* Optional (NULL: not modelled). A variable the layer places in memory (an array in an
     * on-chip space): true, with *out its value (a pointer to a new buffer). Called for local
     * declarations and, on first use, for variables outside the kernel. */
    bool (*declare)(struct interp *I, CXCursor var, struct value *out);
    /* A scalar load or store of `bytes` bytes at pointer p (p[i], *p) at `at`. A load may
     * return the value it reads when the layer knows it (VAL_INT); anything else leaves it
     * data the interpreter tracks (loaded_value, interp_memory.c). */
    struct value (*scalar)(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                           bool write);
    /* An asm statement with its parts read (interp_asm.c); false: not modelled. The layer
     * may set the outputs' values (left data otherwise); the interpreter stores them. */
    bool (*asm_stmt)(struct interp *I, CXCursor s, struct asm_parts *a);
    /* Optional. An integer cast to `pointer` (a pointer type): true, with *out the pointer,
     * when the integer is an address in memory the layer places (an on-chip space). */
    bool (*address)(struct interp *I, CXType pointer, int64_t address, CXCursor at,
                    struct value *out);
    /* Optional. A pointer cast to an integer: true, with *address its address, when the
     * layer places the memory it points into. */
    bool (*pointer_value)(struct interp *I, struct value p, int64_t *address);
    /* Optional (a stateful layer without them lowers both sides of every condition on data
     * that may call it as runs of their own). Both sides of such a condition followed from the
     * same state and joined (interp_branch.c): branch_open before the first side;
     * branch_next after it, back to the state at branch_open with the first side's kept
     * (false: the layer cannot go back, its state changed beyond what it joins); branch_join
     * after the second, the two joined (false: they differ where the layer cannot join). A
     * later call the join makes depend on the side taken reports it with
     * interp_branch_diverged(I, tag). */
    struct api_branch *(*branch_open)(struct interp *I);
    bool (*branch_next)(struct interp *I, struct api_branch *b);
    bool (*branch_join)(struct interp *I, struct api_branch *b, uint32_t tag);
    void (*branch_free)(struct api_branch *b);
    /* Optional. Whether a `use` (rule 10) inside a side of a joined condition may be left
     * out: the layer's own syncs (the compiler's auto-sync) order every pair of the core's
     * accesses the use would order. Left out, it orders less (more findings possible, never
     * fewer), and the engine may merge the sides (a use orders what follows on its side only). */
    bool (*side_uses_redundant)(struct interp *I);
};

/* A stateful layer's join was not exact: the choice tagged `tag` is lowered as runs from now
 * on, and the entry's runs start again (interp_branch.c). */
void interp_branch_diverged(struct interp *I, uint32_t tag);

struct runtime_value {
    char *name;
    int64_t value;
    bool given;             /* by -D; false: the default */
    char *what;             /* what it stands for: "GetBlockIdx()", "kernel argument" */
    bool varies;            /* set by the frontend to each value in turn (interp_set_runtime) */
    bool read;              /* interp_runtime asked for it since the frontend last cleared it
                             * (which values one kernel was checked with) */
    const char *origin;     /* given by a define_value with an origin (borrowed), or NULL */
};

struct define_value {
    const char *name;
    int64_t value;
    const char *origin;     /* computed by the frontend (host tiling): where; NULL: -D */
};

struct interp_options {
    const struct define_value *defines;
    size_t ndefines;
    uint64_t max_steps;     /* statements and calls executed per kernel */
    uint64_t max_file_steps;    /* ... by every kernel lowered from the file (0: none) */
    uint64_t *file_steps;       /* the file's count, shared by its lowerings (or NULL) */
    int max_depth;          /* nested inlined calls */
    int max_nesting;        /* nested statements and expressions (--max-depth; 0: none) */
    int max_runs;           /* stateful API: runs of one kernel (combinations of sides) */
    bool split_choices;     /* stateful API: no condition on data whose sides may call it is
                             * joined (api_ops.branch_open): each side is a run */
    /* A kernel's lowering ends at its first construct not modelled (`check`: the kernel is
     * not verified either way); false (`lower`): every one is reported. */
    bool stop_at_unsupported;
    /* Every value must be known: a condition on data is `unsupported` rather than split into
     * runs or sides (a computation whose one result is wanted: the host's tiling). */
    bool exact;
};

struct interp {
    CXTranslationUnit tu;
    const char *stub_prefix;        /* declarations under this path are the vendor API */
    const struct api_ops *api;
    void *api_data;
    struct pir_writer *w;
    struct diag_list *diags;
    const struct interp_options *opt;
    VEC(char *) files;              /* interned names: of locations' files, of fields */
    struct key_map name_index;      /* a name's hash and length -> its index in files */
    struct key_map file_index;      /* a location's CXFile -> its number among the handles */
    VEC(size_t) file_names;         /* per handle number: its name's index in files */
    VEC(struct runtime_value) runtime;
    struct frame *frame;
    const char *naming;             /* the variable or field being initialized, or NULL */
    int depth;
    int nesting;                    /* statements and expressions being run (nest_in) */
    uint64_t steps;
    uint64_t step_cap;              /* a lower count, over every run of the kernel (restarts
                                     * too), past which it stops with no finding (a guessed
                                     * tiling the search makes smaller), or 0 */
    uint64_t capped_steps;          /* the count step_cap is compared with */
    bool step_cap_hit;              /* the lowering stopped at step_cap */
    bool zero_divisor;              /* a division by zero stopped it (reset with step_cap) */
    bool stopped;                   /* this kernel's lowering gave up */
    bool incomplete;                /* something was reported unsupported in this kernel */
    struct op_cache *ops;           /* operator spellings of binary/unary expressions */
    VEC(struct object *) objects;   /* every object of the kernel, freed with it */
    uint64_t snapshots;             /* snapshots taken (object.seen) */
    VEC(struct global_var) globals; /* variables outside the kernel the API layer placed */
    struct value scratch;           /* what a scalar memory access reads or writes */
    uint32_t store_read;            /* rule 10: the read the value an assignment stores comes
                                     * from, while its left side is found (memory_access) */
    /* Rule 10: the latest `a || b` (`a && b`) whose left side was data: its right side is
     * needed only on the paths where the whole is false (true), so its read is used there
     * (the side of an `if` on it), never at the condition (interp_operators.c). */
    struct short_circuit {
        CXCursor at;                /* the operator expression, parentheses taken off */
        char op;                    /* '|' or '&' */
        uint32_t read;              /* the latest read its right sides' values come from */
    } short_rhs;
    uint64_t var_serial;            /* the last variable's serial (VAL_REF names one) */
    uint32_t last_sym;              /* the last unknown given a name (value.sym) */
    struct branches *branches;      /* conditions on data being followed (interp_branch.c) */
    struct value returned;          /* what the last interp_run_kernel's function returned */
};

/* An asm statement's operand: `[name] "constraint" (expression)`. */
struct asm_operand {
    const char *name;           /* interned; NULL when the operand has no [name] */
    const char *constraint;     /* as written, quotes included: "\"+&r\"" */
    bool output;
    struct value value;         /* inputs and "+" outputs: the expression's value; else data */
};

/* An asm statement's parts (interp_asm.c). */
struct asm_parts {
    char *text;                 /* the template: its string literals joined, escapes undone */
    size_t n;
    struct asm_operand *ops;    /* outputs, then inputs, as written */
};

/* The operand a template reference names ("%[dst]", "%0"); NULL if none. */
struct asm_operand *asm_operand_named(struct asm_parts *a, const char *ref, size_t len);

/* The value of a kernel entry's parameter. */
typedef struct value (*interp_param_fn)(struct interp *I, CXCursor parm, void *data);

void interp_init(struct interp *I, CXTranslationUnit tu, const char *stub_prefix,
                 const struct api_ops *api, void *api_data, struct pir_writer *w,
                 struct diag_list *diags, const struct interp_options *opt);
void interp_free(struct interp *I);

/* Lowers one kernel entry (a function definition) into the writer's current kernel, its
 * parameters bound by bind_param. I->incomplete tells whether something was not modelled. */
void interp_run_kernel(struct interp *I, CXCursor entry, interp_param_fn bind_param, void *data);
/* With a stateful API, after a run: moves to the next combination of sides of the run's
 * conditions on data and returns true, or false when every combination has run. */
bool interp_next_run(struct interp *I);
/* With a stateful API: the entry's runs, one per combination of sides of its conditions on
 * data, written as `if (?) { run 1 } else { if (?) { run 2 } else { ... run n } }`, or as the
 * one run's statements. run_once runs the entry once, with its API data set up and torn
 * down; *incomplete is set when a run was, or past I->opt->max_runs runs (reported). */
void interp_lower_runs(struct interp *I, CXCursor entry, struct as_loc at,
                       void (*run_once)(struct interp *I, CXCursor entry, void *ctx), void *ctx,
                       bool *incomplete);
/* A copy of a value: objects are copied (API state through api_ops.copy). */
struct value interp_copy_value(struct interp *I, struct value v);
/* v given to something of type t: a copy if t is a record or an array (a value of one), v
 * itself otherwise (a pointer to an object or an array points to the same one). */
struct value interp_copy_for(struct interp *I, CXType t, struct value v);

/* Helpers for the API layer. */
struct as_loc interp_loc(struct interp *I, CXCursor c);
/* The last character of c's extent: a compound statement's closing brace. */
struct as_loc interp_end_loc(struct interp *I, CXCursor c);
/* Adds an error the frontend finds at `at`. Inside a vendor SDK it is placed at the user's
 * call into the SDK, the message saying where in the SDK (pir_writer_user_place). */
void interp_finding(struct interp *I, CXCursor at, enum check_id check, const char *msg);
/* Reports a construct that is not modelled: the kernel is not verified. */
void interp_unsupported(struct interp *I, CXCursor at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Whether -D gives `name` a value (then *value, when value is not NULL). */
bool interp_defined(const struct interp *I, const char *name, int64_t *value);
/* The value of a runtime quantity: the -D value of `name`, else `fallback` (recorded, so the
 * report names it). */
int64_t interp_runtime(struct interp *I, const char *name, int64_t fallback, const char *what);
/* Sets a runtime value for the next kernel run (one run per tiling key, per core); the
 * report then names it without a value, as `what`. */
void interp_set_runtime(struct interp *I, const char *name, int64_t value, const char *what);
/* An object of record type `type` whose integer fields are runtime values named after the
 * fields ("outer.inner" when nested, "prefix.field" with a non-empty prefix), with defaults
 * from fallback(name). */
struct value interp_runtime_record(struct interp *I, CXType type, const char *prefix,
                                   const char *what,
                                   int64_t (*fallback)(const char *name));
/* A kernel argument of record type (parameter parm) as interp_runtime_record makes it, the
 * prefix its name, and each pointer in it (a field, an element of an array field) a buffer of
 * its own in `space`, named after it (`list.addresses[2]`), as a pointer argument is. */
struct value interp_argument_record(struct interp *I, CXCursor parm, const char *space,
                                    const char *what, int64_t (*fallback)(const char *name));
/* An integer argument; reports `unsupported` (naming `what`) and returns false if unknown. */
bool interp_int(struct interp *I, CXCursor at, struct value v, const char *what, int64_t *out);
/* Calls fn, a function of the source, with the values args (by value), from `site`; what it
 * returns. For a layer that runs what the vendor's build runs around a kernel. */
struct value interp_call(struct interp *I, CXCursor fn, struct value *args, int nargs,
                         CXCursor site);
/* Element i of an array the kernel holds, passed as `array` (the array decayed, or a pointer
 * to one of its elements): a copy in *out; false when `array` is none or element i was never
 * given a value. */
bool interp_array_element(struct interp *I, struct value array, int64_t i, struct value *out);
/* Integer types: bool, chars, integers and enums. */
bool interp_is_integer_type(CXType t);
/* sizeof the first template argument of a class type (LocalTensor<half> -> 2); 0 if none. */
int64_t interp_element_size(CXType t);
/* The enumerator spelling of value `value` of the enum whose declaration is `decl`. */
const char *interp_enumerator(struct interp *I, CXCursor enum_decl, int64_t value);
/* The value of the i-th template argument of function `fn` as an enumerator name of the
 * argument's enum type (SetFlag<HardEvent::MTE2_V> -> "MTE2_V"); NULL if not an enum. */
const char *interp_template_enum(struct interp *I, CXCursor fn, CXCursor call, unsigned i);
/* The integer value of the i-th template argument of function `fn` (CrossCoreSetFlag<2, ...>
 * -> 2); false if it has none such. */
bool interp_template_int(CXCursor fn, unsigned i, int64_t *out);
/* A new object holding API state, for values an API call returns. */
struct value interp_api_object(struct interp *I, CXType type, void *state);
/* Moves *p by count elements of size bytes. false when the byte offset leaves what a device
 * address can be (|offset| >= 2^62, or count x size overflows 64 bits): reported as an
 * input-error at `at`, the kernel stopped, so a wrapped address never becomes a region. */
bool interp_pointer_move(struct interp *I, CXCursor at, struct value *p, int64_t count,
                         int64_t size);
/* Reports an address or extent past 2^62 bytes (`what` names it) as interp_pointer_move does. */
void interp_address_overflow(struct interp *I, CXCursor at, const char *what);
/* Whether count x size bytes (a length, an extent) fit; reported like interp_pointer_move. */
bool interp_bytes(struct interp *I, CXCursor at, int64_t count, int64_t size, int64_t *out);
/* The call of the source's own code that the running function was entered by (a method of a
 * class the stubs define with a body: the user's call of it); false in the entry. */
bool interp_caller_site(struct interp *I, CXCursor *site);
/* Interned copy of s, valid as long as the interpreter. */
const char *interp_intern(struct interp *I, const char *s);
/* Forgets where the interned names are (they were handed over with I->files emptied). */
void interp_forget_names(struct interp *I);

#endif
