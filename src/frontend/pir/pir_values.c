/* Rule 10's value names in the PIR a frontend writes (pir_values.h): bindings, uses, and the
 * scope check that keeps every use valid PIR. The writer (pir_writer.c) says where its lines
 * go; nothing here writes. */
#include "pir_values.h"

#include <stdlib.h>

static struct pir_place place(const struct pir_values *v, size_t line, int depth)
{
    return (struct pir_place){line, depth, depth > 0 ? v->block_serial[depth - 1] : 0};
}

/* A line at `p` is still in scope at (line, depth): the block it was written in is open (no
 * block has been opened at its depth since), and the writer is inside it. */
static bool in_scope(const struct pir_values *v, struct pir_place p, size_t line, int depth)
{
    return p.line < line && p.depth <= depth
           && (p.depth == 0 || v->block_serial[p.depth - 1] == p.block);
}

void pir_values_opened(struct pir_values *v, int depth)
{
    if ((size_t)depth >= v->serial_cap) {
        v->serial_cap = v->serial_cap ? 2 * v->serial_cap : 16;
        v->block_serial = xrealloc_array(v->block_serial, v->serial_cap, sizeof(uint32_t));
    }
    v->block_serial[depth] = ++v->blocks;
}

void pir_values_rolled_back(struct pir_values *v, size_t line)
{
    while (v->undo.len && v->undo.items[v->undo.len - 1].line >= line) {
        const struct pir_use_undo *u = &v->undo.items[--v->undo.len];
        v->live.items[u->index].used = u->used;
        v->live.items[u->index].use = u->use;
    }
    while (v->live.len && v->live.items[v->live.len - 1].bound.line >= line)
        v->live.len--;
    if (v->last_valid && v->last.line >= line)
        v->last_valid = false;
}

uint32_t pir_values_bind(struct pir_values *v, size_t line, int depth)
{
    struct pir_value b = {.id = ++v->next_id, .bound = place(v, line, depth)};
    VEC_PUSH(v->live, b);
    return b.id;
}

bool pir_values_use(struct pir_values *v, uint32_t id, size_t line, int depth)
{
    if (v->last_valid && v->last_id >= id && in_scope(v, v->last, line, depth))
        return false;   /* a use of a later read in scope: this read has ended too */
    /* The latest binding of the id: a sibling block may have bound it too (the sides of a
     * choice number their reads alike, so that equal sides stay equal text). */
    struct pir_value *b = NULL;
    for (size_t k = v->live.len; k-- > 0 && !b;)
        if (v->live.items[k].id == id)
            b = &v->live.items[k];
    if (!b || !in_scope(v, b->bound, line, depth) || (b->used && in_scope(v, b->use, line, depth)))
        return false;
    struct pir_use_undo u = {(size_t)(b - v->live.items), b->used, b->use, line};
    VEC_PUSH(v->undo, u);
    b->used = true;
    b->use = place(v, line, depth);
    v->last_valid = true;
    v->last_id = id;
    v->last = b->use;
    return true;
}

void pir_values_free(struct pir_values *v)
{
    VEC_FREE(v->live);
    VEC_FREE(v->undo);
    free(v->block_serial);
}
