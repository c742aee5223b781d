/* What the emitter's files share (emit.c writes and tracks accesses, emit_join.c follows both
 * sides of a condition on data and joins their tracking): the emitter itself. */
#ifndef AS_FRONTEND_EMIT_INTERNAL_H
#define AS_FRONTEND_EMIT_INTERNAL_H

#include "emit.h"
#include "../../util/xalloc.h"

enum { MAX_UNITS = 8, FLAG_IDS = 16 };

/* An access auto-sync remembers. Past ordered[v][u], whether it is still to be ordered before
 * unit u's next access is the same on every path that reaches here, except after a join of
 * two sides (emit_join.c): bit u of done_to says it is ordered on every path, bit u of
 * maybe_to that it is on some paths and not on others (or happened on some only), `tag` the
 * join that made it so. */
struct tracked_access {
    struct emit_region *regions;    /* malloc'ed: the writes, then the reads */
    int nwrites, nregions;
    uint8_t done_to, maybe_to;
    uint32_t tag;
};

/* A change of an access's bits by a join, to undo when the emitter goes back to a saved
 * state before it (emit_join.c). */
struct bits_undo {
    int unit;
    size_t index;
    uint8_t done_to, maybe_to;
    uint32_t tag;
};

struct emitter {
    struct pir_writer *w;
    bool auto_sync;
    int auto_id;
    const char *units[MAX_UNITS];              /* the units the model's auto-sync names */
    int nunits;
    bool pairs[MAX_UNITS][MAX_UNITS];          /* (v, u): ordered by the compiler */
    bool by_barrier[MAX_UNITS][MAX_UNITS];     /* ... written as barrier_prim(v, u) */
    const char *signal_prim, *wait_prim, *barrier_prim;   /* the model's (model_source) */
    /* The issuer's index when a sync out of it added on a path that did not need it hides
     * nothing of the core's there (model_source.auto_issuer), else -1; the core's own
     * spaces. */
    int issuer;
    const char *const *core_spaces;
    bool noted_rows;                /* the header says strided writes past EMIT_MAX_ROWS */
    bool moved;                     /* an access written moves at least a byte */
    int64_t rows;                   /* rows written as regions of their own so far */
    VEC(struct tracked_access) done[MAX_UNITS];   /* every access of each unit, in order */
    size_t ordered[MAX_UNITS][MAX_UNITS];      /* v's accesses before this are ordered before u */
    long set_at[MAX_UNITS][MAX_UNITS][FLAG_IDS];  /* v's access count at a pending set, -1 none */
    /* Waits that entered v's queue, counted (never taken back: a side's count for both);
     * the count at each pending set of (v, u), and the most any sync of (v, u) has ordered: the
     * waits before the set of the last wait of u on v, or all at a barrier of every unit */
    unsigned long holds[MAX_UNITS];
    unsigned long set_holds[MAX_UNITS][MAX_UNITS][FLAG_IDS];
    unsigned long synced_holds[MAX_UNITS][MAX_UNITS];
    VEC(struct bits_undo) undo;     /* bits changed by joins, oldest first */
    /* Called when a sync auto-sync would add depends on the path a join merged (an access
     * that only some paths made, or ordered): the join tagged `tag` was not exact. */
    void (*diverged)(void *ctx, uint32_t tag);
    void *diverged_ctx;
    /* the joins whose maybe accesses got a sync out of the issuer on every path while it
     * ordered an access of shared memory: diverged at the next cross-core signal or barrier */
    VEC(uint32_t) shared_tags;
    /* what auto-sync's scan of each pair would find (emit_window.h), valid while generation
     * is theirs */
    struct emit_window *windows[MAX_UNITS][MAX_UNITS];
    unsigned long generation;
};

/* The bytes a region may touch within its buffer: [*lo, *lo + *len). */
void emit_region_bytes(const struct pir_writer *w, const struct emit_region *r, int64_t *lo,
                       int64_t *len);

#endif
