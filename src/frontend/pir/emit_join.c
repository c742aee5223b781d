/* Auto-sync's tracking across a condition on data whose two sides are both followed and
 * joined (emit.h): what it is before the first side, back to it for the second, and the join.
 *
 * For a pair of units (v, u), each access of v is, on a path, either ordered before u's next
 * access or open (still to be ordered: auto-sync adds a sync before a conflicting access of u).
 * After a join an access is ordered or open on every path that reaches the join, or on some
 * and not others: "maybe" (an access made on one side only is ordered on the other, where it
 * never happened). A sync auto-sync adds because of an open access is added on every path; a
 * conflict only with maybe accesses would add the sync on some paths and not others, which one
 * text after the join cannot say: the emitter calls `diverged` with the join's tag and the
 * frontend lowers that condition's sides as runs of their own instead (interp_branch.c). Two
 * accesses the sides make alike (same regions) are one access, open on both paths.
 *
 * Except for a sync out of the issuer on a model that allows it (model_source.auto_issuer,
 * emit.c issuer_sync_on_every_path): written on every path, it hides nothing of the core's on
 * a path that did not need it; one that orders an access of shared memory is reported when a
 * cross-core signal or barrier follows (emit.c leave_core). docs/frontends.md "Conditions on
 * data".
 *
 * And for a pair of one unit (v == u: the sync is pipe_barrier(u)): that barrier is written
 * on every path, and the findings are still every path's own. On a path that did not need it,
 * it orders u's earlier instructions before u's later ones (docs/semantics.md rule 7) and
 * nothing else: what u's later instructions pass to other units, by a signal (rule 5: it ends
 * after everything before it on u) or a barrier draining u, already covers u's earlier ones;
 * interlocks (rule 8) are on fifo and sync units only (the model's own check), where
 * instructions are in order anyway. And every conflicting pair of u's instructions is ordered on
 * that path's own run too: auto-sync orders (u, u), at the later access at the latest. */
#include "emit_internal.h"
#include "emit_window.h"

#include <stdlib.h>
#include <string.h>

struct emit_saved {
    size_t len[MAX_UNITS];
    size_t ordered[MAX_UNITS][MAX_UNITS];
    long set_at[MAX_UNITS][MAX_UNITS][FLAG_IDS];
    unsigned long set_holds[MAX_UNITS][MAX_UNITS][FLAG_IDS];
    unsigned long synced_holds[MAX_UNITS][MAX_UNITS];
    int64_t rows;
    size_t undo_len;
};

struct emit_side {
    struct emit_saved end;      /* the side's orders, flags and rows at its end */
    VEC(struct tracked_access) tail[MAX_UNITS];    /* its accesses, moved out */
    bool changed_before;        /* a join inside it changed accesses tracked before it */
};

enum status { ORDERED, MAYBE, OPEN };

static void save_into(const struct emitter *e, struct emit_saved *s)
{
    for (int v = 0; v < MAX_UNITS; v++)
        s->len[v] = e->done[v].len;
    memcpy(s->ordered, e->ordered, sizeof(s->ordered));
    memcpy(s->set_at, e->set_at, sizeof(s->set_at));
    memcpy(s->set_holds, e->set_holds, sizeof(s->set_holds));
    memcpy(s->synced_holds, e->synced_holds, sizeof(s->synced_holds));
    s->rows = e->rows;
    s->undo_len = e->undo.len;
}

struct emit_saved *emitter_save(const struct emitter *e)
{
    struct emit_saved *s = xcalloc(1, sizeof(*s));
    save_into(e, s);
    return s;
}

/* Whether a join since `at` changed an access tracked before it. */
static bool changed_since(const struct emitter *e, const struct emit_saved *at)
{
    for (size_t k = at->undo_len; k < e->undo.len; k++)
        if (e->undo.items[k].index < at->len[e->undo.items[k].unit])
            return true;
    return false;
}

