/* Per-check levels: off, warning or error instead of the registry's default (levels.c). */
#ifndef AS_CHECK_LEVELS_H
#define AS_CHECK_LEVELS_H

#include "../util/diag.h"

enum { CHECK_LEVEL_DEFAULT = -1, CHECK_LEVEL_OFF, CHECK_LEVEL_WARNING, CHECK_LEVEL_ERROR };

/* Drops the findings of checks turned off and sets the severity of the others as `level`
 * (indexed by enum check_id) says, keeping the counts right. Items move, so the caller must
 * drop d's lookup slots before adding to it again (check_source does, after sorting). */
void apply_check_levels(const signed char *level, struct diag_list *d);

#endif
