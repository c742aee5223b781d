/* The one binary search the code needs: where a sorted range stops satisfying a predicate. */
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

#endif
