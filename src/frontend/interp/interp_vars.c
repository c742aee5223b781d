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

#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

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

/* Whether a value of type t is an object the interpreter keeps (a record or an array), so
 * that its address is the object itself (&o is o); a pointer to one is not. */
static bool held_as_object(CXType t)
{
    t = clang_getCanonicalType(type_without_reference(t));
    return is_record(t) || is_array(t);
}

/* The address of field `name` of o, of type t: the object it holds, or a VAL_REF naming it. */
static struct value field_address_in(struct interp *I, struct object *o, const char *name,
                                     CXType t)
{
    struct value *slot = field_slot(o, name, false);
    if (!slot)
        return unknown;
    if (slot->kind == VAL_OBJECT && held_as_object(t))
        return *slot;
    return (struct value){.kind = VAL_REF, .buffer = -1, .obj = o,
                          .field = interp_intern(I, name)};
}

static struct value element_address(struct interp *I, struct object *array, int64_t i, CXType t)
{
    char digits[24];
    snprintf(digits, sizeof(digits), "%lld", (long long)i);
    return field_address_in(I, array, digits, t);
}

struct value interp_address_of(struct interp *I, CXCursor e)
{
    CXType t = clang_getCursorType(e);
    switch (clang_getCursorKind(e)) {
    case CXCursor_DeclRefExpr: {
        struct var *var = find_var(I, clang_getCursorReferenced(e));
        if (!var || var->detached)
            return unknown;
        if (var->in_memory)                 /* a reference to memory: there */
            return var->v;
        if (var->field_of)
            return field_address_in(I, var->field_of, var->field_name, t);
        if (var->v.kind == VAL_OBJECT && held_as_object(clang_getCursorType(var->decl)))
            return var->v;                  /* &o is o */
        return (struct value){.kind = VAL_REF, .buffer = -1, .num = (int64_t)var->serial};
    }
    case CXCursor_MemberRefExpr: {
        struct object *owner = NULL;
        if (!field_in(I, e, true, &owner) || !owner)
            return unknown;
        CXString s = clang_getCursorSpelling(e);
        struct value a = field_address_in(I, owner, clang_getCString(s), t);
        clang_disposeString(s);
        return a;
    }
    case CXCursor_ArraySubscriptExpr: {
        CXCursor base, index;
        if (!cursor_two_exprs(e, &base, &index))
            return unknown;
        struct value b = eval(I, base), i = eval(I, index);
        if (b.kind == VAL_POINTER && b.buffer >= 0) {
            struct value a;
            if (i.kind == VAL_INT) {
                a = b;
                if (!interp_pointer_move(I, e, &a, i.num, interp_type_size(t)))
                    return unknown;
            } else {   /* data picks the element: somewhere in the buffer */
                bool first = b.num != OFFSET_UNKNOWN;
                a = (struct value){.kind = VAL_POINTER, .buffer = b.buffer, .num = OFFSET_UNKNOWN,
                                   .past_known = first, .past = first ? b.num : 0};
            }
            a.read = later_read(b, i);   /* rule 10: the address needs the index */
            return a;
        }
        if (b.kind == VAL_OBJECT && b.obj && !b.obj->api)
            /* an element of a local array picked by data: no memory, its value unknown */
            return i.kind == VAL_INT ? element_address(I, b.obj, i.num, t) : unknown;
        if (b.kind == VAL_REF && i.kind == VAL_INT && i.num == 0)
            return b;
        interp_unsupported(I, e, "a reference to an element through this pointer is not "
                           "modelled");
        return unknown;
    }
    default: {                              /* *p is where p points */
        if (!interp_is_dereference(I, e))
            return unknown;
        struct value p = eval(I, cursor_first_expr(e));
        if ((p.kind == VAL_POINTER && p.buffer >= 0) || p.kind == VAL_REF)
            return p;
        if (p.kind == VAL_OBJECT && p.obj && !p.obj->api)
            return is_array(p.obj->type) ? element_address(I, p.obj, 0, t)
                   : held_as_object(t)    ? p
                                          : unknown;
        interp_unsupported(I, e, "a reference through this pointer is not modelled");
        return unknown;
    }
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

static bool same_type(CXType a, CXType b)
{
    char *x = unqualified_spelling(a), *y = unqualified_spelling(b);
    bool same = strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

static bool is_cast(enum CXCursorKind k)
{
    return k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
           k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_CXXConstCastExpr;
}

/* init without the nodes that do not change what it names: implicit ones, parentheses and
 * casts that keep its type (`static_cast<const int &>(c)`); a conversion stays. */
static CXCursor named_by(CXCursor init)
{
    CXCursor e = init;
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && !is_cast(k))
            return e;
        CXCursor inner = cursor_last_expr(e);
        if (clang_Cursor_isNull(inner) ||
            !same_type(clang_getCursorType(e), clang_getCursorType(inner)))
            return e;   /* a conversion: what it gives is a new value */
        e = inner;
    }
}

/* Whether e may name an object that lives on (a glvalue the frontend does not follow): a
 * choice between lvalues, an assignment, a comma, a prefix ++ or --, a call returning a
 * reference, a cast. Arithmetic, comparisons and literals are values. */
static bool maybe_glvalue(struct interp *I, CXCursor e)
{
    bool prefix;
    switch (clang_getCursorKind(e)) {
    case CXCursor_ConditionalOperator:
    case CXCursor_CompoundAssignOperator:
        return true;
    case CXCursor_BinaryOperator: {
        const char *op = cursor_operator(I->ops, I->tu, e, cursor_first_expr(e));
        return !op[0] || !strcmp(op, "=") || !strcmp(op, ",");
    }
    case CXCursor_UnaryOperator: {
        const char *op = cursor_unary_operator(I->ops, I->tu, e, &prefix);
        return !op[0] || (prefix && (!strcmp(op, "++") || !strcmp(op, "--")));
    }
    case CXCursor_CallExpr: {
        CXType r = clang_getCursorResultType(clang_getCursorReferenced(e));
        return r.kind == CXType_LValueReference || r.kind == CXType_RValueReference ||
               r.kind == CXType_Invalid;
    }
    default:
        return is_cast(clang_getCursorKind(e));
    }
}

enum ref_binding interp_ref_binding(struct interp *I, CXCursor init, CXType ref_type,
                                    CXCursor *lvalue)
{
    *lvalue = clang_getNullCursor();
    if (clang_Cursor_isNull(init))
        return BIND_OPAQUE;
    CXCursor e = named_by(init);
    if (!same_type(clang_getPointeeType(ref_type), clang_getCursorType(e)))
        return BIND_VALUE;      /* a conversion: C++ binds a temporary */
    enum CXCursorKind k = clang_getCursorKind(e);
    bool local = k == CXCursor_DeclRefExpr && find_var(I, clang_getCursorReferenced(e));
    if (local || k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr ||
        interp_is_dereference(I, e)) {
        *lvalue = e;
        return BIND_ADDRESS;
    }
    /* a constant, a global the API layer places, a literal, arithmetic: a value */
    return k != CXCursor_DeclRefExpr && maybe_glvalue(I, e) ? BIND_OPAQUE : BIND_VALUE;
}

void bind_reference(struct interp *I, CXCursor decl, enum ref_binding how, struct value v)
{
    if (v.kind == VAL_OBJECT && how != BIND_OPAQUE) {   /* an object is shared by its value */
        bind_var(I, decl, v, false);
        return;
    }
    bind_var(I, decl, how == BIND_VALUE ? v : unknown, false);
    struct var *var = &I->frame->vars.items[I->frame->vars.len - 1];
    if (how == BIND_VALUE)
        return;
    if (how == BIND_ADDRESS && v.kind == VAL_REF && v.obj && v.field) {
        var->field_of = v.obj;
        var->field_name = v.field;
    } else if (how == BIND_ADDRESS && v.kind == VAL_REF && !v.obj &&
               var_of_serial(I->frame, (uint64_t)v.num)) {
        var->alias = (uint64_t)v.num;
    } else if (how == BIND_ADDRESS && v.kind == VAL_POINTER && v.buffer >= 0 && I->api->scalar) {
        var->in_memory = true;
        var->v = v;
    } else {
        var->detached = true;   /* reads are data, writes refused */
    }
}



int64_t element_index(struct value v)
{
    if (v.kind != VAL_REF || !v.obj || !v.field || !is_array(clang_getCanonicalType(v.obj->type)))
        return -1;
    char *end;
    long long k = strtoll(v.field, &end, 10);
    return *end == '\0' && k >= 0 ? k : -1;
}

bool interp_array_element(struct interp *I, struct value array, int64_t i, struct value *out)
{
    struct value at;
    if (i < 0 || !element_arith(I, "+", array, (struct value){.kind = VAL_INT, .num = i}, &at))
        return false;
    int64_t k = element_index(at);
    struct value *slot = k >= 0 ? element_slot(at.obj, k, false) : NULL;
    if (!slot || slot->kind == VAL_NONE)
        return false;
    *out = *slot;
    return true;
}

bool element_arith(struct interp *I, const char *op, struct value a, struct value b,
                   struct value *out)
{
    if (b.kind != VAL_INT || (strcmp(op, "+") && strcmp(op, "-")))
        return false;
    int64_t at;
    if (a.kind == VAL_OBJECT && a.obj && !a.obj->api &&
        is_array(clang_getCanonicalType(a.obj->type)))
        at = 0;     /* the array decays to its first element */
    else if ((at = element_index(a)) < 0)
        return false;
    int64_t k = !strcmp(op, "+") ? at + b.num : at - b.num;
    if (k < 0)
        return false;
    char digits[24];
    snprintf(digits, sizeof(digits), "%lld", (long long)k);
    *out = (struct value){.kind = VAL_REF, .buffer = -1, .obj = a.obj,
                          .field = interp_intern(I, digits)};
    return true;
}
