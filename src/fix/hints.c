/* Fix hints that check prints are proven: for each hazard, the candidate edits of the finding
 * (the ones `accelsync fix` tries) are applied to the source one at a time and the file is
 * checked again, every parameter value and path; the hint names the first that removes the
 * finding and adds none, "(fix verified)". A hazard no candidate fixes gets no hint. Across
 * cores no edit is tried and the hint says it is not verified. The proof costs a check of
 * the file per candidate, so it stops at a budget of checked events and says so. */
#include "fixer.h"

#include <stdint.h>

#define HINT_EVENT_BUDGET 4000000   /* events checked again for proofs, per file */

static uint64_t events_of(const struct file_result *r)
{
    uint64_t n = 0;
    for (size_t k = 0; k < r->nkernels; k++)
        n += r->kernels[k].events;
    return n;
}

void fix_verify_hints(const struct check_options *o, struct file_result *r)
{
    if (!r->checked || !r->src || diag_has_input_error(&r->diags))
        return;
    struct check_options quiet = *o;
    quiet.on_run = NULL;   /* no witnesses for the trial runs */
    uint64_t per_check = events_of(r) ? events_of(r) : 1;
    size_t tries_left = (size_t)(HINT_EVENT_BUDGET / per_check);   /* trial checks of the file */
    struct arena *A = &r->diags.arena;
    for (size_t i = 0; i < r->diags.len; i++) {
        struct finding *f = &r->diags.items[i];
        if (!check_is_hazard(f->check))
            continue;
        if (!f->fix_edits) {
            if (f->fix)
                f->fix = arena_printf(A, "%s (not verified: the accesses are on different cores)",
                                      f->fix);
            continue;
        }
        const char *proven = fix_first_verified(&quiet, r->path, r->src->text, r->src->len, r->src,
                                                &r->diags, f, &tries_left, NULL, NULL);
        if (proven)
            f->fix = arena_printf(A, "insert %s before line %d (fix verified)", proven, f->loc.line);
        else if (tries_left == 0)
            f->fix = f->fix ? arena_printf(A, "%s (not verified: the proof budget of this file is "
                                              "spent; accelsync fix tries every hazard)", f->fix)
                            : NULL;
        else
            f->fix = NULL;   /* no candidate removes it without adding a finding */
    }
}
