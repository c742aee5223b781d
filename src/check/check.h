/* The checks of one lowered run: hazards (RAW/WAR/WAW), flag overruns, unmatched signals
 * and deadlocks, reported as findings with locations and fix hints. */
#ifndef AS_CHECK_CHECK_H
#define AS_CHECK_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "../graph/graph.h"
#include "../lower/describe.h"
#include "../lower/program.h"
#include "../util/diag.h"

struct check_context {
    const struct lw_program *p;
    const struct hb_matches *m;
    const struct hb_result *hb;
    struct diag_list *out;
    /* The reference mode visits every pair of accesses; the product's mode visits only
     * the accesses its clocks leave unordered, through the index. */
    bool all_pairs;
    uint64_t max_pairs;     /* pairs of accesses compared; 0: no cap */
};

/* False when the search stopped at max_pairs: the hazards found so far are reported,
 * the run is not verified. */
bool check_hazards(const struct check_context *ctx);
void check_flags(const struct check_context *ctx);

/* Fix hints: the cheapest primitive of the model that orders a before b. */
const char *fix_for_pair(const struct lw_program *p, struct arena *arena, size_t a, size_t b);


#endif
