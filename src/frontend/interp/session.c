/* One source file's lowering: the PIR writer and the interpreter over a parse, the kernel
 * arguments' values, the -D ranges (see session.h). */
#include "session.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"
#include "config.h"

static int64_t field_default(const char *name)
{
    (void)name;
    return 4;
}

struct value interp_kernel_argument(struct interp *I, CXCursor parm, const char *space,
                                    int64_t fallback)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(parm));
    CXString s = clang_getCursorSpelling(parm);
    const char *name = clang_getCString(s);
    struct value v = {.kind = VAL_UNKNOWN, .buffer = -1};
    if (t.kind == CXType_Pointer) {
        v = (struct value){.kind = VAL_POINTER, .num = 0,
                           .buffer = pir_writer_buffer(I->w, *name ? name : "arg", space, 0, -1,
                                                       interp_loc(I, parm), "kernel argument")};
    } else if (interp_is_integer_type(t)) {
        char *what = xasprintf("kernel argument '%s'", name);
        v = (struct value){.kind = VAL_INT, .buffer = -1,
                           .num = interp_runtime(I, name, fallback, what)};
        free(what);
    } else if (t.kind == CXType_Record) {   /* a struct by value: its integers are runtime
                                             * values, its pointers memory of their own */
        char *what = xasprintf("a field of kernel argument '%s'", name);
        v = interp_argument_record(I, parm, space, what, field_default);
        free(what);
    }
    clang_disposeString(s);
    return v;
}

void lowering_session_begin(struct lowering_session *s, const struct clang_parse *p,
                            const char *path, const char *stub_prefix, const struct api_ops *api,
                            const struct frontend_options *o, struct diag_list *diags)
{
    pir_writer_init(&s->w);
    s->has_second = false;
    s->defines = xcalloc(o->ndefines + 1, sizeof(*s->defines));
    for (size_t i = 0; i < o->ndefines; i++)
        s->defines[i] = (struct define_value){o->defines[i].name, o->defines[i].value,
                                              o->defines[i].origin};
    s->io = (struct interp_options){.defines = s->defines, .ndefines = o->ndefines,
                                    .max_steps = o->max_steps ? o->max_steps : 10000000,
                                    .max_file_steps = o->max_file_steps,
                                    .file_steps = o->file_steps,
                                    .max_depth = 64, .max_runs = 64,
                                    .split_choices = o->split_choices,
                                    .max_nesting = o->max_depth ? o->max_depth : 1000,
                                    .stop_at_unsupported = !o->keep_incomplete};
    interp_init(&s->I, p->tu, stub_prefix, api, NULL, &s->w, diags, &s->io);
    pir_writer_note(&s->w, "%s lowered by accelsync %s (%s frontend); checked as written here",
                    path, AS_VERSION, api->name);
    if (o->model_note)
        pir_writer_note(&s->w, "%s", o->model_note);
    if (o->header_note)
        pir_writer_note(&s->w, "%s", o->header_note);
}

void lowering_session_second(struct lowering_session *s, const struct clang_parse *p,
                             const char *stub_prefix, const struct api_ops *api,
                             struct diag_list *diags)
{
    interp_init(&s->second, p->tu, stub_prefix, api, NULL, &s->w, diags, &s->io);
    s->has_second = true;
}

static bool runtime_noted(const struct interp *I, const char *name)
{
    for (size_t i = 0; i < I->runtime.len; i++)
        if (strcmp(I->runtime.items[i].name, name) == 0)
            return true;
    return false;
}

/* The runtime values of I, but those `before` noted already. */
static void note_runtime(struct pir_writer *w, const struct interp *I, const struct interp *before)
{
    for (size_t i = 0; i < I->runtime.len; i++) {
        const struct runtime_value *rv = &I->runtime.items[i];
        if (before && runtime_noted(before, rv->name))
            continue;
        if (rv->varies) {
            pir_writer_note(w, "runtime value %s: %s", rv->name, rv->what);
            continue;
        }
        pir_writer_note(w, "runtime value %s = %lld: %s, %s", rv->name, (long long)rv->value,
                        rv->what, rv->origin ? rv->origin
                                  : rv->given ? "given by -D" : "the default (-D to change)");
    }
}

void lowering_session_end(struct lowering_session *s, const struct frontend_options *o,
                          const char *model, struct lowered_source *out)
{
    struct interp *I = &s->I;
    struct pir_writer *w = &s->w;
    note_runtime(w, I, NULL);
    if (s->has_second)
        note_runtime(w, &s->second, I);
    out->pir = pir_writer_finish(w, o->model ? o->model : model, &out->origins, &out->calls_of,
                                 &out->nlines, &out->len);
    pir_writer_take_calls(w, &out->calls, &out->ncalls);
    /* the origins point into the interpreters' file names: hand them over */
    out->files = I->files.items;
    out->nfiles = I->files.len;
    I->files.items = NULL;
    I->files.len = I->files.cap = 0;
    interp_forget_names(I);
    if (s->has_second) {
        struct interp *J = &s->second;
        out->files = xrealloc_array(out->files, out->nfiles + J->files.len + 1,
                                    sizeof(*out->files));
        for (size_t i = 0; i < J->files.len; i++)
            out->files[out->nfiles++] = J->files.items[i];
        J->files.len = 0;
        interp_forget_names(J);
        interp_free(J);
    }
    interp_free(I);
    pir_writer_free(w);
    free(s->defines);
}

char *runtime_range_apply(struct interp *I, const struct frontend_options *o, uint64_t k)
{
    char *suffix = xstrdup("");
    for (size_t i = o->ndefines; i-- > 0;) {   /* the last range varies fastest */
        const struct define *b = &o->defines[i];
        if (!b->range)
            continue;
        uint64_t n = (uint64_t)(b->hi - b->value) + 1;
        int64_t v = b->value + (int64_t)(k % n);
        k /= n;
        char *what = xasprintf("-D %s=%lld..%lld, one kernel per value", b->name,
                               (long long)b->value, (long long)b->hi);
        interp_set_runtime(I, b->name, v, what);
        free(what);
        char *longer = xasprintf("_%s%lld%s", b->name, (long long)v, suffix);
        free(suffix);
        suffix = longer;
    }
    return suffix;
}
