/* What the interpreter's files share; the public interface is interp.h. The evaluator is
 * recursive: expressions (interp_expr.c, interp_operators.c, interp_memory.c,
 * interp_calls.c) run statements when they inline a call, statements (interp_stmt.c,
 * interp_branch.c, interp_asm.c) evaluate expressions, and objects and variables
 * (interp_objects.c, interp_vars.c) run constructors and initializers. That one circle stays
 * inside interp/, on purpose; nothing below interp/ calls back into it, and a dialect is
 * reached only through api_ops. */
#ifndef AS_FRONTEND_INTERP_INTERNAL_H
#define AS_FRONTEND_INTERP_INTERNAL_H

#include "interp.h"

struct var {
    CXCursor decl;
    struct value v;
    uint64_t serial;        /* unique in the kernel run: what `&x` refers to */
    bool owned;             /* the variable's own object: destroyed at the end of its scope */
    uint64_t alias;         /* a reference bound to a variable: that variable's serial */
    bool in_memory;         /* a reference bound to memory (`int &n = *p`): v is the address,
                             * and reading or writing the variable is a scalar access there */
    struct object *field_of;    /* a reference bound to a field or an element of an object:
                                 * the object, and field_name the field ("3": element 3) */
    const char *field_name;
    bool detached;          /* a non-const reference bound to anything else a write cannot
                             * follow: a write through it is unsupported */
};

struct frame {
    struct frame *caller;   /* NULL for the kernel entry */
    VEC(struct var) vars;
    struct object *self;
    struct value ret;
    CXCursor site;          /* the call that entered it (null in the entry) */
};

enum flow { FLOW_NEXT, FLOW_BREAK, FLOW_CONTINUE, FLOW_RETURN, FLOW_STOP };

/* How a reference is bound (interp_vars.c): to the address of an lvalue the frontend follows
 * (the value given is that address), to a value (a temporary), or to a glvalue it does not
 * follow (opaque: reads are data, writes unsupported). */
enum ref_binding { BIND_VALUE, BIND_ADDRESS, BIND_OPAQUE };


static const struct value unknown = {.kind = VAL_UNKNOWN, .buffer = -1};
static const struct value none = {.kind = VAL_NONE, .buffer = -1};

static inline struct value int_value(int64_t n)
{
    return (struct value){.kind = VAL_INT, .num = n, .buffer = -1};
}

/* interp.c */
void stop(struct interp *I);                        /* this kernel's lowering gives up */

/* interp_types.c */
int64_t fit_to_type(CXType t, int64_t v);          /* v in t's width and signedness */
/* The value clang's constant evaluator gives c, or unknown. */
struct value constant_value(CXCursor c);
/* The value of a parameter's default argument when it is a constant, else unknown. */
struct value default_argument_value(CXCursor parm);

/* interp_objects.c */
bool is_array(CXType t);
bool is_record(CXType type);
CXCursor record_decl(CXType type);
char *class_name(CXType type);                      /* "TQue", malloc'ed */
struct object *new_object(struct interp *I, CXType type);
void free_objects(struct interp *I);
struct value *field_slot(struct object *o, const char *name, bool create);
/* The field of o whose value slot is (from field_slot), or NULL. */
struct field *field_holding(struct object *o, const struct value *slot);
struct value *element_slot(struct object *array, int64_t i, bool create);
struct value declared_array(struct interp *I, CXCursor decl, CXType type);
struct value new_array(struct interp *I, CXType type, struct value fill, CXCursor site);
bool declared_in_stubs(struct interp *I, CXCursor decl);
/* A class of the stubs that stands for a scalar (half, bfloat16_t: `accelsync:scalar`). */
bool interp_is_scalar_class(CXType t);
struct object *construct(struct interp *I, CXType type, CXCursor ctor, struct value *args,
                         const enum ref_binding *binding, int nargs, CXCursor site);
struct value initial_field_value(struct interp *I, CXCursor field);
void destroy_object(struct interp *I, struct object *o, struct as_loc at);

/* interp_expr.c */
bool count_step(struct interp *I, CXCursor at);     /* false once the step budget is spent */
bool count_steps(struct interp *I, CXCursor at, uint64_t n);
struct value eval(struct interp *I, CXCursor e);
/* Enters one more level of statements and expressions (exec, eval); false, reported as
 * limit-exceeded and stopping the kernel, past opt->max_nesting. */
bool nest_in(struct interp *I, CXCursor at);
struct value *field_of(struct interp *I, CXCursor member, bool report);
/* field_of, and (owner_out) the object the field is of. */
struct value *field_in(struct interp *I, CXCursor member, bool report,
                       struct object **owner_out);

/* interp_memory.c: lvalues and the memory accesses through pointers. */
/* How an expression's storage is used: a scalar memory access reads, writes or both; the
 * address of one (&p[i]) touches nothing. */
