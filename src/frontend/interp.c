/* The concrete interpreter over libclang cursors (see interp.h): statements, expressions,
 * inlined calls, objects and scopes. Vendor calls go to struct api_ops. */
#include "interp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor_util.h"

struct var {
    CXCursor decl;
    struct value v;
    bool owned;             /* the variable's own object: destroyed at the end of its scope */
};

struct frame {
    VEC(struct var) vars;
    struct object *self;
    struct value ret;
};

enum flow { FLOW_NEXT, FLOW_BREAK, FLOW_CONTINUE, FLOW_RETURN, FLOW_STOP };

static struct value eval(struct interp *I, CXCursor e);
static enum flow exec(struct interp *I, CXCursor s);
static struct value call_function(struct interp *I, CXCursor fn, struct object *self,
                                  struct value *args, int nargs, CXCursor site);
static void destroy_object(struct interp *I, struct object *o, struct as_loc at);

static const struct value unknown = {.kind = VAL_UNKNOWN, .buffer = -1};
static const struct value none = {.kind = VAL_NONE, .buffer = -1};

static struct value int_value(int64_t n)
{
    return (struct value){.kind = VAL_INT, .num = n, .buffer = -1};
}

/* ---- locations and reports ---- */

const char *interp_intern(struct interp *I, const char *s)
{
    for (size_t i = 0; i < I->files.len; i++)
        if (strcmp(I->files.items[i], s) == 0)
            return I->files.items[i];
    char *copy = xstrdup(s);
    VEC_PUSH(I->files, copy);
    return copy;
}

struct as_loc interp_loc(struct interp *I, CXCursor c)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile file;
    unsigned line, col, end_line, end_col;
    clang_getSpellingLocation(clang_getRangeStart(r), &file, &line, &col, NULL);
    clang_getSpellingLocation(clang_getRangeEnd(r), NULL, &end_line, &end_col, NULL);
    struct as_loc loc = {NULL, (int)line, (int)col, 1};
    if (!file)
        return loc;
    CXString name = clang_getFileName(file);
    loc.file = interp_intern(I, clang_getCString(name));
    clang_disposeString(name);
    if (end_line == line && end_col > col)
        loc.len = (int)(end_col - col);
    return loc;
}

void interp_unsupported(struct interp *I, CXCursor at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = xvasprintf(fmt, ap);
    va_end(ap);
    struct as_loc loc = interp_loc(I, at);
    loc.file = arena_strdup(&I->diags->arena, loc.file ? loc.file : "");
    diag_addf(I->diags, CHECK_UNSUPPORTED, SEV_ERROR, loc, "%s", msg);
    free(msg);
    I->incomplete = true;
}

static void stop(struct interp *I)
{
    I->stopped = true;
}

bool interp_int(struct interp *I, CXCursor at, struct value v, const char *what, int64_t *out)
{
    if (v.kind == VAL_INT) {
        *out = v.num;
        return true;
    }
    interp_unsupported(I, at, "%s is not known before the kernel runs (it depends on data or "
                       "on a call the frontend does not model)", what);
    stop(I);
    return false;
}

int64_t interp_runtime(struct interp *I, const char *name, int64_t fallback, const char *what)
{
    for (size_t i = 0; i < I->runtime.len; i++)
        if (strcmp(I->runtime.items[i].name, name) == 0)
            return I->runtime.items[i].value;
    struct runtime_value rv = {xstrdup(name), fallback, false, xstrdup(what)};
    for (size_t i = 0; i < I->opt->ndefines; i++)
        if (strcmp(I->opt->defines[i].name, name) == 0) {
            rv.value = I->opt->defines[i].value;
            rv.given = true;
        }
    VEC_PUSH(I->runtime, rv);
    return rv.value;
}

void interp_set_runtime(struct interp *I, const char *name, int64_t value, const char *what)
{
    for (size_t i = 0; i < I->runtime.len; i++)
        if (strcmp(I->runtime.items[i].name, name) == 0) {
            I->runtime.items[i].value = value;
            return;
        }
    struct runtime_value rv = {xstrdup(name), value, false, xstrdup(what)};
    VEC_PUSH(I->runtime, rv);
}

/* ---- types and enums ---- */

int64_t interp_element_size(CXType t)
{
    t = clang_getCanonicalType(type_without_reference(t));
    if (clang_Type_getNumTemplateArguments(t) < 1)
        return 0;
    long long size = clang_Type_getSizeOf(clang_Type_getTemplateArgumentAsType(t, 0));
    return size > 0 ? size : 0;
}

struct enum_search {
    long long value;
    CXCursor found;
    bool ok;
};

