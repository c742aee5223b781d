/* Which files a frontend reads, and the entry point that dispatches to it (see frontend.h). */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "isolate.h"

#ifdef AS_HAVE_LIBCLANG
#include "../model/model.h"
#include "arch_defines.h"
#include "ascendc/ascendc.h"
#include "ascendc/op_chip.h"
#include "bangc/bangc.h"
#include "../util/embedded.h"
#include "clang/clang_api.h"
#include "clang/compile_commands.h"
#include "clang/derived_includes.h"
#include "clang/parse_guard.h"

extern const struct embedded_file ascendc_stubs[];
extern const struct embedded_file bangc_stubs[];

char **frontend_derived_includes(const struct source *src, const struct frontend_options *o,
                                 size_t *n)
{
    VEC(const char *) searched = {0}, supplied = {0};
    for (size_t i = 0; i < o->ninclude_dirs; i++)
        VEC_PUSH(searched, o->include_dirs[i]);
    /* what the build's compile_commands.json gives the file is searched, not derived again */
    char *why = NULL;
    char **db = o->compile_db ? compile_commands_arguments(o->compile_db, src->path, &why) : NULL;
    free(why);
    for (size_t i = 0; db && db[i] && db[i + 1]; i++)
        if (db[i][0] == '-' && db[i][1] == 'i' ? strcmp(db[i], "-include") != 0
                                               : strcmp(db[i], "-I") == 0)
            VEC_PUSH(searched, db[++i]);
    const struct embedded_file *stubs =
        frontend_for_path(src->path) == FRONTEND_BANGC ? bangc_stubs : ascendc_stubs;
    for (const struct embedded_file *e = stubs; e->path; e++)
        VEC_PUSH(supplied, e->path);
    VEC_PUSH(supplied, NULL);
    char **dirs = derived_include_dirs(src->path, src->text, src->len, searched.items,
                                       searched.len, supplied.items, o->max_header_size, n);
    for (size_t i = 0; db && db[i]; i++)
        free(db[i]);
    free(db);
    VEC_FREE(searched);
    VEC_FREE(supplied);
    return dirs;
}

/* The model a source is read for: --arch's, else --model's, else the dialect's default; it
 * must say how sources of the dialect are read (<source dialect=...>). */
static struct model *source_model(const struct source *src, const struct frontend_options *o,
                                  const char *dialect, const char *fallback, char **note,
                                  struct diag_list *diags)
{
    struct as_loc at = {arena_strdup(&diags->arena, src->path), 0, 0, 1};
    const char *arch = o->arch, *by_define;   /* -D __BANG_ARCH__=372 is --arch 372 */
    if (!arch_from_defines(dialect, o, at, &by_define, diags))
        return NULL;
    if (by_define)
        arch = by_define;
    struct model *m = arch ? model_find_arch(dialect, arch, at, o->model_path, o->nmodel_path,
                                             diags)
                           : model_find_limited(o->model ? o->model : fallback, at, NULL,
                                                o->model_path, o->nmodel_path, NULL, diags);
    /* an operator's kernel: as a model of a chip its definition builds it for */
    if (m && !strcmp(dialect, "ascendc"))
        m = op_chip_model(src, o, m, arch || o->model, note, diags);
    if (!m)
        return NULL;
    if (arch && o->model && strcmp(o->model, m->name) != 0) {
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                  "--arch %s is model %s, but --model says %s", arch, m->name, o->model);
    } else if (!m->source.dialect || strcmp(m->source.dialect, dialect) != 0) {
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                  "model %s does not say how %s sources are read (no <source dialect=\"%s\">)",
                  m->name, !strcmp(dialect, "bangc") ? "BANG C" : "Ascend C", dialect);
    } else if (arch_defines_agree(m, o, at, diags)) {
        return m;
    }
    model_free(m);
    return NULL;
}

struct model *frontend_source_model(const struct source *src, const struct frontend_options *o,
                                    char **note, struct diag_list *diags)
{
    char *said = NULL;
    struct model *m = frontend_for_path(src->path) == FRONTEND_BANGC
                          ? source_model(src, o, "bangc", "mlu370", &said, diags)
                          : source_model(src, o, "ascendc", "ascend910b2", &said, diags);
    if (note)
        *note = said;
    else
        free(said);
    return m;
}
#endif

