/* The exact happens-before of rule 9 under the hardware's counting, for the kernels where
 * the clock engine's issue-order matching is not exact (see counting.c). */
#ifndef AS_GRAPH_COUNTING_H
#define AS_GRAPH_COUNTING_H

#include <stdbool.h>

#include "graph.h"

/* The first k (an index into m->xgroup_sets) such that group g's set k is not ordered
 * before set k + 1 by r's happens-before, or NO_INS. */
size_t hb_xgroup_unordered(const struct hb_matches *m, const struct hb_result *r, int g);
/* Whether every counting group's sets are ordered by r's happens-before, which makes the
 * issue-order matching exact. */
bool hb_xsets_ordered(const struct hb_matches *m, const struct hb_result *r);
/* Recomputes r's started, in_cycle, cycle and kept start clocks under the counting rule (r's
 * dims and wait_index stay). */
void hb_counting_run(const struct lw_program *p, const struct hb_matches *m, struct hb_result *r);

#endif