static enum CXChildVisitResult find_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct enum_search *s = data;
    if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl &&
        clang_getEnumConstantDeclValue(c) == s->value) {
        s->found = c;
        s->ok = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

const char *interp_enumerator(struct interp *I, CXCursor enum_decl, int64_t value)
{
    struct enum_search s = {.value = value};
    clang_visitChildren(enum_decl, find_enumerator, &s);
    if (!s.ok)
        return NULL;
    CXString name = clang_getCursorSpelling(s.found);
    const char *interned = interp_intern(I, clang_getCString(name));
    clang_disposeString(name);
    return interned;
}

/* The declared type of template parameter i of the template `fn` was made from. */
static CXType template_parameter_type(CXCursor fn, unsigned i)
{
    CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
    struct cursor_vec kids = cursor_children(tmpl);
    CXType t = {.kind = CXType_Invalid};
    unsigned k = 0;
    for (size_t j = 0; j < kids.len; j++) {
        enum CXCursorKind kind = clang_getCursorKind(kids.items[j]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter &&
            kind != CXCursor_TemplateTemplateParameter)
            continue;
        if (k++ == i) {
            t = clang_getCursorType(kids.items[j]);
            break;
        }
    }
    VEC_FREE(kids);
    return t;
}

/* libclang 14 gives template arguments of functions, not of methods: for a method, the
 * enumerators written in the callee (`pipe.AllocEventID<HardEvent::MTE2_V>`) are read. */
static const char *written_template_enum(struct interp *I, CXCursor call, unsigned i)
{
    CXCursor callee = cursor_strip(cursor_first_expr(call));
    struct cursor_vec kids = cursor_children(callee);
    const char *found = NULL;
    unsigned k = 0;
    for (size_t j = 0; j < kids.len && !found; j++) {
        CXCursor ref = clang_getCursorReferenced(kids.items[j]);
        if (clang_getCursorKind(kids.items[j]) != CXCursor_DeclRefExpr ||
            clang_getCursorKind(ref) != CXCursor_EnumConstantDecl || k++ != i)
            continue;
        CXString s = clang_getCursorSpelling(ref);
        found = interp_intern(I, clang_getCString(s));
        clang_disposeString(s);
    }
    VEC_FREE(kids);
    return found;
}

const char *interp_template_enum(struct interp *I, CXCursor fn, CXCursor call, unsigned i)
{
    if (clang_Cursor_getNumTemplateArguments(fn) < 0)
        return written_template_enum(I, call, i);
    if (clang_Cursor_getNumTemplateArguments(fn) <= (int)i ||
        clang_Cursor_getTemplateArgumentKind(fn, i) != CXTemplateArgumentKind_Integral)
        return NULL;
    CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(template_parameter_type(fn, i)));
    if (clang_getCursorKind(decl) != CXCursor_EnumDecl)
        return NULL;
    return interp_enumerator(I, decl, clang_Cursor_getTemplateArgumentValue(fn, i));
}

/* Truncates an integer to the width and signedness of an integer type. */
static int64_t fit_to_type(CXType t, int64_t v)
{
    t = clang_getCanonicalType(t);
    long long size = clang_Type_getSizeOf(t);
    bool is_unsigned;
    switch (t.kind) {
    case CXType_Bool:
        return v != 0;
    case CXType_UChar: case CXType_UShort: case CXType_UInt: case CXType_ULong:
    case CXType_ULongLong: case CXType_Char_U:
        is_unsigned = true;
        break;
    case CXType_SChar: case CXType_Short: case CXType_Int: case CXType_Long:
    case CXType_LongLong: case CXType_Char_S:
        is_unsigned = false;
        break;
    default:
        return v;
    }
    if (size <= 0 || size >= 8)
        return v;
    int bits = (int)size * 8;
    uint64_t mask = ((uint64_t)1 << bits) - 1, u = (uint64_t)v & mask;
    if (!is_unsigned && (u >> (bits - 1)))
        return (int64_t)(u | ~mask);
    return (int64_t)u;
}

static bool is_integer_type(CXType t)
{
    t = clang_getCanonicalType(t);
    return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum;
}

/* ---- objects ---- */

static struct object *new_object(struct interp *I, CXType type)
{
    struct object *o = xcalloc(1, sizeof(*o));
    o->type = type;
    VEC_PUSH(I->objects, o);
    return o;
}

struct value interp_api_object(struct interp *I, CXType type, void *state)
{
    struct object *o = new_object(I, type_without_reference(type));
    o->api = state;
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

static void free_objects(struct interp *I)
{
    for (size_t i = 0; i < I->objects.len; i++) {
        struct object *o = I->objects.items[i];
        if (o->api)
            I->api->release(o->api);
        for (size_t f = 0; f < o->fields.len; f++)
            free(o->fields.items[f].name);
        VEC_FREE(o->fields);
        free(o);
    }
    I->objects.len = 0;
}

static struct value *field_slot(struct object *o, const char *name, bool create)
{
    for (size_t i = 0; i < o->fields.len; i++)
        if (strcmp(o->fields.items[i].name, name) == 0)
            return &o->fields.items[i].v;
    if (!create)
        return NULL;
    struct field f = {xstrdup(name), none};
    VEC_PUSH(o->fields, f);
    return &o->fields.items[o->fields.len - 1].v;
}

/* ---- arrays: objects whose fields are named "0", "1", ... ---- */

static bool is_array(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_ConstantArray;
}

static struct value *element_slot(struct object *array, int64_t i, bool create)
{
    char index[24];
    snprintf(index, sizeof(index), "%lld", (long long)i);
    return field_slot(array, index, create);
}

/* An array declared by `decl` (a variable or a field): `T a[n] = {...}` takes the list and
 * zeroes the rest, `T a[n];` leaves every element unknown. */
static struct value new_array(struct interp *I, CXType type, struct value fill);

static struct value declared_array(struct interp *I, CXCursor decl, CXType type)
{
    struct cursor_vec kids = cursor_exprs(decl);
    CXCursor list = clang_getNullCursor();
    for (size_t k = 0; k < kids.len; k++)
        if (clang_getCursorKind(kids.items[k]) == CXCursor_InitListExpr)
            list = kids.items[k];
    VEC_FREE(kids);
    struct value v = new_array(I, type, clang_Cursor_isNull(list) ? unknown : int_value(0));
    struct cursor_vec items = clang_Cursor_isNull(list) ? (struct cursor_vec){0} : cursor_exprs(list);
    for (size_t k = 0; k < items.len; k++) {
        struct value *slot = element_slot(v.obj, (int64_t)k, false);
        if (slot)
            *slot = eval(I, items.items[k]);
    }
    VEC_FREE(items);
    return v;
}

/* An array of `type`'s length, every element `fill`. */
static struct value new_array(struct interp *I, CXType type, struct value fill)
{
    struct object *o = new_object(I, type);
    long long n = clang_getArraySize(clang_getCanonicalType(type));
    for (long long i = 0; i < n && i < 4096; i++)
        *element_slot(o, i, true) = fill;
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

/* The class name of a type without template arguments or namespace: "TQue". */
static char *class_name(CXType type)
{
    CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(type_without_reference(type)));
    CXString s = clang_getCursorSpelling(decl);
    char *name = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    char *angle = strchr(name, '<');
    if (angle)
        *angle = '\0';
    return name;
}

static bool declared_in_stubs(struct interp *I, CXCursor decl)
{
    CXFile file;
    clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL, NULL, NULL);
    if (!file)
        return false;
    CXString name = clang_getFileName(file);
    bool in = strncmp(clang_getCString(name), I->stub_prefix, strlen(I->stub_prefix)) == 0;
    clang_disposeString(name);
    return in;
}

