/* Fix hints that check prints are proven: for each hazard, the candidate edits of the finding
 * (the ones `accelsync fix` tries) are applied one at a time (to the parsed program where
 * that is the same as editing the text, splice.h; else to the text) and the file is checked
 * again, every parameter value and path; the hint names the first that removes the
 * finding and adds none, "(fix verified)" (across cores, a cross-core wait before the second
 * access and a set after the first where needed, or a cross-core barrier). A hazard no
 * candidate fixes gets no hint. The proof costs a check of the kernel per candidate (an edit
 * already tried for another finding is not checked again), so it stops at a budget of
 * checked events (check_options.hint_budget) and says so; a file that does not
 * check (input errors, a limit) cannot prove anything and says that. */
#include "fixer.h"

#include <stdint.h>

static uint64_t events_of(const struct file_result *r)
{
    uint64_t n = 0;
    for (size_t k = 0; k < r->nkernels; k++)
        n += r->kernels[k].events;
    return n;
}

/* The hint of f once its edit is known: the advice about the sync already there first. */
static const char *with_advice(struct arena *A, const struct finding *f, const char *hint)
{
    if (!f->fix_advice)
        return hint;
    return hint ? arena_printf(A, "%s, or %s", f->fix_advice, hint) : f->fix_advice;
}

static const char *unproven(struct arena *A, const struct finding *f, const char *why)
{
    return f->fix ? arena_printf(A, "%s (not verified: %s)", f->fix, why) : NULL;
}

void fix_verify_hints(const struct check_options *o, struct file_result *r)
{
    if (!r->src)
        return;
    bool provable = r->checked && !diag_has_input_error(&r->diags);
    struct check_options quiet = *o;
    quiet.on_run = NULL;   /* no witnesses for the trial runs */
    uint64_t per_check = events_of(r) ? events_of(r) : 1;
    size_t tries_left = (size_t)(o->hint_budget / per_check);   /* trial checks of the file */
    struct arena *A = &r->diags.arena;
    struct fix_trials *trials = fix_trials_new();
    for (size_t i = 0; i < r->diags.len; i++) {
        struct finding *f = &r->diags.items[i];
        if (f->suppressed) {
            f->fix = NULL;   /* accepted as it is: no hint, and none unproven */
            continue;
        }
        if (!check_is_hazard(f->check))
            continue;
        const char *hint;
        if (!provable) {
            hint = unproven(A, f, "the file has input errors or hit a limit, so no edit can be "
                                  "checked");
        } else {
            const struct fix_edit *e =
                f->fix_edits ? fix_first_verified(&quiet, r->path, r->src->text, r->src->len,
                                                  r->src, r->lowered ? NULL : r->ast, &r->diags,
                                                  f, &tries_left, trials, NULL, NULL)
                             : NULL;
            if (e && e->after_first)
                hint = arena_printf(A, "insert %s after line %d and %s before line %d (fix verified)",
                                    e->after_first, f->related.line, e->before_second, f->loc.line);
            else if (e)
                hint = arena_printf(A, "insert %s before line %d (fix verified)", e->before_second,
                                    f->loc.line);
            else if (f->fix_edits && tries_left == 0)
                hint = unproven(A, f, "the proof budget of this file is spent (--hint-budget); "
                                      "accelsync fix tries every hazard");
            else
                hint = NULL;   /* no candidate removes it without adding a finding */
        }
        f->fix = with_advice(A, f, hint);
    }
    fix_trials_free(trials);
}
