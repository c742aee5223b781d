/* Instances of tiling-key templates (see tpl_select.h). The declarations are read from the
 * arrays the stub template_argument.h makes of ASCENDC_TPL_ARGS_DECL and ASCENDC_TPL_SEL, each
 * value by clang's constant evaluator, as the reference defines them: a selection
 * (ASCENDC_TPL_ARGS_SEL) instantiates the kernel for every combination of the values it gives
 * its parameters (a parameter it leaves out takes every declared value), and the kernel's
 * template parameters are the declared ones in their order. */
#include "tpl_select.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"
#include "../clang/clang_driver.h"
#include "../clang/cursor_util.h"

/* The stub's numbering of what a declaration or choice is about (template_argument.h). */
enum tpl_kind {
    TPL_DTYPE, TPL_FORMAT, TPL_UINT, TPL_BOOL, TPL_DATATYPE, TPL_SHARED_KERNEL_TYPE,
    TPL_KERNEL_TYPE, TPL_DETERMINISTIC, TPL_TILING_STRUCT
};
enum { UI_RANGE, UI_LIST, UI_MIX };
/* ASCENDC_TPL_INPUT(x), ASCENDC_TPL_OUTPUT(x): "the type of input (output) x", not a type. */
#define TPL_IO_MARK 100000000
/* Instances of one kernel template, at most (as -D ranges, CLANG_MAX_RANGE_KERNELS). */
enum { MAX_INSTANCES = CLANG_MAX_RANGE_KERNELS };

typedef VEC(int64_t) int_vec;

struct tpl_param {
    char *name;
    int kind;
    int_vec values;
};
typedef VEC(struct tpl_param) param_vec;

struct tpl_decls {
    param_vec params;               /* ASCENDC_TPL_ARGS_DECL's, template arguments only */
    VEC(param_vec) selections;      /* each ASCENDC_TPL_ARGS_SEL's choices */
    CXCursor decl;                  /* the ASCENDC_TPL_ARGS_DECL array, for messages */
    bool found_decl, more_decls;
    VEC(char *) places;             /* file:line:column of each array read: a header included
                                     * twice declares the same ones again, read once */
};

/* A kernel template's instances: each nparams values, in the declared order. */
struct instances {
    int_vec values;
    size_t count;
};

static struct as_loc loc_of(struct diag_list *d, CXCursor c)
{
    CXFile file;
    unsigned line, col;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &col, NULL);
    CXString name = clang_getFileName(file);
    struct as_loc at = {arena_strdup(&d->arena, clang_getCString(name) ? clang_getCString(name)
                                                                        : ""),
                        (int)line, (int)col, 1};
    clang_disposeString(name);
    return at;
}

static bool is_template_argument(int kind)
{
    return kind <= TPL_SHARED_KERNEL_TYPE;
}

static void params_free(param_vec *v)
{
    for (size_t i = 0; i < v->len; i++) {
        free(v->items[i].name);
        VEC_FREE(v->items[i].values);
    }
    VEC_FREE(*v);
}

/* ---------------------------------------------------------------- reading the declarations */

/* The stub's calls under c, in order (a call's own values are not searched). */
static enum CXChildVisitResult collect_calls(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct cursor_vec *calls = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    CXString name = clang_getCursorSpelling(clang_getCursorReferenced(c));
    bool stub = !strcmp(clang_getCString(name), "__accelsync_tpl_param") ||
                !strcmp(clang_getCString(name), "__accelsync_tpl_choice");
    clang_disposeString(name);
    if (!stub)
        return CXChildVisit_Recurse;
    VEC_PUSH(*calls, c);
    return CXChildVisit_Continue;
}

/* A UINT parameter's numbers after its mode, as the values they stand for. */
static bool expand_uint(const int64_t *raw, size_t n, int_vec *out)
{
    if (n == 0)
        return false;
    if (raw[0] == UI_LIST) {
        for (size_t i = 1; i < n; i++)
            VEC_PUSH(*out, raw[i]);
        return true;
    }
    if ((raw[0] != UI_RANGE && raw[0] != UI_MIX) || n < 2 || raw[1] < 0 ||
        (size_t)raw[1] > (n - 2) / 2)
        return false;
    size_t ranges = (size_t)raw[1];
    for (size_t r = 0; r < ranges; r++) {
        int64_t lo = raw[2 + 2 * r], hi = raw[3 + 2 * r];
        if (hi < lo || hi - lo > 4096)
            return false;
        for (int64_t v = lo; v <= hi; v++)
            VEC_PUSH(*out, v);
    }
    size_t rest = 2 + 2 * ranges;
    if (raw[0] == UI_RANGE && rest != n)
        return false;
    for (size_t i = rest; i < n; i++)
        VEC_PUSH(*out, raw[i]);
    return true;
}

