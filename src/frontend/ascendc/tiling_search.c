/* The search for tiling guesses whose buffers fit the model's memories (see tiling_search.h). */
#include "tiling_search.h"

#include <stdlib.h>

#include "tiling_defaults.h"
#include "../../util/xalloc.h"

/* Sets the guesses of the tiling in both parses' interpreters, and clears their reads. */
static void guess_attempt(const struct tiling_search *s, int halvings, int64_t count)
{
    tiling_guess_attempt(s->I, halvings, count);
    if (s->J && s->J != s->I)
        tiling_guess_attempt(s->J, halvings, count);
}

/* What one attempt leaves to throw away: where the kernel starts, the buffers and their
 * sizes before it, the diagnostics before it. */
struct attempt_start {
    struct pir_mark mark;
    size_t buffers;
    int64_t *sizes;
    size_t first_diag;
};

/* Throws an attempt away: its lines, buffers, the growth of buffers declared before it, and
 * its findings. */
static void discard(const struct tiling_search *s, const struct attempt_start *a)
{
    pir_writer_rollback(s->w, a->mark);
    pir_writer_drop_buffers(s->w, a->buffers);
    pir_writer_restore_sizes(s->w, a->sizes, a->buffers);
    diag_truncate(s->I->diags, a->first_diag);
}

/* Caps the statements of the next lowering in both parses' interpreters (0: none). */
static void cap_steps(const struct tiling_search *s, uint64_t cap)
{
    s->I->step_cap = cap;
    s->I->capped_steps = 0;
    s->I->step_cap_hit = false;
    s->I->zero_divisor = false;
    if (s->J && s->J != s->I) {
        s->J->step_cap = cap;
        s->J->capped_steps = 0;
        s->J->step_cap_hit = false;
        s->J->zero_divisor = false;
    }
}

static bool steps_capped(const struct tiling_search *s)
{
    return s->I->step_cap_hit || (s->J && s->J->step_cap_hit);
}

/* The statements a lowering under sizes above the smallest guess may run before smaller
 * guesses are tried: a share of the kernel's budget (--max-events). */
static uint64_t guess_step_cap(const struct tiling_search *s)
{
    uint64_t cap = s->I->opt->max_steps / TILING_GUESS_STEP_SHARE;
    return cap ? cap : 1;
}

/* One lowering under the guesses set: the buffers declared without a size measured from 0,
 * so that what the attempt asks of them is its own. */
static bool lower_once(const struct tiling_search *s, const struct attempt_start *a)
{
    pir_writer_clear_grown(s->w, a->buffers);
    s->w->longest_buffer = -1;
    return s->lower(s->ctx);
}

/* One lowering under the guesses set (lower_once), then what it read: its guesses (the old
 * text freed) and whether any was a count. Returns whether the lowering was incomplete. */
static bool lower_and_read(const struct tiling_search *s, const struct attempt_start *a,
                           char **guesses, bool *counts)
{
    bool incomplete = lower_once(s, a);
    free(*guesses);
    *guesses = tiling_guess_annotation(s->I, s->J);
    *counts |= tiling_guess_counts(s->I) || (s->J && tiling_guess_counts(s->J));
    return incomplete;
}

static bool divided_by_zero(const struct tiling_search *s)
{
    return s->I->zero_divisor || (s->J && s->J->zero_divisor);
}

static bool sizes_read(const struct tiling_search *s)
{
    return tiling_guess_sizes(s->I) || (s->J && tiling_guess_sizes(s->J));
}

/* When the first guesses stop the kernel at a division by zero (the SDK's math functions
 * divide a scratch buffer's size by their procedure's: a guessed 256 bytes leaves none),
 * the sizes doubled, 512 up to 4096, while a lowering that runs to its end and fits is found:
 * kept (*doublings), else the first guesses' lowering again. Returns whether the lowering
 * kept is incomplete. */
static bool grow_past_zero_divisor(const struct tiling_search *s, const struct attempt_start *a,
                                   int64_t count, char **guesses, bool *counts, int *doublings)
{
    *doublings = 0;
    for (int d = 1; d <= TILING_MAX_DOUBLINGS; d++) {
        discard(s, a);
        guess_attempt(s, -d, count);
        cap_steps(s, guess_step_cap(s));
        bool incomplete = lower_and_read(s, a, guesses, counts);
        if (!incomplete && !steps_capped(s) &&
            tiling_memory_fit(s->w, a->buffers, s->m).over == 0) {
            *doublings = d;
            cap_steps(s, 0);
            return false;
        }
    }
    discard(s, a);
    guess_attempt(s, 0, count);
    cap_steps(s, 0);
    return lower_and_read(s, a, guesses, counts);
}

/* When the tiling values nobody gave make the buffers placed in a memory exceed what the
 * model gives it (a TPipe's InitBuffer total over UB, or the SDK's addresses past UB's end), a
 * size not positive, a region longer than its memory or of negative length, the entry is
 * lowered again with every size guess halved, 256 down to 1, while that shrinks the excess;
 * then, if the kernel reads count guesses, with the counts 1 instead of 2, the sizes again
 * from 256. At most 2 x 9 lowerings. A lowering under sizes above 1 that runs more statements
 * than guess_step_cap (a hundredth of --max-events) is stopped and the sizes halved too:
 * guessed values are a sample, and a smaller one checks the same code at a fraction of the
 * cost. An excess no guess changes is the kernel's own: the first lowering that ran to its
 * end stands (and the engine reports it). When no guess fits, the entry is not verified. */
