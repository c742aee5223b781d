/* The interpreter's entry points (see interp.h): setting up and running a kernel, reports,
 * runtime values. Objects, expressions and statements are in interp_objects.c,
 * interp_expr.c and interp_stmt.c. */
#include "interp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_operators.h"
#include "../clang/cursor_util.h"

/* ---- locations and reports ---- */

/* The index of name s in I->files, added when new: found by the text's hash (FNV-1a) and
 * length, and only when two texts share both, by a search. */
static size_t intern_index(struct interp *I, const char *s)
{
    uint64_t h = 14695981039346656037u;
    size_t n = 0;
    for (; s[n]; n++)
        h = (h ^ (unsigned char)s[n]) * 1099511628211u;
    int64_t key[KEY_MAP_WIDTH] = {(int64_t)h, (int64_t)n};
    int next = (int)I->files.len;
    int at = key_map_get_or_put(&I->name_index, key, next);
    if (at != next && strcmp(I->files.items[at], s) == 0)
        return (size_t)at;
    if (at != next)   /* another text with the same hash */
        for (size_t i = 0; i < I->files.len; i++)
            if (strcmp(I->files.items[i], s) == 0)
                return i;
    char *copy = xstrdup(s);
    VEC_PUSH(I->files, copy);
    return I->files.len - 1;
}

void interp_forget_names(struct interp *I)
{
    key_map_free(&I->name_index);
    key_map_free(&I->file_index);
    VEC_FREE(I->file_names);
}

const char *interp_intern(struct interp *I, const char *s)
{
    size_t at = intern_index(I, s);   /* first: it may move the names */
    return I->files.items[at];
}

/* A file's interned name, looked up by its handle: every statement run asks for its
 * location, and a search of the names by text (an SDK reading sees hundreds of headers) was a
 * tenth of the interpreter's time. */
static const char *file_name(struct interp *I, CXFile file)
{
    int64_t key[KEY_MAP_WIDTH] = {(int64_t)(intptr_t)file};
    int next = (int)I->file_names.len;
    int h = key_map_get_or_put(&I->file_index, key, next);
    if (h == next) {   /* a handle not seen before; its name may be known */
        CXString name = clang_getFileName(file);
        size_t at = intern_index(I, clang_getCString(name));
        clang_disposeString(name);
        VEC_PUSH(I->file_names, at);
    }
    return I->files.items[I->file_names.items[h]];
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
    loc.file = file_name(I, file);
    if (end_line == line && end_col > col)
        loc.len = (int)(end_col - col);
    return loc;
}

struct as_loc interp_end_loc(struct interp *I, CXCursor c)
{
    struct as_loc at = interp_loc(I, c);
    unsigned line, col;
    clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, &line, &col, NULL);
    at.line = (int)line;
    at.col = col > 1 ? (int)col - 1 : 1;   /* the closing brace */
    at.len = 1;
    return at;
}

void interp_use(struct interp *I, CXCursor at, struct value v)
{
    uint32_t read = value_read(v);
    /* inside an `if (?)`, a use the layer's syncs make redundant is left out (api_ops) */
    if (read && I->api->side_uses_redundant && interp_in_choice(I) &&
        I->api->side_uses_redundant(I))
        return;
    if (read)
        pir_writer_use_value(I->w, interp_loc(I, at), read);
}

void interp_finding(struct interp *I, CXCursor at, enum check_id check, const char *msg)
{
    char *in_sdk;
    struct as_loc loc = pir_writer_user_place(I->w, interp_loc(I, at), &in_sdk);
    loc.file = arena_strdup(&I->diags->arena, loc.file ? loc.file : "");
    diag_addf(I->diags, check, SEV_ERROR, loc, "%s%s%s", msg, in_sdk ? "; " : "",
              in_sdk ? in_sdk : "");
    free(in_sdk);
}

void interp_unsupported(struct interp *I, CXCursor at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = xvasprintf(fmt, ap);
    va_end(ap);
    interp_finding(I, at, CHECK_UNSUPPORTED, msg);
    free(msg);
    I->incomplete = true;
    if (I->opt->stop_at_unsupported)
        stop(I);
}

#define ADDRESS_LIMIT ((int64_t)1 << 62)

void interp_address_overflow(struct interp *I, CXCursor at, const char *what)
{
    if (!I->stopped) {
        char *msg = xasprintf("address arithmetic overflows: %s is outside the 2^62 bytes an "
                              "address can reach (it would wrap 64 bits)", what);
        interp_finding(I, at, CHECK_INPUT_ERROR, msg);
        free(msg);
        I->incomplete = true;
    }
    stop(I);
}

