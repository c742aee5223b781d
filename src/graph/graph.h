/* Happens-before engines. Both answer the same questions about a lowered program (does
 * instruction a end before b starts; which instructions never start because of a
 * deadlock) from the rules of docs/semantics.md §3:
 *   - clock.c, the product's engine: vector clocks over units in topological order,
 *     O(|E|·U) time, exact because of the completion-point argument of §4;
 *   - reference.c, deliberately simple: an explicit start/end node graph with the rules
 *     as literal edges and plain reachability. The tests run both and compare. */
#ifndef AS_GRAPH_GRAPH_H
#define AS_GRAPH_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lower/program.h"

#define NO_INS SIZE_MAX

struct xflag_table;

/* The flag signals (or waits) of each channel in program order: channel c's are
 * items[first[c] .. first[c + 1]) (channel_count). */
struct channel_lists {
    size_t *first;              /* nchannels + 2 entries (the last one is the count's spare) */
    uint32_t *items;            /* instruction indexes (32-bit: GRAPH_MAX_INSTRUCTIONS) */
};

static inline size_t channel_count(const struct channel_lists *l, size_t c)
{
    return l->first[c + 1] - l->first[c];
}

/* Matching of signals to waits and of barrier calls to each other (rules 6 and 9). Both
 * engines use it: it is the definition of which partner a wait waits for. */
struct hb_matches {
    /* The flag signals and waits by channel, which the matching above pairs k-th with k-th
     * and the flag checks read again: built once, in one pass over the instructions for
     * both kinds (at 10^7 events every pass is 320 MB read). */
    struct channel_lists signals, waits;
    /* The tables of cross-core flag instructions are indexed by their rank among the
     * kernel's XWAITs (xwait_ins) or XSIGNALs (xset_ins), found by hb_xrank: few of a
     * kernel's instructions are cross-core flags. */
    uint32_t *xwait_ins, *xset_ins;     /* instruction indexes, increasing */
    size_t nxwaits, nxsets;
    struct xflag_table *xsets, *xwaits; /* the same by (core, mode, flag) (match.h) */
    size_t *xwait_first;        /* by XWAIT rank: range [xwait_first[r], xwait_first[r+1]) */
    size_t *xwait_sources;      /*   of the XSIGNALs it waits for (one per source core) */
    /* Rule 9 as the hardware counts: one group per (waiting core, source core, mode, flag)
     * with the waiting core's waits in issue order. The r-th wait of a group (from 1)
     * returns once r of the source core's sets of the flag have ended, whichever they are. */
    int nxgroups;
    size_t *xgroup_first;       /* waits of group g: xgroup_waits[xgroup_first[g] .. [g+1]) */
    size_t *xgroup_waits;
    size_t *xgroup_set_first;   /* sets of group g: xgroup_sets[xgroup_set_first[g] .. [g+1]) */
    size_t *xgroup_sets;
    size_t *xset_first;         /* by XSIGNAL rank: the groups a cross-core set counts for, */
    int *xset_groups;           /*   xset_groups[xset_first[r] .. xset_first[r+1]) */
    int *xwait_ngroups;         /* by XWAIT rank: how many groups a cross-core wait is in */
    bool *never;                /* the instruction's end never happens: a missing partner */
    int ngroups;
    size_t *group_first;        /* group g's members: group_members[group_first[g] ..      */
    size_t *group_members;      /*   group_first[g+1]) */
};

/* The signal wait w is matched with (rule 6: the signal of its channel with the same nth), or
 * NO_INS. */
static inline size_t hb_wait_signal(const struct lw_program *p, const struct hb_matches *m,
                                    size_t w)
{
    const struct lw_ins *x = &p->ins[w];
    size_t c = (size_t)x->channel;
    return x->nth < channel_count(&m->signals, c) ? m->signals.items[m->signals.first[c] + x->nth]
                                                  : NO_INS;
}

