/* Arch macros given with -D (see arch_defines.h): every model of the dialect is looked at, as
 * --arch looks for its model (src/model/find.c). */
#include "arch_defines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/model.h"
#include "../util/xalloc.h"

typedef VEC(struct model *) model_vec;

/* The models of the search path whose <source> is for `dialect`. */
static model_vec dialect_models(const char *dialect, const struct frontend_options *o)
{
    model_vec out = {0};
    struct model_search search;
    model_search_init(&search, o->model_path, o->nmodel_path);
    for (const char **dir = search.dirs; *dir; dir++) {
        char **files = model_dir_files(*dir);
        for (size_t i = 0; files && files[i]; i++) {
            struct diag_list ignored;   /* a broken model is reported where it is used */
            diag_list_init(&ignored, 0);
            struct model *m = model_load_file(files[i], &ignored);
            diag_list_free(&ignored);
            bool seen = false;   /* a name found again further down the path is hidden */
            for (size_t k = 0; m && k < out.len && !seen; k++)
                seen = !strcmp(out.items[k]->name, m->name);
            if (m && !seen && m->source.dialect && !strcmp(m->source.dialect, dialect))
                VEC_PUSH(out, m);
            else
                model_free(m);
        }
        model_dir_files_free(files);
    }
    model_search_free(&search);
    return out;
}

static const struct model_source_define *define_of(const struct model *m, const char *name)
{
    for (int i = 0; i < m->source.ndefines; i++)
        if (!strcmp(m->source.defines[i].name, name))
            return &m->source.defines[i];
    return NULL;
}

/* "372 (mlu370)" for each model that defines `name`, comma-separated (malloc'ed). */
static char *known_values(const model_vec *models, const char *name)
{
    char *out = xstrdup("");
    for (size_t k = 0; k < models->len; k++) {
        const struct model_source_define *d = define_of(models->items[k], name);
        if (!d || d->coretype)
            continue;
        char *longer = xasprintf("%s%s%s (%s)", out, *out ? ", " : "", d->value ? d->value : "",
                                 models->items[k]->name);
        free(out);
        out = longer;
    }
    return out;
}

bool arch_from_defines(const char *dialect, const struct frontend_options *o, struct as_loc at,
                       const char **arch, struct diag_list *diags)
{
    *arch = NULL;
    if (o->ndefines == 0 || o->arch || o->model)   /* most runs: no model file read */
        return true;
    model_vec models = dialect_models(dialect, o);
    const struct model *picked = NULL;
    const char *picked_by = NULL;
    bool ok = true;
    const char *language = !strcmp(dialect, "bangc") ? "BANG C" : "Ascend C";
    for (size_t i = 0; i < o->ndefines && ok; i++) {
        const struct define *def = &o->defines[i];
        /* the macro that names the arch (its value is the model's arch: __BANG_ARCH__ 592)
         * selects a model; one a model only gives a value of its own (the on-chip sizes of
         * __MLU_NRAM_SIZE__) does not, and is checked against the chosen model below */
        bool arch_macro = false;
        for (size_t k = 0; k < models.len; k++) {
            const struct model *mk = models.items[k];
            const struct model_source_define *d = define_of(mk, def->name);
            arch_macro |= d && !d->coretype && d->value && mk->source.arch &&
                          strcmp(d->value, mk->source.arch) == 0;
        }
        if (!arch_macro)
            continue;
        char value[32];
        snprintf(value, sizeof(value), "%lld", (long long)def->value);
        const struct model *m = NULL;
        for (size_t k = 0; k < models.len && !m; k++) {
            const struct model_source_define *d = define_of(models.items[k], def->name);
            if (d && !d->coretype && d->value && !strcmp(d->value, value) &&
                models.items[k]->source.arch)
                m = models.items[k];
        }
        if (!m) {
            char *known = known_values(&models, def->name);
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                      "-D %s=%s: no hardware model for %s sources defines %s as %s (found: %s), "
                      "so code for that arch would be checked against another chip's model",
                      def->name, value, language, def->name, value, *known ? known : "none");
            free(known);
            ok = false;
        } else if (picked && picked != m) {
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                      "-D %s=%s is model %s, but -D %s is model %s", def->name, value, m->name,
                      picked_by, picked->name);
            ok = false;
        } else {
            picked = m;
            picked_by = def->name;
        }
    }
    if (ok && picked)
        *arch = arena_strdup(&diags->arena, picked->source.arch);
    for (size_t k = 0; k < models.len; k++)
        model_free(models.items[k]);
    VEC_FREE(models);
    return ok;
}

bool arch_defines_agree(const struct model *m, const struct frontend_options *o,
                        struct as_loc at, struct diag_list *diags)
{
    bool ok = true;
    for (size_t i = 0; i < o->ndefines; i++) {
        const struct define *def = &o->defines[i];
        const struct model_source_define *d = define_of(m, def->name);
        char value[32];
        snprintf(value, sizeof(value), "%lld", (long long)def->value);
        if (d && d->coretype) {
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                      "-D %s: the frontend defines the core types' macros itself, parsing the "
                      "code of each core type with its own (docs/frontends.md)", def->name);
            ok = false;
        } else if (d && (!d->value || strcmp(d->value, value) != 0)) {
            diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, at,
                      "-D %s=%s: the source is read for model %s, whose %s is %s: code for "
                      "another arch would be checked against it (leave out --arch and --model, "
                      "or make them agree)", def->name, value, m->name, def->name,
                      d->value ? d->value : "defined");
            ok = false;
        }
    }
    return ok;
}