/* The value expressions in a braced list (`{{1, 2, }}` as the stub writes them), in order: the
 * elements of the innermost lists. */
static void collect_values(CXCursor c, struct cursor_vec *out, int depth)
{
    struct cursor_vec children = cursor_children(c);
    bool list = clang_getCursorKind(c) == CXCursor_InitListExpr;
    for (size_t i = 0; i < children.len && depth < 8; i++) {
        if (list && clang_getCursorKind(children.items[i]) != CXCursor_InitListExpr)
            VEC_PUSH(*out, children.items[i]);
        else if (clang_isExpression(clang_getCursorKind(children.items[i])))
            collect_values(children.items[i], out, depth + 1);
    }
    VEC_FREE(children);
}

/* A value as written: the element, or (through the conversion to the stub's value type) the
 * expression inside it. */
static bool value_of(CXCursor e, int64_t *out, int depth)
{
    if (cursor_int_constant(e, out))
        return true;
    if (depth == 6)
        return false;
    struct cursor_vec inner = cursor_exprs(e);
    bool ok = false;
    for (size_t i = 0; i < inner.len && !ok; i++)
        ok = value_of(inner.items[i], out, depth + 1);
    VEC_FREE(inner);
    return ok;
}

/* One __accelsync_tpl_param or __accelsync_tpl_choice call: false when an argument is not a
 * constant (reported). */
static bool read_call(CXCursor call, struct tpl_param *p, struct diag_list *diags)
{
    memset(p, 0, sizeof(*p));
    int n = clang_Cursor_getNumArguments(call);
    int64_t kind;
    CXCursor name = n >= 2 ? cursor_strip(clang_Cursor_getArgument(call, 1)) : clang_getNullCursor();
    if (n != 3 || !cursor_int_constant(clang_Cursor_getArgument(call, 0), &kind) ||
        clang_getCursorKind(name) != CXCursor_StringLiteral) {
        diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, call),
                  "an ASCENDC_TPL_* declaration the frontend cannot read");
        return false;
    }
    CXString spelled = clang_getCursorSpelling(name);   /* "schMode", with its quotes */
    const char *s = clang_getCString(spelled);
    size_t len = strlen(s);
    p->name = len >= 2 ? xasprintf("%.*s", (int)(len - 2), s + 1) : xstrdup(s);
    clang_disposeString(spelled);
    p->kind = (int)kind;
    struct cursor_vec elements = {0};
    collect_values(clang_Cursor_getArgument(call, 2), &elements, 0);
    int_vec raw = {0};
    for (size_t i = 0; i < elements.len; i++) {
        int64_t v;
        if (!value_of(elements.items[i], &v, 0)) {
            if (p->kind == TPL_TILING_STRUCT)
                continue;
            diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, elements.items[i]),
                      "a value of template parameter '%s' that is not a constant", p->name);
            VEC_FREE(raw);
            VEC_FREE(elements);
            return false;
        }
        VEC_PUSH(raw, v);
    }
    VEC_FREE(elements);
    bool ok = true;
    if (p->kind == TPL_UINT) {
        ok = expand_uint(raw.items, raw.len, &p->values);
        if (!ok)
            diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, call),
                      "the values of template parameter '%s' are not a list, ranges or both as "
                      "ASCENDC_TPL_UI_LIST, _RANGE or _MIX lay them out", p->name);
    } else {
        for (size_t i = 0; i < raw.len; i++)
            if (p->kind != TPL_DATATYPE || raw.items[i] < TPL_IO_MARK)
                VEC_PUSH(p->values, raw.items[i]);
    }
    VEC_FREE(raw);
    return ok;
}

