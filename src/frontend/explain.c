/* `check --explain`: the command line a kernel source is read with, written out (explain.h).
 * Each setting the check takes from somewhere other than the user's words (the model's arch,
 * the default task type, the SDK of the environment, the -I its library's build would give)
 * becomes the option that gives it; what no option gives (the op build's staging, laid out
 * in memory) follows as a shell comment. */
#define _XOPEN_SOURCE 700   /* open_memstream, realpath */
#include "explain.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/model.h"
#include "../util/xalloc.h"
#include "bangc/launch_types.h"
#include "bangc/task_type.h"
#include "clang/compile_commands.h"
#include "clang/op_layout.h"

/* A path as the user would type it from here: relative to the working directory when it is
 * inside it ("." for the directory itself), else as it is. */
static char *shown(const char *path)
{
    char cwd[PATH_MAX], real[PATH_MAX];
    if (path[0] != '/' || !getcwd(cwd, sizeof(cwd)) || !realpath(cwd, real))
        return xstrdup(path);
    size_t n = strlen(real);
    if (strcmp(path, real) == 0)
        return xstrdup(".");
    if (n > 1 && strncmp(path, real, n) == 0 && path[n] == '/')
        return xstrdup(path + n + 1);
    return xstrdup(path);
}

/* One word of the line, quoted for a POSIX shell when it needs it. */
static void word(FILE *out, const char *w)
{
    static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                "_-+=.,/:@%";
    fputc(' ', out);
    if (*w && strspn(w, plain) == strlen(w)) {
        fputs(w, out);
        return;
    }
    fputc('\'', out);
    for (const char *p = w; *p; p++) {
        if (*p == '\'')
            fputs("'\\''", out);
        else
            fputc(*p, out);
    }
    fputc('\'', out);
}

static void option(FILE *out, const char *name, const char *value)
{
    word(out, name);
    if (value)
        word(out, value);
}

static void path_option(FILE *out, const char *name, const char *path)
{
    char *s = shown(path);
    option(out, name, s);
    free(s);
}

/* The SDK an Ascend C source is read through: --sdk, else the environment's, else none. */
static const char *sdk_of(const struct frontend_options *o)
{
    const char *dir = o->sdk;
    if (!dir && (dir = getenv("ASCEND_HOME_PATH")) && *dir)
        return dir;
    if (!dir && (dir = getenv("ASCEND_TOOLKIT_HOME")) && *dir)
        return dir;
    return dir && *dir ? dir : "none";
}

static void defines(FILE *out, const struct frontend_options *o)
{
    for (size_t i = 0; i < o->ndefines; i++) {
        const struct define *d = &o->defines[i];
        if (d->origin)
            continue;
        char *v = d->range ? xasprintf("%s=%lld..%lld", d->name, (long long)d->value,
                                       (long long)d->hi)
                           : xasprintf("%s=%lld", d->name, (long long)d->value);
        option(out, "-D", v);
        free(v);
    }
    static const char *const host_option[] = {"--shape", "--dtype", "--attr"};
    for (size_t i = 0; i < o->nhost_inputs; i++) {
        const struct host_input *h = &o->host_inputs[i];
        char *v = xasprintf("%s=%s", h->name, h->value);
        option(out, host_option[h->kind], v);
        free(v);
    }
}

char *frontend_explain(const struct source *src, const struct frontend_options *o,
                       struct diag_list *diags)
{
    bool bangc = frontend_for_path(src->path) == FRONTEND_BANGC;
    struct model *m = frontend_source_model(src, o, NULL, diags);
    if (!m)
        return NULL;
    char *line = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&line, &size);
    if (!out) {
        model_free(m);
        return NULL;
    }
    fputs("accelsync check", out);
    if (m->source.arch)
        option(out, "--arch", m->source.arch);
    else
        option(out, "--model", o->model ? o->model : m->name);
    if (bangc && o->task_type)   /* without it, the host's launches decide (below) */
        option(out, "--task-type", o->task_type);
    else if (!bangc)
        option(out, "--sdk", sdk_of(o));
    if (o->manual_sync)
        option(out, "--auto-sync", "off");
    if (o->compile_db)
        path_option(out, "-p", o->compile_db);
    defines(out, o);
    for (size_t i = 0; i < o->ninclude_dirs; i++)
        path_option(out, "-I", o->include_dirs[i]);
    size_t nderived;
    char **derived = frontend_derived_includes(src, o, &nderived);
    for (size_t i = 0; i < nderived; i++)
        path_option(out, "-I", derived[i]);
    frontend_derived_includes_free(derived);
    char *name = shown(src->path);
    word(out, name);
    free(name);
    /* what no option says: a -p entry, the op build's staging */
    const char *sep = "  #";
    if (o->compile_db) {
        char *why = NULL;
        char **db = compile_commands_arguments(o->compile_db, src->path, &why);
        fprintf(out, "%s %s", sep,
                !db ? "compile_commands.json not read" : db[0] ? "the compile_commands.json "
                "entry's -I, -D, -include" : "no compile_commands.json entry for the file");
        sep = ";";
        for (size_t i = 0; db && db[i]; i++)
            free(db[i]);
        free(db);
        free(why);
    }
    if (bangc && !o->task_type) {
        char *types = NULL;
        size_t ntypes = 0;
        FILE *said = open_memstream(&types, &ntypes);
        if (said) {
            launch_types_explain(src, o, said);
            fclose(said);
            if (ntypes)
                fprintf(out, "%s %s", sep, types);
            sep = ";";
        }
        free(types);
    }
    if (!bangc) {
        struct op_layout layout;
        char *arch_dir = op_layout_arch_dir(m->source.arch);
        op_layout_find(src->path, src->text, arch_dir, &layout);
        free(arch_dir);
        if (layout.overlay) {
            fprintf(out, "%s the op build's staging, laid out in memory:", sep);
            for (size_t i = 0; i < layout.ninclude_dirs; i++)
                path_option(out, "-I", layout.include_dirs[i]);
            fputs(" and the library's shared kernel directories beside op_kernel/", out);
        }
        op_layout_free(&layout);
    }
    fclose(out);
    model_free(m);
    return line;
}
