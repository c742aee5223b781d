/* The tiling keys a kernel tests with TILING_KEY_IS, each once, ascending: the entry is
 * lowered once per key, as the build compiles it (read by both Ascend C readings). */
#ifndef AS_FRONTEND_ASCENDC_TILING_KEYS_H
#define AS_FRONTEND_ASCENDC_TILING_KEYS_H

#include <stdint.h>
#include <string.h>

#include "../../util/xalloc.h"

struct tiling_keys {
    int64_t *items;
    size_t len, cap;
};

static inline void tiling_keys_add(struct tiling_keys *keys, int64_t key)
{
    size_t at = 0;
    while (at < keys->len && keys->items[at] < key)
        at++;
    if (at < keys->len && keys->items[at] == key)
        return;
    VEC_PUSH(*keys, key);
    memmove(keys->items + at + 1, keys->items + at, (keys->len - 1 - at) * sizeof(int64_t));
    keys->items[at] = key;
}

#endif