enum storage_use { USE_READ, USE_WRITE, USE_READ_WRITE, USE_ADDRESS };
struct value *lvalue(struct interp *I, CXCursor e, enum storage_use use);
/* A scalar access of `bytes` through pointer p into a buffer, used as `use` (the API layer
 * writes the access); its storage (the scratch value). */
struct value *memory_access(struct interp *I, CXCursor e, struct value p, int64_t bytes,
                            enum storage_use use);
int64_t interp_type_size(CXType t);                 /* bytes of t, at least 1 */
bool interp_is_dereference(struct interp *I, CXCursor e);   /* `*p` */
/* The element `a[i]` names: of an array the interpreter holds, or memory through a pointer
 * when the API layer models scalar accesses. */
struct value *subscript(struct interp *I, CXCursor e, bool report, enum storage_use use);
/* A value of type t read through pointer p (a pointer if t is one, else data that remembers
 * p). */
struct value loaded_value(struct interp *I, CXCursor at, CXType t, struct value p);
/* p as the pointer it was made from, if v is data read from memory. */
struct value read_through(struct value v);

/* interp_operators.c */
struct value eval_binary(struct interp *I, CXCursor e);
struct value eval_unary(struct interp *I, CXCursor e);

/* interp_calls.c */
struct value eval_call(struct interp *I, CXCursor call);
/* A call of the source's own function; binding[i] (NULL: by value, opaque for non-const
 * references) says how args[i] is bound to a reference parameter. */
struct value call_function(struct interp *I, CXCursor fn, struct object *self,
                           struct value *args, const enum ref_binding *binding, int nargs,
                           CXCursor site);
/* How the arguments of call (from its argument first on) bind fn's reference parameters, and
 * their values: addresses for BIND_ADDRESS, each argument evaluated once. */
void eval_arguments(struct interp *I, CXCursor fn, CXCursor call, int first, int nargs,
                    struct value *args, enum ref_binding *binding);

/* interp_vars.c: variables, addresses, references. */
struct var *find_var(struct interp *I, CXCursor decl);     /* aliases resolved; NULL: none */
struct value *var_slot(struct var *var);    /* where its value is kept (a field for one) */
struct value *lookup_var(struct interp *I, CXCursor decl);
void bind_var(struct interp *I, CXCursor decl, struct value v, bool owned);
/* The variable or field a VAL_REF names; NULL once it is out of scope. */
struct value *ref_target(struct interp *I, struct value ref);
/* Pointers to elements of an array of objects the interpreter holds (`pool + n`, p++ over a
 * field array of structs): a VAL_REF to element `index` of the array object. The index of
 * such a pointer, or -1 when v is none. */
int64_t element_index(struct value v);
/* a op b (+ or - an integer) on an element pointer or an array of objects (decayed to its
 * first element): true with *out the moved pointer. */
bool element_arith(struct interp *I, const char *op, struct value a, struct value b,
                   struct value *out);
/* A variable of the program outside the kernel, when the API layer keeps them (api_ops.globals). */
struct value *program_global(struct interp *I, CXCursor decl);
/* After a write of the member `member` names (a MemberRefExpr): the union members it shares
 * bytes with follow it (interp_unions.c). */
void interp_union_written(struct interp *I, CXCursor member);
/* The same for field `field` of `owner` just set (a union member's default initializer). */
void interp_union_field_set(struct interp *I, struct object *owner, CXCursor field);
/* A field that is an anonymous struct or union: its members are kept in the object that
 * holds it, as its own (`q.value` and `q.bufCursor` of `union { ... }` inside q). */
bool interp_is_anonymous_member(CXCursor field);
/* ref_target, reported unsupported at `at` when there is none. */
struct value *through_ref(struct interp *I, CXCursor at, struct value ref);
/* The address of lvalue e, evaluating its parts once: VAL_REF (a variable or a field), an
 * object, a pointer into a buffer; unknown when it has none the frontend follows. */
struct value interp_address_of(struct interp *I, CXCursor e);
/* How a reference of type ref_type initialized by `init` is bound; for BIND_ADDRESS, *lvalue
 * is the expression whose address to take (implicit nodes and same-type casts stripped). */
enum ref_binding interp_ref_binding(struct interp *I, CXCursor init, CXType ref_type,
                                    CXCursor *lvalue);
/* Declares a reference bound as `how` to v (an address for BIND_ADDRESS). */
void bind_reference(struct interp *I, CXCursor decl, enum ref_binding how, struct value v);

/* interp_snapshot.c: the interpreter's values at one point (variables of every frame, fields
 * of every object, variables outside the kernel). */
