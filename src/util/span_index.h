/* An append-only list of byte spans [lo, hi) in insertion order, with a segment tree of
 * bounding spans over blocks of SPAN_BLOCK entries, so that "which entries in positions
 * [from, to) overlap [lo, hi)" skips whole runs of entries that cannot overlap. The hazard
 * search and the interlock rule use it per (memory, unit). An entry points at its bounds,
 * which the caller keeps (the lowered regions): 16 bytes an entry and a tree of about 2
 * bytes an entry; span_index_reserve sizes it exactly. */
#ifndef AS_UTIL_SPAN_INDEX_H
#define AS_UTIL_SPAN_INDEX_H

#include <stddef.h>
#include <stdint.h>

#define SPAN_BLOCK 16

struct span_bounds {
    int64_t lo, hi;
};

struct span {
    const struct span_bounds *bytes;    /* the caller's, unchanged while the index lives */
    uint32_t payload;   /* the caller's: an instruction index (below 2^32) */
    int32_t key;        /* the caller's: a queue position (non-decreasing) */
};

struct span_index {
    struct span *items;
    size_t len, cap;
    size_t nleaves;                 /* tree leaves (blocks), a power of two */
    int64_t *tree_lo, *tree_hi;     /* node k; leaf b of the tree is node nleaves + b (one
                                     * block: tree_hi is its second half) */
};

/* Room for n entries in all, allocated once (optional: the index grows by itself). */
void span_index_reserve(struct span_index *x, size_t n);
void span_index_add(struct span_index *x, const struct span_bounds *bytes, size_t payload,
                    int32_t key);
/* Appends without keeping the tree: for lists built whole before any query, which then
 * call span_index_seal once (O(n) in all, against O(log n) per span_index_add). */
void span_index_append(struct span_index *x, const struct span_bounds *bytes, size_t payload,
                       int32_t key);
void span_index_seal(struct span_index *x);
void span_index_free(struct span_index *x);
/* Calls visit(ctx, span) for each entry at position [from, to) overlapping [lo, hi), in
 * position order. */
void span_index_visit(const struct span_index *x, size_t from, size_t to, int64_t lo,
                      int64_t hi, void (*visit)(void *ctx, const struct span *s), void *ctx);
/* The last entry at a position < to overlapping [lo, hi), or NULL. */
const struct span *span_index_last(const struct span_index *x, size_t to, int64_t lo, int64_t hi);
/* The first position whose key is greater than `key` (keys are non-decreasing), searched out
 * from position `hint` (cheap when the answer is near it). */
size_t span_index_first_after_near(const struct span_index *x, int32_t key, size_t hint);

#endif
