/* Objects of the interpreter: class instances and their fields, arrays, construction and
 * destruction, tiling records of runtime values. */
#include "interp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/clang_driver.h"
#include "../clang/cursor_util.h"

/* ---- objects ---- */

struct object *new_object(struct interp *I, CXType type)
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

void free_objects(struct interp *I)
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
    I->scratch = none;   /* it may hold a place in one of them */
    /* globals that were objects (constant arrays) or referred to one (a pointer to one, a
     * reference to its field) are made again: the objects are gone */
    size_t kept = 0;
    for (size_t i = 0; i < I->globals.len; i++)
        if (I->globals.items[i].v.kind != VAL_OBJECT && !I->globals.items[i].v.obj &&
            !I->globals.items[i].program)
            I->globals.items[kept++] = I->globals.items[i];
    I->globals.len = kept;
}

struct value *field_slot(struct object *o, const char *name, bool create)
{
    for (size_t i = 0; i < o->fields.len; i++)
        if (strcmp(o->fields.items[i].name, name) == 0)
            return &o->fields.items[i].v;
    if (!create)
        return NULL;
    struct field f = {xstrdup(name), none, false, false};
    VEC_PUSH(o->fields, f);
    return &o->fields.items[o->fields.len - 1].v;
}

struct field *field_holding(struct object *o, const struct value *slot)
{
    for (size_t i = 0; o && slot && i < o->fields.len; i++)
        if (&o->fields.items[i].v == slot)
            return &o->fields.items[i];
    return NULL;
}

/* ---- arrays: objects whose fields are named "0", "1", ... ---- */

/* The elements an array holds (of one dimension; of all of them, for an array of arrays
 * whose rows are arrays too): past them, elements are not tracked. */
#define MAX_ARRAY_ELEMENTS 4096

bool is_array(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_ConstantArray;
}

/* An array whose length its initializer gives (`T a[] = {...}`). */
static bool is_unsized_array(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_IncompleteArray;
}

struct value *element_slot(struct object *array, int64_t i, bool create)
{
    char index[24];
    snprintf(index, sizeof(index), "%lld", (long long)i);
    return field_slot(array, index, create);
}

/* An array declared by `decl` (a variable or a field): `T a[n] = {...}` takes the list and
 * zeroes the rest, `T a[] = {...}` is as long as the list, `T a[n];` leaves every element
 * unknown. */

static CXCursor element_constructor(CXCursor site, CXType type);

struct value declared_array(struct interp *I, CXCursor decl, CXType type)
{
    CXCursor list = cursor_init_list(decl);
    struct value v = new_array(I, type, clang_Cursor_isNull(list) ? unknown : int_value(0), decl);
    struct cursor_vec items = clang_Cursor_isNull(list) ? (struct cursor_vec){0} : cursor_exprs(list);
    bool unsized = is_unsized_array(type);
    CXType element = clang_getArrayElementType(clang_getCanonicalType(type));
    bool scalar_class = interp_is_scalar_class(element);
    for (size_t k = 0; k < items.len && (!unsized || k < MAX_ARRAY_ELEMENTS); k++) {
        struct value *slot = element_slot(v.obj, (int64_t)k, unsized);
        if (!slot)
            continue;
        *slot = eval(I, items.items[k]);
        /* `half px[2] = {0, x}`: the conversion the list implies, an element object whose
         * value comes from the item's read, so `px[0] = h` later has an object to set */
        if (scalar_class && slot->kind != VAL_OBJECT && !I->stopped) {
            struct object *o = construct(I, element, element_constructor(decl, element), NULL,
                                         NULL, 0, decl);
            o->read = value_read(*slot);
            *slot = (struct value){.kind = VAL_OBJECT, .buffer = -1, .obj = o};
        }
    }
    VEC_FREE(items);
    return v;
}

/* The elements of an array type, all dimensions together. */
static long long array_elements(CXType t)
{
    long long n = 1;
    for (t = clang_getCanonicalType(t); is_array(t); t = clang_getArrayElementType(t))
        n *= clang_getArraySize(t) > 0 ? clang_getArraySize(t) : 1;
    return n;
}