bool tiling_search_lower(const struct tiling_search *s, const char *name)
{
    struct pir_writer *w = s->w;
    struct attempt_start a = {.mark = pir_writer_mark(w), .buffers = w->nbuffers,
                              .first_diag = s->I->diags->len};
    a.sizes = pir_writer_sizes(w, a.buffers);
    bool incomplete = false, fits = false, counts = false, same = true, attempted = false;
    bool measured = false;          /* a lowering ran to its end (not stopped at the cap) */
    int first_halvings = 0;         /* ... the first such lowering's guesses */
    int64_t first_count = TILING_COUNT_GUESS, first_over = 0;
    int halvings = 0;
    int64_t count;
    int smallest = TILING_SIZE_GUESS;
    struct memory_fit fit = {.buffer = -1};
    char *guesses = NULL, *first_excess = NULL;   /* why the first guesses were not kept */
    uint64_t cap = guess_step_cap(s);
    for (count = TILING_COUNT_GUESS; count >= 1 && !fits; count--) {
        int64_t before = -1;
        for (halvings = 0; halvings <= TILING_MAX_HALVINGS; halvings++) {
            if (attempted)
                discard(s, &a);
            guess_attempt(s, halvings, count);
            cap_steps(s, halvings < TILING_MAX_HALVINGS ? cap : 0);
            incomplete = lower_and_read(s, &a, &guesses, &counts);
            bool capped = steps_capped(s);
            bool sizes = tiling_guess_sizes(s->I) || (s->J && tiling_guess_sizes(s->J));
            if (capped && !sizes) {   /* long before any size guess was read: its own length */
                discard(s, &a);
                cap_steps(s, 0);
                incomplete = lower_and_read(s, &a, &guesses, &counts);
                capped = false;
            }
            if ((TILING_SIZE_GUESS >> halvings) < smallest)   /* over both rounds */
                smallest = TILING_SIZE_GUESS >> halvings;
            if (capped) {
                if (!attempted)
                    first_excess = xasprintf("the kernel runs more than %llu statements and "
                                             "calls", (unsigned long long)cap);
                attempted = true;
                continue;
            }
            fit = guesses && !incomplete ? tiling_memory_fit(w, a.buffers, s->m)
                                         : (struct memory_fit){.buffer = -1};
            if (!measured) {
                measured = true;
                first_over = fit.over;
                first_halvings = halvings;
                first_count = count;
                if (fit.over && !attempted)
                    first_excess = tiling_fit_text(w, &fit);
            }
            attempted = true;
            same &= fit.over == first_over;
            if (fit.over == 0) {
                fits = true;
                break;
            }
            if (before >= 0 && fit.over >= before)
                break;   /* halving does not shrink the excess */
            before = fit.over;
        }
        if (fits)
            break;       /* count and halvings name the guesses kept */
        if (!counts)
            break;       /* no count guessed: nothing else to try */
    }
    int doublings = 0;
    if (fits && incomplete && halvings == 0 && divided_by_zero(s) && sizes_read(s)) {
        incomplete = grow_past_zero_divisor(s, &a, count, &guesses, &counts, &doublings);
        if (doublings && !first_excess)
            first_excess = xstrdup("a divisor is zero");
    }
    cap_steps(s, 0);
    if (!fits && same) {   /* not the guesses' doing: the first guesses run to the end stand */
        discard(s, &a);
        halvings = first_halvings;
        count = first_count;
        guess_attempt(s, halvings, count);
        incomplete = lower_and_read(s, &a, &guesses, &counts);
        fits = true;
    }
    if (!fits) {
        char *what = tiling_fit_text(w, &fit);
        if (s->keep_incomplete)   /* `lower` shows the last guesses tried */
            pir_writer_amend_open(w, a.mark, guesses);
        else
            discard(s, &a);
        interp_unsupported(s->I, s->entry, "the guessed tiling values do not fit: with every "
                           "size field guessed from %d down to %d%s, %s; give the real values "
                           "with --tiling FILE or -D NAME=VALUE", TILING_SIZE_GUESS, smallest,
                           counts ? " and every count field as 2 and as 1" : "", what);
        free(what);
        incomplete = true;
    } else if (guesses && !incomplete) {
        pir_writer_amend_open(w, a.mark, guesses);
        bool first = halvings == 0 && count == TILING_COUNT_GUESS && !doublings;
        if (first_excess && !first)   /* the header says why the guesses are not the first */
            pir_writer_note(w, "kernel %s: %s, not the guesses by name, under which %s", name,
                            guesses, first_excess);
    }
    pir_writer_merge_sizes(w, a.sizes, a.buffers);
    free(a.sizes);
    free(guesses);
    free(first_excess);
    guess_attempt(s, 0, TILING_COUNT_GUESS);   /* the next entry starts from the first guesses */
    return incomplete;
}
