/* Helpers of the matching rules that the checks need too (which cross-core flags reach
 * which cores, which cores take part in a cross-core barrier). */
#ifndef AS_GRAPH_MATCH_H
#define AS_GRAPH_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lower/program.h"

/* Whether a cross-core signal of `source` counts for a cross-core wait of `waiter` in
 * this mode (the model's mode table; a core may be its own source). */
bool hb_xmode_links(const struct lw_program *p, int mode, int waiter, int source);
bool hb_xbarrier_participates(const struct lw_program *p, const struct model_prim *prim,
                              int core);
size_t hb_nth_xsignal(const struct lw_program *p, int core, int mode, int64_t flag, size_t k);

#endif
