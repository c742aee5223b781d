/* Variables of the interpreter's frames, addresses and references: what `&x`, `&o.f`, `&a[i]`
 * and `*p` name, and what a reference (`T &r = …`, a `T &` parameter) is bound to.
 *
 * An address is a value: VAL_REF naming a variable (num: its serial) or a field (obj, field),
 * an object (the address of an object is the object), or VAL_POINTER into a buffer. A reference
 * bound to an address follows it: an alias of the variable, the field of the object, a scalar
 * access to the memory at every use. A reference the frontend cannot follow is detached: it
 * holds a value, and a write through it is unsupported (never a silently lost write). */
#include "interp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor_util.h"

/* ---- variables ---- */

/* The variable of serial n, in f or a frame f was called from. */
static struct var *var_of_serial(struct frame *f, uint64_t n)
{
    for (; f; f = f->caller)
        for (size_t i = 0; i < f->vars.len; i++)
            if (f->vars.items[i].serial == n)
                return &f->vars.items[i];
    return NULL;
}

/* The innermost variable of frame f declared by decl; for a reference to a variable, that
 * variable. */
static struct var *find_var_in(struct frame *f, CXCursor decl)
{
    if (!f)
        return NULL;
    for (size_t i = f->vars.len; i-- > 0;) {
        struct var *var = &f->vars.items[i];
        if (clang_equalCursors(var->decl, decl))
            return var->alias ? var_of_serial(f, var->alias) : var;
    }
    return NULL;
}

struct var *find_var(struct interp *I, CXCursor decl)
{
    return find_var_in(I->frame, decl);
}

struct value *var_slot(struct var *var)
{
    if (!var)
        return NULL;
    if (var->field_of)
        return field_slot(var->field_of, var->field_name, true);
    return &var->v;
}

struct value *lookup_var(struct interp *I, CXCursor decl)
{
    return var_slot(find_var(I, decl));
}

struct value named_unknown(struct interp *I, struct value v)
{
    if (v.kind == VAL_UNKNOWN && v.sym == 0)
        v.sym = ++I->last_sym;
    return v;
}

void bind_var(struct interp *I, CXCursor decl, struct value v, bool owned)
{
    struct var var = {.decl = decl, .v = named_unknown(I, v), .serial = ++I->var_serial,
                      .owned = owned};
    VEC_PUSH(I->frame->vars, var);
}

/* Ends a scope: destroys the objects the scope's variables own, newest first. */
void close_scope(struct interp *I, size_t mark, CXCursor scope)
{
    struct as_loc at = interp_end_loc(I, scope);
    for (size_t i = I->frame->vars.len; i-- > mark;) {
        struct var *v = &I->frame->vars.items[i];
        if (v->owned && v->v.kind == VAL_OBJECT)
            destroy_object(I, v->v.obj, at);
    }
    I->frame->vars.len = mark;
}

/* ---- addresses ---- */

struct value *ref_target(struct interp *I, struct value ref)
{
    if (ref.kind != VAL_REF)
        return NULL;
    if (ref.obj)                            /* &o.f */
        return ref.field ? field_slot(ref.obj, ref.field, true) : NULL;
    struct var *var = var_of_serial(I->frame, (uint64_t)ref.num);
    return var && !var->in_memory && !var->detached ? var_slot(var) : NULL;
}

struct value *through_ref(struct interp *I, CXCursor at, struct value ref)
{
    struct value *slot = ref_target(I, ref);
    if (!slot)
        interp_unsupported(I, at, "access through the address of a variable that is out of "
                           "scope");
    return slot;
}

/* The address of field `name` of o: the object it holds, or a VAL_REF naming it. */
static struct value field_address_in(struct interp *I, struct object *o, const char *name)
{
    struct value *slot = field_slot(o, name, false);
    if (!slot)
        return unknown;
    if (slot->kind == VAL_OBJECT)
        return *slot;
    return (struct value){.kind = VAL_REF, .buffer = -1, .obj = o,
                          .field = interp_intern(I, name)};
}

bool interp_addressable(struct interp *I, CXCursor e)
{
    enum CXCursorKind k = clang_getCursorKind(e);
    return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
           k == CXCursor_ArraySubscriptExpr || interp_is_dereference(I, e);
}