void hb_matches_build(const struct lw_program *p, struct hb_matches *m);
/* The rank of instruction i among ids[0 .. n) (increasing; i is one of them). */
size_t hb_xrank(const uint32_t *ids, size_t n, size_t i);
/* Cross-core wait w waits for xwait_sources[*first .. *end). */
static inline void hb_xwait_sources(const struct hb_matches *m, size_t w, size_t *first,
                                    size_t *end)
{
    size_t r = hb_xrank(m->xwait_ins, m->nxwaits, w);
    *first = m->xwait_first[r];
    *end = m->xwait_first[r + 1];
}
/* How many counting groups cross-core wait w is in. */
static inline int hb_xwait_ngroups(const struct hb_matches *m, size_t w)
{
    return m->xwait_ngroups[hb_xrank(m->xwait_ins, m->nxwaits, w)];
}
/* Cross-core set s counts for the groups xset_groups[*first .. *end). */
static inline void hb_xset_groups(const struct hb_matches *m, size_t s, size_t *first,
                                  size_t *end)
{
    size_t r = hb_xrank(m->xset_ins, m->nxsets, s);
    *first = m->xset_first[r];
    *end = m->xset_first[r + 1];
}
/* The wait of group g that returns when its `ended`-th set (from 1) ends, or NO_INS. */
size_t hb_xgroup_released(const struct hb_matches *m, int g, size_t ended);
/* Adds to needs[i] how many groups must release cross-core wait i: all of its groups; with
 * release_never, for a wait with a missing partner, only the groups with enough sets (the
 * others never release it), as the issue-order matching keeps the edges of the partners
 * that exist. */
void hb_xgroup_needs(const struct hb_matches *m, bool release_never, unsigned *needs);
void hb_matches_free(struct hb_matches *m);

/* A numbering of some of a kernel's units, the foreign columns of a kept clock row: a core's
 * row has the numbered units of the other cores (hb_numbered_column). */
struct hb_unit_numbering {
    int32_t *of;                /* per unit: its number (in unit order), or -1 */
    int n;
    int *core_first, *core_count;   /* per core: its own numbered units' range */
};

enum hb_row_kind { HB_ROW_NONE, HB_ROW_ACCESS, HB_ROW_SIGNAL, HB_ROW_FULL };

/* Which instructions have a row of one kind, by blocks of 64: an instruction's rank among them
 * is the block's prefix count and a popcount (a byte an instruction for the three kinds,
 * where a row number per instruction took four). */
struct hb_row_block {
    uint64_t mask;              /* the block's instructions with such a row */
    uint32_t prefix;            /* such instructions before the block */
};

/* The start clocks kept after the walk, as rows of columns (start_clock.h). */
struct hb_clock_store {
    struct hb_row_block *blocks[3];     /* by kind - HB_ROW_ACCESS (not with every_clock) */
    size_t *core_rank[3];       /* per core: the rank of its first row of the kind */
    int32_t *rows[3];           /* by kind - HB_ROW_ACCESS */
    size_t *base[3];            /* per core: its first row's offset in rows[kind] */
    int *width[3];              /* per core: its rows' width (hb_row_width) */
    int32_t *gather[2];         /* HB_ROW_ACCESS, HB_ROW_SIGNAL: per core, from gather_first[k][c],
                                 * the clock dimension of each column of its rows */
    size_t *gather_first[2];
    int32_t *own_access;        /* per unit with accesses: its column on its own core, or -1 */
    int *core_own_access;       /* per core: how many of its units have accesses */
    struct hb_unit_numbering shared;    /* units that touch a memory of more than one core */
    struct hb_unit_numbering setters;   /* units that hold a cross-core signal */
    bool starts;                /* the clocks have the start dimensions (hb_dims) */
};

struct hb_result {
    const struct lw_program *p;
    bool *started;              /* instruction i starts in some execution */
    bool cycle;                 /* some instruction waits, directly or not, on itself */
    bool *in_cycle;             /* instruction i's end waits on a cycle (or is on one); NULL
                                 * when none does (hb_in_cycle) */
    /* clock.c only */
    int dims;                   /* hb_dims(p, every_clock): see the hb_dim_* functions */
    struct hb_clock_store store;    /* the start clocks queries read (clock_store.c) */
    bool every_clock;           /* hb_clock_run_every: every instruction's, every dimension */
    bool too_big;               /* the dependency graph has more edges than the engine numbers
                                 * (edges.h): nothing was computed, the run is not verified */
    int32_t *wait_index;        /* per instruction: index among the waits of its unit (for the
                                 * wait dimensions: hb_clock_run_every only, else NULL) */
    bool counting;              /* clocks from counting.c: some core's sets of one
                                 * cross-core flag are not ordered */
    struct hb_reach *reach;     /* the waits' frontiers (reach.c) */
    /* reference.c only */
    void *reference;
};

