/* A kernel's tiling fields when neither -D nor --tiling gives them: a guess by the field's
 * name (docs/frontends.md, "Runtime values"), the same whether the kernel is read with the
 * built-in declarations or through the SDK; and what the search for guesses the host could
 * produce (tiling_search.h) measures: whether the buffers fit the model's memories. */
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
    TILING_MAX_DOUBLINGS = 4,   /* and, when a divisor is zero under 256: 512, ..., 4096 */
    TILING_COUNT_GUESS = 2,     /* a count field's first guess; the second is 1 */
    TILING_GUESS_STEP_SHARE = 100,  /* a lowering under sizes above 1 runs at most 1/100 of
                                     * --max-events before the sizes are halved */
};

int64_t tiling_field_default(const char *name);

/* Whether parm is the tiling argument of its kernel entry: the operator framework passes the
 * tiling data last, in a GM_ADDR parameter named for it (`tiling`, `tilingGm`). */
bool tiling_parameter(CXCursor parm);

/* Before an attempt at lowering an entry: no runtime value of I read yet, every size guess
 * of the tiling (a field nobody gave whose guess is TILING_SIZE_GUESS) set to
 * TILING_SIZE_GUESS >> halvings (halvings < 0: << -halvings), every count guess
 * (TILING_COUNT_GUESS) to `count`. Returns whether I holds a count guess. */
bool tiling_guess_attempt(struct interp *I, int halvings, int64_t count);

/* Whether I read a count guess since the last attempt. */
bool tiling_guess_counts(const struct interp *I);
/* Whether I read a size guess since the last attempt. */
bool tiling_guess_sizes(const struct interp *I);

/* The tiling values nobody gave that I (then J, when not NULL nor I) read since the last
 * attempt, as `guessed("a" = 1, "b" = 2)` (malloc'ed); NULL: none. */
char *tiling_guess_annotation(const struct interp *I, const struct interp *J);

/* What a lowering under guessed values asks of the model's memories that no host tiling
 * would: buffers placed past the end of their memory, a size not positive, a region longer
 * than the memory its buffer is in, a region of negative length. */
struct memory_fit {
    int64_t over;           /* bytes past the memories' ends, summed (a size or length n not
                             * positive counts 1 - n); 0: everything fits */
    int buffer;             /* the buffer furthest out, or the region's; -1: none */
    int64_t space_size;     /* the bytes of its memory */
    bool region;            /* the region (w->longest_region) is the worst, not the buffer */
};
/* The fit of the buffers placed since the first `first` of w, of the buffers declared without
 * a size (grown to the bytes the code addresses: the SDK reading's memories; see
 * pir_writer_clear_grown) and of w's longest region. */
struct memory_fit tiling_memory_fit(const struct pir_writer *w, size_t first,
                                    const struct model *m);
/* What does not fit, for a message (malloc'ed): "buffer 'q' (bytes 0..1048575) does not fit
 * in UB (196608 bytes)". */
char *tiling_fit_text(const struct pir_writer *w, const struct memory_fit *fit);

#endif