struct emit_side *emitter_take_side(struct emitter *e, const struct emit_saved *at)
{
    struct emit_side *side = xcalloc(1, sizeof(*side));
    emit_windows_stale(e);   /* accesses dropped, bits given back */
    save_into(e, &side->end);
    side->changed_before = changed_since(e, at);
    for (int v = 0; v < MAX_UNITS; v++) {
        for (size_t i = at->len[v]; i < e->done[v].len; i++)
            VEC_PUSH(side->tail[v], e->done[v].items[i]);
        e->done[v].len = at->len[v];
    }
    while (e->undo.len > at->undo_len) {   /* newest first */
        const struct bits_undo *u = &e->undo.items[--e->undo.len];
        if (u->index < e->done[u->unit].len) {
            struct tracked_access *a = &e->done[u->unit].items[u->index];
            a->done_to = u->done_to;
            a->maybe_to = u->maybe_to;
            a->tag = u->tag;
        }
    }
    memcpy(e->ordered, at->ordered, sizeof(e->ordered));
    memcpy(e->set_at, at->set_at, sizeof(e->set_at));
    memcpy(e->set_holds, at->set_holds, sizeof(e->set_holds));
    memcpy(e->synced_holds, at->synced_holds, sizeof(e->synced_holds));
    e->rows = at->rows;
    return side;
}

static enum status bits_status(const struct tracked_access *a, int u)
{
    uint8_t bit = (uint8_t)(1u << u);
    return (a->done_to & bit) ? ORDERED : (a->maybe_to & bit) ? MAYBE : OPEN;
}

/* An access's status for u on a path whose order for (v, u) is `ordered`, at `index`. */
static enum status status_on(const struct tracked_access *a, size_t index, size_t ordered, int u)
{
    return index < ordered ? ORDERED : bits_status(a, u);
}

static enum status join_status(enum status a, enum status b)
{
    return a == b ? a : MAYBE;
}

static void set_status(struct tracked_access *a, int u, enum status s, uint32_t tag)
{
    uint8_t bit = (uint8_t)(1u << u);
    if (s == MAYBE && !(a->maybe_to & bit))
        a->tag = tag;
    a->done_to = (uint8_t)((a->done_to & ~bit) | (s == ORDERED ? bit : 0));
    a->maybe_to = (uint8_t)((a->maybe_to & ~bit) | (s == MAYBE ? bit : 0));
}

static bool same_access(const struct tracked_access *a, const struct tracked_access *b)
{
    if (a->nwrites != b->nwrites || a->nregions != b->nregions)
        return false;
    for (int i = 0; i < a->nregions; i++)
        if (a->regions[i].buffer != b->regions[i].buffer ||
            a->regions[i].offset != b->regions[i].offset ||
            a->regions[i].length != b->regions[i].length)
            return false;
    return true;
}

/* Pairs of accesses the sides made alike, matched in order: match[j] is the index in the
 * second side's accesses of the first side's access j, or -1. */
enum { MAX_MATCH_WORK = 1 << 20 };
static long *match_alike(const struct tracked_access *a, size_t na,
                         const struct tracked_access *b, size_t nb)
{
    long *match = xmalloc((na ? na : 1) * sizeof(*match));
    bool *taken = xcalloc(nb ? nb : 1, sizeof(*taken));
    bool search = na * nb <= MAX_MATCH_WORK;
    for (size_t j = 0; j < na; j++) {
        match[j] = -1;
        for (size_t k = 0; search && k < nb; k++)
            if (!taken[k] && same_access(&a[j], &b[k])) {
                match[j] = (long)k;
                taken[k] = true;
                break;
            }
    }
    free(taken);
    return match;
}

/* Whether two pending sets, one on each side, are the same set made before the choice. */
static bool same_pending_sets(const struct emitter *e, const struct emit_saved *at,
                              const struct emit_side *side)
{
    for (int v = 0; v < MAX_UNITS; v++)
        for (int u = 0; u < MAX_UNITS; u++)
            for (int id = 0; id < FLAG_IDS; id++) {
                long a = side->end.set_at[v][u][id], b = e->set_at[v][u][id];
                if (a != b || (b >= 0 && (size_t)b > at->len[v]))
                    return false;
            }
    return true;
}

