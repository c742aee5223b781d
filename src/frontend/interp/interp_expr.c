/* Expressions and calls: variables, operators, member access, inlined calls. */
#include "interp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

/* ---- expressions ---- */

bool count_step(struct interp *I, CXCursor at)
{
    return count_steps(I, at, 1);
}

bool count_steps(struct interp *I, CXCursor at, uint64_t n)
{
    I->steps += n;
    if (I->steps <= I->opt->max_steps)
        return true;
    if (!I->stopped) {
        struct as_loc loc = interp_loc(I, at);
        loc.file = arena_strdup(&I->diags->arena, loc.file ? loc.file : "");
        diag_addf(I->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, loc,
                  "the kernel runs more than %llu statements and calls under the values it "
                  "was lowered with (a condition on data counts the values it copies); it was "
                  "not verified (--max-events)",
                  (unsigned long long)I->opt->max_steps);
        I->incomplete = true;
    }
    stop(I);
    return false;
}

/* A variable outside the kernel that the API layer places in memory (asked once). */
static struct value *placed_global(struct interp *I, CXCursor decl)
{
    if (!I->api->declare || clang_getCursorKind(decl) != CXCursor_VarDecl)
        return NULL;
    for (size_t i = 0; i < I->globals.len; i++)
        if (clang_equalCursors(I->globals.items[i].decl, decl))
            return &I->globals.items[i].v;
    struct global_var g = {decl, unknown};
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
    struct global_var g = {decl, declared_array(I, decl, clang_getCursorType(decl))};
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
    if (owner.kind != VAL_OBJECT || !owner.obj || owner.obj->api) {
        if (report && !I->stopped) {
            CXString s = clang_getCursorSpelling(member);
            interp_unsupported(I, member, "member '%s' of an object the frontend does not track",
                               clang_getCString(s));
            clang_disposeString(s);
        }
        return NULL;
    }
    if (owner_out)
        *owner_out = owner.obj;
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

/* A value of type t read through pointer p: a pointer if t is one, else data that remembers
 * p. An address kept in a kernel argument's memory (a tensor list's table) points to memory
 * of its own, one buffer per word it is read from (pir_writer_target): a word at a known
 * offset, or a known distance past an offset data decides (the table's, read from its
 * header). Other addresses point where the frontend cannot say. */
static struct value loaded_value(struct interp *I, CXCursor at, CXType t, struct value p)
{
    struct value v = unknown;
    bool traced = p.kind == VAL_POINTER && p.buffer >= 0 && I->w->buffers[p.buffer].grows
                  && (p.num != OFFSET_UNKNOWN || p.past_known);
    if (!traced)
        return v;
    if (clang_getCanonicalType(t).kind == CXType_Pointer) {
        bool table = p.num == OFFSET_UNKNOWN;
        return (struct value){.kind = VAL_POINTER, .num = 0,
                              .buffer = pir_writer_target(I->w, p.buffer, table,
                                                          table ? p.past : p.num,
                                                          interp_loc(I, at))};
    }
    v = p;
    v.kind = VAL_UNKNOWN;
    return v;
}

/* p as the pointer it was made from, if v is data read from memory. */
static struct value read_through(struct value v)
{
    if (v.kind != VAL_UNKNOWN || v.buffer < 0)
        return unknown;
    v.kind = VAL_POINTER;
    return v;
}

/* A scalar access to memory through pointer p, `bytes` wide, used as `use`: handed to the
 * API layer; the storage is the scratch value (data, never known; a value read remembers
 * where it was read, loaded_value). */
struct value *memory_access(struct interp *I, CXCursor e, struct value p, int64_t bytes,
                            enum storage_use use)
{
    if (use == USE_ADDRESS) {
        I->scratch = p;
        return &I->scratch;
    }
    struct value known = unknown;
    if (use == USE_READ || use == USE_READ_WRITE)
        known = I->api->scalar(I, e, p, bytes, false);
    if (use == USE_WRITE || use == USE_READ_WRITE)
        I->api->scalar(I, e, p, bytes, true);
    I->scratch = known.kind == VAL_INT && use == USE_READ
                     ? int_value(fit_to_type(clang_getCursorType(e), known.num))
                     : loaded_value(I, e, clang_getCursorType(e), p);
    return &I->scratch;
}

int64_t interp_type_size(CXType t)
{
    long long s = clang_Type_getSizeOf(clang_getCanonicalType(t));
    return s > 0 ? s : 1;
}

/* Element k of an array of arrays read through a pointer to its scalars
 * (`((int64_t *)shape)[k]` with `int64_t shape[3][8]`): row k / n, column k % n; NULL when a
 * is not that. */
static struct value *flat_element(struct value a, CXType base_type, int64_t k)
{
    CXType t = clang_getCanonicalType(base_type);
    if (t.kind != CXType_Pointer || is_array(clang_getPointeeType(t)) || k < 0)
        return NULL;
    CXType array = clang_getCanonicalType(a.obj->type);
    if (!is_array(array) || !is_array(clang_getArrayElementType(array)))
        return NULL;
    long long n = clang_getArraySize(clang_getCanonicalType(clang_getArrayElementType(array)));
    struct value *row = n > 0 ? element_slot(a.obj, k / n, false) : NULL;
    if (!row || row->kind != VAL_OBJECT || !row->obj || is_array(clang_getArrayElementType(
            clang_getCanonicalType(clang_getArrayElementType(array)))))
        return NULL;
    return element_slot(row->obj, k % n, false);
}

/* The element `a[i]` names: of an array the interpreter holds, or memory through a pointer
 * when the API layer models scalar accesses. */
static struct value *subscript(struct interp *I, CXCursor e, bool report, enum storage_use use)
{
    CXCursor base, index;
    if (!cursor_two_exprs(e, &base, &index))
        return NULL;
    struct value a = eval(I, base), i = eval(I, index);
    int64_t k;
    if (I->stopped)
        return NULL;
    if (a.kind == VAL_REF) {   /* p[0] with p the address of a variable */
        if (!interp_int(I, index, i, "the index through the address of a variable", &k))
            return NULL;
        if (k != 0) {
            interp_unsupported(I, e, "index %lld from the address of a single variable",
                               (long long)k);
            return NULL;
        }
        return use == USE_ADDRESS ? (I->scratch = a, &I->scratch) : through_ref(I, e, a);
    }
    if (a.kind == VAL_POINTER && I->api->scalar) {
        int64_t size = interp_type_size(clang_getCursorType(e));
        if (i.kind == VAL_UNKNOWN) {  /* an index data decides: somewhere in the buffer */
            a.num = OFFSET_UNKNOWN;
            a.past_known = false;
        } else if (!interp_int(I, index, i, "the index of a memory access", &k)) {
            return NULL;
        } else {
            a = pointer_add(a, k * size);
        }
        /* a row of a pointer to arrays (`float (*rows)[7]`, rows[i]): the address of the row,
         * read where its elements are */
        if (is_array(clang_getCanonicalType(clang_getCursorType(e)))) {
            I->scratch = a;
            return &I->scratch;
        }
        return memory_access(I, e, a, size, use);
    }
    if (a.kind != VAL_OBJECT || !a.obj || a.obj->api) {
        if (report)
            interp_unsupported(I, e, "indexing through a pointer (a scalar access to memory) is "
                               "not modelled");
        return NULL;
    }
    if (!interp_int(I, index, i, "the array index", &k))
        return NULL;
    struct value *slot = flat_element(a, clang_getCursorType(base), k);
    if (!slot)
        slot = element_slot(a.obj, k, false);
    if (!slot && report) {
        interp_unsupported(I, e, "index %lld is outside the array", (long long)k);
        stop(I);
    }
    /* &a[i] of an object element is that object, as &o is o */
    if (slot && use == USE_ADDRESS && slot->kind != VAL_OBJECT) {
        interp_unsupported(I, e, "the address of an element of a local array is not modelled");
        return NULL;
    }
    return slot;
}

/* `*p` on memory the API layer models. */
static struct value *dereference(struct interp *I, CXCursor e, enum storage_use use)
{
    struct value p = eval(I, cursor_first_expr(e));
    if (I->stopped)
        return NULL;
    if (p.kind == VAL_REF)
        return use == USE_ADDRESS ? (I->scratch = p, &I->scratch) : through_ref(I, e, p);
    if (p.kind != VAL_POINTER || !I->api->scalar) {
        interp_unsupported(I, e, "access through this pointer is not modelled");
        return NULL;
    }
    return memory_access(I, e, p, interp_type_size(clang_getCursorType(e)), use);
}

bool interp_is_dereference(struct interp *I, CXCursor e)
{
    if (clang_getCursorKind(e) != CXCursor_UnaryOperator)
        return false;
    bool prefix;
    return strcmp(cursor_unary_operator(I->ops, I->tu, e, &prefix), "*") == 0;
}

/* The storage an assignment writes (or reads and writes). */
struct value *lvalue(struct interp *I, CXCursor e, enum storage_use use)
{
    e = cursor_strip(e);
    switch (clang_getCursorKind(e)) {
    case CXCursor_ArraySubscriptExpr:
        return subscript(I, e, true, use);
    case CXCursor_DeclRefExpr: {
        struct var *var = find_var(I, clang_getCursorReferenced(e));
        CXString s = clang_getCursorSpelling(e);
        if (!var)
            interp_unsupported(I, e, "assignment to '%s', which is not local to the kernel",
                               clang_getCString(s));
        else if (var->detached && use != USE_READ && use != USE_ADDRESS)
            interp_unsupported(I, e, "assignment through '%s', a reference the frontend does "
                               "not follow (writes through references are followed to "
                               "variables, fields, elements and memory)", clang_getCString(s));
        clang_disposeString(s);
        if (var && var->in_memory)
            return memory_access(I, e, var->v, interp_type_size(clang_getCursorType(e)), use);
        return var && !(var->detached && use != USE_READ && use != USE_ADDRESS) ? var_slot(var)
                                                                                 : NULL;
    }
    case CXCursor_MemberRefExpr: {
        struct object *owner = NULL;
        struct value *slot = field_in(I, e, true, &owner);
        struct field *f = use != USE_READ ? field_holding(owner, slot) : NULL;
        if (f && f->detached) {
            interp_unsupported(I, e, "assignment through '%s', a reference member the frontend "
                               "does not follow", f->name);
            return NULL;
        }
        return slot;
    }
    default:
        if (interp_is_dereference(I, e))
            return dereference(I, e, use);
        interp_unsupported(I, e, "assignment through this expression (arrays and pointers "
                           "to scalars are not modelled)");
        return NULL;
    }
}

static int64_t pointee_size(CXType t)
{
    long long s = clang_Type_getSizeOf(clang_getPointeeType(clang_getCanonicalType(t)));
    return s > 0 ? s : 1;
}

/* p plus (or minus) an offset data decides: somewhere in its buffer. The known bytes it
 * moved stay known (`past`) for the first data-decided offset added, so the words of a table
 * at a data-decided place can be told apart (loaded_value); after a second one, or a
 * subtraction, they are not. */
static struct value data_offset(struct value p, bool plus)
{
    bool first = p.num != OFFSET_UNKNOWN;
    return (struct value){.kind = VAL_POINTER, .buffer = p.buffer, .num = OFFSET_UNKNOWN,
                          .past_known = first && plus, .past = first ? p.num : 0};
}

static bool declared_apart(const struct pir_buffer *b)
{
    return !b->grows && b->place < 0;
}

/* Two addresses compared: known within one buffer when both offsets are; two arrays the
 * kernel declares (placed nowhere in particular) never share bytes, so they are unequal
 * (kernel arguments' memory may alias: data). */
static struct value pointer_compare(struct interp *I, const char *op, struct value a,
                                    struct value b)
{
    bool known = a.num != OFFSET_UNKNOWN && b.num != OFFSET_UNKNOWN;
    if (a.buffer == b.buffer && a.buffer >= 0 && known) {
        int64_t x = a.num, y = b.num;
        if (!strcmp(op, "==")) return int_value(x == y);
        if (!strcmp(op, "!=")) return int_value(x != y);
        if (!strcmp(op, "<")) return int_value(x < y);
        if (!strcmp(op, "<=")) return int_value(x <= y);
        if (!strcmp(op, ">")) return int_value(x > y);
        if (!strcmp(op, ">=")) return int_value(x >= y);
        return unknown;
    }
    bool eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
    if ((eq || ne) && a.buffer != b.buffer && a.buffer >= 0 && b.buffer >= 0 &&
        declared_apart(&I->w->buffers[a.buffer]) && declared_apart(&I->w->buffers[b.buffer]))
        return int_value(ne);
    return unknown;
}

static struct value arith(struct interp *I, CXCursor e, const char *op, struct value a,
                          struct value b, CXType result_type)
{
    if (a.kind == VAL_POINTER && b.kind == VAL_INT && (!strcmp(op, "+") || !strcmp(op, "-"))) {
        int64_t step = pointee_size(result_type) * b.num;
        return pointer_add(a, !strcmp(op, "+") ? step : -step);
    }
    if (b.kind == VAL_POINTER && a.kind == VAL_INT && !strcmp(op, "+"))
        return pointer_add(b, pointee_size(result_type) * a.num);
    /* an offset data decides: somewhere in the same buffer */
    if (a.kind == VAL_POINTER && b.kind == VAL_UNKNOWN && (!strcmp(op, "+") || !strcmp(op, "-")))
        return data_offset(a, !strcmp(op, "+"));
    if (b.kind == VAL_POINTER && a.kind == VAL_UNKNOWN && !strcmp(op, "+"))
        return data_offset(b, true);
    bool eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
    bool pa = a.kind == VAL_POINTER || a.kind == VAL_REF, pb = b.kind == VAL_POINTER || b.kind == VAL_REF;
    if ((eq || ne) && ((pa && b.kind == VAL_INT && b.num == 0) || (pb && a.kind == VAL_INT && a.num == 0)))
        return int_value(ne);   /* a kernel argument or a variable's address is never null */
    if (a.kind == VAL_POINTER && b.kind == VAL_POINTER)
        return pointer_compare(I, op, a, b);
    if (a.kind != VAL_INT || b.kind != VAL_INT)
        return unknown;
    int64_t x = a.num, y = b.num, r;
    if (!strcmp(op, "+")) r = (int64_t)((uint64_t)x + (uint64_t)y);
    else if (!strcmp(op, "-")) r = (int64_t)((uint64_t)x - (uint64_t)y);
    else if (!strcmp(op, "*")) r = (int64_t)((uint64_t)x * (uint64_t)y);
    else if (!strcmp(op, "/") || !strcmp(op, "%")) {
        if (y == 0) {
            interp_unsupported(I, e, "division by zero under the values the kernel was "
                               "lowered with");
            stop(I);
            return unknown;
        }
        if (x == INT64_MIN && y == -1)
            return unknown;
        r = !strcmp(op, "/") ? x / y : x % y;
    }
    else if (!strcmp(op, "<<")) r = (y < 0 || y > 63) ? 0 : (int64_t)((uint64_t)x << y);
    else if (!strcmp(op, ">>")) r = (y < 0 || y > 63) ? 0 : x >> y;
    else if (!strcmp(op, "&")) r = x & y;
    else if (!strcmp(op, "|")) r = x | y;
    else if (!strcmp(op, "^")) r = x ^ y;
    else if (!strcmp(op, "<")) r = x < y;
    else if (!strcmp(op, ">")) r = x > y;
    else if (!strcmp(op, "<=")) r = x <= y;
    else if (!strcmp(op, ">=")) r = x >= y;
    else if (!strcmp(op, "==")) r = x == y;
    else if (!strcmp(op, "!=")) r = x != y;
    else return unknown;
    return int_value(fit_to_type(result_type, r));
}

static struct value eval_binary(struct interp *I, CXCursor e)
{
    CXCursor lhs, rhs;
    if (!cursor_two_exprs(e, &lhs, &rhs))
        return unknown;
    int64_t folded;
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
        cursor_cached_constant(I->ops, e, &folded))
        return int_value(folded);
    const char *op = cursor_operator(I->ops, I->tu, e, lhs);
    CXType type = clang_getCursorType(e);
    if (!strcmp(op, "&&") || !strcmp(op, "||")) {
        struct value a = eval(I, lhs);
        if (a.kind != VAL_INT) {
            /* data decides whether the right side runs: its reads are counted as if it did;
             * one with effects runs on one side of a choice on data */
            if (!I->stopped && cursor_has_effects(I->ops, I->tu, rhs) && a.kind == VAL_UNKNOWN)
                exec_data_if(I, e, rhs, clang_getNullCursor());
            else if (!I->stopped && cursor_has_effects(I->ops, I->tu, rhs))
                interp_int(I, lhs, a, "the left side of a '&&' or '||' whose right side has "
                           "effects", &(int64_t){0});
            else
                eval(I, rhs);
            return unknown;
        }
        if ((a.num != 0) == (op[0] == '|'))
            return int_value(op[0] == '|');
        struct value b = eval(I, rhs);
        return b.kind == VAL_INT ? int_value(b.num != 0) : unknown;
    }
    if (!strcmp(op, "=")) {
        struct value v = eval(I, rhs);
        struct value *slot = lvalue(I, lhs, USE_WRITE);
        if (!slot)
            return unknown;
        if (v.kind == VAL_INT && interp_is_integer_type(clang_getCursorType(lhs)))
            v.num = fit_to_type(clang_getCursorType(lhs), v.num);
        *slot = named_unknown(I, interp_copy_for(I, clang_getCursorType(lhs), v));
        return *slot;
    }
    if (!strcmp(op, ",")) {
        eval(I, lhs);
        return eval(I, rhs);
    }
    size_t n = strlen(op);
    if (n >= 2 && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") &&
        strcmp(op, ">=")) {   /* compound assignment: +=, <<=, ... */
        char base[4] = {0};
        memcpy(base, op, n - 1 < 3 ? n - 1 : 3);
        struct value b = eval(I, rhs);
        struct value *slot = lvalue(I, lhs, USE_READ_WRITE);
        if (!slot)
            return unknown;
        *slot = named_unknown(I, arith(I, e, base, *slot, b, clang_getCursorType(lhs)));
        return *slot;
    }
    struct value a = eval(I, lhs), b = eval(I, rhs);
    if (a.kind == VAL_POINTER && b.kind == VAL_POINTER && !strcmp(op, "-"))
        return a.buffer == b.buffer && a.num != OFFSET_UNKNOWN && b.num != OFFSET_UNKNOWN
                   ? int_value((a.num - b.num) / pointee_size(clang_getCursorType(lhs)))
                                    : unknown;
    return arith(I, e, op, a, b, type);
}

