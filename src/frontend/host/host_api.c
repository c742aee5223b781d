/* The operator host API's meaning (host_api.h): each call of a tiling function answered from
 * the run's inputs and the model's chip, each value it sets recorded. */
#include "host_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/model.h"

enum host_kind {
    H_CONTEXT, H_STORAGE_SHAPE, H_SHAPE, H_DESC, H_TENSOR, H_ATTRS, H_RAW, H_PLATFORM_INFO,
    H_PLATFORM, H_OTHER,
};

struct host_state {
    enum host_kind kind;
    int index;          /* the input of a shape, descriptor or tensor */
};

static struct host_run *run_of(struct interp *I)
{
    return I->api_data;
}

static struct host_state *state_new(enum host_kind kind, int index)
{
    struct host_state *s = xcalloc(1, sizeof(*s));
    s->kind = kind;
    s->index = index;
    return s;
}

static void *construct(struct interp *I, const char *klass, CXType type, const char *name,
                       CXCursor site)
{
    (void)I, (void)type, (void)name, (void)site;
    if (!strcmp(klass, "PlatformAscendC"))
        return state_new(H_PLATFORM, -1);
    if (!strcmp(klass, "Shape"))
        return state_new(H_SHAPE, -1);      /* a shape of the code's own: not modelled */
    return NULL;
}

static void *copy_state(struct interp *I, void *state)
{
    (void)I;
    struct host_state *s = xmalloc(sizeof(*s));
    *s = *(struct host_state *)state;
    return s;
}

static void destroy(struct interp *I, void *state, struct as_loc at)
{
    (void)I, (void)state, (void)at;
}

/* The pointee (or referred) type of what fn returns: the class of the object handed out. */
static CXType returned_class(CXCursor fn)
{
    CXType t = clang_getCursorResultType(fn);
    if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
        t = clang_getPointeeType(t);
    return t;
}

static struct value object(struct interp *I, CXCursor fn, enum host_kind kind, int index)
{
    return interp_api_object(I, returned_class(fn), state_new(kind, index));
}

static struct value int_result(int64_t v)
{
    return (struct value){.kind = VAL_INT, .num = v, .buffer = -1};
}

static const struct value not_known = {.kind = VAL_UNKNOWN, .buffer = -1};

/* Input `index` of the run, with its shape; NULL (reported) when --shape did not give it. */
static const struct host_tensor *input(struct interp *I, CXCursor call, int64_t index)
{
    struct host_run *r = run_of(I);
    if (index < 0 || index >= HOST_MAX_INPUTS || !r->inputs[index].has_shape) {
        const char *name = index >= 0 && index < HOST_MAX_INPUTS ? r->input_names[index] : NULL;
        interp_unsupported(I, call, "input %lld%s%s%s has no shape (give it with --shape %s=D0,D1,...)",
                           (long long)index, name ? " (" : "", name ? name : "", name ? ")" : "",
                           name ? name : "INDEX");
        return NULL;
    }
    return &r->inputs[index];
}

static bool index_argument(struct interp *I, CXCursor call, struct value *args, int nargs,
                           const char *what, int64_t *out)
{
    if (nargs < 1)
        return false;
    return interp_int(I, call, args[0], what, out);
}

