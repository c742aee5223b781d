/* One copy of each distinct name: the parser keeps identifiers here, so that two mentions of
 * a name are the same pointer and the lowering's lookups (scope chains, memos keyed by the
 * name's pointer) can compare pointers before bytes. */
#ifndef AS_UTIL_INTERNS_H
#define AS_UTIL_INTERNS_H

#include <stddef.h>

#include "arena.h"

struct interns {
    const char **slots;     /* open addressing, NULL empty */
    size_t nslots, len;
};

/* The copy of s[0 .. n) in the table, made in `arena` the first time. */
const char *interns_get(struct interns *t, struct arena *arena, const char *s, size_t n);
void interns_free(struct interns *t);   /* the table, not the strings (the arena's) */

#endif