static struct value eval_unary(struct interp *I, CXCursor e)
{
    CXCursor operand = cursor_first_expr(e);
    if (clang_Cursor_isNull(operand))
        return unknown;
    bool prefix;
    const char *op = cursor_unary_operator(I->ops, I->tu, e, &prefix);
    if (!strcmp(op, "++") || !strcmp(op, "--")) {
        struct value *slot = lvalue(I, operand, USE_READ_WRITE);
        if (!slot)
            return unknown;
        struct value old = *slot;
        *slot = arith(I, e, op[0] == '+' ? "+" : "-", old, int_value(1),
                      clang_getCursorType(operand));
        return prefix ? *slot : old;
    }
    if (!strcmp(op, "&")) {
        CXCursor inner = cursor_strip(operand);
        enum CXCursorKind ik = clang_getCursorKind(inner);
        struct var *var = ik == CXCursor_DeclRefExpr
                              ? find_var(I, clang_getCursorReferenced(inner)) : NULL;
        if (var && var->detached) {
            CXString sp = clang_getCursorSpelling(inner);
            interp_unsupported(I, e, "the address of '%s', a reference the frontend does not "
                               "follow", clang_getCString(sp));
            clang_disposeString(sp);
            return unknown;
        }
        if (var || ik == CXCursor_MemberRefExpr)    /* a variable, a field: their address */
            return interp_address_of(I, inner);
    }
    if (I->api->scalar && !strcmp(op, "&")) {
        CXCursor inner = cursor_strip(operand);
        if (clang_getCursorKind(inner) == CXCursor_ArraySubscriptExpr) {
            struct value *slot = subscript(I, inner, true, USE_ADDRESS);
            return slot ? *slot : unknown;
        }
        if (interp_is_dereference(I, inner))
            return eval(I, cursor_first_expr(inner));
    }
    struct value v = eval(I, operand);
    if (!strcmp(op, "*") && v.kind == VAL_REF) {
        struct value *slot = through_ref(I, e, v);
        return slot ? *slot : unknown;
    }
    if (!strcmp(op, "*") && v.kind == VAL_POINTER && I->api->scalar)
        return *memory_access(I, e, v, interp_type_size(clang_getCursorType(e)), USE_READ);
    if (!strcmp(op, "&") || !strcmp(op, "*"))
        return v.kind == VAL_OBJECT || v.kind == VAL_POINTER ? v : unknown;
    if (v.kind != VAL_INT)
        return unknown;
    CXType type = clang_getCursorType(e);
    if (!strcmp(op, "-")) return int_value(fit_to_type(type, (int64_t)(0 - (uint64_t)v.num)));
    if (!strcmp(op, "+")) return v;
    if (!strcmp(op, "!")) return int_value(!v.num);
    if (!strcmp(op, "~")) return int_value(fit_to_type(type, ~v.num));
    return unknown;
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
    if (!is_record(type))
        return unknown;
    struct object *o = construct(I, type, clang_getNullCursor(), NULL, NULL, 0, e);
    struct cursor_vec items = cursor_exprs(e);
    struct list_init li = {I, o, &items, 0};
    if (!o->api)
        clang_visitChildren(record_decl(type), take_list_item, &li);
    VEC_FREE(items);
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

/* The object a member call is made on: the base of the callee's member expression. */
/* Whether lvalue e is memory of a buffer: a reference to memory, or `*p` / `p[i]` with p a
 * pointer into a buffer (p evaluated once more, so only without effects; a read in it is
 * made twice). A 16-bit float in a local variable is an object. */
static bool in_memory(struct interp *I, CXCursor e)
{
    if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
        struct var *var = find_var(I, clang_getCursorReferenced(e));
        return var && var->in_memory;
    }
    CXCursor base = cursor_first_expr(e);
    if ((clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr && !interp_is_dereference(I, e)) ||
        clang_Cursor_isNull(base))
        return false;
    if (cursor_has_effects(I->ops, I->tu, base))
        return false;   /* not evaluated twice: taken as the object it names */
    struct value p = eval(I, base);
    return p.kind == VAL_POINTER && p.buffer >= 0;
}

