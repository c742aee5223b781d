/* The binary search the code needs: where a sorted range stops satisfying a predicate. */
#ifndef AS_UTIL_SEARCH_H
#define AS_UTIL_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

/* The first i in [lo, hi) for which before(i, ctx) is false, given that it holds on a prefix
 * of the range and not after it (a partition point); hi when it holds everywhere. */
static inline size_t partition_point(size_t lo, size_t hi, bool (*before)(size_t i, const void *ctx),
                                     const void *ctx)
{
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (before(mid, ctx))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The same partition point, found by galloping out from `hint` (in [lo, hi]): O(log d) for
 * a point at distance d, for searches whose answers move little from one to the next. */
static inline size_t partition_point_near(size_t lo, size_t hi, size_t hint,
                                          bool (*before)(size_t i, const void *ctx),
                                          const void *ctx)
{
    if (hint < lo)
        hint = lo;
    if (hint > hi)
        hint = hi;
    size_t step = 1;
    if (hint < hi && before(hint, ctx)) {   /* the point is after hint */
        size_t a = hint + 1;
        while (a < hi && before(a, ctx)) {
            hint = a;
            a = hi - a > step ? a + step : hi;
            step *= 2;
        }
        return partition_point(hint + 1, a, before, ctx);
    }
    size_t b = hint;                        /* the point is at or before hint */
    while (b > lo && !before(b - 1, ctx)) {
        hint = b - 1;
        b = b - lo > step ? b - step : lo;
        step *= 2;
    }
    return partition_point(b, hint, before, ctx);
}

#endif
