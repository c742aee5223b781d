/* Questions the engine asks a loaded model: lookups by name, op attributes, and freeing.
 * Units and spaces are at most 64, so their lookups are linear scans; ops and primitives,
 * which a model file may list by the thousand, are found through sorted indexes. */
#include "model.h"

#include <fnmatch.h>
#include <stdlib.h>

#include "../util/nearest.h"
#include "../util/xalloc.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct model_coretype *model_coretype_find(const struct model *m, const char *name)
{
    for (int i = 0; i < m->ncoretypes; i++)
        if (strcmp(m->coretypes[i].name, name) == 0)
            return &m->coretypes[i];
    return NULL;
}

int model_unit_index(const struct model_coretype *ct, const char *name)
{
    for (int i = 0; i < ct->nunits; i++)
        if (strcmp(ct->units[i].name, name) == 0)
            return i;
    return -1;
}

bool model_op_atomic(const struct model *m, const char *op)
{
    for (int i = 0; i < m->natomic_ops; i++)
        if (fnmatch(m->atomic_ops[i], op, 0) == 0)
            return true;
    return false;
}

uint64_t model_all_units(const struct model_coretype *ct)
{
    return ct->nunits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << ct->nunits) - 1);
}

uint64_t model_unit_set_mask(const struct model_coretype *ct, const struct unit_name_set *s)
{
    if (s->all)
        return model_all_units(ct);
    uint64_t mask = 0;
    for (int i = 0; i < s->len; i++) {
        int u = model_unit_index(ct, s->names[i]);
        if (u >= 0)
            mask |= (uint64_t)1 << u;
    }
    return mask;
}

int model_space_index(const struct model *m, const char *name)
{
    for (int i = 0; i < m->nspaces; i++)
        if (strcmp(m->spaces[i].name, name) == 0)
            return i;
    return -1;
}

int64_t model_space_size(const struct model *m, const char *name)
{
    int k = model_space_index(m, name);
    return k < 0 ? -1 : m->spaces[k].size;
}

const struct model_xmode *model_xmode_find(const struct model *m, int64_t id)
{
    for (int i = 0; i < m->xflags.nmodes; i++)
        if (m->xflags.modes[i].id == id)
            return &m->xflags.modes[i];
    return NULL;
}

static int op_by_name(const void *x, const void *y)
{
    return strcmp((*(const struct model_op *const *)x)->name,
                  (*(const struct model_op *const *)y)->name);
}

static int prim_by_name(const void *x, const void *y)
{
    return strcmp((*(const struct model_prim *const *)x)->name,
                  (*(const struct model_prim *const *)y)->name);
}

void model_index_names(struct model *m)
{
    const struct model_op **ops = arena_alloc_array(&m->arena, (size_t)(m->nops ? m->nops : 1),
                                                    sizeof(*ops));
    for (int i = 0; i < m->nops; i++)
        ops[i] = &m->ops[i];
    qsort(ops, (size_t)m->nops, sizeof(*ops), op_by_name);
    m->ops_by_name = ops;
    const struct model_prim **prims = arena_alloc_array(
        &m->arena, (size_t)(m->nprims ? m->nprims : 1), sizeof(*prims));
    for (int i = 0; i < m->nprims; i++)
        prims[i] = &m->prims[i];
    qsort(prims, (size_t)m->nprims, sizeof(*prims), prim_by_name);
    m->prims_by_name = prims;
}

const struct model_op *model_op_find(const struct model *m, const char *name)
{
    if (m->ops_by_name) {
        const struct model_op key = {.name = name}, *kp = &key;
        const struct model_op *const *hit =
            bsearch(&kp, m->ops_by_name, (size_t)m->nops, sizeof(*hit), op_by_name);
        return hit ? *hit : NULL;
    }
    for (int i = 0; i < m->nops; i++)
        if (strcmp(m->ops[i].name, name) == 0)
            return &m->ops[i];
    return NULL;
}

bool model_op_runs_on(const struct model_op *op, const char *unit)
{
    for (int i = 0; i < op->nunits; i++)
        if (strcmp(op->units[i], unit) == 0)
            return true;
    return false;
}