static void read_decl(CXCursor var, struct tpl_decls *t, struct diag_list *diags)
{
    if (t->found_decl) {
        t->more_decls = true;
        return;
    }
    t->found_decl = true;
    t->decl = var;
    struct cursor_vec calls = {0};
    clang_visitChildren(var, collect_calls, &calls);
    for (size_t i = 0; i < calls.len; i++) {
        struct tpl_param p;
        if (!read_call(calls.items[i], &p, diags) || !is_template_argument(p.kind)) {
            free(p.name);
            VEC_FREE(p.values);
            continue;
        }
        VEC_PUSH(t->params, p);
    }
    VEC_FREE(calls);
}

/* The array's initializer, whose elements are the ASCENDC_TPL_ARGS_SELs (inside the cleanups
 * of the temporaries the calls bind). */
static enum CXChildVisitResult find_init_list(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_InitListExpr) {
        *(CXCursor *)data = c;
        return CXChildVisit_Break;
    }
    return k == CXCursor_UnexposedExpr ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

static void read_selections(CXCursor var, struct tpl_decls *t, struct diag_list *diags)
{
    CXCursor list = clang_getNullCursor();
    clang_visitChildren(var, find_init_list, &list);
    if (clang_Cursor_isNull(list))
        return;
    struct cursor_vec elements = cursor_children(list);
    for (size_t e = 0; e < elements.len; e++) {
        struct cursor_vec calls = {0};
        clang_visitChildren(elements.items[e], collect_calls, &calls);
        param_vec choices = {0};
        for (size_t i = 0; i < calls.len; i++) {
            struct tpl_param p;
            if (read_call(calls.items[i], &p, diags) && is_template_argument(p.kind)) {
                VEC_PUSH(choices, p);
            } else {
                free(p.name);
                VEC_FREE(p.values);
            }
        }
        VEC_PUSH(t->selections, choices);
        VEC_FREE(calls);
    }
    VEC_FREE(elements);
}

struct decl_search {
    struct tpl_decls *t;
    struct diag_list *diags;
};

/* Whether no array was read yet at the place c was written (its macro's expansion point). */
static bool first_time_at(struct tpl_decls *t, CXCursor c)
{
    CXFile file;
    unsigned line, column;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &column, NULL);
    CXString f = clang_getFileName(file);
    char *place = xasprintf("%s:%u:%u", clang_getCString(f) ? clang_getCString(f) : "", line,
                            column);
    clang_disposeString(f);
    for (size_t i = 0; i < t->places.len; i++)
        if (!strcmp(t->places.items[i], place)) {
            free(place);
            return false;
        }
    VEC_PUSH(t->places, place);
    return true;
}

/* The operator an ASCENDC_TPL_ARGS_DECL array names: after __accelsync_tpl_decl_<n>_. */
static const char *declared_op(const char *array)
{
    const char *p = array + strlen("__accelsync_tpl_decl_");
    p += strspn(p, "0123456789");
    return *p == '_' ? p + 1 : p;
}

static enum CXChildVisitResult find_decls(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct decl_search *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if (k != CXCursor_VarDecl)
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    const char *n = clang_getCString(name);
    bool decl = !strncmp(n, "__accelsync_tpl_decl_", 21);
    if ((decl || !strncmp(n, "__accelsync_tpl_sel_", 20)) && first_time_at(s->t, c)) {
        if (decl)
            read_decl(c, s->t, s->diags);
        else
            read_selections(c, s->t, s->diags);
    }
    clang_disposeString(name);
    return CXChildVisit_Continue;
}

/* ---------------------------------------------------------------- the instances */

/* The values a selection gives parameter `p` (its choice, or every declared value), less
 * those a -D of the parameter's name rules out. */
static void values_of(const struct tpl_param *p, const param_vec *choices,
                      const struct frontend_options *o, int_vec *out)
{
    const int_vec *all = &p->values;
    for (size_t i = 0; i < choices->len; i++)
        if (!strcmp(choices->items[i].name, p->name))
            all = &choices->items[i].values;
    for (size_t i = 0; i < all->len; i++) {
        int64_t v = all->items[i];
        bool kept = true;
        for (size_t d = 0; d < o->ndefines; d++)
            if (!strcmp(o->defines[d].name, p->name))
                kept = o->defines[d].range ? v >= o->defines[d].value && v <= o->defines[d].hi
                                           : v == o->defines[d].value;
        bool seen = false;
        for (size_t j = 0; j < out->len; j++)
            seen |= out->items[j] == v;
        if (kept && !seen)
            VEC_PUSH(*out, v);
    }
}