/* `h[i] = v`, `*p += v` on a 16-bit float of the stubs (a class there, a scalar on the device):
 * a scalar store (or load and store) through the receiver, not a read of it. The receiver it
 * stores through, and how (*use); a null cursor if the call is not one. */
static CXCursor scalar_store(struct interp *I, CXCursor call, CXCursor fn, enum storage_use *use)
{
    CXString s = clang_getCursorSpelling(fn);
    const char *name = clang_getCString(s);
    bool assign = !strcmp(name, "operator=");
    bool compound = !assign && strlen(name) == 10 && name[9] == '=' &&
                    strchr("+-*/", name[8]) && !strncmp(name, "operator", 8);
    clang_disposeString(s);
    if ((!assign && !compound) || clang_Cursor_getNumArguments(call) < 1)
        return clang_getNullCursor();
    CXCursor receiver = cursor_strip(clang_Cursor_getArgument(call, 0));
    if (!interp_is_scalar_class(clang_getCursorType(receiver)) || !in_memory(I, receiver))
        return clang_getNullCursor();
    *use = assign ? USE_WRITE : USE_READ_WRITE;
    return receiver;
}

/* The object a method is called on. For an operator the object is its first argument;
 * `*store` is set (scalar_store) when the operator stores through it instead. */
static struct value call_receiver(struct interp *I, CXCursor call, CXCursor fn, bool *is_operator,
                                  CXCursor *store, enum storage_use *store_use)
{
    *is_operator = false;
    *store = clang_getNullCursor();
    CXCursor callee = cursor_first_expr(call);
    callee = cursor_strip(callee);
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(callee), fn)) {
        CXCursor base = cursor_first_expr(callee);
        /* `Run<true>()`: the first expression under the callee is the template argument, not
         * an object; the call is on `this` */
        CXType bt = clang_getCanonicalType(clang_getCursorType(base));
        if (bt.kind == CXType_Pointer)
            bt = clang_getCanonicalType(clang_getPointeeType(bt));
        if (clang_Cursor_isNull(base) || !is_record(bt))
            return I->frame && I->frame->self
                       ? (struct value){.kind = VAL_OBJECT, .obj = I->frame->self, .buffer = -1}
                       : unknown;
        return eval(I, base);
    }
    CXString s = clang_getCursorSpelling(fn);
    *is_operator = strncmp(clang_getCString(s), "operator", 8) == 0;
    clang_disposeString(s);
    if (*is_operator && clang_Cursor_getNumArguments(call) > 0) {
        *store = scalar_store(I, call, fn, store_use);
        if (clang_Cursor_isNull(*store))
            return eval(I, clang_Cursor_getArgument(call, 0));
    }
    return unknown;
}

