/* When a wait has taken its count, for the clock engine (see reach.c): the frontier of every
 * wait, collected in one pass along the unit queues once the clocks are known. */
#ifndef AS_GRAPH_REACH_H
#define AS_GRAPH_REACH_H

#include "graph.h"

struct hb_reach;

void hb_reach_build(const struct lw_program *p, const struct hb_matches *m, struct hb_result *r);
bool hb_reach_taken_by(const struct hb_result *r, const struct hb_matches *m, size_t w, size_t t,
                       struct hb_late *late);
void hb_reach_free(struct hb_reach *R);

#endif