/* Adds every combination of the selection's values not already an instance; false past
 * MAX_INSTANCES. */
static bool add_instances(const struct tpl_decls *t, const param_vec *choices,
                          const struct frontend_options *o, struct instances *in)
{
    size_t n = t->params.len;
    int_vec *lists = xcalloc(n ? n : 1, sizeof(*lists));
    bool empty = false;
    for (size_t i = 0; i < n; i++) {
        values_of(&t->params.items[i], choices, o, &lists[i]);
        empty |= lists[i].len == 0;
    }
    size_t *at = xcalloc(n ? n : 1, sizeof(*at));
    bool ok = true;
    while (!empty && ok) {
        bool seen = false;
        for (size_t k = 0; k < in->count && !seen; k++) {
            size_t i = 0;
            while (i < n && in->values.items[k * n + i] == lists[i].items[at[i]])
                i++;
            seen = i == n;
        }
        if (!seen) {
            if (in->count == MAX_INSTANCES) {
                ok = false;
                break;
            }
            for (size_t i = 0; i < n; i++)
                VEC_PUSH(in->values, lists[i].items[at[i]]);
            in->count++;
        }
        size_t i = n;   /* the last parameter varies fastest */
        while (i > 0 && ++at[i - 1] == lists[i - 1].len)
            at[--i] = 0;
        if (i == 0)
            break;
    }
    for (size_t i = 0; i < n; i++)
        VEC_FREE(lists[i]);
    free(lists);
    free(at);
    return ok;
}

/* The C++ type of a native data type code (ge::DataType), as the stubs declare it. */
static const char *type_of_code(int64_t code)
{
    static const struct {
        int64_t code;
        const char *type;
    } types[] = {{0, "float"},     {1, "half"},     {2, "int8_t"},   {3, "int32_t"},
                 {4, "uint8_t"},   {6, "int16_t"},  {7, "uint16_t"}, {8, "uint32_t"},
                 {9, "int64_t"},   {10, "uint64_t"}, {11, "double"}, {12, "bool"},
                 {27, "bfloat16_t"}};
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
        if (types[i].code == code)
            return types[i].type;
    return NULL;
}

/* The namespaces around a declaration, from the global one: "::ns::". */
static char *qualified(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *out = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    for (CXCursor p = clang_getCursorSemanticParent(c);
         !clang_Cursor_isNull(p) && clang_getCursorKind(p) == CXCursor_Namespace;
         p = clang_getCursorSemanticParent(p)) {
        CXString ns = clang_getCursorSpelling(p);
        char *longer = xasprintf("%s::%s", clang_getCString(ns), out);
        clang_disposeString(ns);
        free(out);
        out = longer;
    }
    char *global = xasprintf("::%s", out);
    free(out);
    return global;
}

struct template_entry_search {
    struct cursor_vec found;
};

static enum CXChildVisitResult find_template_entries(CXCursor c, CXCursor parent,
                                                     CXClientData data)
{
    (void)parent;
    struct template_entry_search *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if (k == CXCursor_FunctionTemplate && clang_isCursorDefinition(c) &&
        clang_Location_isFromMainFile(clang_getCursorLocation(c)) &&
        clang_has_annotation(c, "accelsync:global"))
        VEC_PUSH(s->found, c);
    return CXChildVisit_Continue;
}

/* Appends to *text the calls that instantiate template entry `fn` for each instance; false,
 * reported, when its template parameters do not take them. */