/* `a = b` on a class without a user-written operator=: the fields (or API state) copied. An
 * implicitly defined operator= has a body clang made up, so it is told by being defaulted,
 * declared in the stubs, or bodiless. */
static bool is_implicit_assignment(struct interp *I, CXCursor fn)
{
    CXString s = clang_getCursorSpelling(fn);
    bool assign = strcmp(clang_getCString(s), "operator=") == 0;
    clang_disposeString(s);
    return assign && (clang_CXXMethod_isDefaulted(fn) || declared_in_stubs(I, fn) ||
                      clang_Cursor_isNull(cursor_body(clang_getCursorDefinition(fn))));
}

/* A vendor API: declared in the stubs without a body (the stubs' few helpers with a body,
 * AlignUp for one, are run like the source's own functions). */
static bool is_api(struct interp *I, CXCursor fn)
{
    return declared_in_stubs(I, fn) && clang_Cursor_isNull(cursor_body(clang_getCursorDefinition(fn)));
}

struct function_search {
    CXCursor found;
};

static enum CXChildVisitResult find_function_ref(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct function_search *fs = data;
    CXCursor ref = clang_getCursorReferenced(c);
    enum CXCursorKind k = clang_getCursorKind(ref);
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate)) {
        fs->found = ref;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* The function a call names. A call through a template parameter that holds a function
 * (`template <..., void (*op)(...)>`, `op(dst, src, n)`) names the function substituted for
 * it, found in the callee expression of the instantiation. */
static CXCursor called_function(CXCursor call)
{
    CXCursor fn = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(fn))
        return fn;
    struct function_search fs = {clang_getNullCursor()};
    CXCursor callee = cursor_first_expr(call);
    if (!clang_Cursor_isNull(callee))
        clang_visitChildren(callee, find_function_ref, &fs);
    return fs.found;
}

