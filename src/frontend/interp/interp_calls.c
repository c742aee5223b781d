/* Calls: the callee found and its receiver, arguments bound (by value or by reference),
 * the vendor API handed its calls, the source's own functions inlined with their frames. */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

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

/* The latest read (rule 10) among `from` and the values' (a scalar class's value made of
 * its operands). */
static uint32_t latest_read(const struct value *v, int n, uint32_t from)
{
    for (int k = 0; k < n; k++)
        if (value_read(v[k]) > from)
            from = value_read(v[k]);
    return from;
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

/* __builtin_expect(x, v) and __builtin_expect_with_probability(x, v, p) (the SDK's likely
 * and unlikely): a hint to the compiler whose value is x. */
static bool is_branch_hint(CXCursor fn)
{
    CXString s = clang_getCursorSpelling(fn);
    const char *name = clang_getCString(s);
    bool hint = !strcmp(name, "__builtin_expect") ||
                !strcmp(name, "__builtin_expect_with_probability");
    clang_disposeString(s);
    return hint;
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
    /* a reference parameter of the source's own code is bound as C++ binds it, and so is an
     * out parameter (a non-const lvalue reference) of a stub's helper with a body
     * (GetCoreMemSize(type, size) writes `size`); the API layer's calls get values */
    bool body = !clang_Cursor_isNull(cursor_body(clang_getCursorDefinition(fn)));
    bool source = body && !declared_in_stubs(I, fn);
    int nparams = clang_Cursor_getNumArguments(fn);
    for (int i = first; i < nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        int k = i - first;
        CXType t = k < nparams ? clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)k))
                               : clang_getCursorType(arg);
        CXType pointee = clang_getPointeeType(t);
        bool reference = t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
        CXCursor lv = clang_getNullCursor();
        bool out_parameter = body && t.kind == CXType_LValueReference &&
                             !clang_isConstQualifiedType(pointee);
        binding[k] = (source || out_parameter) && reference &&
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

struct value eval_call(struct interp *I, CXCursor call)
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
        if (interp_is_scalar_class(type) && result.kind == VAL_OBJECT && result.obj)
            result.obj->read = latest_read(args, nargs, result.obj->read);   /* half(x) */
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
        if (self.kind == VAL_OBJECT && self.obj && nargs == 1 &&
            interp_is_scalar_class(self.obj->type))
            self.obj->read = value_read(args[0]);   /* h = x: x's value (rule 10) */
        result = self;
    } else if (is_api(I, fn)) {
        CXString name = clang_getCursorSpelling(fn);
        char *klass = method ? class_name(clang_getCursorType(clang_getCursorSemanticParent(fn)))
                             : NULL;
        uint32_t self_read = value_read(self);   /* before the receiver is dropped below */
        if (method && self.kind == VAL_OBJECT && self.obj && self.obj->api == NULL &&
            !clang_CXXMethod_isStatic(fn))
            self = unknown;
        for (int k = 0; k < nargs; k++)   /* rule 10: the API call needs its operands */
            interp_use(I, call, args[k]);
        if (!I->api->call(I, klass, clang_getCString(name), fn,
                          self.kind == VAL_OBJECT ? self.obj : NULL, call, args, nargs, &result))
            interp_unsupported(I, call, "'%s%s%s' is not modelled by the %s frontend",
                               klass ? klass : "", klass ? "::" : "", clang_getCString(name),
                               I->api->name);
        else
            forget_out_arguments(I, fn, call, nargs);
        /* a scalar class's conversions and operators (half's `operator float`): the value
         * comes from the receiver's and the operands' (rule 10) */
        if (method && interp_is_scalar_class(clang_getCursorType(clang_getCursorSemanticParent(fn)))) {
            uint32_t read = latest_read(args, nargs, self_read);
            if (read > value_read(result))
                result.read = read;
        }
        free(klass);
        clang_disposeString(name);
    } else if (nargs >= 1 && is_branch_hint(fn)) {
        result = args[0];   /* likely(x), unlikely(x): the compiler's hint is x itself */
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

struct value interp_call(struct interp *I, CXCursor fn, struct value *args, int nargs,
                         CXCursor site)
{
    return call_function(I, fn, NULL, args, NULL, nargs, site);
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
    struct frame frame = {.caller = caller, .self = self, .ret = none, .site = site};
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