static bool instantiate(CXCursor fn, const struct tpl_decls *t, const struct instances *in,
                        char **text, int *next, struct diag_list *diags)
{
    struct cursor_vec children = cursor_children(fn);
    struct cursor_vec tparams = {0};
    int nargs = 0;
    for (size_t i = 0; i < children.len; i++) {
        enum CXCursorKind k = clang_getCursorKind(children.items[i]);
        if (k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
            k == CXCursor_TemplateTemplateParameter)
            VEC_PUSH(tparams, children.items[i]);
        nargs += k == CXCursor_ParmDecl;
    }
    VEC_FREE(children);
    size_t n = t->params.len;
    bool ok = tparams.len == n;
    if (!ok) {
        CXString s = clang_getCursorSpelling(t->decl);
        diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, fn),
                  "the kernel template has %zu template parameter%s, but %s declares %zu: its "
                  "instances are not known", tparams.len, tparams.len == 1 ? "" : "s",
                  declared_op(clang_getCString(s)), n);
        clang_disposeString(s);
    }
    char *name = qualified(fn);
    char *call_args = xstrdup("");
    for (int i = 0; i < nargs; i++) {
        char *more = xasprintf("%s%s__accelsync_tpl_arg()", call_args, i ? ", " : "");
        free(call_args);
        call_args = more;
    }
    for (size_t k = 0; k < in->count && ok; k++) {
        char *targs = xstrdup("");
        bool usable = true;
        for (size_t i = 0; i < n && usable; i++) {
            int64_t v = in->values.items[k * n + i];
            const struct tpl_param *p = &t->params.items[i];
            enum CXCursorKind pk = clang_getCursorKind(tparams.items[i]);
            char *arg = NULL;
            if (pk == CXCursor_TemplateTypeParameter) {
                const char *type = p->kind == TPL_DATATYPE ? type_of_code(v) : NULL;
                if (type)
                    arg = xstrdup(type);
                else if (p->kind == TPL_DATATYPE)
                    diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, tparams.items[i]),
                              "an instance with template parameter '%s' of a data type the "
                              "frontend has no C++ type for (code %lld)", p->name, (long long)v);
                else
                    diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, tparams.items[i]),
                              "template parameter '%s' is a type, but its declaration gives it "
                              "numbers", p->name);
            } else if (pk == CXCursor_NonTypeTemplateParameter) {
                bool boolean = clang_getCanonicalType(clang_getCursorType(tparams.items[i])).kind ==
                               CXType_Bool;
                arg = boolean ? xstrdup(v ? "true" : "false") : xasprintf("%lld", (long long)v);
            } else {
                diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, tparams.items[i]),
                          "a template template parameter of a kernel template");
            }
            usable = arg != NULL;
            char *more = xasprintf("%s%s%s", targs, i ? ", " : "", arg ? arg : "");
            free(targs);
            free(arg);
            targs = more;
        }
        ok = usable;
        if (usable) {
            char *more = xasprintf("%sstatic void __accelsync_tpl_instance_%d() { %s<%s>(%s); }\n",
                                   *text, (*next)++, name, targs, call_args);
            free(*text);
            *text = more;
        }
        free(targs);
    }
    free(call_args);
    free(name);
    VEC_FREE(tparams);
    return ok;
}

/* The -D options that name no template parameter. */
static struct define *defines_without(const struct tpl_decls *t, const struct frontend_options *o,
                                      size_t *n)
{
    struct define *kept = xcalloc(o->ndefines + 1, sizeof(*kept));
    *n = 0;
    for (size_t d = 0; d < o->ndefines; d++) {
        bool param = false;
        for (size_t i = 0; i < t->params.len; i++)
            param |= !strcmp(t->params.items[i].name, o->defines[d].name);
        if (!param)
            kept[(*n)++] = o->defines[d];
    }
    return kept;
}

/* A -D of a template parameter that no instance has: an input error naming the values. */
static bool defines_match(const struct tpl_decls *t, const struct frontend_options *o,
                          const char *path, struct diag_list *diags)
{
    bool ok = true;
    for (size_t d = 0; d < o->ndefines; d++)
        for (size_t i = 0; i < t->params.len; i++) {
            if (strcmp(t->params.items[i].name, o->defines[d].name) != 0)
                continue;
            struct frontend_options only = {.defines = &o->defines[d], .ndefines = 1};
            struct instances in = {0};
            for (size_t s = 0; s < t->selections.len; s++)
                add_instances(t, &t->selections.items[s], &only, &in);
            if (in.count == 0) {
                struct frontend_options none = {0};
                struct instances all = {0};
                for (size_t s = 0; s < t->selections.len; s++)
                    add_instances(t, &t->selections.items[s], &none, &all);
                int_vec seen = {0};
                char *values = xstrdup("");
                for (size_t k = 0; k < all.count; k++) {
                    int64_t v = all.values.items[k * t->params.len + i];
                    size_t j = 0;
                    while (j < seen.len && seen.items[j] != v)
                        j++;
                    if (j < seen.len)
                        continue;
                    VEC_PUSH(seen, v);
                    char *more = xasprintf("%s%s%lld", values, *values ? ", " : "", (long long)v);
                    free(values);
                    values = more;
                }
                VEC_FREE(seen);
                const struct define *def = &o->defines[d];
                char *given = def->range ? xasprintf("%lld..%lld", (long long)def->value,
                                                     (long long)def->hi)
                                         : xasprintf("%lld", (long long)def->value);
                diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                          (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1},
                          "-D %s=%s: ASCENDC_TPL_SEL selects no instance of the kernel template "
                          "with that value of its parameter '%s' (its values: %s)", def->name,
                          given, def->name, *values ? values : "none");
                free(given);
                free(values);
                VEC_FREE(all.values);
                ok = false;
            }
            VEC_FREE(in.values);
        }
    return ok;
}

