/* The checks of one lowered run: hazards (RAW/WAR/WAW), flag overruns, unmatched signals
 * and deadlocks, reported as findings with locations and fix hints. */
#ifndef AS_CHECK_CHECK_H
#define AS_CHECK_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "../graph/graph.h"
#include "../graph/match.h"
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
    uint64_t max_pairs;     /* pairs of accesses compared at most (UINT64_MAX: no cap) */
    bool brief;             /* check_options.brief: hazards without their words */
    /* Set when a deadlock is found, whether or not it is kept: a configuration that turns
     * the deadlock check off must not hide what a merged run's deadlock implies (run.c). */
    bool *deadlocked;
};

/* False when the search stopped at max_pairs: the hazards found so far are reported,
 * the run is not verified. *pairs: how many pairs it compared (about max_pairs at most). */
bool check_hazards(const struct check_context *ctx, uint64_t *pairs);
void check_flags(const struct check_context *ctx);
/* The counter capacity of cross-core flags (capacity.c), from the tables of sets and waits. */
void check_cross_capacity(const struct check_context *ctx, const struct xflag_table *sets,
                          const struct xflag_table *waits);
/* A finding's message: written out only when findings carry their words (not ctx->brief);
 * the arguments are not evaluated otherwise. */
#define CHECK_TEXT(ctx, A, ...) ((ctx)->brief ? "" : arena_printf((A), __VA_ARGS__))

/* A finding at instruction `at`, related to `other` (NO_INS: none). */
void check_add_finding(const struct check_context *ctx, enum check_id check, enum severity sev,
                       size_t at, size_t other, const char *message);
/* A flag overrun, with the event a witness delays (hb_wait_taken_by's `late`). */
void check_add_overrun(const struct check_context *ctx, size_t at, size_t other,
                       const struct hb_late *late, const char *message);

/* Edits that may order a before b, cheapest first (see struct fix_edit; NULL: none). On one
 * core: flag pairs on the loop variables and on each id, then barriers, all right before b.
 * Across cores: a wait before b on a cross-core flag a's core already sets from a's unit, then
 * a set after a and a wait before b on each flag, or a cross-core barrier before b (and after
 * a). */
const struct fix_edit *fix_edits_for_pair(const struct lw_program *p, struct arena *arena,
                                          size_t a, size_t b);
/* Fix hints: the cheapest primitive of the model that orders a before b. */
const char *fix_for_pair(const struct lw_program *p, struct arena *arena, size_t a, size_t b);
/* Why a wait of b's core may not order a when a's core sets the flag it waits on from units
 * nothing orders, as advice ("give each unit its own flag"); NULL when that is not the case. */
const char *fix_advice_for_hazard(const struct check_context *ctx, struct arena *arena, size_t a,
                                  size_t b);


#endif
