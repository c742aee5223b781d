/* Helpers of the matching rules that the checks need too (which cross-core flags reach
 * which cores, which cores take part in a cross-core barrier). */
#ifndef AS_GRAPH_MATCH_H
#define AS_GRAPH_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lower/program.h"
#include "graph.h"

/* Whether a cross-core signal of `source` counts for a cross-core wait of `waiter` in
 * this mode (the model's mode table; a core may be its own source). */
bool hb_xmode_links(const struct lw_program *p, int mode, int waiter, int source);
bool hb_xbarrier_participates(const struct lw_program *p, const struct model_prim *prim,
                              int core);
/* A cross-core barrier joins the participating cores of one domain: the whole kernel, or
 * for a per-cluster primitive (model scope "cluster") one cluster. Domains are numbered
 * 0 .. hb_xbarrier_domains - 1; a core that does not take part has domain -1. */
int hb_xbarrier_domains(const struct lw_program *p, const struct model_prim *prim);
int hb_xbarrier_domain(const struct lw_program *p, const struct model_prim *prim, int core);
/* Cores a and b both take part in the same call group of the primitive. */
bool hb_xbarrier_joins(const struct lw_program *p, const struct model_prim *prim, int a, int b);

/* Cross-core signals (or waits) by (core, mode, flag), for k-th lookups in O(log n); the
 * hb_matches hold one of each (xsets, xwaits). */
struct xflag_entry {
    int core, mode;
    int32_t flag;
    uint32_t ins;
    uint32_t rank;  /* among the kernel's instructions of its kind (hb_xrank) */
};

struct xflag_table {
    struct xflag_entry *items;
    size_t len;
};

/* The table of the instructions ids[0 .. n) (increasing: an entry's rank is its index). */
void xflag_table_build(const struct lw_program *p, const uint32_t *ids, size_t n,
                       struct xflag_table *t);
void xflag_table_free(struct xflag_table *t);
/* The end of the run of entries from a that share its (core, mode, flag). */
size_t xflag_run_end(const struct xflag_table *t, size_t a);
size_t xflag_count(const struct xflag_table *t, int core, int mode, int64_t flag);
/* The entries of (core, mode, flag) in issue order: *n of them from the result. */
const struct xflag_entry *xflag_entries(const struct xflag_table *t, int core, int mode,
                                        int64_t flag, size_t *n);
/* The k-th entry of (core, mode, flag) in issue order, or NO_INS. */
size_t xflag_nth(const struct xflag_table *t, int core, int mode, int64_t flag, size_t k);
/* How many entries of the (core, mode, flag) of instruction x (index ins) come before it. */
size_t xflag_rank(const struct xflag_table *t, const struct lw_ins *x, size_t ins);

/* The flag signals and the flag waits grouped by channel (struct channel_lists), each group in
 * program order: counted, then filled, both kinds in the same two passes. */
void channel_lists_build(const struct lw_program *p, struct channel_lists *signals,
                         struct channel_lists *waits);
void channel_lists_free(struct channel_lists *l);

#endif
