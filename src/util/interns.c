/* The name table of interns.h: FNV-1a (fnv.h), linear probing, grown at half full. */
#include "interns.h"

#include <stdlib.h>
#include <string.h>

#include "fnv.h"
#include "xalloc.h"

static size_t find(const char **slots, size_t nslots, const char *s, size_t n)
{
    size_t k = fnv1a(s, n) & (nslots - 1);
    while (slots[k] && !(strncmp(slots[k], s, n) == 0 && slots[k][n] == '\0'))
        k = (k + 1) & (nslots - 1);
    return k;
}

const char *interns_get(struct interns *t, struct arena *arena, const char *s, size_t n)
{
    if (2 * (t->len + 1) > t->nslots) {
        size_t nslots = t->nslots ? 2 * t->nslots : 256;
        const char **slots = xcalloc(nslots, sizeof(*slots));
        for (size_t i = 0; i < t->nslots; i++)
            if (t->slots[i])
                slots[find(slots, nslots, t->slots[i], strlen(t->slots[i]))] = t->slots[i];
        free(t->slots);
        t->slots = slots;
        t->nslots = nslots;
    }
    size_t k = find(t->slots, t->nslots, s, n);
    if (!t->slots[k]) {
        t->slots[k] = arena_strndup(arena, s, n);
        t->len++;
    }
    return t->slots[k];
}

void interns_free(struct interns *t)
{
    free(t->slots);
    memset(t, 0, sizeof(*t));
}
