/* Rule 10's value names in the PIR a frontend writes (pir_values.h): bindings, uses, and the
 * scope check that keeps every use valid PIR. */
#include <stdlib.h>

#include "pir_writer.h"

static struct pir_place here(const struct pir_writer *w)
{
    const struct pir_values *v = &w->values;
    return (struct pir_place){w->norigins, w->indent,
                              w->indent > 0 ? v->block_serial[w->indent - 1] : 0};
}

/* A line at `p` is still in scope: the block it was written in is open (no block has been
 * opened at its depth since), and the writer is inside it. */
static bool in_scope(const struct pir_writer *w, struct pir_place p)
{
    return p.line < w->norigins && p.depth <= w->indent
           && (p.depth == 0 || w->values.block_serial[p.depth - 1] == p.block);
}

void pir_values_opened(struct pir_writer *w)
{
    struct pir_values *v = &w->values;
    if ((size_t)w->indent >= v->serial_cap) {
        v->serial_cap = v->serial_cap ? 2 * v->serial_cap : 16;
        v->block_serial = xrealloc_array(v->block_serial, v->serial_cap, sizeof(uint32_t));
    }
    v->block_serial[w->indent] = ++v->blocks;
}

void pir_values_rolled_back(struct pir_writer *w, size_t norigins)
{
    struct pir_values *v = &w->values;
    while (v->live.len && v->live.items[v->live.len - 1].bound.line >= norigins)
        v->live.len--;
    for (size_t k = 0; k < v->live.len; k++)
        if (v->live.items[k].used && v->live.items[k].use.line >= norigins)
            v->live.items[k].used = false;
}

void pir_values_free(struct pir_values *v)
{
    VEC_FREE(v->live);
    free(v->block_serial);
}

uint32_t pir_writer_bind_value(struct pir_writer *w)
{
    struct pir_value b = {.id = ++w->values.next_id, .bound = here(w)};
    VEC_PUSH(w->values.live, b);
    return b.id;
}

void pir_writer_use_value(struct pir_writer *w, struct as_loc origin, uint32_t id)
{
    if (id == 0)
        return;
    struct pir_values *v = &w->values;
    /* The latest binding of the id: a sibling block may have bound it too (the sides of a
     * choice number their reads alike, so that equal sides stay equal text). */
    struct pir_value *b = NULL;
    for (size_t k = v->live.len; k-- > 0 && !b;)
        if (v->live.items[k].id == id)
            b = &v->live.items[k];
    if (!b || !in_scope(w, b->bound) || (b->used && in_scope(w, b->use)))
        return;
    b->used = true;
    b->use = here(w);
    pir_writer_line(w, origin, "use read__%u", id);
}

uint32_t pir_writer_value_ids(const struct pir_writer *w)
{
    return w->values.next_id;
}

void pir_writer_set_value_ids(struct pir_writer *w, uint32_t ids)
{
    w->values.next_id = ids;
}
