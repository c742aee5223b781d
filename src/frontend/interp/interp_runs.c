/* A kernel entry on a stateful API, run once per combination of sides of its conditions on
 * data (interp_branch.c), the runs written as the sides of `if (?)`: see interp.h,
 * interp_lower_runs. */
#include "interp_internal.h"

#include <stdlib.h>

void interp_lower_runs(struct interp *I, CXCursor entry, struct as_loc at,
                       void (*run_once)(struct interp *I, CXCursor entry, void *ctx), void *ctx,
                       bool *incomplete)
{
    struct pir_writer *w = I->w;
    struct pir_mark first = pir_writer_mark(w);
    bool more;
    int runs = 0, elses = 0;
    do {
        struct pir_mark at_if = pir_writer_mark(w);
        pir_writer_open(w, at, "if (?)");
        struct pir_mark start = pir_writer_mark(w);
        run_once(I, entry, ctx);
        bool given_up = interp_run_given_up(I);
        if (given_up && !I->incomplete) {
            /* a choice it joined did not join: every run again, that one as runs */
            pir_writer_rollback(w, first);
            runs = elses = 0;
            more = true;
            continue;
        }
        *incomplete |= I->incomplete;
        more = !I->incomplete && interp_next_run(I);
        if (more && ++runs == I->opt->max_runs) {
            char *why = interp_runs_limit_text(I);
            interp_unsupported(I, entry, "%s", why);
            free(why);
            *incomplete = true;
            more = false;
        }
        if (more) {
            pir_writer_close(w, at);
            pir_writer_open(w, at, "else");
            elses++;
        } else {
            pir_writer_unwrap(w, at_if, start, pir_writer_mark(w));
        }
    } while (more);
    for (int k = 0; k < elses; k++)   /* not runs: the run past the limit opened none */
        pir_writer_close(w, at);
    while (interp_next_run(I))  /* an incomplete kernel leaves its choices behind */
        ;
    interp_note_joins(I);
}