static inline bool hb_in_cycle(const struct hb_result *r, size_t i)
{
    return r->in_cycle && r->in_cycle[i];
}

/* The clock dimensions (docs/semantics.md §4). Entry p of a node's clock in dimension
 *   hb_dim_end(u):      every non-wait instruction of unit u up to queue position p has ended;
 *   hb_dim_issue(c):    the instruction of core c at issue index p has been issued;
 *   hb_dim_start(u):    the instruction of u at queue position p has started;
 *   hb_dim_wait(u):     the first p + 1 waits of unit u have ended (wait indexes);
 * before the node happens, in every execution. The issue and start dimensions say when a
 * wait has been reached (hb_wait_taken_by); the start ones only through an issuer-level
 * barrier, so a program without one has no use for them. No query of the product reads a
 * wait dimension (hb_before is not asked whether a wait ended before something), and no
 * dimension depends on another, so the product's clocks stop before the dimensions it does
 * not read: hb_dims(p, false). */
static inline int hb_dim_end(int unit) { return unit; }
static inline int hb_dim_issue(const struct lw_program *p, int core) { return p->nunits + core; }
static inline int hb_dim_start(const struct lw_program *p, int unit)
{
    return p->nunits + p->ncores + unit;
}
static inline int hb_dim_wait(const struct lw_program *p, int unit)
{
    return 2 * p->nunits + p->ncores + unit;
}
static inline int hb_dims(const struct lw_program *p, bool every)
{
    if (every)
        return 3 * p->nunits + p->ncores;
    return (p->nissuer_barriers ? 2 : 1) * p->nunits + p->ncores;
}

enum hb_dim_kind { HB_DIM_END, HB_DIM_ISSUE, HB_DIM_START, HB_DIM_WAIT };
/* What dimension d speaks of, and of which unit or core (*index). */
static inline enum hb_dim_kind hb_dim_kind(const struct lw_program *p, int d, int *index)
{
    if (d < hb_dim_issue(p, 0)) {
        *index = d;
        return HB_DIM_END;
    }
    if (d < hb_dim_start(p, 0)) {
        *index = d - hb_dim_issue(p, 0);
        return HB_DIM_ISSUE;
    }
    if (d < hb_dim_wait(p, 0)) {
        *index = d - hb_dim_start(p, 0);
        return HB_DIM_START;
    }
    *index = d - hb_dim_wait(p, 0);
    return HB_DIM_WAIT;
}

/* The product's engine. */
void hb_clock_run(const struct lw_program *p, const struct hb_matches *m, struct hb_result *r);
/* The same, keeping every instruction's start clock whole, so that hb_before answers for
 * any a with a unit and any b: for the tests that compare engines on every pair. */
void hb_clock_run_every(const struct lw_program *p, const struct hb_matches *m,
                        struct hb_result *r);
/* The reference engine. */
void hb_reference_run(const struct lw_program *p, const struct hb_matches *m,
                      struct hb_result *r);
/* end(a) <= start(b) in every execution, for instructions a with a unit and b whose start
 * clock is kept: b an access or a signal and a not a wait (any, after hb_clock_run_every). */
bool hb_before(const struct hb_result *r, size_t a, size_t b);

/* An event that may be late without bound: the issue of instruction `ins` (issue) or its
 * end; NO_INS when none applies (the wait never returns). */
struct hb_late {
    size_t ins;
    bool issue;
};
/* Wait w (a flag or cross-core wait) has taken its count, in every execution, by the time
 * signal t (a flag or cross-core signal) fires: waits are prompt, so this asks whether every
 * event w's return depends on is ordered before t's end (docs/semantics.md §5). When not,
 * *late names one such event that, late without bound, lets t fire first. */
bool hb_wait_taken_by(const struct hb_result *r, const struct hb_matches *m, size_t w, size_t t,
                      struct hb_late *late);
void hb_result_free(struct hb_result *r);
/* reference.c's side of hb_before and hb_result_free. */
bool hb_reference_before(const struct hb_result *r, size_t a, size_t b);
bool hb_reference_taken_by(const struct hb_result *r, size_t w, size_t t, struct hb_late *late);
void hb_reference_free(struct hb_result *r);

#endif
