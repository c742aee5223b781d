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
#include "bangc/bangc.h"
#include "clang/clang_api.h"
#include "clang/parse_guard.h"

/* The model a source is read for: --arch's, else --model's, else the dialect's default; it
 * must say how sources of the dialect are read (<source dialect=...>). */
static struct model *source_model(const struct source *src, const struct frontend_options *o,
                                  const char *dialect, const char *fallback,
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
#endif

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
    if (!parse_guard_scan(src, o, diags))
        return false;
    bool bangc = frontend_for_path(src->path) == FRONTEND_BANGC;
    struct model *m = bangc ? source_model(src, o, "bangc", "mlu370", diags)
                            : source_model(src, o, "ascendc", "ascend910b2", diags);
    if (!m)
        return false;
    bool ok = bangc ? bangc_lower(src, o, m, out, diags) : ascendc_lower(src, o, m, out, diags);
    model_free(m);
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
    }
    free(l->entries);
    memset(l, 0, sizeof(*l));
}