/* A copy of an object value: API state through api->copy, fields one by one. */
struct value interp_copy_value(struct interp *I, struct value v)
{
    if (v.kind != VAL_OBJECT || !v.obj)
        return v;
    struct object *o = new_object(I, v.obj->type);
    if (v.obj->api)
        o->api = I->api->copy(I, v.obj->api);
    for (size_t i = 0; i < v.obj->fields.len; i++)
        *field_slot(o, v.obj->fields.items[i].name, true) =
            interp_copy_value(I, v.obj->fields.items[i].v);
    v.obj = o;
    return v;
}

static CXCursor record_decl(CXType type)
{
    return clang_getTypeDeclaration(clang_getCanonicalType(type_without_reference(type)));
}

static bool is_record(CXType type)
{
    CXType t = clang_getCanonicalType(type_without_reference(type));
    return t.kind == CXType_Record;
}

/* Constructs an object of class `type`: the API's state for a stub class; for a source class,
 * its fields (default member initializers, then the constructor's initializer list and body). */
static struct object *construct(struct interp *I, CXType type, CXCursor ctor, struct value *args,
                                int nargs, CXCursor site);

/* The value a field starts with: its default member initializer, a constructed object for
 * a class type, else unknown. */
static struct value initial_field_value(struct interp *I, CXCursor field)
{
    CXString s = clang_getCursorSpelling(field);
    I->naming = interp_intern(I, clang_getCString(s));
    clang_disposeString(s);
    CXType ftype = clang_getCursorType(field);
    CXCursor init = cursor_initializer(field);
    struct value v;
    if (is_array(ftype)) {
        v = declared_array(I, field, ftype);
    } else if (!clang_Cursor_isNull(init)) {
        v = interp_copy_value(I, eval(I, init));
        if (is_record(ftype) && v.kind != VAL_OBJECT)
            v.kind = VAL_UNKNOWN;
    } else if (is_record(ftype)) {
        v = (struct value){.kind = VAL_OBJECT, .buffer = -1,
                           .obj = construct(I, ftype, clang_getNullCursor(), NULL, 0, field)};
    } else {
        v = unknown;
    }
    I->naming = NULL;
    return v;
}

struct field_init {
    struct interp *I;
    struct object *o;
};

static enum CXVisitorResult init_field(CXCursor c, CXClientData data)
{
    struct field_init *fi = data;
    if (fi->I->stopped)
        return CXVisit_Break;
    CXString s = clang_getCursorSpelling(c);
    struct value *slot = field_slot(fi->o, clang_getCString(s), true);
    clang_disposeString(s);
    *slot = initial_field_value(fi->I, c);
    return CXVisit_Continue;
}

static void init_fields(struct interp *I, struct object *o, CXType type);

static enum CXChildVisitResult init_base(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct field_init *fi = data;
    if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier)
        init_fields(fi->I, fi->o, clang_getCursorType(c));   /* base fields: the same object */
    return CXChildVisit_Continue;
}

/* The fields of a class, its bases' first. libclang lists the bases of a class written in
 * the source but not of a template's implicit instantiation: fields of those are made when
 * first used (field_of). */
static void init_fields(struct interp *I, struct object *o, CXType type)
{
    struct field_init fi = {I, o};
    clang_visitChildren(record_decl(type), init_base, &fi);
    clang_Type_visitFields(clang_getCanonicalType(type_without_reference(type)), init_field, &fi);
}

static struct object *construct(struct interp *I, CXType type, CXCursor ctor, struct value *args,
                                int nargs, CXCursor site)
{
    struct object *o = new_object(I, type_without_reference(type));
    CXCursor decl = record_decl(type);
    if (declared_in_stubs(I, decl)) {
        char *klass = class_name(type);
        o->api = I->api->construct(I, klass, type, I->naming ? I->naming : klass, site);
        I->naming = NULL;
        if (o->api && !clang_Cursor_isNull(ctor) && nargs > 0 &&
            !I->api->call(I, klass, klass, ctor, o, site, args, nargs, &(struct value){0}))
            interp_unsupported(I, site, "this constructor of '%s' is not modelled", klass);
        free(klass);
        if (o->api)
            return o;
        /* A plain struct of the API (DataCopyParams, ...): an ordinary record. */
    }
    init_fields(I, o, type);
    if (!clang_Cursor_isNull(ctor) && !I->stopped)
        call_function(I, ctor, o, args, nargs, site);
    return o;
}

