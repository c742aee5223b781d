/* Choices merged into one run (docs/semantics.md §6): an `if (?)` that merge_rules.c lets be
 * merged is not explored as two runs; both sides' accesses are lowered into the same run,
 * each tagged with the side it belongs to (a tree of sides: a merged choice may hold more),
 * and the hazard search never pairs two accesses of different sides of one choice
 * (lw_exclusive). */
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

/* ------------------------------------------------------------ the merged run */

static uint32_t new_side(struct lowerer *L, uint32_t choice)
{
    if (!L->alts.len) {   /* node 0: outside every merged choice */
        struct lw_alt none = {0, 0, 0};
        VEC_PUSH(L->alts, none);
    }
    struct lw_alt a = {.parent = L->alt, .choice = choice,
                       .depth = L->alts.items[L->alt].depth + 1};
    VEC_PUSH(L->alts, a);
    return (uint32_t)(L->alts.len - 1);
}

void lower_merged_choice(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    if (!L->alt_of.items) {   /* the first merge of the run: the tags start here */
        L->alt_of.cap = L->nins + 64;
        L->alt_of.items = xcalloc(L->alt_of.cap, sizeof(*L->alt_of.items));
        L->alt_of.len = L->nins;
    }
    uint32_t choice = (uint32_t)++L->p->nmerged, outer = L->alt;
    L->alt = new_side(L, choice);
    lower_stmts(L, s->body, env);
    L->alt = outer;
    L->alt = new_side(L, choice);
    lower_stmts(L, s->else_body, env);
    L->alt = outer;
}

bool lw_exclusive(const struct lw_program *p, size_t a, size_t b)
{
    uint32_t x = p->alt_of[a], y = p->alt_of[b];
    if (!x || !y)
        return false;
    while (p->alts[x].depth > p->alts[y].depth)
        x = p->alts[x].parent;
    while (p->alts[y].depth > p->alts[x].depth)
        y = p->alts[y].parent;
    while (x != y) {
        if (p->alts[x].parent == p->alts[y].parent)
            return p->alts[x].choice == p->alts[y].choice;   /* two sides of one choice */
        x = p->alts[x].parent;
        y = p->alts[y].parent;
    }
    return false;   /* one side holds the other */
}
