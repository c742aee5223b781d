/* `accelsync fix` (fixer.c): hazards repaired by edits the checker has verified. */
#ifndef AS_FIX_FIXER_H
#define AS_FIX_FIXER_H

#include <stdio.h>

#include "../check/run.h"

struct fix_outcome {
    char *text;         /* the repaired source (checks clean); NULL when refused */
    size_t len;
    int nfixes;         /* edits applied */
    char *refusal;      /* why no verified fix was found; NULL on success */
};

/* Repairs the source `text` of `path`, checking with options o after every edit. */
void fix_source(const struct check_options *o, const char *path, const char *text, size_t len,
                struct fix_outcome *out);
void fix_outcome_free(struct fix_outcome *f);
/* Trial checks already made on one source, so that an edit tried for one finding is not
 * checked again for another finding of the same kernel (a RAW and a WAW at one statement
 * are often fixed by the same barrier). */
struct fix_trials;
struct fix_trials *fix_trials_new(void);
void fix_trials_free(struct fix_trials *t);
/* The first of f's candidate edits (f->fix_edits) that, applied to `text` (whose parsed source
 * is src and whose findings are `before`), removes f and adds no finding when the file is
 * checked again; NULL when none does. With `ast`, the program parsed from src, a trial edits
 * the program instead of the text where it can (splice.h) and restores it after. Each trial
 * check uses one of *tries_left (unlimited when tries_left is NULL); with `trials` (and no
 * out_text), an edit already tried on the same text is looked up instead of checked again.
 * With out_text, the edited text is returned there (the caller frees it). */
const struct fix_edit *fix_first_verified(const struct check_options *o, const char *path,
                                          const char *text, size_t len, struct source *src,
                                          struct ast_program *ast, const struct diag_list *before,
                                          const struct finding *f, size_t *tries_left,
                                          struct fix_trials *trials, char **out_text,
                                          size_t *out_len);
/* Replaces each hazard's fix hint in r by a verified one ("insert X before line L (fix
 * verified)"), drops hints no candidate proves, and marks the ones not tried (hints.c). */
void fix_verify_hints(const struct check_options *o, struct file_result *r);
/* A unified diff between two versions of one file with the same lines but for edits inside
 * them (what the fixer makes). Nothing when they are equal. */
void fix_write_diff(FILE *out, const char *path, const char *before, size_t before_len,
                    const char *after, size_t after_len);

#endif