/* Whether two types are the same class, whatever their qualifiers (a `const T` temporary
 * copied into a `T`): libclang 14 has no unqualified type, so their declarations are
 * compared. */
static bool same_class(CXType a, CXType b)
{
    a = clang_getCanonicalType(type_without_reference(a));
    b = clang_getCanonicalType(type_without_reference(b));
    if (clang_equalTypes(a, b))
        return true;
    return a.kind == CXType_Record && b.kind == CXType_Record &&
           clang_equalCursors(clang_getTypeDeclaration(a), clang_getTypeDeclaration(b));
}

/* The kind of the declared type of parameter i of a function template (its ParmDecl
 * children: libclang counts no arguments of a template), CXType_Invalid past them. */
static enum CXTypeKind template_parameter_kind(CXCursor pattern, int i)
{
    struct cursor_vec kids = cursor_children(pattern);
    enum CXTypeKind kind = CXType_Invalid;
    for (size_t k = 0, n = 0; k < kids.len; k++)
        if (clang_getCursorKind(kids.items[k]) == CXCursor_ParmDecl && (int)n++ == i)
            kind = clang_getCursorType(kids.items[k]).kind;
    VEC_FREE(kids);
    return kind;
}

/* What a call may write of an object it is given the address of: every field, the fields of
 * the objects it holds too (a reference member's object is another's: left alone). */
