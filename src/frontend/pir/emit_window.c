/* The bytes each pair's unordered accesses write and touch (see emit_window.h). */
#include "emit_window.h"
#include "emit_internal.h"

#include <stdlib.h>
#include <string.h>

/* Bytes [lo, hi) of one memory: a placed buffer's space (its bytes at their addresses), or
 * one buffer that aliases nothing. */
struct byte_range {
    int64_t lo, hi;
};
struct memory_ranges {
    const char *space;      /* placed buffers: the space; else NULL */
    int buffer;             /* else: the buffer */
    VEC(struct byte_range) ranges;   /* disjoint, not touching, in address order */
};
typedef VEC(struct memory_ranges) byte_set;

struct emit_window {
    size_t from, to;        /* v's accesses [from, to) are in the sets */
    unsigned long generation;
    bool scan;              /* one of them is maybe_to u, or has an empty region: scan */
    byte_set written, touched;
};

/* Where a region's bytes are: its memory and [*lo, *hi); false when it has no byte (a length
 * not positive), which the overlap test of emit.c treats apart. */
static bool region_range(const struct pir_writer *w, const struct emit_region *r,
                         struct memory_ranges *key, int64_t *lo, int64_t *hi)
{
    const struct pir_buffer *b = &w->buffers[r->buffer];
    int64_t at, len;
    emit_region_bytes(w, r, &at, &len);
    if (len <= 0)
        return false;
    *key = (struct memory_ranges){.space = b->place >= 0 ? b->space : NULL,
                                  .buffer = b->place >= 0 ? -1 : r->buffer};
    if (b->place >= 0)
        at += b->place;
    *lo = at;
    *hi = at + len;
    return true;
}

static struct memory_ranges *find_memory(byte_set *s, const struct memory_ranges *key, bool add)
{
    for (size_t i = 0; i < s->len; i++) {
        struct memory_ranges *m = &s->items[i];
        if (key->space ? m->space && !strcmp(m->space, key->space)
                       : !m->space && m->buffer == key->buffer)
            return m;
    }
    if (!add)
        return NULL;
    VEC_PUSH(*s, *key);
    return &s->items[s->len - 1];
}

/* The first range of m that ends after lo. */
static size_t first_ending_after(const struct memory_ranges *m, int64_t lo)
{
    size_t a = 0, b = m->ranges.len;
    while (a < b) {
        size_t mid = a + (b - a) / 2;
        if (m->ranges.items[mid].hi > lo)
            b = mid;
        else
            a = mid + 1;
    }
    return a;
}

static void add_range(byte_set *s, const struct memory_ranges *key, int64_t lo, int64_t hi)
{
    struct memory_ranges *m = find_memory(s, key, true);
    size_t i = first_ending_after(m, lo - 1);   /* ranges ending at lo touch it: merged */
    size_t j = i;
    while (j < m->ranges.len && m->ranges.items[j].lo <= hi) {
        if (m->ranges.items[j].lo < lo)
            lo = m->ranges.items[j].lo;
        if (m->ranges.items[j].hi > hi)
            hi = m->ranges.items[j].hi;
        j++;
    }
    struct byte_range merged = {lo, hi};
    if (j > i) {   /* ranges i..j-1 become one */
        m->ranges.items[i] = merged;
        memmove(&m->ranges.items[i + 1], &m->ranges.items[j],
                (m->ranges.len - j) * sizeof(merged));
        m->ranges.len -= j - i - 1;
        return;
    }
    VEC_PUSH(m->ranges, merged);   /* room for one more, then moved into place */
    memmove(&m->ranges.items[i + 1], &m->ranges.items[i],
            (m->ranges.len - 1 - i) * sizeof(merged));
    m->ranges.items[i] = merged;
}

static bool meets(byte_set *s, const struct memory_ranges *key, int64_t lo, int64_t hi)
{
    struct memory_ranges *m = find_memory(s, key, false);
    if (!m)
        return false;
    size_t i = first_ending_after(m, lo);
    return i < m->ranges.len && m->ranges.items[i].lo < hi;
}

static void clear_set(byte_set *s)
{
    for (size_t i = 0; i < s->len; i++)
        VEC_FREE(s->items[i].ranges);
    s->len = 0;
}

/* Adds v's access a to the window of (v, u). */
static void add_access(const struct pir_writer *w, struct emit_window *win, int u,
                       const struct tracked_access *a)
{
    uint8_t bit = (uint8_t)(1u << u);
    if (a->done_to & bit)
        return;
    if (a->maybe_to & bit) {
        win->scan = true;
        return;
    }
    for (int i = 0; i < a->nregions; i++) {
        struct memory_ranges key;
        int64_t lo, hi;
        if (!region_range(w, &a->regions[i], &key, &lo, &hi)) {
            win->scan = true;
            return;
        }
        add_range(&win->touched, &key, lo, hi);
        if (i < a->nwrites)
            add_range(&win->written, &key, lo, hi);
    }
}

bool emit_window_may_conflict(struct emitter *e, int v, int u, const struct tracked_access *x)
{
    struct emit_window *win = e->windows[v][u];
    if (!win)
        win = e->windows[v][u] = xcalloc(1, sizeof(*win));
    size_t from = e->ordered[v][u];
    if (win->generation != e->generation || win->from != from || win->to > e->done[v].len) {
        clear_set(&win->written);
        clear_set(&win->touched);
        *win = (struct emit_window){.from = from, .to = from, .generation = e->generation,
                                    .written = win->written, .touched = win->touched};
    }
    for (; win->to < e->done[v].len && !win->scan; win->to++)
        add_access(e->w, win, u, &e->done[v].items[win->to]);
    if (win->scan)
        return true;
    for (int i = 0; i < x->nregions; i++) {
        struct memory_ranges key;
        int64_t lo, hi;
        if (!region_range(e->w, &x->regions[i], &key, &lo, &hi))
            return true;
        if (meets(i < x->nwrites ? &win->touched : &win->written, &key, lo, hi))
            return true;
    }
    return false;
}

void emit_windows_stale(struct emitter *e)
{
    e->generation++;
}

void emit_windows_free(struct emitter *e)
{
    for (int v = 0; v < MAX_UNITS; v++)
        for (int u = 0; u < MAX_UNITS; u++) {
            struct emit_window *win = e->windows[v][u];
            if (!win)
                continue;
            clear_set(&win->written);
            clear_set(&win->touched);
            VEC_FREE(win->written);
            VEC_FREE(win->touched);
            free(win);
        }
}
