/* What the model's <auto-sync> implies beyond its pairs: whether a sync out of the issuer
 * that auto-sync adds on a path that did not need it can hide a hazard of that path
 * (model_source.auto_issuer, read by the frontend's join of two sides, emit_join.c). */
#include "internal.h"

#include <string.h>

#include "../util/arena.h"

static bool pair_declared(const struct model_source *s, const char *src, const char *dst)
{
    for (int i = 0; i < s->nauto_pairs; i++)
        if (strcmp(s->auto_src[i], src) == 0 && strcmp(s->auto_dst[i], dst) == 0)
            return true;
    return false;
}

/* A barrier that may order into the issuer without ordering every unit and without stopping
 * issue: what it orders before the issuer's later instructions would reach another unit
 * through a sync out of the issuer, and nowhere else. (A unit's own barrier is placed in its
 * queue, on the issuer it stops issue; a cross-core barrier orders every unit; the one
 * unit-pair barrier the frontends write is auto-sync's, out of the issuer, never into it.) */
static bool orders_into_issuer_alone(const struct model_prim *p, const struct model_coretype *ct)
{
    uint64_t issuer = (uint64_t)1 << ct->issuer;
    if (p->kind != PRIM_BARRIER)
        return false;
    if (p->form == BAR_FIXED)
        return !p->to.all && (model_unit_set_mask(ct, &p->to) & issuer);
    if (p->form == BAR_MASK_ARGS) {   /* the arguments may select the issuer alone */
        struct unit_name_set mask = {.names = p->mask_units, .len = p->nmask};
        return (model_unit_set_mask(ct, &mask) & issuer) ||
               (!p->to.all && (model_unit_set_mask(ct, &p->to) & issuer));
    }
    return false;
}

void model_derive_auto_issuer(struct model *m)
{
    struct model_source *s = &m->source;
    s->core_spaces = arena_alloc_array(&m->arena, (size_t)m->nspaces + 1, sizeof(*s->core_spaces));
    for (int i = 0, n = 0; i < m->nspaces; i++)
        if (m->spaces[i].scope == SCOPE_CORE)
            s->core_spaces[n++] = m->spaces[i].name;
    s->auto_issuer = NULL;
    if (!s->nauto_pairs || !s->vector_core)
        return;
    const struct model_coretype *ct = model_coretype_find(m, s->vector_core);
    if (!ct || ct->issuer < 0)
        return;
    const char *issuer = ct->units[ct->issuer].name;
    for (int u = 0; u < ct->nunits; u++)
        if (u != ct->issuer && !pair_declared(s, issuer, ct->units[u].name))
            return;
    if (m->default_interlocked)
        return;
    for (int i = 0; i < m->nops; i++)
        if (m->ops[i].interlocked)
            return;
    for (int i = 0; i < m->nsuffix_rules; i++)
        if (m->suffix_rules[i].interlocked)
            return;
    for (int i = 0; i < m->nprims; i++)
        if (orders_into_issuer_alone(&m->prims[i], ct))
            return;
    s->auto_issuer = issuer;
}