/* The destructor of a class; for a template's instantiation, whose members libclang does not
 * list, the template's own (its body is run as written). */
static CXCursor find_destructor(CXCursor decl)
{
    CXCursor found = clang_getNullCursor();
    for (int pass = 0; pass < 2 && clang_Cursor_isNull(found); pass++) {
        struct cursor_vec kids = cursor_children(decl);
        for (size_t i = 0; i < kids.len; i++)
            if (clang_getCursorKind(kids.items[i]) == CXCursor_Destructor)
                found = kids.items[i];
        VEC_FREE(kids);
        decl = clang_getSpecializedCursorTemplate(decl);
        if (clang_Cursor_isNull(decl))
            break;
    }
    return found;
}

/* Destruction at the end of a scope: the destructor's body, then the fields in reverse. */
static void destroy_object(struct interp *I, struct object *o, struct as_loc at)
{
    if (!o || I->stopped)
        return;
    if (o->api) {
        I->api->destroy(I, o->api, at);
        return;
    }
    CXCursor dtor = find_destructor(record_decl(o->type));
    if (!clang_Cursor_isNull(dtor)) {
        CXCursor def = clang_getCursorDefinition(dtor);
        if (!clang_Cursor_isNull(def))
            call_function(I, def, o, NULL, 0, def);
    }
    for (size_t i = o->fields.len; i-- > 0;)
        if (o->fields.items[i].v.kind == VAL_OBJECT)
            destroy_object(I, o->fields.items[i].v.obj, at);
}

struct runtime_fields {
    struct interp *I;
    struct object *o;
    const char *prefix, *what;
    int64_t (*fallback)(const char *name);
};

static enum CXChildVisitResult runtime_field(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct runtime_fields *rf = data;
    if (clang_getCursorKind(c) != CXCursor_FieldDecl)
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    char *name = *rf->prefix ? xasprintf("%s.%s", rf->prefix, clang_getCString(s))
                             : xstrdup(clang_getCString(s));
    struct value *slot = field_slot(rf->o, clang_getCString(s), true);
    clang_disposeString(s);
    CXType t = clang_getCursorType(c);
    if (is_integer_type(t)) {
        *slot = int_value(fit_to_type(t, interp_runtime(rf->I, name, rf->fallback(name), rf->what)));
    } else if (is_array(t) && is_integer_type(clang_getArrayElementType(clang_getCanonicalType(t)))) {
        CXType elem = clang_getArrayElementType(clang_getCanonicalType(t));
        *slot = new_array(rf->I, t, unknown);
        long long n = clang_getArraySize(clang_getCanonicalType(t));
        for (long long i = 0; i < n && i < 4096; i++) {
            char *element = xasprintf("%s[%lld]", name, i);
            *element_slot(slot->obj, i, false) = int_value(
                fit_to_type(elem, interp_runtime(rf->I, element, rf->fallback(name), rf->what)));
            free(element);
        }
    } else if (is_record(t)) {
        struct object *inner = new_object(rf->I, t);
        struct runtime_fields sub = {rf->I, inner, name, rf->what, rf->fallback};
        clang_visitChildren(record_decl(t), runtime_field, &sub);
        *slot = (struct value){.kind = VAL_OBJECT, .obj = inner, .buffer = -1};
    } else {
        *slot = unknown;   /* floats, arrays: data */
    }
    free(name);
    return CXChildVisit_Continue;
}