#ifndef AS_HAVE_LIBCLANG
char **frontend_derived_includes(const struct source *src, const struct frontend_options *o,
                                 size_t *n)
{
    (void)src;
    (void)o;
    *n = 0;
    return xcalloc(1, sizeof(char *));
}
#endif

void frontend_derived_includes_free(char **dirs)
{
    for (size_t i = 0; dirs && dirs[i]; i++)
        free(dirs[i]);
    free(dirs);
}

const char *const kernel_extensions[] = {"pir", "cpp", "cc", "cxx", "asc", "mlu", NULL};

enum frontend_kind frontend_for_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash))
        return FRONTEND_NONE;
    if (strcmp(dot + 1, "mlu") == 0)
        return FRONTEND_BANGC;
    for (size_t i = 1; kernel_extensions[i]; i++)
        if (strcmp(dot + 1, kernel_extensions[i]) == 0)
            return FRONTEND_ASCENDC;
    return FRONTEND_NONE;
}

bool frontend_available(void)
{
#ifdef AS_HAVE_LIBCLANG
    return true;
#else
    return false;
#endif
}

/* The lowering itself, run in the child process frontend_lower starts. */
static bool lower_here(const struct source *src, const struct frontend_options *o,
                       struct lowered_source *out, struct diag_list *diags)
{
    memset(out, 0, sizeof(*out));
#ifdef AS_HAVE_LIBCLANG
    const char *why;
    if (!clang_api_load(&why)) {
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, src->path), 0, 0, 1},
                  "the source frontends need libclang, which could not be loaded: %s "
                  "(apt-get install " AS_LIBCLANG_PACKAGE ")", why);
        return false;
    }
    /* the user's -I, then the directories the library's build would give (derived_includes.h) */
    size_t nderived;
    char **derived = frontend_derived_includes(src, o, &nderived);
    const char **dirs = xrealloc_array(NULL, o->ninclude_dirs + nderived + 1, sizeof(char *));
    for (size_t i = 0; i < o->ninclude_dirs; i++)
        dirs[i] = o->include_dirs[i];
    for (size_t i = 0; i < nderived; i++)
        dirs[o->ninclude_dirs + i] = derived[i];
    struct frontend_options with = *o;
    with.include_dirs = dirs;
    with.ninclude_dirs = o->ninclude_dirs + nderived;
    bool ok = parse_guard_scan(src, &with, diags);
    bool bangc = frontend_for_path(src->path) == FRONTEND_BANGC;
    char *chip_note = NULL;
    struct model *m = ok ? frontend_source_model(src, &with, &chip_note, diags) : NULL;
    with.model_note = chip_note;
    ok = m && (bangc ? bangc_lower(src, &with, m, out, diags)
                     : ascendc_lower(src, &with, m, out, diags));
    model_free(m);
    free(chip_note);
    free(dirs);
    frontend_derived_includes_free(derived);
    return ok;
#else
    (void)o;
    diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
              (struct as_loc){arena_strdup(&diags->arena, src->path), 0, 0, 1},
              "this accelsync was built without the source frontends (libclang): only PIR "
              "files can be checked; install libclang-dev and rebuild with -Dfrontend=enabled");
    return false;
#endif
}

bool frontend_lower(const struct source *src, const struct frontend_options *o,
                    struct lowered_source *out, struct diag_list *diags)
{
    uint64_t file_steps = 0;   /* the file's budget, counted over all its lowerings */
    struct frontend_options counted = *o;
    counted.file_steps = &file_steps;
#ifdef AS_HAVE_LIBCLANG
    return isolate_lower(lower_here, src, &counted, out, diags);
#else
    return lower_here(src, &counted, out, diags);
#endif
}

void lowered_source_free(struct lowered_source *l)
{
    free(l->pir);
    free(l->origins);
    free(l->calls_of);
    for (size_t i = 0; i < l->ncalls; i++)
        free(l->calls[i].callee);
    free(l->calls);
    for (size_t i = 0; i < l->nfiles; i++)
        free(l->files[i]);
    free(l->files);
    for (size_t i = 0; i < l->nstopped; i++) {
        free(l->stopped[i].kernel);
        free(l->stopped[i].reason);
    }
    free(l->stopped);
    for (size_t i = 0; i < l->nentries; i++) {
        free(l->entries[i].kernel);
        free(l->entries[i].entry);
        free(l->entries[i].launch);
    }
    free(l->entries);
    memset(l, 0, sizeof(*l));
}
