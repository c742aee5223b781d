/* Storage: lvalues, subscripts, dereferences and the scalar memory accesses they make
 * through pointers into buffers, and what a load from memory gives. */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

/* A value of type t read through pointer p: a pointer if t is one, else data that remembers
 * p. An address kept in a kernel argument's memory (a tensor list's table) points to memory
 * of its own, one buffer per word it is read from (pir_writer_target): a word at a known
 * offset, or a known distance past an offset data decides (the table's, read from its
 * header). Other addresses point where the frontend cannot say. */
struct value loaded_value(struct interp *I, CXCursor at, CXType t, struct value p)
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
struct value read_through(struct value v)
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
    /* Rule 10: the issuer needs the address, and a store the value it stores (an update
     * such as `p[i] += x`: also the value it read just before). */
    interp_use(I, e, p);
    struct value known = unknown;
    if (use == USE_READ || use == USE_READ_WRITE)
        known = I->api->scalar(I, e, p, bytes, false);
    if (use == USE_WRITE || use == USE_READ_WRITE) {
        interp_use(I, e, known);
        interp_use(I, e, (struct value){.read = I->store_read});
        I->api->scalar(I, e, p, bytes, true);
    }
    I->scratch = known.kind == VAL_INT && use == USE_READ
                     ? int_value(fit_to_type(clang_getCursorType(e), known.num))
                     : loaded_value(I, e, clang_getCursorType(e), p);
    I->scratch.read = known.read;
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
struct value *subscript(struct interp *I, CXCursor e, bool report, enum storage_use use)
{
    CXCursor base, index;
    if (!cursor_two_exprs(e, &base, &index))
        return NULL;
    struct value a = eval(I, base), i = eval(I, index);
    int64_t k;
    if (I->stopped)
        return NULL;
    if (element_index(a) >= 0) {   /* p[i] with p into an array of objects */
        struct value moved;
        if (!interp_int(I, index, i, "the index through a pointer into an array", &k) ||
            !element_arith(I, "+", a, int_value(k), &moved))
            return NULL;
        return use == USE_ADDRESS ? (I->scratch = moved, &I->scratch) : through_ref(I, e, moved);
    }
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
        } else if (!interp_pointer_move(I, e, &a, k, size)) {
            return NULL;
        }
        a.read = later_read(a, i);   /* rule 10: the address needs the index */
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
        if (!var) {
            struct value *g = program_global(I, clang_getCursorReferenced(e));
            if (g)
                return g;
        }
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