struct value interp_runtime_record(struct interp *I, CXType type, const char *what,
                                   int64_t (*fallback)(const char *name))
{
    type = type_without_reference(type);
    struct object *o = new_object(I, type);
    struct runtime_fields rf = {I, o, "", what, fallback};
    clang_visitChildren(record_decl(type), runtime_field, &rf);
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

/* ---- variables ---- */

static struct value *lookup_var(struct interp *I, CXCursor decl)
{
    if (!I->frame)
        return NULL;
    for (size_t i = I->frame->vars.len; i-- > 0;)
        if (clang_equalCursors(I->frame->vars.items[i].decl, decl))
            return &I->frame->vars.items[i].v;
    return NULL;
}

static void bind_var(struct interp *I, CXCursor decl, struct value v, bool owned)
{
    struct var var = {decl, v, owned};
    VEC_PUSH(I->frame->vars, var);
}

/* Ends a scope: destroys the objects the scope's variables own, newest first. */
static void close_scope(struct interp *I, size_t mark, CXCursor scope)
{
    struct as_loc at = interp_loc(I, scope);
    CXSourceRange r = clang_getCursorExtent(scope);
    unsigned line, col;
    clang_getSpellingLocation(clang_getRangeEnd(r), NULL, &line, &col, NULL);
    at.line = (int)line;
    at.col = col > 1 ? (int)col - 1 : 1;   /* the closing brace */
    at.len = 1;
    for (size_t i = I->frame->vars.len; i-- > mark;) {
        struct var *v = &I->frame->vars.items[i];
        if (v->owned && v->v.kind == VAL_OBJECT)
            destroy_object(I, v->v.obj, at);
    }
    I->frame->vars.len = mark;
}

/* ---- expressions ---- */

static bool count_step(struct interp *I, CXCursor at)
{
    if (++I->steps <= I->opt->max_steps)
        return true;
    if (!I->stopped) {
        struct as_loc loc = interp_loc(I, at);
        loc.file = arena_strdup(&I->diags->arena, loc.file ? loc.file : "");
        diag_addf(I->diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, loc,
                  "the kernel runs more than %llu statements and calls under the values it "
                  "was lowered with; it was not verified (--max-events)",
                  (unsigned long long)I->opt->max_steps);
        I->incomplete = true;
    }
    stop(I);
    return false;
}

static struct value eval_declref(struct interp *I, CXCursor e)
{
    CXCursor ref = clang_getCursorReferenced(e);
    switch (clang_getCursorKind(ref)) {
    case CXCursor_VarDecl:
    case CXCursor_ParmDecl: {
        struct value *v = lookup_var(I, ref);
        if (v)
            return *v;
        struct value c = cursor_constant(ref);   /* constexpr globals and static members */
        if (c.kind == VAL_INT)
            return c;
        c = cursor_constant(e);
        if (c.kind == VAL_INT)
            return c;
        if (!is_integer_type(clang_getCursorType(ref)) &&
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
        struct value c = cursor_constant(e);
        return c.kind == VAL_INT ? c : unknown;
    }
    }
}

static struct value *field_of(struct interp *I, CXCursor member, bool report)
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

/* The storage an assignment writes. */
/* The element `a[i]` names, for an array the interpreter holds. */
static struct value *subscript(struct interp *I, CXCursor e, bool report)
{
    CXCursor base, index;
    if (!cursor_two_exprs(e, &base, &index))
        return NULL;
    struct value a = eval(I, base), i = eval(I, index);
    int64_t k;
    if (I->stopped)
        return NULL;
    if (a.kind != VAL_OBJECT || !a.obj || a.obj->api) {
        if (report)
            interp_unsupported(I, e, "indexing through a pointer (a scalar access to memory) is "
                               "not modelled");
        return NULL;
    }
    if (!interp_int(I, index, i, "the array index", &k))
        return NULL;
    struct value *slot = element_slot(a.obj, k, false);
    if (!slot && report) {
        interp_unsupported(I, e, "index %lld is outside the array", (long long)k);
        stop(I);
    }
    return slot;
}

static struct value *lvalue(struct interp *I, CXCursor e)
{
    e = cursor_strip(e);
    switch (clang_getCursorKind(e)) {
    case CXCursor_ArraySubscriptExpr:
        return subscript(I, e, true);
    case CXCursor_DeclRefExpr: {
        struct value *v = lookup_var(I, clang_getCursorReferenced(e));
        if (!v) {
            CXString s = clang_getCursorSpelling(e);
            interp_unsupported(I, e, "assignment to '%s', which is not local to the kernel",
                               clang_getCString(s));
            clang_disposeString(s);
        }
        return v;
    }
    case CXCursor_MemberRefExpr:
        return field_of(I, e, true);
    default:
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

static struct value arith(struct interp *I, CXCursor e, const char *op, struct value a,
                          struct value b, CXType result_type)
{
    if (a.kind == VAL_POINTER && b.kind == VAL_INT && (!strcmp(op, "+") || !strcmp(op, "-"))) {
        int64_t step = pointee_size(result_type) * b.num;
        a.num += !strcmp(op, "+") ? step : -step;
        return a;
    }
    if (b.kind == VAL_POINTER && a.kind == VAL_INT && !strcmp(op, "+")) {
        b.num += pointee_size(result_type) * a.num;
        return b;
    }
    bool eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
    if ((eq || ne) && ((a.kind == VAL_POINTER && b.kind == VAL_INT && b.num == 0) ||
                       (b.kind == VAL_POINTER && a.kind == VAL_INT && a.num == 0)))
        return int_value(ne);   /* a kernel argument is never a null pointer */
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
    const char *op = cursor_operator(I->ops, I->tu, e, lhs);
    CXType type = clang_getCursorType(e);
    if (!strcmp(op, "&&") || !strcmp(op, "||")) {
        struct value a = eval(I, lhs);
        if (a.kind != VAL_INT)
            return unknown;
        if ((a.num != 0) == (op[0] == '|'))
            return int_value(op[0] == '|');
        struct value b = eval(I, rhs);
        return b.kind == VAL_INT ? int_value(b.num != 0) : unknown;
    }
    if (!strcmp(op, "=")) {
        struct value v = eval(I, rhs);
        struct value *slot = lvalue(I, lhs);
        if (!slot)
            return unknown;
        if (v.kind == VAL_INT && is_integer_type(clang_getCursorType(lhs)))
            v.num = fit_to_type(clang_getCursorType(lhs), v.num);
        *slot = interp_copy_value(I, v);
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
        struct value *slot = lvalue(I, lhs);
        if (!slot)
            return unknown;
        *slot = arith(I, e, base, *slot, b, clang_getCursorType(lhs));
        return *slot;
    }
    struct value a = eval(I, lhs), b = eval(I, rhs);
    if (a.kind == VAL_POINTER && b.kind == VAL_POINTER && !strcmp(op, "-"))
        return a.buffer == b.buffer ? int_value((a.num - b.num) / pointee_size(clang_getCursorType(lhs)))
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
        struct value *slot = lvalue(I, operand);
        if (!slot)
            return unknown;
        struct value old = *slot;
        *slot = arith(I, e, op[0] == '+' ? "+" : "-", old, int_value(1),
                      clang_getCursorType(operand));
        return prefix ? *slot : old;
    }
    struct value v = eval(I, operand);
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
    struct object *o = construct(I, type, clang_getNullCursor(), NULL, 0, e);
    struct cursor_vec items = cursor_exprs(e);
    struct list_init li = {I, o, &items, 0};
    if (!o->api)
        clang_visitChildren(record_decl(type), take_list_item, &li);
    VEC_FREE(items);
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

/* The object a member call is made on: the base of the callee's member expression. */
static struct value call_receiver(struct interp *I, CXCursor call, CXCursor fn, bool *is_operator)
{
    *is_operator = false;
    CXCursor callee = cursor_first_expr(call);
    callee = cursor_strip(callee);
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(callee), fn)) {
        CXCursor base = cursor_first_expr(callee);
        if (clang_Cursor_isNull(base))
            return I->frame && I->frame->self
                       ? (struct value){.kind = VAL_OBJECT, .obj = I->frame->self, .buffer = -1}
                       : unknown;
        return eval(I, base);
    }
    CXString s = clang_getCursorSpelling(fn);
    *is_operator = strncmp(clang_getCString(s), "operator", 8) == 0;
    clang_disposeString(s);
    if (*is_operator && clang_Cursor_getNumArguments(call) > 0)
        return eval(I, clang_Cursor_getArgument(call, 0));
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
        for (int i = 0; i < nargs; i++)
            args[i] = eval(I, clang_Cursor_getArgument(call, (unsigned)i));
        struct value result;
        CXType type = clang_getCursorType(call);
        if (nargs == 1 && args[0].kind == VAL_OBJECT && args[0].obj &&
            clang_equalTypes(clang_getCanonicalType(args[0].obj->type),
                             clang_getCanonicalType(type_without_reference(type))))
            result = interp_copy_value(I, args[0]);     /* copy or move constructor */
        else
            result = (struct value){.kind = VAL_OBJECT, .buffer = -1,
                                    .obj = construct(I, type, fn, args, nargs, call)};
        free(args);
        return result;
    }
    bool is_operator = false;
    struct value self = unknown;
    bool method = kind == CXCursor_CXXMethod || kind == CXCursor_ConversionFunction;
    if (method && !clang_CXXMethod_isStatic(fn))
        self = call_receiver(I, call, fn, &is_operator);
    int first = is_operator ? 1 : 0;
    struct value *args = xcalloc((size_t)nargs + 1, sizeof(*args));
    for (int i = first; i < nargs; i++)
        args[i - first] = eval(I, clang_Cursor_getArgument(call, (unsigned)i));
    nargs -= first;
    struct value result = none;
    if (I->stopped) {
        free(args);
        return unknown;
    }
    if (is_implicit_assignment(I, fn)) {
        if (self.kind == VAL_OBJECT && self.obj && nargs == 1 && args[0].kind == VAL_OBJECT) {
            struct value copy = interp_copy_value(I, args[0]);
            /* the copy's state and fields move into self; self's old ones go with the copy */
            void *old_api = self.obj->api;
            self.obj->api = copy.obj->api;
            copy.obj->api = old_api;
            struct object tmp = *self.obj;
            self.obj->fields = copy.obj->fields;
            copy.obj->fields = tmp.fields;
        }
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
            interp_unsupported(I, call, "'%s%s%s' is not modelled by the Ascend C frontend",
                               klass ? klass : "", klass ? "::" : "", clang_getCString(name));
        free(klass);
        clang_disposeString(name);
    } else {
        CXCursor def = clang_getCursorDefinition(fn);
        if (clang_Cursor_isNull(def) || clang_Cursor_isNull(cursor_body(def))) {
            CXString name = clang_getCursorSpelling(fn);
            bool touches = false;
            for (int i = 0; i < nargs; i++)
                touches |= args[i].kind == VAL_OBJECT || args[i].kind == VAL_POINTER;
            if (touches)
                interp_unsupported(I, call, "'%s' has no definition the frontend can see, and "
                                   "it is given a tensor or pointer", clang_getCString(name));
            clang_disposeString(name);
            result = unknown;
        } else {
            result = call_function(I, def, self.kind == VAL_OBJECT ? self.obj : NULL, args,
                                   nargs, call);
        }
    }
    free(args);
    return result;
}

static struct value eval(struct interp *I, CXCursor e)
{
    if (I->stopped)
        return unknown;
    switch (clang_getCursorKind(e)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
    case CXCursor_UnaryExpr:            /* sizeof, alignof */
    case CXCursor_CXXNullPtrLiteralExpr: {
        struct value c = cursor_constant(e);
        return c.kind == VAL_INT ? c : int_value(0);
    }
    case CXCursor_FloatingLiteral:
    case CXCursor_StringLiteral:
        return unknown;
    case CXCursor_DeclRefExpr:
        return eval_declref(I, e);
    case CXCursor_MemberRefExpr: {
        struct value c = cursor_constant(e);    /* static constexpr members */
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
            if (c.kind == VAL_INT)
                r = eval(I, k.items[c.num ? 1 : 2]);
            else
                interp_int(I, k.items[0], c, "the condition of '?:'", &(int64_t){0});
        }
        VEC_FREE(k);
        return r;
    }
    case CXCursor_CallExpr:
        return eval_call(I, e);
    case CXCursor_InitListExpr:
        return eval_init_list(I, e);
    case CXCursor_ArraySubscriptExpr: {
        struct value *slot = subscript(I, e, true);
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
            struct value c = cursor_constant(e);   /* default arguments, substituted params */
            return c.kind == VAL_INT ? c : unknown;
        }
        struct value v = eval(I, inner);
        if (v.kind == VAL_INT && is_integer_type(clang_getCursorType(e)))
            v.num = fit_to_type(clang_getCursorType(e), v.num);
        return v;
    }
    default: {
        struct value c = cursor_constant(e);
        if (c.kind == VAL_INT)
            return c;
        CXString k = clang_getCursorKindSpelling(clang_getCursorKind(e));
        interp_unsupported(I, e, "expression of kind %s is not modelled", clang_getCString(k));
        clang_disposeString(k);
        return unknown;
    }
    }
}

