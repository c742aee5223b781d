/* Open addressing with linear probing, grown at half full (see key_map.h). */
#include "key_map.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* Each word mixed whole (splitmix64's finalizer) before it is combined: keys that are
 * pointers (libclang's cursors) differ in their middle bits, which a multiply alone leaves
 * out of the low bits the table is indexed by. */
static uint64_t mix(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static size_t key_hash(const int64_t key[KEY_MAP_WIDTH])
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < KEY_MAP_WIDTH; i++)
        h = mix(h ^ (uint64_t)key[i]);
    return (size_t)h;
}

static struct key_map_slot *probe(struct key_map_slot *slots, size_t nslots,
                                  const int64_t key[KEY_MAP_WIDTH])
{
    size_t k = key_hash(key) & (nslots - 1);
    while (slots[k].value >= 0 && memcmp(slots[k].key, key, sizeof(slots[k].key)) != 0)
        k = (k + 1) & (nslots - 1);
    return &slots[k];
}

static void grow(struct key_map *m)
{
    size_t nslots = m->nslots ? 2 * m->nslots : 16;
    struct key_map_slot *slots = xcalloc(nslots, sizeof(*slots));
    for (size_t i = 0; i < nslots; i++)
        slots[i].value = -1;
    for (size_t i = 0; i < m->nslots; i++)
        if (m->slots[i].value >= 0)
            *probe(slots, nslots, m->slots[i].key) = m->slots[i];
    free(m->slots);
    m->slots = slots;
    m->nslots = nslots;
}

int key_map_get_or_put(struct key_map *m, const int64_t key[KEY_MAP_WIDTH], int value)
{
    if (2 * (m->len + 1) > m->nslots)
        grow(m);
    struct key_map_slot *s = probe(m->slots, m->nslots, key);
    if (s->value >= 0)
        return s->value;
    memcpy(s->key, key, sizeof(s->key));
    s->value = value;
    m->len++;
    return value;
}

void key_map_free(struct key_map *m)
{
    free(m->slots);
    memset(m, 0, sizeof(*m));
}