/* The constructor that makes each element of an array declared at `site`: the one clang chose
 * there (its construct expression: templates, default arguments), else one the record
 * declares without parameters; a null cursor if none. */
static CXCursor element_constructor(CXCursor site, CXType type)
{
    CXCursor found = clang_getNullCursor();
    struct cursor_vec kids = cursor_children(site);
    for (size_t i = 0; i < kids.len && clang_Cursor_isNull(found); i++) {
        CXCursor ref = clang_getCursorReferenced(kids.items[i]);
        if (clang_getCursorKind(kids.items[i]) == CXCursor_CallExpr &&
            clang_getCursorKind(ref) == CXCursor_Constructor)
            found = clang_getCursorDefinition(ref);
    }
    VEC_FREE(kids);
    kids = cursor_children(record_decl(type));
    for (size_t i = 0; i < kids.len && clang_Cursor_isNull(found); i++)
        if (clang_getCursorKind(kids.items[i]) == CXCursor_Constructor &&
            clang_Cursor_getNumArguments(kids.items[i]) == 0)
            found = clang_getCursorDefinition(kids.items[i]);
    VEC_FREE(kids);
    return found;
}

/* An array of `type`'s length, every element `fill`. An array of arrays has arrays of `fill`
 * as elements, up to MAX_ARRAY_ELEMENTS in all (past that, its rows are `fill`). Without an
 * initializer list (fill unknown), an array of a record the source defines, or of the stubs'
 * scalar classes (half), has objects as elements, made by the constructor chosen at `site`
 * (the declaration), so that `line[0].update(a, b)` has an object to set the fields of and
 * `px[0] = h` keeps the read h's value comes from (rule 10). */
struct value new_array(struct interp *I, CXType type, struct value fill, CXCursor site)
{
    struct object *o = new_object(I, type);
    CXType canonical = clang_getCanonicalType(type);
    CXType element = clang_getArrayElementType(canonical);
    long long n = clang_getArraySize(canonical);
    bool nested = is_array(element) && array_elements(canonical) <= MAX_ARRAY_ELEMENTS;
    /* with an initializer list (fill known), the listed elements are made from it */
    bool records = !nested && is_record(element) && fill.kind == VAL_UNKNOWN &&
                   (!declared_in_stubs(I, record_decl(element)) ||
                    interp_is_scalar_class(element));
    CXCursor ctor = records && !clang_Cursor_isNull(site) ? element_constructor(site, element)
                                                         : clang_getNullCursor();
    for (long long i = 0; i < n && i < MAX_ARRAY_ELEMENTS && !I->stopped; i++) {
        struct value v = fill;
        if (nested)
            v = new_array(I, element, fill, site);
        else if (records)
            v = (struct value){.kind = VAL_OBJECT, .buffer = -1,
                               .obj = construct(I, element, ctor, NULL, NULL, 0, site)};
        *element_slot(o, i, true) = v;
    }
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

/* The class name of a type without template arguments or namespace: "TQue". */
char *class_name(CXType type)
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

bool interp_is_scalar_class(CXType t)
{
    return is_record(t) && clang_has_annotation(record_decl(t), "accelsync:scalar");
}

bool declared_in_stubs(struct interp *I, CXCursor decl)
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

struct value interp_copy_for(struct interp *I, CXType t, struct value v)
{
    t = clang_getCanonicalType(type_without_reference(t));
    return is_record(t) || is_array(t) ? interp_copy_value(I, v) : v;
}

/* A copy of an object value: API state through api->copy, fields one by one. */
struct value interp_copy_value(struct interp *I, struct value v)
{
    if (v.kind != VAL_OBJECT || !v.obj)
        return v;
    struct object *o = new_object(I, v.obj->type);
    o->read = v.obj->read;
    if (v.obj->api)
        o->api = I->api->copy(I, v.obj->api);
    for (size_t i = 0; i < v.obj->fields.len; i++) {
        /* by index: copying a field may add fields to other objects, not to this one */
        struct field f = v.obj->fields.items[i];
        struct value copied = f.shared ? f.v : interp_copy_value(I, f.v);
        *field_slot(o, f.name, true) = copied;
        o->fields.items[o->fields.len - 1].shared = f.shared;
        o->fields.items[o->fields.len - 1].detached = f.detached;
    }
    v.obj = o;
    return v;
}

CXCursor record_decl(CXType type)
{
    return clang_getTypeDeclaration(clang_getCanonicalType(type_without_reference(type)));
}

bool is_record(CXType type)
{
    CXType t = clang_getCanonicalType(type_without_reference(type));
    return t.kind == CXType_Record;
}

/* Constructs an object of class `type`: the API's state for a stub class; for a source class,
 * its fields (default member initializers, then the constructor's initializer list and body). */

/* The value a field starts with: its default member initializer, a constructed object for
 * a class type, else unknown. */
static CXCursor default_constructor(CXType type);

bool interp_is_anonymous_member(CXCursor field)
{
    if (clang_getCursorKind(field) != CXCursor_FieldDecl)
        return false;
    CXCursor record = clang_getTypeDeclaration(clang_getCanonicalType(clang_getCursorType(field)));
    return !clang_Cursor_isNull(record) && clang_Cursor_isAnonymousRecordDecl(record);
}

struct value initial_field_value(struct interp *I, CXCursor field)
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
                           .obj = construct(I, ftype, default_constructor(ftype), NULL, NULL, 0,
                                            field)};
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

