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
    key_map_free(&s->index);
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

void hazard_set_record(struct hazard_set *s, enum hazard_kind kind, size_t first, size_t second)
{
    int64_t key[KEY_MAP_WIDTH] = {kind, place_of(s, first), place_of(s, second), 0};
    int at = key_map_get_or_put(&s->index, key, (int)s->items.len);
    size_t lo = first < second ? first : second, hi = first < second ? second : first;
    struct hazard h = {kind, first, second, lo, hi};
    if ((size_t)at == s->items.len) {
        VEC_PUSH(s->items, h);
        return;
    }
    struct hazard *held = &s->items.items[at];
    if (hi < held->hi || (hi == held->hi && lo < held->lo))
        *held = h;
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
