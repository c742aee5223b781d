/* Append-only span list with a bounding-span segment tree over blocks of SPAN_BLOCK
 * entries; see span_index.h. Node 1 is the root over leaves (blocks) [0, nleaves); node k
 * has children 2k and 2k+1; an empty block has the empty bounding span (lo = INT64_MAX,
 * hi = INT64_MIN), which overlaps nothing. */
#include "span_index.h"
#include "search.h"

#include <assert.h>
#include <stdlib.h>

#include "xalloc.h"

static void set_node(struct span_index *x, size_t k)
{
    int64_t llo = x->tree_lo[2 * k], rlo = x->tree_lo[2 * k + 1];
    int64_t lhi = x->tree_hi[2 * k], rhi = x->tree_hi[2 * k + 1];
    x->tree_lo[k] = llo < rlo ? llo : rlo;
    x->tree_hi[k] = lhi > rhi ? lhi : rhi;
}

/* The leaf node of entry i's block takes in its bounds (passed by the caller that has them
 * at hand: reading them through the entry is a cache miss per entry on a large index). */
static void widen_leaf(struct span_index *x, size_t i, const struct span_bounds *b)
{
    size_t k = x->nleaves + i / SPAN_BLOCK;
    if (b->lo < x->tree_lo[k])
        x->tree_lo[k] = b->lo;
    if (b->hi > x->tree_hi[k])
        x->tree_hi[k] = b->hi;
}

/* Items for cap entries and a tree for them, the entries there so far taken in. */
static void resize(struct span_index *x, size_t cap)
{
    x->cap = cap;
    x->items = xrealloc_array(x->items, cap ? cap : 1, sizeof(*x->items));
    size_t blocks = (cap + SPAN_BLOCK - 1) / SPAN_BLOCK, leaves = 1;
    while (leaves < blocks)
        leaves *= 2;
    free(x->tree_lo);   /* tree_hi is the second half of the same block */
    x->nleaves = leaves;
    x->tree_lo = xmalloc(4 * leaves * sizeof(int64_t));
    x->tree_hi = x->tree_lo + 2 * leaves;
    for (size_t k = 0; k < 2 * leaves; k++) {
        x->tree_lo[k] = INT64_MAX;
        x->tree_hi[k] = INT64_MIN;
    }
    for (size_t i = 0; i < x->len; i++)
        widen_leaf(x, i, x->items[i].bytes);
    for (size_t k = leaves; k-- > 1;)
        set_node(x, k);
}

void span_index_reserve(struct span_index *x, size_t n)
{
    if (n > x->cap)
        resize(x, n);
}

void span_index_append(struct span_index *x, const struct span_bounds *bytes, size_t payload,
                       int32_t key)
{
    assert(payload <= UINT32_MAX);
    if (x->len == x->cap)
        resize(x, x->cap ? 2 * x->cap : SPAN_BLOCK);
    size_t i = x->len++;
    x->items[i] = (struct span){bytes, (uint32_t)payload, key};
    widen_leaf(x, i, bytes);   /* the leaves are kept; the nodes above wait for the seal */
}

void span_index_add(struct span_index *x, const struct span_bounds *bytes, size_t payload,
                    int32_t key)
{
    span_index_append(x, bytes, payload, key);
    /* Bounds only widen: once a node keeps its bounds, so do its ancestors. */
    for (size_t k = (x->nleaves + (x->len - 1) / SPAN_BLOCK) / 2; k >= 1; k /= 2) {
        int64_t lo = x->tree_lo[k], hi = x->tree_hi[k];
        set_node(x, k);
        if (x->tree_lo[k] == lo && x->tree_hi[k] == hi)
            break;
    }
}

void span_index_seal(struct span_index *x)
{
    for (size_t k = x->nleaves; k-- > 1;)
        set_node(x, k);
}

void span_index_free(struct span_index *x)
{
    free(x->items);
    free(x->tree_lo);
    x->items = NULL;
    x->tree_lo = x->tree_hi = NULL;
    x->len = x->cap = x->nleaves = 0;
}

static bool overlaps(const struct span *s, int64_t lo, int64_t hi)
{
    return s->bytes->lo < hi && lo < s->bytes->hi;
}

/* Node k covers blocks [nlo, nhi). */
static void visit_node(const struct span_index *x, size_t k, size_t nlo, size_t nhi, size_t from,
                       size_t to, int64_t lo, int64_t hi,
                       void (*visit)(void *ctx, const struct span *s), void *ctx)
{
    if (nhi * SPAN_BLOCK <= from || to <= nlo * SPAN_BLOCK || x->tree_hi[k] <= lo
        || hi <= x->tree_lo[k])
        return;
    if (nhi - nlo == 1) {
        size_t a = nlo * SPAN_BLOCK > from ? nlo * SPAN_BLOCK : from;
        size_t b = nhi * SPAN_BLOCK < to ? nhi * SPAN_BLOCK : to;
        for (size_t i = a; i < b; i++)
            if (overlaps(&x->items[i], lo, hi))
                visit(ctx, &x->items[i]);
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
    if (to - from <= 2 * SPAN_BLOCK) {   /* a short range: a scan beats a descent */
        for (size_t i = from; i < to; i++)
            if (overlaps(&x->items[i], lo, hi))
                visit(ctx, &x->items[i]);
        return;
    }
    visit_node(x, 1, 0, x->nleaves, from, to, lo, hi, visit, ctx);
}

static const struct span *last_node(const struct span_index *x, size_t k, size_t nlo,
                                    size_t nhi, size_t to, int64_t lo, int64_t hi)
{
    if (to <= nlo * SPAN_BLOCK || x->tree_hi[k] <= lo || hi <= x->tree_lo[k])
        return NULL;
    if (nhi - nlo == 1) {
        size_t b = nhi * SPAN_BLOCK < to ? nhi * SPAN_BLOCK : to;
        for (size_t i = b; i-- > nlo * SPAN_BLOCK;)
            if (overlaps(&x->items[i], lo, hi))
                return &x->items[i];
        return NULL;
    }
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
    return last_node(x, 1, 0, x->nleaves, to, lo, hi);
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

size_t span_index_first_after_near(const struct span_index *x, int32_t key, size_t hint)
{
    struct key_bound q = {x, key};
    return partition_point_near(0, x->len, hint, key_at_most, &q);
}