struct snapshot;
struct snapshot *snapshot_take(struct interp *I);
void snapshot_free(struct snapshot *s);
/* How many values s copied (work charged to the step budget). */
uint64_t snapshot_size(const struct snapshot *s);
/* Back to the values of s; objects and fields made since stay, a field made since is unknown. */
void snapshot_restore(struct interp *I, const struct snapshot *s);
/* The current values become the join of themselves and s's: what differs is unknown (a pointer
 * into the same buffer: OFFSET_UNKNOWN). */
void snapshot_join(struct interp *I, const struct snapshot *s);
/* Whether snapshot_join would make a value known on one of the paths unknown (an integer, an
 * object, a pointer's offset that differ). */
bool snapshot_join_loses_known(struct interp *I, const struct snapshot *s);

/* interp_branch.c: conditions on data. */
/* Whether the statement being run is inside an `if (?)` the PIR holds: a side of a joined
 * choice, or a guard. */
bool interp_in_choice(struct interp *I);
/* `if` whose condition is not known: both sides, the states joined after. */
enum flow exec_data_if(struct interp *I, CXCursor s, CXCursor then_side, CXCursor else_side);
/* `if (cond)` on data: exec_data_if, except that under a stateful API the same condition on the
 * same named unknowns takes the side it took before in the run. uses[0] (then) and uses[1]
 * (else): a read the side needs before anything else (rule 10; 0: none). */
enum flow exec_data_if_on(struct interp *I, CXCursor s, CXCursor cond, CXCursor then_side,
                          CXCursor else_side, const uint32_t uses[2]);
/* *into becomes the join of itself and other: the same value stays, two pointers into one
 * buffer point somewhere in it (OFFSET_UNKNOWN), anything else is unknown. */
void interp_join_value(struct value *into, struct value other);
/* The read v's value comes from (rule 10): its own, or a scalar class object's. */
static inline uint32_t value_read(struct value v)
{
    uint32_t own = v.kind == VAL_OBJECT && v.obj ? v.obj->read : 0;
    return v.read > own ? v.read : own;
}
/* Rule 10: the kernel needs v here (an operand, an address, a condition): `use` of the read it
 * comes from, when it comes from one (interp.c). */
void interp_use(struct interp *I, CXCursor at, struct value v);
/* v, an unknown being stored in a variable or field, with a name of its own (value.sym). */
struct value named_unknown(struct interp *I, struct value v);
/* Whether two values are the same (the same unknown, for named ones). */
bool interp_same_value(struct value a, struct value b);
/* `switch` whose value is not known: one side per entry point (a case, or where none matches),
 * each running body's statements from starts[k] up to a break. */
struct cursor_vec;
/* A loop test on data: `if (?) { go on } else { break; }`; FLOW_NEXT (go on, the exit
 * pending until the loop ends), FLOW_BREAK (a stateful API's run took the exit) or
 * FLOW_STOP. */
enum flow exec_data_loop_test(struct interp *I, CXCursor cond);
enum flow exec_data_switch(struct interp *I, CXCursor s, const struct cursor_vec *body,
                           const size_t *starts, size_t nstarts);
/* Where a construct's pending exits and guards start (taken when it starts). */
struct exits_mark {
    size_t pending, guards;
};
struct exits_mark exits_mark(struct interp *I);
/* At the end of a construct that exits of kind `consumed` leave to (FLOW_RETURN: a function,
 * FLOW_BREAK: a loop or switch, FLOW_CONTINUE: a loop's body): f and the pending exits since
 * mark of that kind go on together; returns the flow that goes on. */
enum flow settle_exits(struct interp *I, struct exits_mark mark, enum flow consumed,
                       enum flow f, CXCursor at);
/* After a run: whether it was given up because a choice it joined under a stateful API did
 * not join (the choice is lowered as runs from now on); if so, the enumeration of runs is
 * back at its start, for the entry's runs to start again. */
bool interp_run_given_up(struct interp *I);
/* The message of the limit on runs: "more than 64 runs: ..." and the first choices lowered as
 * runs after a join was tried, each with its place and why. Malloc'ed. */
char *interp_runs_limit_text(struct interp *I);
/* After an entry's runs: the PIR header says how many of its choices were joined, when that
 * changed since it last said. */
void interp_note_joins(struct interp *I);
/* The end of a kernel run: guards closed, pending exits dropped. */
void branches_end_kernel(struct interp *I, CXCursor at);
void branches_free(struct interp *I);

/* interp_stmt.c */
enum flow exec(struct interp *I, CXCursor s);
/* interp_asm.c */
enum flow exec_asm(struct interp *I, CXCursor s);
/* A switch's body (its statements) run from statement `start` up to a break, in the switch's
 * scope. */
enum flow run_switch_from(struct interp *I, CXCursor s, const struct cursor_vec *body,
                          size_t start);
void close_scope(struct interp *I, size_t mark, CXCursor scope);

#endif
