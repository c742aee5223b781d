/* Findings on the PIR a source file was lowered to, moved back to the source. */
#ifndef AS_CHECK_LOWERED_H
#define AS_CHECK_LOWERED_H

#include "../frontend/frontend.h"
#include "run.h"

/* What diag_list.place needs to tell findings on `pir` apart by the source statement their
 * PIR line came from. */
struct lowered_place {
    const char *pir_path;
    const struct lowered_source *low;
};
/* Findings of r added from now on are repeats when they come from the same source statements
 * (`place` must outlive that: lowered_move_to_source ends it). */
void lowered_place_findings(struct file_result *r, const struct lowered_place *place);

/* Gives each kernel of r the entry it was lowered from, as the source names it. */
void lowered_name_entries(struct file_result *r, const struct lowered_source *low);

/* Rewrites every location in r's findings that points into `pir` to the source location the
 * PIR line came from, drops the repeats this makes (one per unrolled iteration) and the fix
 * hints (they are PIR edits), and adds the frontend's own findings from `front`. */
void lowered_move_to_source(struct file_result *r, const struct source *pir,
                            const struct lowered_source *low, const struct diag_list *front);

#endif