static void address_overflow(struct interp *I, CXCursor at, int64_t from, int64_t count,
                             int64_t size)
{
    char *what = xasprintf("byte %lld moved by %lld x %lld bytes", (long long)from,
                           (long long)count, (long long)size);
    interp_address_overflow(I, at, what);
    free(what);
}

bool interp_bytes(struct interp *I, CXCursor at, int64_t count, int64_t size, int64_t *out)
{
    if (__builtin_mul_overflow(count, size, out) || *out >= ADDRESS_LIMIT ||
        *out <= -ADDRESS_LIMIT) {
        address_overflow(I, at, 0, count, size);
        return false;
    }
    return true;
}

bool interp_pointer_move(struct interp *I, CXCursor at, struct value *p, int64_t count,
                         int64_t size)
{
    int64_t from = p->num != OFFSET_UNKNOWN ? p->num : p->past, bytes, to;
    if (__builtin_mul_overflow(count, size, &bytes) || __builtin_add_overflow(from, bytes, &to) ||
        to >= ADDRESS_LIMIT || to <= -ADDRESS_LIMIT) {
        address_overflow(I, at, from, count, size);
        return false;
    }
    *p = pointer_add(*p, bytes);
    return true;
}

bool interp_caller_site(struct interp *I, CXCursor *site)
{
    if (!I->frame || !I->frame->caller)
        return false;
    *site = I->frame->site;
    return true;
}

void stop(struct interp *I)
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

/* The define of `name` that counts (the last: a -D after the host's values), or NULL. */
static const struct define_value *define_of(const struct interp *I, const char *name)
{
    const struct define_value *found = NULL;
    for (size_t i = 0; i < I->opt->ndefines; i++)
        if (strcmp(I->opt->defines[i].name, name) == 0)
            found = &I->opt->defines[i];
    return found;
}

bool interp_defined(const struct interp *I, const char *name, int64_t *value)
{
    const struct define_value *d = define_of(I, name);
    if (d && value)
        *value = d->value;
    return d != NULL;
}

int64_t interp_runtime(struct interp *I, const char *name, int64_t fallback, const char *what)
{
    for (size_t i = 0; i < I->runtime.len; i++)
        if (strcmp(I->runtime.items[i].name, name) == 0) {
            I->runtime.items[i].read = true;
            return I->runtime.items[i].value;
        }
    struct runtime_value rv = {xstrdup(name), fallback, false, xstrdup(what), false, true, NULL};
    const struct define_value *d = define_of(I, name);
    if (d) {
        rv.given = true;
        rv.value = d->value;
        rv.origin = d->origin;
    }
    VEC_PUSH(I->runtime, rv);
    return rv.value;
}

void interp_set_runtime(struct interp *I, const char *name, int64_t value, const char *what)
{
    for (size_t i = 0; i < I->runtime.len; i++)
        if (strcmp(I->runtime.items[i].name, name) == 0) {
            struct runtime_value *rv = &I->runtime.items[i];
            rv->value = value;
            rv->varies = true;
            rv->given = false;
            rv->origin = NULL;
            free(rv->what);
            rv->what = xstrdup(what);
            return;
        }
    struct runtime_value rv = {xstrdup(name), value, false, xstrdup(what), true, false, NULL};
    VEC_PUSH(I->runtime, rv);
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
    op_cache_find_macros(I->ops, tu);
}

void interp_free(struct interp *I)
{
    for (size_t i = 0; i < I->files.len; i++)
        free(I->files.items[i]);
    VEC_FREE(I->files);
    interp_forget_names(I);
    for (size_t i = 0; i < I->runtime.len; i++) {
        free(I->runtime.items[i].name);
        free(I->runtime.items[i].what);
    }
    VEC_FREE(I->runtime);
    op_cache_free(I->ops);
    free_objects(I);
    VEC_FREE(I->objects);
    VEC_FREE(I->globals);
    branches_free(I);
}

void interp_run_kernel(struct interp *I, CXCursor entry, interp_param_fn bind_param, void *data)
{
    struct frame frame = {.caller = NULL, .ret = none, .site = clang_getNullCursor()};
    I->frame = &frame;
    I->stopped = I->incomplete = false;
    I->steps = 0;
    I->nesting = 0;
    int nparams = clang_Cursor_getNumArguments(entry);
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(entry, (unsigned)i);
        bind_var(I, p, bind_param(I, p, data), false);
    }
    struct exits_mark exits = exits_mark(I);
    op_cache_set_scope(I->ops, cursor_body(entry));
    settle_exits(I, exits, FLOW_RETURN, exec(I, cursor_body(entry)), entry);
    op_cache_set_scope(I->ops, clang_getNullCursor());
    branches_end_kernel(I, entry);
    I->returned = frame.ret.kind == VAL_OBJECT ? unknown : frame.ret;
    VEC_FREE(frame.vars);
    I->frame = NULL;
    free_objects(I);
}
