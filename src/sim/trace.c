/* Builds the timeline of a finding from a simulated run: which instructions to show (a
 * window of issue order around the two instructions) and their times, grouped by unit. */
#include <stdlib.h>
#include <string.h>

#include "trace.h"

#define TRACE_KEEP 6       /* a long window keeps this many at each end */
#define TRACE_AROUND 3     /* across cores: this many before and after each instruction */

static void add_range(struct size_vec *v, size_t lo, size_t hi)
{
    for (size_t i = lo; i <= hi; i++)
        VEC_PUSH(*v, i);
}

static int by_index(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* The window: sorted, without repeats; *omitted counts what a long one leaves out. */
static void pick_window(const struct lw_program *p, size_t first, size_t second,
                        struct size_vec *out, size_t *omitted)
{
    *omitted = 0;
    if (first != SIM_NONE && second != SIM_NONE && p->ins[first].core == p->ins[second].core) {
        size_t lo = first < second ? first : second, hi = first < second ? second : first;
        if (hi - lo + 1 > 2 * TRACE_KEEP) {
            add_range(out, lo, lo + TRACE_KEEP - 1);
            add_range(out, hi - TRACE_KEEP + 1, hi);
            *omitted = hi - lo + 1 - 2 * TRACE_KEEP;
        } else {
            add_range(out, lo, hi);
        }
        return;
    }
    size_t ends[2] = {first, second};
    for (int k = 0; k < 2; k++) {
        if (ends[k] == SIM_NONE)
            continue;
        const struct lw_core *c = &p->cores[p->ins[ends[k]].core];
        size_t lo = ends[k] >= c->first_ins + TRACE_AROUND ? ends[k] - TRACE_AROUND : c->first_ins;
        size_t hi = ends[k] + TRACE_AROUND < c->first_ins + c->nins ? ends[k] + TRACE_AROUND
                                                                   : c->first_ins + c->nins - 1;
        add_range(out, lo, hi);
    }
    qsort(out->items, out->len, sizeof(size_t), by_index);
    size_t n = 0;
    for (size_t i = 0; i < out->len; i++)
        if (n == 0 || out->items[n - 1] != out->items[i])
            out->items[n++] = out->items[i];
    out->len = n;
}

/* Units are rows; issuer-level barriers get a row per core, keyed -1 - core. */
static int row_key(const struct lw_ins *x) { return x->unit >= 0 ? x->unit : -1 - x->core; }

static const char *row_name(const struct lw_program *p, struct arena *a, const struct lw_ins *x)
{
    if (x->unit >= 0)
        return arena_strdup(a, p->units[x->unit].name);
    return p->multicore ? arena_printf(a, "%s.issuer", p->cores[x->core].name)
                        : arena_strdup(a, "issuer");
}

struct sim_trace *sim_trace_build(const struct sim_run *r, struct arena *arena, size_t first,
                                  size_t second, const int64_t *latency, int64_t slow)
{
    const struct lw_program *p = r->p;
    struct sim_trace *t = arena_alloc(arena, sizeof(*t));
    t->slow = slow;
    struct size_vec window = {0};
    pick_window(p, first, second, &window, &t->omitted);
    t->entries = arena_alloc_array(arena, window.len ? window.len : 1, sizeof(*t->entries));
    bool *placed = calloc(window.len ? window.len : 1, sizeof(bool));
    if (!placed)
        xalloc_die();
    for (size_t i = 0; i < window.len; i++) {
        if (placed[i])
            continue;
        int key = row_key(&p->ins[window.items[i]]);
        for (size_t j = i; j < window.len; j++) {
            size_t x = window.items[j];
            const struct lw_ins *ins = &p->ins[x];
            if (placed[j] || row_key(ins) != key)
                continue;
            placed[j] = true;
            struct sim_trace_entry *e = &t->entries[t->n++];
            e->unit = row_name(p, arena, ins);
            e->what = describe_ins(p, arena, x);
            e->loc = ins->stmt->loc;
            if (lw_iters(p, ins)->len) {
                struct binding *b = arena_alloc_array(arena, lw_iters(p, ins)->len, sizeof(*b));
                memcpy(b, lw_iters(p, ins)->items, lw_iters(p, ins)->len * sizeof(*b));
                e->iters = (struct binding_list){b, lw_iters(p, ins)->len};
            }
            e->issue = r->issue[x];
            e->start = r->start[x];
            e->end = r->end[x];
            e->slow = slow > 0 && latency[x] >= slow;
            e->role = x == first ? TRACE_FIRST : x == second ? TRACE_SECOND : TRACE_OTHER;
            e->sync = ins->kind != INS_ACCESS;
            e->index = x;
        }
    }
    free(placed);
    VEC_FREE(window);
    return t;
}