/* gert::TilingContext's methods. */
static bool context_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                         struct value *args, int nargs, struct value *result)
{
    struct host_run *r = run_of(I);
    int64_t i;
    if (!strcmp(name, "GetInputShape") || !strcmp(name, "GetInputTensor") ||
        !strcmp(name, "GetInputDesc")) {
        if (!index_argument(I, call, args, nargs, "the input index", &i))
            return true;
        if (!strcmp(name, "GetInputDesc")) {
            if (i < 0 || i >= HOST_MAX_INPUTS)
                return input(I, call, i), true;
            *result = object(I, fn, H_DESC, (int)i);
            return true;
        }
        if (input(I, call, i))
            *result = object(I, fn, !strcmp(name, "GetInputShape") ? H_STORAGE_SHAPE : H_TENSOR,
                             (int)i);
        return true;
    }
    if (!strcmp(name, "GetDynamicInputShape") || !strcmp(name, "GetDynamicInputDesc")) {
        /* one instance per dynamic input: instance 0 of input irIndex is that input */
        int64_t relative;
        if (!index_argument(I, call, args, nargs, "the input index", &i) || nargs < 2 ||
            !interp_int(I, call, args[1], "the dynamic input's instance", &relative))
            return true;
        if (relative != 0) {
            interp_unsupported(I, call, "instance %lld of dynamic input %lld (one instance "
                               "per input is modelled)", (long long)relative, (long long)i);
            return true;
        }
        bool desc = !strcmp(name, "GetDynamicInputDesc");
        if (desc || input(I, call, i))
            *result = object(I, fn, desc ? H_DESC : H_STORAGE_SHAPE, (int)i);
        return true;
    }
    if (!strcmp(name, "GetAttrs")) {
        *result = object(I, fn, H_ATTRS, -1);
        return true;
    }
    if (!strcmp(name, "GetPlatformInfo")) {
        *result = object(I, fn, H_PLATFORM_INFO, -1);
        return true;
    }
    if (!strcmp(name, "GetRawTilingData")) {
        *result = object(I, fn, H_RAW, -1);
        return true;
    }
    if (!strcmp(name, "GetNodeName") || !strcmp(name, "GetNodeType")) {
        *result = not_known;
        return true;
    }
    if (!strcmp(name, "GetWorkspaceSizes")) {   /* the host's scratch in GM: not checked */
        int b = pir_writer_buffer(I->w, "workspace_sizes", "GM", 0, -1, interp_loc(I, call),
                                  "GetWorkspaceSizes");
        *result = (struct value){.kind = VAL_POINTER, .num = 0, .buffer = b};
        return true;
    }
    if (!strcmp(name, "SetTilingKey") || !strcmp(name, "SetBlockDim")) {
        bool key = !strcmp(name, "SetTilingKey");
        int64_t v;
        if (!interp_int(I, call, nargs > 0 ? args[0] : not_known,
                        key ? "the tiling key" : "the block dim", &v))
            return true;
        if (key) {
            r->has_key = true;
            r->key = v;
            r->key_at = interp_loc(I, call);
        } else {
            r->has_block_dim = true;
            r->block_dim = v;
            r->block_dim_at = interp_loc(I, call);
        }
        *result = int_result(0);
        return true;
    }
    if (!strcmp(name, "SetScheduleMode") || !strcmp(name, "SetNeedAtomic")) {
        *result = int_result(0);
        return true;
    }
    return false;
}

static const struct host_tensor *tensor_of(struct interp *I, struct host_state *s)
{
    return s->index >= 0 && s->index < HOST_MAX_INPUTS ? &run_of(I)->inputs[s->index] : NULL;
}

static int64_t shape_size(const struct host_tensor *t)
{
    int64_t n = 1;
    for (int d = 0; d < t->ndims; d++)
        n *= t->dims[d];
    return n;
}

static bool shape_call(struct interp *I, struct host_state *s, const char *name, CXCursor fn,
                       CXCursor call, struct value *args, int nargs, struct value *result)
{
    const struct host_tensor *t = tensor_of(I, s);
    if (!strcmp(name, "GetStorageShape") || !strcmp(name, "GetOriginShape")) {
        *result = object(I, fn, H_SHAPE, s->index);
        return true;
    }
    if (s->kind == H_TENSOR && !strcmp(name, "GetDataType")) {
        *result = int_result(t ? t->dtype : 0);
        return true;
    }
    if (!t || !t->has_shape) {
        interp_unsupported(I, call, "a shape the code makes itself is not modelled");
        return true;
    }
    if (!strcmp(name, "GetDimNum")) {
        *result = int_result(t->ndims);
        return true;
    }
    if (!strcmp(name, "GetShapeSize")) {
        *result = int_result(shape_size(t));
        return true;
    }
    if (!strcmp(name, "GetDim") || !strcmp(name, "operator[]")) {
        int64_t d;
        if (!index_argument(I, call, args, nargs, "the dimension index", &d))
            return true;
        if (d < 0 || d >= t->ndims) {
            interp_unsupported(I, call, "dimension %lld of input %d, whose shape has %d",
                               (long long)d, s->index, t->ndims);
            return true;
        }
        *result = int_result(t->dims[d]);
        return true;
    }
    return false;
}

