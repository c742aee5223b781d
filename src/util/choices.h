/* A sequence of binary choices explored depth-first: a run replays the choices recorded so far
 * and takes the first side (1) at every choice past them, recording it; choices_next then moves
 * to the next combination not yet run. The checker's `if (?)` paths and the frontends' runs
 * per condition on data are enumerated so. */
#ifndef AS_UTIL_CHOICES_H
#define AS_UTIL_CHOICES_H

#include <stdbool.h>
#include <stddef.h>

#include "xalloc.h"

struct choices {
    VEC(unsigned char) bits;    /* 1: the first side */
    size_t used;                /* choices met by the current run */
};

/* The side the current run takes at its next choice: true for the first. */
bool choices_take(struct choices *c);
/* After a run: the next combination (true), or false when every one has run (c is then empty,
 * ready for a new enumeration). */
bool choices_next(struct choices *c);
/* Back to the first combination, every choice forgotten (an enumeration started again). */
void choices_reset(struct choices *c);
void choices_free(struct choices *c);

#endif
