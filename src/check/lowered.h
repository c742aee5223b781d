/* Findings on the PIR a source file was lowered to, moved back to the source. */
#ifndef AS_CHECK_LOWERED_H
#define AS_CHECK_LOWERED_H

#include "../frontend/frontend.h"
#include "run.h"

/* Rewrites every location in r's findings that points into `pir` to the source location the
 * PIR line came from, drops the repeats this makes (one per unrolled iteration) and the fix
 * hints (they are PIR edits), and adds the frontend's own findings from `front`. */
void lowered_move_to_source(struct file_result *r, const struct source *pir,
                            const struct lowered_source *low, const struct diag_list *front);

#endif