/* An attribute's value as the code reads it: a pointer to a word the scalar hook answers. */
static bool attrs_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                       int nargs, struct value *result)
{
    if (!strcmp(name, "GetAttrNum")) {
        *result = not_known;
        return true;
    }
    if (strcmp(name, "GetAttrPointer") && strcmp(name, "GetInt") && strcmp(name, "GetFloat") &&
        strcmp(name, "GetBool"))
        return false;
    int64_t i;
    if (!index_argument(I, call, args, nargs, "the attribute index", &i))
        return true;
    struct host_run *r = run_of(I);
    if (i < 0 || i >= HOST_MAX_INPUTS || !r->attrs[i].given) {
        const char *attr = i >= 0 && i < HOST_MAX_INPUTS ? r->attr_names[i] : NULL;
        if (attr)
            interp_unsupported(I, call, "attribute %lld (%s) has no value (give it with --attr "
                               "%s=VALUE)", (long long)i, attr, attr);
        else
            interp_unsupported(I, call, "attribute %lld has no value (give it with --attr "
                               "%lld=VALUE)", (long long)i, (long long)i);
        return true;
    }
    char label[32];
    snprintf(label, sizeof(label), "attr%lld", (long long)i);
    int b = pir_writer_buffer(I->w, label, "GM", 0, -1, interp_loc(I, call), "an attribute");
    *result = (struct value){.kind = VAL_POINTER, .num = i * 8, .buffer = b};
    return true;
}

/* The model's space for a CoreMemType enumerator (L0_A: L0A, UB: UB), its size less the
 * platform's reserve for UB; false when the model does not give one. */
static bool memory_size(struct interp *I, CXCursor fn, int64_t type, int64_t *out)
{
    CXType param = clang_getCursorType(clang_Cursor_getArgument(fn, 0));
    const char *e = interp_enumerator(I, clang_getTypeDeclaration(clang_getCanonicalType(param)),
                                      type);
    if (!e)
        return false;
    char space[32];
    size_t n = 0;
    for (const char *c = e; *c && n + 1 < sizeof(space); c++)
        if (*c != '_')
            space[n++] = *c;
    space[n] = '\0';
    const struct model *m = run_of(I)->model;
    int64_t size = model_space_size(m, space);
    if (size < 0)
        return false;
    *out = size - (!strcmp(space, "UB") ? run_of(I)->ub_reserved : 0);
    return true;
}

static bool platform_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                          struct value *args, int nargs, struct value *result)
{
    struct host_run *r = run_of(I);
    if (!strcmp(name, "PlatformAscendC"))
        return true;
    if (!strcmp(name, "GetCoreNum") || !strcmp(name, "GetCoreNumAiv")) {
        *result = int_result(r->vector_cores);
        return true;
    }
    if (!strcmp(name, "GetLibApiWorkSpaceSize") || !strcmp(name, "GetSocVersion")) {
        *result = not_known;    /* the GM workspace and the SoC's name: not the kernel's tiling */
        return true;
    }
    if (!strcmp(name, "GetCoreNumAic")) {
        *result = int_result(r->cube_cores);
        return true;
    }
    if (!strcmp(name, "AccelsyncMemSize")) {
        int64_t type, size;
        if (!interp_int(I, call, nargs > 0 ? args[0] : not_known, "the memory type", &type))
            return true;
        if (!memory_size(I, fn, type, &size)) {
            interp_unsupported(I, call, "GetCoreMemSize of memory type %lld: model %s gives "
                               "no size for it", (long long)type, r->model->name);
            return true;
        }
        *result = int_result(size);
        return true;
    }
    return false;
}

/* The field a set_ call sets: its method's name without "set_" (the macro's #field is a
 * string the interpreter does not keep). */
static char *field_of_setter(CXCursor site)
{
    CXString s = clang_getCursorSpelling(clang_getCursorReferenced(site));
    const char *n = clang_getCString(s);
    char *field = n && !strncmp(n, "set_", 4) ? xstrdup(n + 4) : NULL;
    clang_disposeString(s);
    return field;
}

