/* Files compiled into the binary (scripts/embed_tree.py): the frontend's stub headers. */
#ifndef AS_UTIL_EMBEDDED_H
#define AS_UTIL_EMBEDDED_H

#include <stddef.h>

struct embedded_file {
    const char *path;               /* relative to the tree's root, '/'-separated; NULL ends */
    const unsigned char *data;      /* the bytes, then a NUL */
    size_t len;
};

#endif
