/* A kernel's tiling fields when neither -D nor --tiling gives them: a guess by the field's
 * name (docs/frontends.md, "Runtime values"), the same whether the kernel is read with the
 * built-in declarations or through the SDK; and the search for guesses the host could
 * produce, whose buffers fit the model's memories ("Guessed tiling values"). */
#ifndef AS_FRONTEND_ASCENDC_TILING_DEFAULTS_H
#define AS_FRONTEND_ASCENDC_TILING_DEFAULTS_H

#include <stdint.h>

#include "../../model/model.h"
#include "../interp/interp.h"
#include "../pir/pir_writer.h"

/* What the runtime values of the tiling stand for (struct runtime_value.what). */
#define TILING_FIELD_WHAT "tiling field"
#define TILING_WORD_WHAT "a word of the tiling argument"

enum {
    TILING_SIZE_GUESS = 256,    /* a size field's first guess */
    TILING_MAX_HALVINGS = 8,    /* the size guesses tried: 256, 128, ..., 1 */
};

int64_t tiling_field_default(const char *name);

/* Before an attempt at lowering an entry: no runtime value of I read yet, and every size
 * guess of the tiling (a field nobody gave whose guess is TILING_SIZE_GUESS) set to
 * TILING_SIZE_GUESS >> halvings. */
void tiling_guess_attempt(struct interp *I, int halvings);

/* The tiling values nobody gave that I (then J, when not NULL nor I) read since the last
 * attempt, as `guessed("a" = 1, "b" = 2)` (malloc'ed); NULL: none. */
char *tiling_guess_annotation(const struct interp *I, const struct interp *J);

/* How far the buffers placed since the first `first` of w leave the memory the model gives
 * their space (bytes past its end, summed; a size not positive counts as 1 - size): 0 when
 * they all fit. *worst is the buffer that is furthest out (-1: none), *space_size its
 * space's bytes. */
int64_t tiling_memory_overflow(const struct pir_writer *w, size_t first, const struct model *m,
                               int *worst, int64_t *space_size);

#endif