static void init_fields(struct interp *I, struct object *o, CXType type);

static enum CXVisitorResult init_field(CXCursor c, CXClientData data)
{
    struct field_init *fi = data;
    if (fi->I->stopped)
        return CXVisit_Break;
    if (interp_is_anonymous_member(c)) {   /* its members are the object's own */
        init_fields(fi->I, fi->o, clang_getCursorType(c));
        return CXVisit_Continue;
    }
    CXString s = clang_getCursorSpelling(c);
    bool shared = field_slot(fi->o, clang_getCString(s), false) != NULL;
    struct value *slot = field_slot(fi->o, clang_getCString(s), true);
    clang_disposeString(s);
    bool initialized = !clang_Cursor_isNull(cursor_initializer(c));
    /* a union member an initialized member already gave its bytes keeps them */
    if (!shared || initialized)
        *slot = initial_field_value(fi->I, c);
    if (initialized)
        interp_union_field_set(fi->I, fi->o, c);
    return CXVisit_Continue;
}

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

static enum CXChildVisitResult find_default_ctor(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_Constructor && clang_Cursor_getNumArguments(c) == 0) {
        CXCursor def = clang_getCursorDefinition(c);
        if (!clang_Cursor_isNull(def) && !clang_Cursor_isNull(cursor_body(def))) {
            *(CXCursor *)data = def;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Continue;
}

/* The default constructor the class declares with a body (`TPipe() { Init(); }`), or a null
 * cursor: what a field or element without an initializer is made by. */
static CXCursor default_constructor(CXType type)
{
    CXCursor found = clang_getNullCursor();
    CXCursor decl = record_decl(type);
    if (!clang_Cursor_isNull(decl))
        clang_visitChildren(decl, find_default_ctor, &found);
    return found;
}

struct object *construct(struct interp *I, CXType type, CXCursor ctor, struct value *args,
                         const enum ref_binding *binding, int nargs, CXCursor site)
{
    struct object *o = new_object(I, type_without_reference(type));
    CXCursor decl = record_decl(type);
    if (declared_in_stubs(I, decl)) {
        char *klass = class_name(type);
        o->api = I->api->construct
                     ? I->api->construct(I, klass, type, I->naming ? I->naming : klass, site)
                     : NULL;
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
        call_function(I, ctor, o, args, binding, nargs, site);
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
void destroy_object(struct interp *I, struct object *o, struct as_loc at)
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
            call_function(I, def, o, NULL, NULL, 0, def);
    }
    for (size_t i = o->fields.len; i-- > 0;)
        if (o->fields.items[i].v.kind == VAL_OBJECT && !o->fields.items[i].shared)
            destroy_object(I, o->fields.items[i].v.obj, at);
}

struct runtime_fields {
    struct interp *I;
    struct object *o;
    const char *prefix, *what;
    int64_t (*fallback)(const char *name);
    const char *space;      /* pointers become buffers of their own in this space; NULL: data */
    CXCursor site;          /* where those buffers come from */
};

/* A pointer field of a kernel argument (`list.addresses[2]`): memory of its own, as a pointer
 * argument is; data when the record is not an argument's. */
static struct value field_pointer(struct runtime_fields *rf, const char *name)
{
    if (!rf->space)
        return unknown;
    int b = pir_writer_buffer(rf->I->w, name, rf->space, 0, -1, interp_loc(rf->I, rf->site),
                              "a pointer in a kernel argument");
    return (struct value){.kind = VAL_POINTER, .num = 0, .buffer = b};
}

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
    if (interp_is_integer_type(t)) {
        *slot = int_value(fit_to_type(t, interp_runtime(rf->I, name, rf->fallback(name), rf->what)));
    } else if (is_array(t) && interp_is_integer_type(clang_getArrayElementType(clang_getCanonicalType(t)))) {
        CXType elem = clang_getArrayElementType(clang_getCanonicalType(t));
        *slot = new_array(rf->I, t, unknown, c);
        long long n = clang_getArraySize(clang_getCanonicalType(t));
        for (long long i = 0; i < n && i < MAX_ARRAY_ELEMENTS; i++) {
            char *element = xasprintf("%s[%lld]", name, i);
            *element_slot(slot->obj, i, false) = int_value(
                fit_to_type(elem, interp_runtime(rf->I, element, rf->fallback(name), rf->what)));
            free(element);
        }
    } else if (clang_getCanonicalType(t).kind == CXType_Pointer) {
        *slot = field_pointer(rf, name);
    } else if (rf->space && is_array(t) &&
               clang_getCanonicalType(clang_getArrayElementType(clang_getCanonicalType(t))).kind ==
                   CXType_Pointer) {
        *slot = new_array(rf->I, t, unknown, c);
        long long n = clang_getArraySize(clang_getCanonicalType(t));
        for (long long i = 0; i < n && i < MAX_ARRAY_ELEMENTS; i++) {
            char *element = xasprintf("%s[%lld]", name, i);
            *element_slot(slot->obj, i, false) = field_pointer(rf, element);
            free(element);
        }
    } else if (is_record(t)) {
        struct object *inner = new_object(rf->I, t);
        struct runtime_fields sub = {rf->I, inner, name, rf->what, rf->fallback, rf->space,
                                     rf->site};
        clang_visitChildren(record_decl(t), runtime_field, &sub);
        *slot = (struct value){.kind = VAL_OBJECT, .obj = inner, .buffer = -1};
    } else {
        *slot = unknown;   /* floats, arrays: data */
    }
    free(name);
    return CXChildVisit_Continue;
}

static struct value runtime_record(struct interp *I, CXType type, const char *prefix,
                                   const char *what, int64_t (*fallback)(const char *name),
                                   const char *space, CXCursor site)
{
    type = type_without_reference(type);
    struct object *o = new_object(I, type);
    struct runtime_fields rf = {I, o, prefix, what, fallback, space, site};
    clang_visitChildren(record_decl(type), runtime_field, &rf);
    return (struct value){.kind = VAL_OBJECT, .obj = o, .buffer = -1};
}

struct value interp_runtime_record(struct interp *I, CXType type, const char *prefix,
                                   const char *what, int64_t (*fallback)(const char *name))
{
    return runtime_record(I, type, prefix, what, fallback, NULL, clang_getNullCursor());
}

struct value interp_argument_record(struct interp *I, CXCursor parm, const char *space,
                                    const char *what, int64_t (*fallback)(const char *name))
{
    CXString s = clang_getCursorSpelling(parm);
    struct value v = runtime_record(I, clang_getCanonicalType(clang_getCursorType(parm)),
                                    clang_getCString(s), what, fallback, space, parm);
    clang_disposeString(s);
    return v;
}