/* The plan's options: the caller's without the -D of template parameters, with `appended`. */
static void plan_options(struct tpl_plan *plan, const struct tpl_decls *t,
                         const struct frontend_options *o)
{
    size_t n;
    plan->defines = defines_without(t, o, &n);
    plan->options = *o;
    plan->options.defines = plan->defines;
    plan->options.ndefines = n;
    plan->options.appended = plan->appended;
}

static bool names_parameter(const struct tpl_decls *t, const struct frontend_options *o)
{
    for (size_t d = 0; d < o->ndefines; d++)
        for (size_t i = 0; i < t->params.len; i++)
            if (!strcmp(t->params.items[i].name, o->defines[d].name))
                return true;
    return false;
}

enum tpl_status tpl_plan(CXTranslationUnit tu, const char *path, const struct frontend_options *o,
                         struct tpl_plan *plan, struct diag_list *diags)
{
    memset(plan, 0, sizeof(*plan));
    if (!tu)
        return TPL_NONE;
    struct tpl_decls t = {0};
    struct diag_list scratch;   /* what reading says is kept only if there is a template */
    diag_list_init(&scratch, 0);
    struct decl_search search = {&t, &scratch};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_decls, &search);
    struct template_entry_search entries = {{0}};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_template_entries, &entries);
    enum tpl_status status = TPL_NONE;
    if (!t.found_decl || t.selections.len == 0 || t.params.len == 0) {
        status = TPL_NONE;   /* none, or none readable: the parse's own errors say why */
    } else if (entries.found.len == 0) {
        status = names_parameter(&t, o) ? TPL_PARSE_AGAIN : TPL_NONE;
        if (status == TPL_PARSE_AGAIN)
            plan_options(plan, &t, o);
    } else {
        status = TPL_INSTANCES;
        diag_add_copies(diags, &scratch);
        if (t.more_decls)
            diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, t.decl),
                      "more than one ASCENDC_TPL_ARGS_DECL in one translation unit: which one "
                      "the kernel template follows is not known");
        struct instances in = {0};
        bool all = true;
        for (size_t s = 0; s < t.selections.len; s++)
            all &= add_instances(&t, &t.selections.items[s], o, &in);
        if (!all)
            diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR, loc_of(diags, t.decl),
                      "ASCENDC_TPL_SEL selects more than %d instances of the kernel template: "
                      "pick some with -D NAME=VALUE of a template parameter", MAX_INSTANCES);
        char *text = xstrdup("");
        int next = 0;
        if (all && !t.more_decls && defines_match(&t, o, path, diags))
            for (size_t i = 0; i < entries.found.len; i++)
                instantiate(entries.found.items[i], &t, &in, &text, &next, diags);
        if (next > 0)
            plan->appended = xasprintf("struct __accelsync_tpl_arg { template <class T> operator "
                                       "T() const; };\n%s", text);
        free(text);
        VEC_FREE(in.values);
        plan_options(plan, &t, o);
    }
    diag_list_free(&scratch);
    for (size_t i = 0; i < t.places.len; i++)
        free(t.places.items[i]);
    VEC_FREE(t.places);
    params_free(&t.params);
    for (size_t s = 0; s < t.selections.len; s++)
        params_free(&t.selections.items[s]);
    VEC_FREE(t.selections);
    VEC_FREE(entries.found);
    return status;
}

void tpl_plan_free(struct tpl_plan *plan)
{
    free(plan->appended);
    free(plan->defines);
    memset(plan, 0, sizeof(*plan));
}
