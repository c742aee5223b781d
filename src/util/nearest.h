/* "Did you mean ...?": the known name closest to a misspelt one. */
#ifndef AS_UTIL_NEAREST_H
#define AS_UTIL_NEAREST_H

#include <stddef.h>

/* The name of `names` (n of them; NULL entries skipped) at the smallest edit distance from
 * `word` (insertions, deletions, substitutions, adjacent swaps), if that distance is small
 * enough to be a slip: at most a third of the word's length, and at least 1. NULL otherwise. */
const char *nearest_name(const char *word, const char *const *names, size_t n);

#endif