/* ---- statements ---- */

static bool condition(struct interp *I, CXCursor c, const char *what, bool *out)
{
    struct value v = eval(I, c);
    if (I->stopped)
        return false;
    if (v.kind == VAL_POINTER || v.kind == VAL_OBJECT) {
        *out = true;
        return true;
    }
    int64_t n;
    if (!interp_int(I, c, v, what, &n))
        return false;
    *out = n != 0;
    return true;
}

static enum flow exec_decl(struct interp *I, CXCursor s)
{
    struct cursor_vec decls = cursor_children(s);
    for (size_t i = 0; i < decls.len && !I->stopped; i++) {
        CXCursor d = decls.items[i];
        if (clang_getCursorKind(d) != CXCursor_VarDecl)
            continue;
        CXType type = clang_getCursorType(d);
        CXCursor init = cursor_initializer(d);
        bool reference = clang_getCursorType(d).kind == CXType_LValueReference ||
                         clang_getCursorType(d).kind == CXType_RValueReference;
        struct value v;
        if (is_array(type)) {
            bind_var(I, d, declared_array(I, d, type), false);
            continue;
        }
        CXString vname = clang_getCursorSpelling(d);
        I->naming = interp_intern(I, clang_getCString(vname));
        clang_disposeString(vname);
        if (!clang_Cursor_isNull(init)) {
            v = eval(I, init);
            if (!reference)
                v = v.kind == VAL_OBJECT && clang_getCursorKind(cursor_strip(init)) != CXCursor_CallExpr
                        ? interp_copy_value(I, v) : v;
            if (v.kind == VAL_INT && is_integer_type(type))
                v.num = fit_to_type(type, v.num);
        } else if (is_record(type)) {
            v = (struct value){.kind = VAL_OBJECT, .buffer = -1,
                               .obj = construct(I, type, clang_getNullCursor(), NULL, 0, d)};
        } else {
            v = unknown;
        }
        I->naming = NULL;
        bind_var(I, d, v, !reference && v.kind == VAL_OBJECT);
    }
    VEC_FREE(decls);
    return I->stopped ? FLOW_STOP : FLOW_NEXT;
}