static void forget_fields(struct object *o, int depth)
{
    for (size_t f = 0; f < o->fields.len && depth < 64; f++) {
        struct field *fd = &o->fields.items[f];
        if (fd->v.kind == VAL_OBJECT && fd->v.obj && !fd->shared && !fd->v.obj->api)
            forget_fields(fd->v.obj, depth + 1);
        else if (fd->v.kind != VAL_OBJECT)
            fd->v = unknown;
    }
}

/* A call to a function without a body the frontend can see (the C library's gettimeofday, a
 * host helper): whether it is given memory the kernel's accesses are checked on (a pointer
 * into a buffer, a tensor), which makes it unsupported. A local variable or object it is
 * given the address of (or a non-const reference to) holds, after it, values not known. */
static bool unseen_call_touches(struct interp *I, CXCursor fn, CXCursor call, struct value *args,
                                int nargs)
{
    bool touches = false;
    for (int i = 0; i < nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        CXType at = clang_getCanonicalType(clang_getCursorType(arg));
        CXType pt = i < clang_Cursor_getNumArguments(fn)
                        ? clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i))
                        : at;
        bool by_address = at.kind == CXType_Pointer ||
                          (pt.kind == CXType_LValueReference &&
                           !clang_isConstQualifiedType(clang_getPointeeType(pt)));
        if (args[i].kind == VAL_POINTER ||
            (args[i].kind == VAL_OBJECT && args[i].obj && args[i].obj->api)) {
            touches = true;
        } else if (args[i].kind == VAL_OBJECT && args[i].obj && by_address) {
            forget_fields(args[i].obj, 0);
        } else if (args[i].kind == VAL_REF) {
            struct value *target = ref_target(I, args[i]);
            if (target && target->kind != VAL_OBJECT)
                *target = unknown;
        }
    }
    return touches;
}

/* After an API call: the variables it was given for a parameter declared as a reference to a
 * non-const scalar (`uint64_t &rsvdCnt`) hold what the call wrote, which the frontend does
 * not know. A parameter that is a forwarding reference in the declaration (the catch-all
 * `Args &&...` of unmodelled APIs) is not one of them. */
static void forget_out_arguments(struct interp *I, CXCursor fn, CXCursor call, int nargs)
{
    CXCursor pattern = clang_getSpecializedCursorTemplate(fn);
    for (int i = 0; i < nargs && i < clang_Cursor_getNumArguments(fn); i++) {
        CXType t = clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i));
        if (t.kind != CXType_LValueReference)
            continue;
        CXType to = clang_getPointeeType(t);
        if (clang_isConstQualifiedType(to) || is_record(to) || is_array(to))
            continue;
        /* in the declaration: a reference too, not a forwarding one nor part of a pack */
        if (!clang_Cursor_isNull(pattern) &&
            template_parameter_kind(pattern, i) != CXType_LValueReference)
            continue;
        struct value *slot = lvalue(I, clang_Cursor_getArgument(call, (unsigned)i), USE_WRITE);
        if (slot)
            *slot = unknown;
    }
}

void eval_arguments(struct interp *I, CXCursor fn, CXCursor call, int first, int nargs,
                    struct value *args, enum ref_binding *binding)
{
    /* a reference parameter of the source's own code is bound as C++ binds it; the API
     * layer's calls get values */
    bool source = !declared_in_stubs(I, fn) &&
                  !clang_Cursor_isNull(cursor_body(clang_getCursorDefinition(fn)));
    int nparams = clang_Cursor_getNumArguments(fn);
    for (int i = first; i < nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        int k = i - first;
        CXType t = k < nparams ? clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)k))
                               : clang_getCursorType(arg);
        CXType pointee = clang_getPointeeType(t);
        bool reference = t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
        CXCursor lv = clang_getNullCursor();
        binding[k] = source && reference &&
                             (!is_record(pointee) || interp_is_scalar_class(pointee))
                         ? interp_ref_binding(I, arg, t, &lv) : BIND_VALUE;
        args[k] = binding[k] == BIND_ADDRESS ? interp_address_of(I, lv) : eval(I, arg);
    }
}

/* `dst = src` of the implicit assignment operator, src a fresh copy: field by field into dst's
 * own fields and sub-objects, so that references and addresses into dst (`int &r = s.in.x`)
 * see the new values; API state moves over (dst's old state goes with the copy). */
