/* Append-only span list with a bounding-span segment tree; see span_index.h. Node 1 is the
 * root over leaves [0, cap); node k has children 2k and 2k+1; an empty leaf has the empty
 * bounding span (lo = INT64_MAX, hi = INT64_MIN), which overlaps nothing. */
#include "span_index.h"
#include "search.h"

#include <stdlib.h>

#include "xalloc.h"

static void set_node(struct span_index *x, size_t k)
{
    int64_t llo = x->tree_lo[2 * k], rlo = x->tree_lo[2 * k + 1];
    int64_t lhi = x->tree_hi[2 * k], rhi = x->tree_hi[2 * k + 1];
    x->tree_lo[k] = llo < rlo ? llo : rlo;
    x->tree_hi[k] = lhi > rhi ? lhi : rhi;
}

static void rebuild(struct span_index *x)
{
    free(x->tree_lo);
    free(x->tree_hi);
    x->tree_lo = xmalloc(2 * x->cap * sizeof(int64_t));
    x->tree_hi = xmalloc(2 * x->cap * sizeof(int64_t));
    for (size_t i = 0; i < x->cap; i++) {
        x->tree_lo[x->cap + i] = i < x->len ? x->items[i].lo : INT64_MAX;
        x->tree_hi[x->cap + i] = i < x->len ? x->items[i].hi : INT64_MIN;
    }
    for (size_t k = x->cap; k-- > 1;)
        set_node(x, k);
}

void span_index_add(struct span_index *x, int64_t lo, int64_t hi, size_t payload, int32_t key)
{
    if (x->len == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 16;
        x->items = xrealloc_array(x->items, x->cap, sizeof(*x->items));
        x->items[x->len++] = (struct span){lo, hi, payload, key};
        rebuild(x);
        return;
    }
    x->items[x->len] = (struct span){lo, hi, payload, key};
    size_t k = x->cap + x->len++;
    x->tree_lo[k] = lo;
    x->tree_hi[k] = hi;
    for (k /= 2; k >= 1; k /= 2)
        set_node(x, k);
}

void span_index_free(struct span_index *x)
{
    free(x->items);
    free(x->tree_lo);
    free(x->tree_hi);
    x->items = NULL;
    x->tree_lo = x->tree_hi = NULL;
    x->len = x->cap = 0;
}

/* Node k covers leaves [nlo, nhi). */
static void visit_node(const struct span_index *x, size_t k, size_t nlo, size_t nhi, size_t from,
                       size_t to, int64_t lo, int64_t hi,
                       void (*visit)(void *ctx, const struct span *s), void *ctx)
{
    if (nhi <= from || to <= nlo || x->tree_hi[k] <= lo || hi <= x->tree_lo[k])
        return;
    if (nhi - nlo == 1) {
        visit(ctx, &x->items[nlo]);
        return;
    }
    size_t mid = nlo + (nhi - nlo) / 2;
    visit_node(x, 2 * k, nlo, mid, from, to, lo, hi, visit, ctx);
    visit_node(x, 2 * k + 1, mid, nhi, from, to, lo, hi, visit, ctx);
}

void span_index_visit(const struct span_index *x, size_t from, size_t to, int64_t lo,
                      int64_t hi, void (*visit)(void *ctx, const struct span *s), void *ctx)
{
    if (to > x->len)
        to = x->len;
    if (from >= to || lo >= hi)
        return;
    visit_node(x, 1, 0, x->cap, from, to, lo, hi, visit, ctx);
}

static const struct span *last_node(const struct span_index *x, size_t k, size_t nlo,
                                    size_t nhi, size_t to, int64_t lo, int64_t hi)
{
    if (to <= nlo || x->tree_hi[k] <= lo || hi <= x->tree_lo[k])
        return NULL;
    if (nhi - nlo == 1)
        return &x->items[nlo];
    size_t mid = nlo + (nhi - nlo) / 2;
    const struct span *s = last_node(x, 2 * k + 1, mid, nhi, to, lo, hi);
    return s ? s : last_node(x, 2 * k, nlo, mid, to, lo, hi);
}

const struct span *span_index_last(const struct span_index *x, size_t to, int64_t lo, int64_t hi)
{
    if (to > x->len)
        to = x->len;
    if (!to || lo >= hi)
        return NULL;
    return last_node(x, 1, 0, x->cap, to, lo, hi);
}

struct key_bound {
    const struct span_index *x;
    int32_t key;
};

static bool key_at_most(size_t i, const void *ctx)
{
    const struct key_bound *q = ctx;
    return q->x->items[i].key <= q->key;
}

size_t span_index_first_after(const struct span_index *x, int32_t key)
{
    struct key_bound q = {x, key};
    return partition_point(0, x->len, key_at_most, &q);
}