const struct model_prim *model_prim_find(const struct model *m, const char *name)
{
    if (m->prims_by_name) {
        const struct model_prim key = {.name = name}, *kp = &key;
        const struct model_prim *const *hit =
            bsearch(&kp, m->prims_by_name, (size_t)m->nprims, sizeof(*hit), prim_by_name);
        return hit ? *hit : NULL;
    }
    for (int i = 0; i < m->nprims; i++)
        if (strcmp(m->prims[i].name, name) == 0)
            return &m->prims[i];
    return NULL;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

void model_op_attrs(const struct model *m, const char *op, bool *blocking, bool *interlocked)
{
    const struct model_op *entry = model_op_find(m, op);
    if (entry) {
        *blocking = entry->blocking;
        *interlocked = entry->interlocked;
        return;
    }
    /* Rules are kept in document order; the first that matches wins. */
    for (int i = 0; i < m->nsuffix_rules; i++) {
        if (ends_with(op, m->suffix_rules[i].suffix)) {
            *blocking = m->suffix_rules[i].blocking;
            *interlocked = m->suffix_rules[i].interlocked;
            return;
        }
    }
    *blocking = m->default_blocking;
    *interlocked = m->default_interlocked;
}

const char *unit_class_name(enum unit_class c)
{
    switch (c) {
    case UNIT_SYNC: return "sync";
    case UNIT_FIFO: return "fifo";
    case UNIT_PIPELINED: return "pipelined";
    }
    return "?";
}

struct model *model_retain(struct model *m)
{
    if (m)
        atomic_fetch_add(&m->refs, 1);
    return m;
}

void model_free(struct model *m)
{
    if (!m || atomic_fetch_sub(&m->refs, 1) != 1)
        return;
    /* The model lives in its own arena: copy the arena out before freeing it. */
    struct arena arena = m->arena;
    arena_free(&arena);
}

/* Writes the `name` fields of n structs (stride bytes apart, the name at offset) into buf,
 * separated by spaces, for messages that list what would have been valid. */
static const char *join_names(char *buf, size_t size, const void *items, size_t stride,
                              size_t offset, int n)
{
    buf[0] = '\0';
    size_t used = 0;
    for (int i = 0; i < n && used < size; i++) {
        const char *name = *(const char *const *)((const char *)items + (size_t)i * stride + offset);
        int w = snprintf(buf + used, size - used, "%s%s", i ? " " : "", name);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    return buf;
}

const char *model_coretype_names(const struct model *m, char *buf, size_t size)
{
    return join_names(buf, size, m->coretypes, sizeof(*m->coretypes),
                      offsetof(struct model_coretype, name), m->ncoretypes);
}

const char *model_space_names(const struct model *m, char *buf, size_t size)
{
    return join_names(buf, size, m->spaces, sizeof(*m->spaces), offsetof(struct model_space, name),
                      m->nspaces);
}

const char *model_unit_names(const struct model_coretype *ct, char *buf, size_t size)
{
    return join_names(buf, size, ct->units, sizeof(*ct->units), offsetof(struct model_unit, name),
                      ct->nunits);
}

unsigned model_unit_intra_hazards(const struct model_unit *mu, int64_t earlier_writes)
{
    if (mu->cls != UNIT_PIPELINED)
        return 0;
    if (mu->intra_ordered_from > 0 && earlier_writes >= mu->intra_ordered_from)
        return 0;
    return mu->intra_hazards;
}

bool model_unit_runs_op(const struct model *m, const struct model_coretype *ct, int unit,
                        const char *op)
{
    const struct model_unit *mu = &ct->units[unit];
    if (mu->nops == 0)
        return true;
    for (int i = 0; i < mu->nops; i++)
        if (fnmatch(mu->ops[i], op, 0) == 0)
            return true;
    const struct model_op *entry = model_op_find(m, op);
    return entry && model_op_runs_on(entry, mu->name);
}

const char *model_unit_nearest_op(const struct model *m, const struct model_coretype *ct, int unit,
                                  const char *op)
{
    const struct model_unit *mu = &ct->units[unit];
    size_t n = (size_t)mu->nops + (size_t)m->nops;
    const char **names = xcalloc(n ? n : 1, sizeof(char *));
    size_t k = 0;
    for (int i = 0; i < mu->nops; i++)
        if (!strpbrk(mu->ops[i], "*?"))
            names[k++] = mu->ops[i];
    for (int i = 0; i < m->nops; i++)
        if (model_op_runs_on(&m->ops[i], mu->name))
            names[k++] = m->ops[i].name;
    const char *best = nearest_name(op, names, k);
    free(names);
    return best;
}