static void assign_object(struct interp *I, struct object *dst, struct object *src)
{
    void *old_api = dst->api;
    dst->api = src->api;
    src->api = old_api;
    for (size_t i = 0; i < src->fields.len; i++) {
        /* by index and name: field_slot may add to dst's fields, never to src's */
        struct value v = src->fields.items[i].v;
        bool detached = src->fields.items[i].detached;
        struct value *slot = field_slot(dst, src->fields.items[i].name, true);
        if (slot->kind == VAL_OBJECT && slot->obj && v.kind == VAL_OBJECT && v.obj &&
            slot->obj != v.obj && !src->fields.items[i].shared)
            assign_object(I, slot->obj, v.obj);
        else
            *slot = v;
        field_holding(dst, slot)->detached |= detached;   /* a reference member stays unfollowed */
    }
    for (size_t f = 0; f < dst->fields.len; f++)   /* a field src never made: not known */
        if (!field_slot(src, dst->fields.items[f].name, false) &&
            dst->fields.items[f].v.kind != VAL_OBJECT)
            dst->fields.items[f].v = unknown;
}

static struct value eval_call(struct interp *I, CXCursor call)
{
    if (!count_step(I, call))
        return unknown;
    CXCursor fn = called_function(call);
    enum CXCursorKind kind = clang_getCursorKind(fn);
    int nargs = clang_Cursor_getNumArguments(call);
    if (clang_Cursor_isNull(fn) || nargs < 0) {
        interp_unsupported(I, call, "a call the frontend cannot resolve (through a pointer or "
                           "a dependent name)");
        return unknown;
    }
    if (kind == CXCursor_Constructor) {
        struct value *args = xcalloc((size_t)nargs + 1, sizeof(*args));
        enum ref_binding *binding = xcalloc((size_t)nargs + 1, sizeof(*binding));
        eval_arguments(I, fn, call, 0, nargs, args, binding);
        struct value result;
        CXType type = clang_getCursorType(call);
        if (nargs == 1 && args[0].kind == VAL_OBJECT && args[0].obj &&
            same_class(args[0].obj->type, type))
            result = interp_copy_value(I, args[0]);     /* copy or move constructor */
        else
            result = (struct value){.kind = VAL_OBJECT, .buffer = -1,
                                    .obj = construct(I, type, fn, args, binding, nargs, call)};
        free(args);
        free(binding);
        return result;
    }
    bool is_operator = false;
    struct value self = unknown;
    CXCursor store = clang_getNullCursor();
    enum storage_use store_use = USE_WRITE;
    bool method = kind == CXCursor_CXXMethod || kind == CXCursor_ConversionFunction;
    if (method && !clang_CXXMethod_isStatic(fn))
        self = call_receiver(I, call, fn, &is_operator, &store, &store_use);
    int first = is_operator ? 1 : 0;
    struct value *args = xcalloc((size_t)nargs + 1, sizeof(*args));
    enum ref_binding *binding = xcalloc((size_t)nargs + 1, sizeof(*binding));
    if (is_implicit_assignment(I, fn))
        for (int i = first; i < nargs; i++)
            args[i - first] = eval(I, clang_Cursor_getArgument(call, (unsigned)i));
    else
        eval_arguments(I, fn, call, first, nargs, args, binding);
    nargs -= first;
    struct value result = none;
    if (!clang_Cursor_isNull(store)) {    /* the store, after the right side */
        lvalue(I, store, store_use);
        free(args);
        free(binding);
        return unknown;
    }
    if (I->stopped) {
        free(args);
        free(binding);
        return unknown;
    }
    if (is_implicit_assignment(I, fn)) {
        if (self.kind == VAL_OBJECT && self.obj && nargs == 1 && args[0].kind == VAL_OBJECT)
            assign_object(I, self.obj, interp_copy_value(I, args[0]).obj);
        result = self;
    } else if (is_api(I, fn)) {
        CXString name = clang_getCursorSpelling(fn);
        char *klass = method ? class_name(clang_getCursorType(clang_getCursorSemanticParent(fn)))
                             : NULL;
        if (method && self.kind == VAL_OBJECT && self.obj && self.obj->api == NULL &&
            !clang_CXXMethod_isStatic(fn))
            self = unknown;
        if (!I->api->call(I, klass, clang_getCString(name), fn,
                          self.kind == VAL_OBJECT ? self.obj : NULL, call, args, nargs, &result))
            interp_unsupported(I, call, "'%s%s%s' is not modelled by the %s frontend",
                               klass ? klass : "", klass ? "::" : "", clang_getCString(name),
                               I->api->name);
        else
            forget_out_arguments(I, fn, call, nargs);
        free(klass);
        clang_disposeString(name);
    } else {
        CXCursor def = clang_getCursorDefinition(fn);
        if (clang_Cursor_isNull(def) || clang_Cursor_isNull(cursor_body(def))) {
            CXString name = clang_getCursorSpelling(fn);
            if (unseen_call_touches(I, fn, call, args, nargs))
                interp_unsupported(I, call, "'%s' has no definition the frontend can see, and "
                                   "it is given a tensor or pointer", clang_getCString(name));
            clang_disposeString(name);
            result = unknown;
        } else {
            result = call_function(I, def, self.kind == VAL_OBJECT ? self.obj : NULL, args,
                                   binding, nargs, call);
        }
    }
    free(args);
    free(binding);
    return result;
}

