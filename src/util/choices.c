/* Depth-first enumeration of binary choices (choices.h). */
#include "choices.h"

#include <stdlib.h>

bool choices_take(struct choices *c)
{
    if (c->used == c->bits.len)
        VEC_PUSH(c->bits, 1);
    return c->bits.items[c->used++] != 0;
}

bool choices_next(struct choices *c)
{
    /* drop the choices the last run did not reach, flip the deepest first side into the
     * second and forget everything after it */
    c->bits.len = c->used;
    while (c->bits.len > 0 && c->bits.items[c->bits.len - 1] == 0)
        c->bits.len--;
    c->used = 0;
    if (c->bits.len == 0)
        return false;
    c->bits.items[c->bits.len - 1] = 0;
    return true;
}

void choices_reset(struct choices *c)
{
    c->bits.len = 0;
    c->used = 0;
}

void choices_free(struct choices *c)
{
    VEC_FREE(c->bits);
    c->used = 0;
}
