/* One hazard per (kind, place, place): see hazard_set.h. */
#include "hazard_set.h"

#include <stdlib.h>
#include <string.h>

void hazard_set_init(struct hazard_set *s, const struct lw_program *p,
                     const struct diag_list *findings)
{
    memset(s, 0, sizeof(*s));
    s->p = p;
    s->findings = findings;
    s->place = xcalloc(p->nins ? p->nins : 1, sizeof(int));
}

void hazard_set_free(struct hazard_set *s)
{
    free(s->place);
    key_map_free(&s->places);
    VEC_FREE(s->files);
    VEC_FREE(s->items);
    free(s->slots);
}

static int64_t file_number(struct hazard_set *s, const char *file)
{
    if (!file)
        return -1;
    for (size_t i = 0; i < s->files.len; i++)   /* a run's statements come from a few files */
        if (s->files.items[i] == file || strcmp(s->files.items[i], file) == 0)
            return (int64_t)i;
    VEC_PUSH(s->files, file);
    return (int64_t)s->files.len - 1;
}

/* The number of instruction i's place, the same for two instructions exactly when
 * diag_list would take their locations for one (file, line and column). */
static int place_of(struct hazard_set *s, size_t i)
{
    if (!s->place[i]) {
        struct as_loc loc = diag_place(s->findings, s->p->ins[i].stmt->loc);
        int64_t key[KEY_MAP_WIDTH] = {file_number(s, loc.file), loc.line, loc.col, 0};
        s->place[i] = key_map_get_or_put(&s->places, key, (int)s->places.len) + 1;
    }
    return s->place[i];
}

/* Place numbers are small and consecutive: mixed (splitmix64's finalizer) so that linear
 * probing does not cluster them. */
static size_t hash_of(enum hazard_kind kind, int first, int second)
{
    uint64_t h = ((uint64_t)(uint32_t)first << 32 | (uint32_t)second) * 3 + (uint64_t)kind;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    return (size_t)(h ^ (h >> 31));
}

static void grow(struct hazard_set *s)
{
    free(s->slots);
    s->nslots = s->nslots ? 2 * s->nslots : 64;
    s->slots = xcalloc(s->nslots, sizeof(size_t));
    for (size_t i = 0; i < s->items.len; i++) {
        const struct hazard *h = &s->items.items[i];
        size_t k = hash_of(h->kind, s->place[h->first], s->place[h->second]) & (s->nslots - 1);
        while (s->slots[k])
            k = (k + 1) & (s->nslots - 1);
        s->slots[k] = i + 1;
    }
}

void hazard_set_record(struct hazard_set *s, enum hazard_kind kind, size_t first, size_t second)
{
    if (2 * (s->items.len + 1) > s->nslots)
        grow(s);
    int pf = place_of(s, first), ps = place_of(s, second);
    size_t lo = first < second ? first : second, hi = first < second ? second : first;
    size_t k = hash_of(kind, pf, ps) & (s->nslots - 1);
    for (; s->slots[k]; k = (k + 1) & (s->nslots - 1)) {
        struct hazard *h = &s->items.items[s->slots[k] - 1];
        if (h->kind == kind && s->place[h->first] == pf && s->place[h->second] == ps) {
            if (hi < h->hi || (hi == h->hi && lo < h->lo))
                *h = (struct hazard){kind, first, second, lo, hi};
            return;
        }
    }
    struct hazard h = {kind, first, second, lo, hi};
    VEC_PUSH(s->items, h);
    s->slots[k] = s->items.len;
}

static int by_occurrence(const void *x, const void *y)
{
    const struct hazard *a = x, *b = y;
    if (a->hi != b->hi)
        return a->hi < b->hi ? -1 : 1;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return (int)a->kind - (int)b->kind;
}

void hazard_set_sort(struct hazard_set *s)
{
    if (s->items.len)
        qsort(s->items.items, s->items.len, sizeof(struct hazard), by_occurrence);
}
