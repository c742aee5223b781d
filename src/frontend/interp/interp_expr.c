/* Expressions: the evaluator's dispatch (eval), variables, member access, initializer lists
 * and the step budget. Operators are interp_operators.c's, storage interp_memory.c's, calls
 * interp_calls.c's; they and statements call eval back (the recursion of one evaluator). */
#include "interp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

/* ---- expressions ---- */

static struct value eval_kind(struct interp *I, CXCursor e);

/* A limit reached at `at`: reported once (the first limit a kernel reaches ends it), the
 * kernel not fully modelled and stopped. */
static void limit_reached(struct interp *I, CXCursor at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void limit_reached(struct interp *I, CXCursor at, const char *fmt, ...)
{
    if (!I->stopped) {
        va_list ap;
        va_start(ap, fmt);
        char *msg = xvasprintf(fmt, ap);
        va_end(ap);
        interp_finding(I, at, CHECK_LIMIT_EXCEEDED, msg);
        free(msg);
        I->incomplete = true;
    }
    stop(I);
}

bool nest_in(struct interp *I, CXCursor at)
{
    if (I->nesting < I->opt->max_nesting || I->opt->max_nesting <= 0) {
        I->nesting++;
        return true;
    }
    limit_reached(I, at, "statements and expressions nest deeper than %d levels (--max-depth)",
                  I->opt->max_nesting);
    return false;
}

bool count_step(struct interp *I, CXCursor at)
{
    return count_steps(I, at, 1);
}

/* Past the file's budget: every kernel of a file (its tiling keys, its guesses) shares one,
 * so a file of many endless entries costs one budget, not one per entry. */
static bool file_budget_spent(struct interp *I, CXCursor at, uint64_t n)
{
    const struct interp_options *o = I->opt;
    if (!o->file_steps || !o->max_file_steps)
        return false;
    *o->file_steps += n;
    if (*o->file_steps <= o->max_file_steps)
        return false;
    limit_reached(I, at,
                  "the file's kernels run more than %llu statements and calls in all (every "
                  "entry, tiling key and guess); raise the limit with --max-file-events",
                  (unsigned long long)o->max_file_steps);
    return true;
}

bool count_steps(struct interp *I, CXCursor at, uint64_t n)
{
    I->steps += n;
    if (file_budget_spent(I, at, n))
        return false;
    I->capped_steps += n;
    if (I->step_cap && I->capped_steps > I->step_cap) {   /* the caller tries cheaper values */
        I->step_cap_hit = I->incomplete = true;
        stop(I);
        return false;
    }
    if (I->steps <= I->opt->max_steps)
        return true;
    limit_reached(I, at,
                  "the kernel runs more than %llu statements and calls under the values it "
                  "was lowered with (a condition on data counts the values it copies); it was "
                  "not verified (--max-events)",
                  (unsigned long long)I->opt->max_steps);
    return false;
}

/* A variable outside the kernel that the API layer places in memory (asked once a run: the
 * layer's state is the run's, and a value may be the core's, block_idx through the SDK). */
static struct value *placed_global(struct interp *I, CXCursor decl)
{
    if (!I->api->declare || clang_getCursorKind(decl) != CXCursor_VarDecl)
        return NULL;
    for (size_t i = 0; i < I->globals.len; i++)
        if (clang_equalCursors(I->globals.items[i].decl, decl))
            return &I->globals.items[i].v;
    struct global_var g = {decl, unknown, true};
    if (!I->api->declare(I, decl, &g.v))
        return NULL;
    VEC_PUSH(I->globals, g);
    return &I->globals.items[I->globals.len - 1].v;
}

/* A constant array outside the kernel (`const float coef[] = {...}` at namespace scope): its
 * elements from the initializer, kept once per run; NULL for anything else. */
static struct value *constant_global_array(struct interp *I, CXCursor decl)
{
    if (!cursor_is_constant_array(decl))
        return NULL;
    for (size_t i = 0; i < I->globals.len; i++)
        if (clang_equalCursors(I->globals.items[i].decl, decl))
            return &I->globals.items[i].v;
    struct global_var g = {decl, declared_array(I, decl, clang_getCursorType(decl)), false};
    VEC_PUSH(I->globals, g);
    return &I->globals.items[I->globals.len - 1].v;
}

/* A variable of the program outside the kernel (api_ops.globals), made at its first use in
 * the run: from its initializer, else zero (an object by its default constructor, an array
 * of unknown elements); NULL if the layer keeps no such variables or decl is none. */
struct value *program_global(struct interp *I, CXCursor decl)
{
    if (!I->api->globals || clang_getCursorKind(decl) != CXCursor_VarDecl)
        return NULL;
    for (size_t i = 0; i < I->globals.len; i++)
        if (clang_equalCursors(I->globals.items[i].decl, decl))
            return &I->globals.items[i].v;
    CXType t = clang_getCursorType(decl);
    CXType canonical = clang_getCanonicalType(type_without_reference(t));
    struct global_var g = {decl, unknown, true};
    CXCursor init = cursor_initializer(decl);
    if (is_array(canonical))
        g.v = declared_array(I, decl, t);
    else if (!clang_Cursor_isNull(init))
        g.v = interp_copy_for(I, t, eval(I, init));
    else if (is_record(canonical))
        g.v = (struct value){.kind = VAL_OBJECT, .buffer = -1,
                             .obj = construct(I, t, clang_getNullCursor(), NULL, NULL, 0, decl)};
    else if (interp_is_integer_type(canonical) || canonical.kind == CXType_Pointer)
        g.v = int_value(0);
    VEC_PUSH(I->globals, g);
    return &I->globals.items[I->globals.len - 1].v;
}

static struct value eval_declref(struct interp *I, CXCursor e)
{
    CXCursor ref = clang_getCursorReferenced(e);
    switch (clang_getCursorKind(ref)) {
    case CXCursor_VarDecl:
    case CXCursor_ParmDecl: {
        struct var *var = find_var(I, ref);
        if (var && var->detached)   /* a copy that may be stale: data */
            return unknown;
        if (var && var->in_memory)
            return *memory_access(I, e, var->v, interp_type_size(clang_getCursorType(e)), USE_READ);
        struct value *v = var_slot(var);
        if (v)
            return *v;
        v = placed_global(I, ref);
        if (!v)
            v = constant_global_array(I, ref);
        if (!v && !clang_isConstQualifiedType(clang_getCursorType(ref)))
            v = program_global(I, ref);
        if (v)
            return *v;
        struct value c = constant_value(ref);   /* constexpr globals and static members */
        if (c.kind == VAL_INT)
            return c;
        c = constant_value(e);
        if (c.kind == VAL_INT)
            return c;
        if (!interp_is_integer_type(clang_getCursorType(ref)) &&
            clang_getCanonicalType(clang_getCursorType(ref)).kind != CXType_Pointer)
            return unknown;   /* a float or a struct: data, whatever state it is */
        CXString s = clang_getCursorSpelling(ref);
        interp_unsupported(I, e, "variable '%s' is not a constant and not local to the kernel "
                           "(global state is not modelled)", clang_getCString(s));
        clang_disposeString(s);
        return unknown;
    }
    case CXCursor_EnumConstantDecl:
        return int_value(clang_getEnumConstantDeclValue(ref));
    case CXCursor_NonTypeTemplateParameter:
    default: {
        struct value c = constant_value(e);
        return c.kind == VAL_INT ? c : unknown;
    }
    }
}

struct value *field_of(struct interp *I, CXCursor member, bool report)
{
    return field_in(I, member, report, NULL);
}

struct value *field_in(struct interp *I, CXCursor member, bool report,
                       struct object **owner_out)
{
    CXCursor base = cursor_first_expr(member);
    struct value owner;
    if (clang_Cursor_isNull(base))
        owner = I->frame && I->frame->self
                    ? (struct value){.kind = VAL_OBJECT, .obj = I->frame->self, .buffer = -1}
                    : unknown;
    else
        owner = eval(I, base);
    if (owner.kind == VAL_REF) {   /* p->f with p the address of an object: an array element */
        struct value *target = ref_target(I, owner);
        if (target && target->kind == VAL_OBJECT)
            owner = *target;
    }
    if (owner.kind == VAL_OBJECT && owner.obj && !owner.obj->api &&
        is_array(clang_getCanonicalType(owner.obj->type))) {   /* an array as a pointer: p->f */
        struct value *first = element_slot(owner.obj, 0, false);
        if (first && first->kind == VAL_OBJECT)
            owner = *first;
    }
    if (owner.kind != VAL_OBJECT || !owner.obj || owner.obj->api) {
        if (report && !I->stopped) {
            /* a pointer never given a value, or nullptr: most often an object the kernel never
             * set up under the values it was lowered with (a TBuf used before its InitBuffer) */
            const char *why = owner.kind == VAL_INT && owner.num == 0
                                  ? " through a null pointer: an object never set up under the "
                                    "values the kernel was lowered with"
                              : owner.kind == VAL_UNKNOWN || owner.kind == VAL_NONE
                                  ? " through a pointer never given a value the frontend knows: "
                                    "an object never set up under the values the kernel was "
                                    "lowered with, or one data decides"
                                  : " of an object the frontend does not track";
            CXString s = clang_getCursorSpelling(member);
            interp_unsupported(I, member, "member '%s'%s", clang_getCString(s), why);
            clang_disposeString(s);
        }
        return NULL;
    }
    if (owner_out)
        *owner_out = owner.obj;
    if (interp_is_anonymous_member(clang_getCursorReferenced(member))) {
        I->scratch = owner;   /* the anonymous member is its holder (interp_objects.c) */
        return &I->scratch;
    }
    CXString s = clang_getCursorSpelling(member);
    struct value *slot = field_slot(owner.obj, clang_getCString(s), false);
    if (!slot) {   /* a field of a base of a template instantiation: made on first use */
        CXCursor field = clang_getCursorReferenced(member);
        struct value v = clang_getCursorKind(field) == CXCursor_FieldDecl
                             ? initial_field_value(I, field) : unknown;
        slot = field_slot(owner.obj, clang_getCString(s), true);
        *slot = v;
    }
    clang_disposeString(s);
    return slot;
}

/* Record built from `{a, b, ...}`: fields in declaration order. */
struct list_init {
    struct interp *I;
    struct object *o;
    struct cursor_vec *items;
    size_t next;
};

static enum CXChildVisitResult take_list_item(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct list_init *li = data;
    if (clang_getCursorKind(c) != CXCursor_FieldDecl)
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    struct value *slot = field_slot(li->o, clang_getCString(s), true);
    clang_disposeString(s);
    if (li->next < li->items->len)
        *slot = eval(li->I, li->items->items[li->next++]);
    return CXChildVisit_Continue;
}

static struct value eval_init_list(struct interp *I, CXCursor e)
{
    CXType type = clang_getCursorType(e);
    if (is_array(type))
        return unknown;   /* an array's list is read where it is declared (declared_array) */
    if (!is_record(type)) {   /* a scalar in braces: `int64_t n{0}` its item, `int n{}` zero */
        CXType c = clang_getCanonicalType(type);
        bool zero = interp_is_integer_type(c) || c.kind == CXType_Pointer;   /* floats: data */
        struct cursor_vec items = cursor_exprs(e);
        struct value v = items.len == 1 ? eval(I, items.items[0])
                         : items.len == 0 && zero ? int_value(0) : unknown;
        VEC_FREE(items);
        return v;
    }
    struct object *o = construct(I, type, clang_getNullCursor(), NULL, NULL, 0, e);
    struct cursor_vec items = cursor_exprs(e);
    struct list_init li = {I, o, &items, 0};
    if (!o->api)
        clang_visitChildren(record_decl(type), take_list_item, &li);
    VEC_FREE(items);
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

struct value eval(struct interp *I, CXCursor e)
{
    if (I->stopped || !nest_in(I, e))
        return unknown;
    struct value v = eval_kind(I, e);
    I->nesting--;
    return v;
}

static struct value eval_kind(struct interp *I, CXCursor e)
{
    switch (clang_getCursorKind(e)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
    case CXCursor_UnaryExpr:            /* sizeof, alignof */
    case CXCursor_CXXNullPtrLiteralExpr: {
        struct value c = constant_value(e);
        return c.kind == VAL_INT ? c : int_value(0);
    }
    case CXCursor_FloatingLiteral:
    case CXCursor_StringLiteral:
        return unknown;
    case CXCursor_DeclRefExpr:
        return eval_declref(I, e);
    case CXCursor_MemberRefExpr: {
        struct value c = constant_value(e);    /* static constexpr members */
        if (c.kind == VAL_INT)
            return c;
        struct value *slot = field_of(I, e, false);
        return slot ? *slot : unknown;
    }
    case CXCursor_CXXThisExpr:
        return I->frame && I->frame->self
                   ? (struct value){.kind = VAL_OBJECT, .obj = I->frame->self, .buffer = -1}
                   : unknown;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        return eval_binary(I, e);
    case CXCursor_UnaryOperator:
        return eval_unary(I, e);
    case CXCursor_ConditionalOperator: {
        struct cursor_vec k = cursor_exprs(e);
        struct value r = unknown;
        if (k.len == 3) {
            struct value c = eval(I, k.items[0]);
            if (c.kind != VAL_INT)
                interp_use(I, k.items[0], c);   /* rule 10: the choice needs the value */
            if (c.kind == VAL_INT) {
                r = eval(I, k.items[c.num ? 1 : 2]);
            } else if (!I->stopped && !cursor_has_effects(I->ops, I->tu, k.items[1]) &&
                       !cursor_has_effects(I->ops, I->tu, k.items[2])) {
                /* a choice on data between values: both sides' reads are counted, and the
                 * result is their join (two pointers into one buffer: somewhere in it) */
                struct value x = eval(I, k.items[1]), y = eval(I, k.items[2]);
                if ((x.kind == VAL_INT || x.kind == VAL_POINTER) && x.kind == y.kind) {
                    r = x;
                    interp_join_value(&r, y);
                }
            } else if (!I->stopped && c.kind == VAL_UNKNOWN) {
                exec_data_if(I, e, k.items[1], k.items[2]);   /* effects on one side each */
            } else {
                interp_int(I, k.items[0], c, "the condition of '?:'", &(int64_t){0});
            }
        }
        VEC_FREE(k);
        return r;
    }
    case CXCursor_CallExpr:
        return eval_call(I, e);
    case CXCursor_InitListExpr:
        return eval_init_list(I, e);
    case CXCursor_ArraySubscriptExpr: {
        struct value *slot = subscript(I, e, true, USE_READ);
        return slot ? *slot : unknown;
    }
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr: {
        CXCursor inner = cursor_last_expr(e);
        if (clang_Cursor_isNull(inner)) {
            struct value c = constant_value(e);   /* default arguments, substituted params */
            return c.kind == VAL_INT ? c : unknown;
        }
        struct value v = eval(I, inner);
        CXType to = clang_getCanonicalType(clang_getCursorType(e));
        if (v.kind == VAL_INT && to.kind == CXType_Pointer && I->api->address &&
            I->api->address(I, to, v.num, e, &v))
            return v;
        if (v.kind == VAL_POINTER && interp_is_integer_type(to) && I->api->pointer_value) {
            int64_t address;
            if (I->api->pointer_value(I, v, &address))
                return (struct value){.kind = VAL_INT, .buffer = -1, .num = address};
        }
        if (v.kind == VAL_INT && interp_is_integer_type(clang_getCursorType(e)))
            v.num = fit_to_type(clang_getCursorType(e), v.num);
        if (v.kind == VAL_UNKNOWN && v.buffer < 0
            && interp_is_integer_type(clang_getCursorType(e))) {
            struct value c = constant_value(e);   /* a constant float made an integer */
            if (c.kind == VAL_INT)
                v = c;
        }
        if (v.kind == VAL_UNKNOWN && v.buffer >= 0) {   /* data read from memory, as an address */
            uint32_t read = v.read;
            v = loaded_value(I, e, clang_getCursorType(e), read_through(v));
            v.read = read;
        }
        return v;
    }
    default: {
        struct value c = constant_value(e);
        if (c.kind == VAL_INT)
            return c;
        CXString k = clang_getCursorKindSpelling(clang_getCursorKind(e));
        interp_unsupported(I, e, "expression of kind %s is not modelled", clang_getCString(k));
        clang_disposeString(k);
        return unknown;
    }
    }
}
