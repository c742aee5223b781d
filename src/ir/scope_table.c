/* The hashed block of bindings of eval.h: a file may declare many params and consts, and
 * every name in every expression of every unrolled instruction is looked up among them. */
#include <stdlib.h>
#include <string.h>

#include "../util/fnv.h"
#include "../util/pointer_hash.h"
#include "../util/xalloc.h"
#include "eval.h"

static size_t probe(const struct scope **slots, size_t nslots, const char *name)
{
    size_t k = fnv1a(name, strlen(name)) & (nslots - 1);
    while (slots[k] && strcmp(slots[k]->name, name) != 0)
        k = (k + 1) & (nslots - 1);
    return k;
}

#define ANSWER_BITS 6
#define ANSWER_SLOTS (1 << ANSWER_BITS)

static size_t answer_slot(const char *name)
{
    return pointer_slot(name, ANSWER_BITS);
}

void scope_table_add(struct scope_table *t, const struct scope *binding)
{
    if (!t->answers)
        t->answers = xmalloc(ANSWER_SLOTS * sizeof(*t->answers));
    memset(t->answers, 0, ANSWER_SLOTS * sizeof(*t->answers));   /* a new name may answer */
    if (2 * (t->len + 1) > t->nslots) {
        size_t nslots = t->nslots ? 2 * t->nslots : 64;
        const struct scope **slots = xcalloc(nslots, sizeof(*slots));
        for (size_t i = 0; i < t->nslots; i++)
            if (t->slots[i])
                slots[probe(slots, nslots, t->slots[i]->name)] = t->slots[i];
        free(t->slots);
        t->slots = slots;
        t->nslots = nslots;
    }
    size_t k = probe(t->slots, t->nslots, binding->name);
    t->len += !t->slots[k];
    t->slots[k] = binding;     /* a repeated name replaces the earlier binding */
}

const struct scope *scope_table_find(const struct scope_table *t, const char *name)
{
    if (!t->len)
        return NULL;
    struct scope_answer *a = &t->answers[answer_slot(name)];
    if (a->name != name)
        *a = (struct scope_answer){name, t->slots[probe(t->slots, t->nslots, name)]};
    return a->hit;
}

void scope_table_free(struct scope_table *t)
{
    free(t->slots);
    free(t->answers);
    t->answers = NULL;
    t->slots = NULL;
    t->nslots = t->len = 0;
}
