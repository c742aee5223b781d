/* The chip an operator's kernel is read for (op_chip.h). */
#include "op_chip.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"
#include "../clang/op_layout.h"
#include "../clang/op_socs.h"

/* The first of the operator's chips the model describes, or NULL. */
static const struct op_soc *described(const struct op_socs *s, const struct model *m)
{
    for (int i = 0; i < m->nsocs; i++) {
        const struct op_soc *found = op_socs_find(s, m->socs[i]);
        if (found)
            return found;
    }
    return NULL;
}

struct model *op_chip_model(const struct source *src, const struct frontend_options *o,
                            struct model *m, bool asked, char **note, struct diag_list *diags)
{
    *note = NULL;
    struct op_socs socs;
    op_socs_read(src->path, &socs);
    if (!socs.nsocs || !m->nsocs || described(&socs, m)) {
        op_socs_free(&socs);
        return m;
    }
    const char *def = op_layout_shown(socs.def_path);
    char *chips = op_socs_list(&socs);
    if (asked) {
        *note = xasprintf("chip: %s builds this kernel for %s (line %d), not for a chip of "
                          "model %s: read as that model, as asked", def, chips, socs.socs[0].line,
                          m->name);
    } else {
        const char **names = xcalloc(socs.nsocs, sizeof(char *));
        for (size_t i = 0; i < socs.nsocs; i++)
            names[i] = socs.socs[i].name;
        char *unread;
        struct model *other = model_find_soc("ascendc", names, socs.nsocs, o->model_path,
                                             o->nmodel_path, &unread);
        free(names);
        if (other) {
            const struct op_soc *chip = described(&socs, other);
            *note = xasprintf("chip: %s builds this kernel for %s (line %d), not for a chip of "
                              "the default model %s: read as model %s, which describes %s",
                              def, chips, socs.socs[0].line, m->name, other->name,
                              chip ? chip->name : chips);
        } else {
            const char *which = socs.nsocs > 1 ? "one of them" : "that chip";
            char *why = *unread ? xasprintf("model %s describes %s but does not read Ascend C "
                                            "sources (no <source dialect=\"ascendc\">)", unread,
                                            which)
                                : xasprintf("no hardware model describes %s", which);
            diag_addf(diags, CHECK_UNSUPPORTED, SEV_ERROR,
                      (struct as_loc){arena_strdup(&diags->arena, src->path), 0, 0, 1},
                      "the operator's definition (%s:%d) builds this kernel only for %s, and %s; "
                      "--model %s reads it as that model's anyway, a build the vendor never makes",
                      def, socs.socs[0].line, chips, why, m->name);
            free(why);
        }
        free(unread);
        model_free(m);
        m = other;
    }
    free(chips);
    op_socs_free(&socs);
    return m;
}