struct value interp_address_of(struct interp *I, CXCursor e)
{
    switch (clang_getCursorKind(e)) {
    case CXCursor_DeclRefExpr: {
        struct var *var = find_var(I, clang_getCursorReferenced(e));
        if (!var || var->detached)
            return unknown;
        if (var->in_memory)                 /* a reference to memory: there */
            return var->v;
        if (var->field_of)
            return field_address_in(I, var->field_of, var->field_name);
        if (var->v.kind == VAL_OBJECT)      /* &o is o */
            return var->v;
        return (struct value){.kind = VAL_REF, .buffer = -1, .num = (int64_t)var->serial};
    }
    case CXCursor_MemberRefExpr: {
        struct object *owner = NULL;
        if (!field_in(I, e, true, &owner) || !owner)
            return unknown;
        CXString s = clang_getCursorSpelling(e);
        struct value a = field_address_in(I, owner, clang_getCString(s));
        clang_disposeString(s);
        return a;
    }
    case CXCursor_ArraySubscriptExpr: {
        CXCursor base, index;
        if (!cursor_two_exprs(e, &base, &index))
            return unknown;
        struct value b = eval(I, base), i = eval(I, index);
        if (i.kind != VAL_INT)
            return unknown;
        if (b.kind == VAL_POINTER && b.buffer >= 0)
            return pointer_add(b, i.num * interp_type_size(clang_getCursorType(e)));
        if (b.kind == VAL_OBJECT && b.obj && !b.obj->api) {
            char digits[24];
            snprintf(digits, sizeof(digits), "%lld", (long long)i.num);
            return field_address_in(I, b.obj, digits);
        }
        return unknown;
    }
    case CXCursor_UnaryOperator:
        if (!interp_is_dereference(I, e))
            return unknown;
        return eval(I, cursor_first_expr(e));   /* *p is where p points */
    default:
        return unknown;
    }
}

/* ---- references ---- */

/* A type's canonical spelling without `const` and `volatile`. */
static char *unqualified_spelling(CXType t)
{
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *in = clang_getCString(s);
    char *out = xstrdup(in);
    char *w = out;
    for (const char *r = in; *r;) {
        if (!strncmp(r, "const ", 6) || !strncmp(r, "volatile ", 9)) {
            r += r[0] == 'c' ? 6 : 9;
            continue;
        }
        if (!strncmp(r, " const", 6) && (r[6] == '\0' || r[6] == ' ')) {
            r += 6;
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
    clang_disposeString(s);
    return out;
}

CXCursor interp_bound_lvalue(struct interp *I, CXCursor init, CXType ref_type)
{
    if (clang_Cursor_isNull(init))
        return init;
    CXCursor e = init;
    while (clang_getCursorKind(e) == CXCursor_UnexposedExpr ||
           clang_getCursorKind(e) == CXCursor_ParenExpr) {
        CXCursor inner = cursor_last_expr(e);
        if (clang_Cursor_isNull(inner))
            break;
        e = inner;
    }
    char *want = unqualified_spelling(clang_getPointeeType(ref_type));
    char *have = unqualified_spelling(clang_getCursorType(e));
    bool same = strcmp(want, have) == 0;
    free(want);
    free(have);
    return same && interp_addressable(I, e) ? e : clang_getNullCursor();
}

/* Whether a reference of type t may be written through (a write through it must then be
 * followed, or refused). */
static bool writable(CXType t)
{
    return !clang_isConstQualifiedType(clang_getPointeeType(t));
}

void bind_reference_to(struct interp *I, CXCursor decl, struct value address)
{
    CXType t = clang_getCursorType(decl);
    if (address.kind == VAL_OBJECT) {       /* an object is shared by its value */
        bind_var(I, decl, address, false);
        return;
    }
    bind_var(I, decl, unknown, false);
    struct var *var = &I->frame->vars.items[I->frame->vars.len - 1];
    if (address.kind == VAL_REF && address.obj && address.field) {
        var->field_of = address.obj;
        var->field_name = address.field;
    } else if (address.kind == VAL_REF && !address.obj &&
               var_of_serial(I->frame, (uint64_t)address.num)) {
        var->alias = (uint64_t)address.num;
    } else if (address.kind == VAL_POINTER && address.buffer >= 0 && I->api->scalar) {
        var->in_memory = true;
        var->v = address;
    } else {
        var->detached = writable(t);
    }
}

void bind_reference_value(struct interp *I, CXCursor decl, struct value v, bool from_call)
{
    bind_var(I, decl, v, false);
    CXType t = clang_getCursorType(decl);
    /* `T &&r = f()` may name what f returned a reference to: not followed */
    I->frame->vars.items[I->frame->vars.len - 1].detached =
        v.kind != VAL_OBJECT && writable(t) && (t.kind == CXType_LValueReference || from_call);
}