/* Unit v: the current side's accesses (second) and the first side's joined, for every u. */
static void join_unit(struct emitter *e, const struct emit_saved *at, const struct emit_side *side,
                      int v, uint32_t tag)
{
    size_t before = at->len[v], nb = e->done[v].len - before, na = side->tail[v].len;
    struct tracked_access *b = e->done[v].items + before;
    const struct tracked_access *a = side->tail[v].items;
    long *match = match_alike(a, na, b, nb);
    long *matched_by = xmalloc((nb ? nb : 1) * sizeof(*matched_by));
    for (size_t k = 0; k < nb; k++)
        matched_by[k] = -1;
    for (size_t j = 0; j < na; j++)
        if (match[j] >= 0)
            matched_by[match[j]] = (long)j;
    /* the first side's accesses made alike on neither side, copied in after the second's */
    struct tracked_access *added = xmalloc((na ? na : 1) * sizeof(*added));
    size_t nadded = 0;
    for (size_t j = 0; j < na; j++) {
        if (match[j] >= 0)
            continue;
        added[nadded] = a[j];
        size_t bytes = (size_t)(a[j].nregions ? a[j].nregions : 1) * sizeof(*a[j].regions);
        added[nadded].regions = xmalloc(bytes);
        memcpy(added[nadded].regions, a[j].regions, (size_t)a[j].nregions * sizeof(*a[j].regions));
        nadded++;
    }
    for (int u = 0; u < e->nunits; u++) {
        size_t oa = side->end.ordered[v][u], ob = e->ordered[v][u];
        size_t joined = oa < ob ? oa : ob;
        if (joined > before)
            joined = before;
        size_t upto = oa > ob ? oa : ob;
        if (upto > before)
            upto = before;
        /* accesses from before the choice ordered on one side only */
        for (size_t i = joined; i < upto; i++) {
            struct tracked_access *x = &e->done[v].items[i];
            enum status s = join_status(status_on(x, i, oa, u), status_on(x, i, ob, u));
            if (s == bits_status(x, u))
                continue;
            struct bits_undo un = {v, i, x->done_to, x->maybe_to, x->tag};
            VEC_PUSH(e->undo, un);
            set_status(x, u, s, tag);
        }
        for (size_t k = 0; k < nb; k++) {
            enum status s = status_on(&b[k], before + k, ob, u);
            long j = matched_by[k];
            set_status(&b[k], u,
                       join_status(s, j >= 0 ? status_on(&a[j], before + (size_t)j, oa, u)
                                             : ORDERED),
                       tag);
        }
        size_t n = 0;
        for (size_t j = 0; j < na; j++)
            if (match[j] < 0) {
                set_status(&added[n], u,
                           join_status(status_on(&a[j], before + j, oa, u), ORDERED), tag);
                n++;
            }
        e->ordered[v][u] = joined;
        if (side->end.synced_holds[v][u] < e->synced_holds[v][u])   /* the least on any path */
            e->synced_holds[v][u] = side->end.synced_holds[v][u];
    }
    for (size_t n = 0; n < nadded; n++)
        VEC_PUSH(e->done[v], added[n]);
    free(added);
    free(match);
    free(matched_by);
}

bool emitter_join(struct emitter *e, const struct emit_saved *at, const struct emit_side *side,
                  uint32_t tag)
{
    if (side->changed_before || changed_since(e, at) || !same_pending_sets(e, at, side))
        return false;
    emit_windows_stale(e);   /* bits changed, ordered[][] lowered */
    for (int v = 0; v < e->nunits; v++)
        join_unit(e, at, side, v, tag);
    if (side->end.rows > e->rows)
        e->rows = side->end.rows;
    return true;
}

void emit_saved_free(struct emit_saved *s)
{
    free(s);
}

void emit_side_free(struct emit_side *s)
{
    if (!s)
        return;
    for (int v = 0; v < MAX_UNITS; v++) {
        for (size_t i = 0; i < s->tail[v].len; i++)
            free(s->tail[v].items[i].regions);
        VEC_FREE(s->tail[v]);
    }
    free(s);
}

void emitter_on_diverged(struct emitter *e, void (*fn)(void *ctx, uint32_t tag), void *ctx)
{
    e->diverged = fn;
    e->diverged_ctx = ctx;
}

bool emitter_orders_issuer(const struct emitter *e)
{
    return e->auto_sync && e->issuer >= 0;
}