static enum flow exec_compound(struct interp *I, CXCursor s)
{
    size_t mark = I->frame->vars.len;
    struct cursor_vec stmts = cursor_children(s);
    enum flow f = FLOW_NEXT;
    for (size_t i = 0; i < stmts.len && f == FLOW_NEXT; i++)
        f = exec(I, stmts.items[i]);
    VEC_FREE(stmts);
    if (f != FLOW_STOP)
        close_scope(I, mark, s);
    return I->stopped ? FLOW_STOP : f;
}

static enum flow exec_loop(struct interp *I, CXCursor init, CXCursor cond, CXCursor inc,
                           CXCursor body, bool test_first, CXCursor s)
{
    size_t mark = I->frame->vars.len;
    if (!clang_Cursor_isNull(init) && exec(I, init) == FLOW_STOP)
        return FLOW_STOP;
    enum flow f = FLOW_NEXT;
    for (bool first = true;; first = false) {
        if (!count_step(I, s))
            return FLOW_STOP;
        if (!clang_Cursor_isNull(cond) && (test_first || !first)) {
            bool go;
            if (!condition(I, cond, "the loop condition", &go))
                return FLOW_STOP;
            if (!go)
                break;
        }
        f = exec(I, body);
        if (f == FLOW_STOP || f == FLOW_RETURN)
            return f;
        if (f == FLOW_BREAK)
            break;
        if (!clang_Cursor_isNull(inc)) {
            eval(I, inc);
            if (I->stopped)
                return FLOW_STOP;
        }
    }
    close_scope(I, mark, s);
    return FLOW_NEXT;
}