struct value eval(struct interp *I, CXCursor e)
{
    if (I->stopped)
        return unknown;
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
        if (v.kind == VAL_INT && interp_is_integer_type(clang_getCursorType(e)))
            v.num = fit_to_type(clang_getCursorType(e), v.num);
        if (v.kind == VAL_UNKNOWN && v.buffer < 0
            && interp_is_integer_type(clang_getCursorType(e))) {
            struct value c = constant_value(e);   /* a constant float made an integer */
            if (c.kind == VAL_INT)
                v = c;
        }
        if (v.kind == VAL_UNKNOWN && v.buffer >= 0)   /* data read from memory, as an address */
            v = loaded_value(I, e, clang_getCursorType(e), read_through(v));
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

/* ---- calls ---- */

/* The constructor's member initializer list: `MemberRef` cursors, each followed by its
 * initializer expression. */
/* The constructor's initializer list: `MemberRef` cursors, each followed by its initializer
 * (a reference member shares the object it is given), and constructor calls of base classes
 * (`: Base(*this)`), run on the same object. */
static void run_member_initializers(struct interp *I, CXCursor ctor, struct object *self)
{
    struct cursor_vec kids = cursor_children(ctor);
    for (size_t i = 0; i < kids.len && !I->stopped; i++) {
        CXCursor k = kids.items[i];
        if (clang_getCursorKind(k) == CXCursor_MemberRef && i + 1 < kids.len) {
            CXType ft = clang_getCursorType(clang_getCursorReferenced(k));
            bool reference = ft.kind == CXType_LValueReference || ft.kind == CXType_RValueReference;
            /* the value first: evaluating it may add fields to self and move them */
            struct value v = eval(I, kids.items[i + 1]);
            bool detached = reference && v.kind != VAL_OBJECT;
            CXString s = clang_getCursorSpelling(k);
            struct value *slot = field_slot(self, clang_getCString(s), true);
            clang_disposeString(s);
            *slot = detached    ? unknown
                    : reference ? v
                                : named_unknown(I, interp_copy_for(I, ft, v));
            if (reference) {
                struct field *f = field_holding(self, slot);
                f->shared = !detached;
                f->detached = detached;
            }
            i++;
        } else if (clang_getCursorKind(k) == CXCursor_CallExpr &&
                   clang_getCursorKind(clang_getCursorReferenced(k)) == CXCursor_Constructor) {
            CXCursor base = clang_getCursorDefinition(clang_getCursorReferenced(k));
            int nargs = clang_Cursor_getNumArguments(k);
            struct value *args = xcalloc((size_t)(nargs > 0 ? nargs : 0) + 1, sizeof(*args));
            enum ref_binding *binding = xcalloc((size_t)(nargs > 0 ? nargs : 0) + 1,
                                                sizeof(*binding));
            if (!clang_Cursor_isNull(base))
                eval_arguments(I, base, k, 0, nargs, args, binding);
            if (!clang_Cursor_isNull(base) && !I->stopped)
                call_function(I, base, self, args, binding, nargs, k);
            free(args);
            free(binding);
        }
    }
    VEC_FREE(kids);
}

/* A function's name as a finding's note gives it: `Class::name` for a member. */
static char *callee_name(CXCursor fn)
{
    CXString name = clang_getCursorSpelling(fn);
    CXCursor parent = clang_getCursorSemanticParent(fn);
    enum CXCursorKind k = clang_getCursorKind(parent);
    char *out;
    if (k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate ||
        k == CXCursor_ClassTemplatePartialSpecialization) {
        CXString klass = clang_getCursorSpelling(parent);
        out = xasprintf("%s::%s", clang_getCString(klass), clang_getCString(name));
        clang_disposeString(klass);
    } else {
        out = xstrdup(clang_getCString(name));
    }
    clang_disposeString(name);
    return out;
}

struct value call_function(struct interp *I, CXCursor fn, struct object *self,
                           struct value *args, const enum ref_binding *binding, int nargs,
                           CXCursor site)
{
    if (I->depth >= I->opt->max_depth) {
        interp_unsupported(I, site, "calls nest more than %d deep (recursion is not modelled)",
                           I->opt->max_depth);
        stop(I);
        return unknown;
    }
    CXCursor body = cursor_body(fn);
    if (clang_Cursor_isNull(body))
        return none;
    struct frame *caller = I->frame;
    struct frame frame = {.caller = caller, .self = self, .ret = none};
    I->frame = &frame;
    I->depth++;
    /* a call of the source's own code, from its own code: lines inside remember it */
    bool traced = !declared_in_stubs(I, fn) && !declared_in_stubs(I, site);
    int outer_call = I->w->call;
    if (traced) {
        char *callee = callee_name(fn);
        pir_writer_enter_call(I->w, interp_loc(I, site), callee);
        free(callee);
    }
    int nparams = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
        struct value v = i < nargs ? args[i] : default_argument_value(p);
        CXType pt = clang_getCursorType(p);
        bool reference = pt.kind == CXType_LValueReference || pt.kind == CXType_RValueReference;
        if (!reference)
            v = interp_copy_for(I, pt, v);
        if (v.kind == VAL_INT && interp_is_integer_type(pt))
            v.num = fit_to_type(pt, v.num);
        if (reference)   /* without a binding: a value, opaque for a non-const reference */
            bind_reference(I, p, binding && i < nargs ? binding[i]
                           : clang_isConstQualifiedType(clang_getPointeeType(pt)) ? BIND_VALUE
                                                                                  : BIND_OPAQUE, v);
        else
            bind_var(I, p, v, false);
    }
    if (clang_getCursorKind(fn) == CXCursor_Constructor && self)
        run_member_initializers(I, fn, self);
    struct exits_mark exits = exits_mark(I);
    CXCursor outer = op_cache_set_scope(I->ops, body);
    enum flow f = I->stopped ? FLOW_STOP : exec(I, body);
    op_cache_set_scope(I->ops, outer);
    /* frame.ret stays `none` on a path that ends without a return */
    struct value ret = settle_exits(I, exits, FLOW_RETURN, f, body) == FLOW_NEXT ? frame.ret : none;
    VEC_FREE(frame.vars);
    I->frame = caller;
    I->depth--;
    pir_writer_leave_call(I->w, outer_call);
    return ret;
}
