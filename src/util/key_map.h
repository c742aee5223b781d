/* A hash map from small tuples of integers to int, for the lowering's "the index of this
 * memory / flag channel, or a new one" questions, which a linear search would make
 * quadratic in the number of cores. */
#ifndef AS_UTIL_KEY_MAP_H
#define AS_UTIL_KEY_MAP_H

#include <stddef.h>
#include <stdint.h>

#define KEY_MAP_WIDTH 4

struct key_map_slot {
    int64_t key[KEY_MAP_WIDTH];
    int value;                  /* -1: empty */
};

struct key_map {
    struct key_map_slot *slots;
    size_t nslots, len;
};

/* The value held for key; when there is none, stores `value` (>= 0) for it and returns
 * that. An empty (zeroed) map is ready to use. */
int key_map_get_or_put(struct key_map *m, const int64_t key[KEY_MAP_WIDTH], int value);
void key_map_free(struct key_map *m);

#endif