/* A tiling structure's set_: the field and value, at the user's call of set_. */
static bool tiling_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                        int nargs, struct value *result)
{
    (void)result;
    if (!strcmp(name, "SaveToBuffer") || !strcmp(name, "GetDataSize")) {
        if (!strcmp(name, "GetDataSize"))
            *result = not_known;
        return true;
    }
    bool set = !strcmp(name, "AccelsyncSet");
    if (!set && strcmp(name, "AccelsyncArray") && strcmp(name, "AccelsyncStruct"))
        return false;
    CXCursor site = call;
    interp_caller_site(I, &site);
    char *field = field_of_setter(site);
    if (!set) {
        interp_unsupported(I, site, "the %s tiling field '%s' is not modelled",
                           !strcmp(name, "AccelsyncArray") ? "array" : "structure",
                           field ? field : "?");
    } else if (nargs < 2 || args[1].kind != VAL_INT) {
        interp_unsupported(I, site, "tiling field '%s' is set to a value not known (a float, "
                           "data, or the result of a call the frontend does not model)",
                           field ? field : "?");
    } else {
        struct host_run *r = run_of(I);
        struct host_field f = {field, args[1].num, interp_loc(I, site)};
        field = NULL;
        for (size_t i = 0; i < r->fields.len; i++)   /* set again: the last value counts */
            if (!strcmp(r->fields.items[i].name, f.name)) {
                free(r->fields.items[i].name);
                r->fields.items[i] = f;
                f.name = NULL;
                break;
            }
        if (f.name) {
            if (r->fields.len == 0)
                r->tiling_member = clang_getCursorReferenced(site);
            VEC_PUSH(r->fields, f);
        }
    }
    free(field);
    return true;
}

static bool call(struct interp *I, const char *klass, const char *name, CXCursor fn,
                 struct object *self, CXCursor site, struct value *args, int nargs,
                 struct value *result)
{
    struct host_state *s = self ? self->api : NULL;
    if (!klass) {
        if (!strcmp(name, "GetSizeByDataType")) {
            int64_t t;
            if (!interp_int(I, site, nargs > 0 ? args[0] : not_known, "the data type", &t))
                return true;
            int64_t size = host_dtype_size((int)t);
            *result = size ? int_result(size) : not_known;
            return true;
        }
        return false;
    }
    if (!strcmp(klass, "TilingContext"))
        return context_call(I, name, fn, site, args, nargs, result);
    if (!strcmp(klass, "TilingDef"))
        return tiling_call(I, name, site, args, nargs, result);
    if (!strcmp(klass, "PlatformAscendC"))
        return platform_call(I, name, fn, site, args, nargs, result);
    if (!strcmp(klass, "PlatformAscendCManager") && !strcmp(name, "GetInstance")) {
        *result = object(I, fn, H_PLATFORM, -1);
        return true;
    }
    if (!s)
        return false;
    switch (s->kind) {
    case H_STORAGE_SHAPE:
    case H_SHAPE:
    case H_TENSOR:
        return shape_call(I, s, name, fn, site, args, nargs, result);
    case H_DESC:
        if (!strcmp(name, "GetDataType")) {
            const struct host_tensor *t = tensor_of(I, s);
            *result = int_result(t ? t->dtype : 0);
            return true;
        }
        return false;
    case H_ATTRS:
        return attrs_call(I, name, site, args, nargs, result);
    case H_RAW:
        if (!strcmp(name, "GetData") || !strcmp(name, "GetCapacity") ||
            !strcmp(name, "GetDataSize") || !strcmp(name, "SetDataSize")) {
            *result = not_known;    /* where the bytes go does not change the fields */
            return true;
        }
        return false;
    default:
        return false;
    }
}

/* *p of an attribute's pointer: its value (a float attribute: not known). */
static struct value scalar(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                           bool write)
{
    (void)at, (void)bytes;
    if (write || p.num < 0 || p.num == OFFSET_UNKNOWN)
        return not_known;
    int64_t i = p.num / 8;
    struct host_run *r = run_of(I);
    if (i < HOST_MAX_INPUTS && r->attrs[i].given && r->attrs[i].integer)
        return int_result(r->attrs[i].value);
    return not_known;
}

static const struct api_ops ops = {
    .name = "host tiling",
    .stateful = false,
    .globals = true,
    .construct = construct,
    .copy = copy_state,
    .destroy = destroy,
    .release = free,
    .call = call,
    .scalar = scalar,
};

struct value host_api_context(struct interp *I, CXType type)
{
    return interp_api_object(I, type, state_new(H_CONTEXT, -1));
}

const struct api_ops *host_api(void)
{
    return &ops;
}

void host_run_free(struct host_run *r)
{
    for (size_t i = 0; i < r->fields.len; i++)
        free(r->fields.items[i].name);
    VEC_FREE(r->fields);
    for (size_t i = 0; i < HOST_MAX_INPUTS; i++) {
        free(r->input_names[i]);
        free(r->attr_names[i]);
    }
}