static enum flow exec(struct interp *I, CXCursor s)
{
    if (I->stopped)
        return FLOW_STOP;
    switch (clang_getCursorKind(s)) {
    case CXCursor_CompoundStmt:
        return exec_compound(I, s);
    case CXCursor_DeclStmt:
        return exec_decl(I, s);
    case CXCursor_NullStmt:
        return FLOW_NEXT;
    case CXCursor_IfStmt: {
        struct cursor_vec k = cursor_children(s);
        enum flow f = FLOW_NEXT;
        bool go;
        if (k.len >= 2 && k.len <= 3 && condition(I, k.items[0], "the condition of 'if'", &go)) {
            if (go)
                f = exec(I, k.items[1]);
            else if (k.len == 3)
                f = exec(I, k.items[2]);
        } else if (!I->stopped) {
            interp_unsupported(I, s, "this form of 'if' (with an initializer or a declaration "
                               "as condition) is not modelled");
            stop(I);
        }
        VEC_FREE(k);
        return I->stopped ? FLOW_STOP : f;
    }
    case CXCursor_ForStmt: {
        CXCursor init, cond, inc, body;
        if (!cursor_for_parts(I->tu, s, &init, &cond, &inc, &body)) {
            interp_unsupported(I, s, "this 'for' statement is not modelled");
            stop(I);
            return FLOW_STOP;
        }
        return exec_loop(I, init, cond, inc, body, true, s);
    }
    case CXCursor_WhileStmt: {
        struct cursor_vec k = cursor_children(s);
        enum flow f = k.len == 2 ? exec_loop(I, clang_getNullCursor(), k.items[0],
                                             clang_getNullCursor(), k.items[1], true, s)
                                 : FLOW_STOP;
        VEC_FREE(k);
        return f;
    }
    case CXCursor_DoStmt: {
        struct cursor_vec k = cursor_children(s);
        enum flow f = k.len == 2 ? exec_loop(I, clang_getNullCursor(), k.items[1],
                                             clang_getNullCursor(), k.items[0], false, s)
                                 : FLOW_STOP;
        VEC_FREE(k);
        return f;
    }
    case CXCursor_BreakStmt:
        return FLOW_BREAK;
    case CXCursor_ContinueStmt:
        return FLOW_CONTINUE;
    case CXCursor_ReturnStmt: {
        CXCursor v = cursor_first_expr(s);
        if (!clang_Cursor_isNull(v))
            I->frame->ret = eval(I, v);
        return I->stopped ? FLOW_STOP : FLOW_RETURN;
    }
    default:
        if (clang_isExpression(clang_getCursorKind(s))) {
            eval(I, s);
            return I->stopped ? FLOW_STOP : FLOW_NEXT;
        }
        {
            CXString k = clang_getCursorKindSpelling(clang_getCursorKind(s));
            interp_unsupported(I, s, "statement of kind %s is not modelled", clang_getCString(k));
            clang_disposeString(k);
        }
        stop(I);
        return FLOW_STOP;
    }
}

/* ---- calls ---- */

/* The constructor's member initializer list: `MemberRef` cursors, each followed by its
 * initializer expression. */
static void run_member_initializers(struct interp *I, CXCursor ctor, struct object *self)
{
    struct cursor_vec kids = cursor_children(ctor);
    for (size_t i = 0; i + 1 < kids.len && !I->stopped; i++) {
        if (clang_getCursorKind(kids.items[i]) != CXCursor_MemberRef)
            continue;
        CXString s = clang_getCursorSpelling(kids.items[i]);
        struct value *slot = field_slot(self, clang_getCString(s), true);
        clang_disposeString(s);
        struct value v = eval(I, kids.items[i + 1]);
        *slot = interp_copy_value(I, v);
        i++;
    }
    VEC_FREE(kids);
}

static struct value call_function(struct interp *I, CXCursor fn, struct object *self,
                                  struct value *args, int nargs, CXCursor site)
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
    struct frame frame = {.self = self, .ret = none};
    struct frame *caller = I->frame;
    I->frame = &frame;
    I->depth++;
    int nparams = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
        struct value v = i < nargs ? args[i] : cursor_default_argument(p);
        CXType pt = clang_getCursorType(p);
        bool reference = pt.kind == CXType_LValueReference || pt.kind == CXType_RValueReference;
        if (!reference)
            v = interp_copy_value(I, v);
        if (v.kind == VAL_INT && is_integer_type(pt))
            v.num = fit_to_type(pt, v.num);
        bind_var(I, p, v, false);
    }
    if (clang_getCursorKind(fn) == CXCursor_Constructor && self)
        run_member_initializers(I, fn, self);
    enum flow f = I->stopped ? FLOW_STOP : exec(I, body);
    struct value ret = f == FLOW_RETURN ? frame.ret : none;
    VEC_FREE(frame.vars);
    I->frame = caller;
    I->depth--;
    return ret;
}

/* ---- kernels ---- */

void interp_init(struct interp *I, CXTranslationUnit tu, const char *stub_prefix,
                 const struct api_ops *api, void *api_data, struct pir_writer *w,
                 struct diag_list *diags, const struct interp_options *opt)
{
    memset(I, 0, sizeof(*I));
    I->tu = tu;
    I->stub_prefix = stub_prefix;
    I->api = api;
    I->api_data = api_data;
    I->w = w;
    I->diags = diags;
    I->opt = opt;
    I->ops = op_cache_new();
}

void interp_free(struct interp *I)
{
    for (size_t i = 0; i < I->files.len; i++)
        free(I->files.items[i]);
    VEC_FREE(I->files);
    for (size_t i = 0; i < I->runtime.len; i++) {
        free(I->runtime.items[i].name);
        free(I->runtime.items[i].what);
    }
    VEC_FREE(I->runtime);
    op_cache_free(I->ops);
    free_objects(I);
    VEC_FREE(I->objects);
}

void interp_run_kernel(struct interp *I, CXCursor entry, interp_param_fn bind_param, void *data)
{
    struct frame frame = {.ret = none};
    I->frame = &frame;
    I->stopped = I->incomplete = false;
    I->steps = 0;
    int nparams = clang_Cursor_getNumArguments(entry);
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(entry, (unsigned)i);
        bind_var(I, p, bind_param(I, p, data), false);
    }
    exec(I, cursor_body(entry));
    VEC_FREE(frame.vars);
    I->frame = NULL;
    free_objects(I);
}
