/* Fix hints that check prints are proven: for each hazard, the candidate edits of the finding
 * (the ones `accelsync fix` tries) are applied to the source one at a time and the file is
 * checked again, every parameter value and path; the hint names the first that removes the
 * finding and adds none, "(fix verified)". A hazard no candidate fixes gets no hint. Across
 * cores no edit is tried and the hint says it is not verified. The proof costs a check of
 * the file per candidate, so it stops at a budget of checked events and says so. */
#include "fixer.h"

#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"

#define HINT_EVENT_BUDGET 4000000   /* events checked again for proofs, per file */

static bool is_hazard(enum check_id c)
{
    return c == CHECK_RAW_HAZARD || c == CHECK_WAR_HAZARD || c == CHECK_WAW_HAZARD;
}

static bool same_key(const struct finding *a, const struct finding *b)
{
    int ra = a->related.file ? a->related.line : 0, rb = b->related.file ? b->related.line : 0;
    return a->check == b->check && a->loc.line == b->loc.line && ra == rb;
}

static bool contains(const struct diag_list *d, const struct finding *f)
{
    for (size_t i = 0; i < d->len; i++)
        if (same_key(&d->items[i], f))
            return true;
    return false;
}

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
    uint64_t per_check = events_of(r) ? events_of(r) : 1, spent = 0;
    struct arena *A = &r->diags.arena;
    for (size_t i = 0; i < r->diags.len; i++) {
        struct finding *f = &r->diags.items[i];
        if (!is_hazard(f->check))
            continue;
        if (!f->fix_edits) {
            if (f->fix)
                f->fix = arena_printf(A, "%s (not verified: the accesses are on different cores)",
                                      f->fix);
            continue;
        }
        const char *proven = NULL;
        size_t at = r->src->line_starts[f->loc.line - 1] + (size_t)(f->loc.col - 1);
        for (const char *const *e = f->fix_edits; *e && !proven; e++) {
            if (spent + per_check > HINT_EVENT_BUDGET)
                break;
            spent += per_check;
            size_t il = strlen(*e), len = r->src->len + il + 1;
            char *t = xmalloc(len + 1);
            memcpy(t, r->src->text, at);
            memcpy(t + at, *e, il);
            t[at + il] = ' ';
            memcpy(t + at + il + 1, r->src->text + at, r->src->len - at);
            t[len] = '\0';
            struct file_result trial;
            check_source(source_from_string(r->path, t, len), &quiet, &trial);
            free(t);
            bool ok = trial.checked && !diag_has_input_error(&trial.diags) && !contains(&trial.diags, f);
            for (size_t k = 0; ok && k < trial.diags.len; k++)
                ok = contains(&r->diags, &trial.diags.items[k]);
            if (ok)
                proven = *e;
            file_result_free(&trial);
        }
        if (proven)
            f->fix = arena_printf(A, "insert %s before line %d (fix verified)", proven, f->loc.line);
        else if (spent + per_check > HINT_EVENT_BUDGET)
            f->fix = f->fix ? arena_printf(A, "%s (not verified: the proof budget of this file is "
                                              "spent; accelsync fix tries every hazard)", f->fix)
                            : NULL;
        else
            f->fix = NULL;   /* no candidate removes it without adding a finding */
    }
}
