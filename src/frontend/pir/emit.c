/* Accesses and syncs into the PIR writer, and the compiler's auto-sync (see emit.h).
 *
 * Auto-sync is emulated the way the compiler describes it, from the model's <auto-sync>
 * (hwmodels/): before an access on unit u, for each unit v whose pair (v, u) the compiler
 * orders, if an access of v not yet ordered before u touches the same bytes (one of them
 * writing), the sync is added: pipe_barrier(u) for (u, u), set_flag/wait_flag(v, u, id)
 * otherwise, with the model's id. A barrier, or a wait whose set came after an access, orders
 * that access from then on. */
#include "emit.h"
#include "emit_internal.h"
#include "emit_window.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/model.h"
#include "../../util/xalloc.h"

static int unit_index(const struct emitter *e, const char *unit)
{
    for (int i = 0; i < e->nunits; i++)
        if (strcmp(e->units[i], unit) == 0)
            return i;
    return -1;
}

/* The unit's index, added when new; -1 past MAX_UNITS. */
static int add_unit(struct emitter *e, const char *unit)
{
    int i = unit_index(e, unit);
    if (i >= 0 || e->nunits == MAX_UNITS)
        return i;
    e->units[e->nunits] = unit;
    return e->nunits++;
}

struct emitter *emitter_new(struct pir_writer *w, const struct model_source *ms, bool auto_sync)
{
    struct emitter *e = xcalloc(1, sizeof(*e));
    e->w = w;
    e->auto_sync = auto_sync && ms && ms->nauto_pairs > 0;
    e->auto_id = ms ? ms->auto_sync_id : 0;
    for (int i = 0; e->auto_sync && i < ms->nauto_pairs; i++) {
        int v = add_unit(e, ms->auto_src[i]), u = add_unit(e, ms->auto_dst[i]);
        if (v >= 0 && u >= 0) {
            e->pairs[v][u] = true;
            e->by_barrier[v][u] = ms->auto_by_barrier[i];
        }
    }
    e->issuer = -1;
    if (e->auto_sync) {
        e->issuer = ms->auto_issuer ? unit_index(e, ms->auto_issuer) : -1;
        e->core_spaces = ms->core_spaces;
        e->signal_prim = ms->auto_signal;
        e->wait_prim = ms->auto_wait;
        e->barrier_prim = ms->auto_barrier;
    }
    memset(e->set_at, -1, sizeof(e->set_at));
    return e;
}

void emitter_free(struct emitter *e)
{
    if (!e)
        return;
    for (int i = 0; i < MAX_UNITS; i++) {
        for (size_t k = 0; k < e->done[i].len; k++)
            free(e->done[i].items[k].regions);
        VEC_FREE(e->done[i]);
    }
    VEC_FREE(e->undo);
    VEC_FREE(e->shared_tags);
    emit_windows_free(e);
    free(e);
}

static char *region_text(struct pir_writer *w, const struct emit_region *r)
{
    if (r->offset == EMIT_WHOLE_BUFFER) {
        /* somewhere in the buffer, which is then at least as long as the access: x[?], so
         * that a message says so instead of naming bytes (docs/pir.md) */
        pir_writer_touch(w, r->buffer, r->length > 0 && r->length < INT64_MAX / 4 ? r->length : 1);
        return xasprintf("%s[?]", w->buffers[r->buffer].name);
    }
    return pir_writer_region(w, r->buffer, r->offset, r->length);
}

void emit_region_bytes(const struct pir_writer *w, const struct emit_region *r, int64_t *lo,
                       int64_t *len)
{
    const struct pir_buffer *b = &w->buffers[r->buffer];
    *lo = r->offset == EMIT_WHOLE_BUFFER ? 0 : r->offset;
    *len = r->offset != EMIT_WHOLE_BUFFER ? r->length : b->grows ? INT64_MAX / 4 : b->size;
}

/* Whether two regions share a byte: the same buffer, or two placed buffers of one space. */
static bool overlap(const struct pir_writer *w, const struct emit_region *a,
                    const struct emit_region *b)
{
    const struct pir_buffer *ba = &w->buffers[a->buffer], *bb = &w->buffers[b->buffer];
    int64_t lo_a, len_a, lo_b, len_b;
    emit_region_bytes(w, a, &lo_a, &len_a);
    emit_region_bytes(w, b, &lo_b, &len_b);
    if (a->buffer != b->buffer) {
        if (ba->place < 0 || bb->place < 0 || strcmp(ba->space, bb->space) != 0)
            return false;
        lo_a += ba->place;
        lo_b += bb->place;
    }
    return lo_a < lo_b + len_b && lo_b < lo_a + len_a;
}

static bool conflict(const struct pir_writer *w, const struct tracked_access *x,
                     const struct tracked_access *y)
{
    for (int i = 0; i < x->nregions; i++)
        for (int j = 0; j < y->nregions; j++)
            if ((i < x->nwrites || j < y->nwrites) && overlap(w, &x->regions[i], &y->regions[j]))
                return true;
    return false;
}

static void flag_set(struct emitter *e, int v, int u, int64_t id)
{
    if (v >= 0 && u >= 0 && id >= 0 && id < FLAG_IDS) {
        e->set_at[v][u][id] = (long)e->done[v].len;
        e->set_holds[v][u][id] = e->holds[v];
    }
}

static void flag_wait(struct emitter *e, int v, int u, int64_t id)
{
    if (v < 0 || u < 0 || id < 0 || id >= FLAG_IDS || e->set_at[v][u][id] < 0)
        return;
    if ((size_t)e->set_at[v][u][id] > e->ordered[v][u])
        e->ordered[v][u] = (size_t)e->set_at[v][u][id];
    if (e->set_holds[v][u][id] > e->synced_holds[v][u])
        e->synced_holds[v][u] = e->set_holds[v][u][id];
    e->set_at[v][u][id] = -1;
}

/* A wait entered unit's queue (into_issuer_on_every_path). */
static void hold(struct emitter *e, int unit)
{
    if (unit >= 0)
        e->holds[unit]++;
}

static void barrier(struct emitter *e, int unit)
{
    for (int v = 0; v < e->nunits; v++)
        for (int u = 0; u < e->nunits; u++)
            if (unit < 0 || (v == unit && u == unit)) {
                e->ordered[v][u] = e->done[v].len;
                e->synced_holds[v][u] = e->holds[v];
            }
}

static bool in_core_space(const struct emitter *e, const struct emit_region *r)
{
    const char *space = e->w->buffers[r->buffer].space;
    for (const char *const *c = e->core_spaces; c && *c; c++)
        if (space && strcmp(*c, space) == 0)
            return true;
    return false;
}

/* Whether a sync (v, u) the joined paths need on some paths only may be written on all of
 * them: v is the issuer, whose syncs out of it hide nothing on a path that did not need them
 * (model_source.auto_issuer) among the core's own accesses: a path's own run orders each access
 * of the issuer before any conflicting access of the core with a sync of its own, and beyond
 * the issuer's accesses such a sync orders nothing that issue order does not. What it orders
 * may still reach another core through a cross-core signal or barrier written after it: see
 * orders_shared and emit_cross_flag. docs/frontends.md "Conditions on data". */
static bool issuer_sync_on_every_path(const struct emitter *e, int v, int u)
{
    return v == e->issuer && v != u;
}

/* Whether a sync (v, issuer) that the joined paths need on some paths only, before access x,
 * may be written on all of them: every access of v not yet ordered before the issuer on every
 * path conflicts with x, and no wait entered v's queue since the set of the last sync of
 * (v, issuer) on any path. On a path that needs no sync, each of those accesses it made is
 * then ordered already, by a wait on the issuer (or a barrier of every unit) whose set came
 * after it, and v ran nothing since that set but signals and accesses the issuer's wait covers:
 * the earlier sync ordered it all before everything issued after it, and the new one orders
 * nothing more there. (A wait in v's queue would bring another unit's instructions before v's
 * later ones.) docs/frontends.md "Conditions on data". */
static bool into_issuer_on_every_path(const struct emitter *e, int v, int u,
                                      const struct tracked_access *x)
{
    if (u != e->issuer || v == u)
        return false;
    uint8_t bit = (uint8_t)(1u << u);
    bool any = false;
    for (size_t i = e->ordered[v][u]; i < e->done[v].len; i++) {
        const struct tracked_access *y = &e->done[v].items[i];
        if (y->done_to & bit)
            continue;
        if (!conflict(e->w, x, y))
            return false;
        any = true;
    }
    return any && e->synced_holds[v][u] == e->holds[v];
}

/* Whether a sync (v, u) written now orders an access of v to memory other cores share. */
static bool orders_shared(const struct emitter *e, int v, int u)
{
    uint8_t bit = (uint8_t)(1u << u);
    for (size_t i = e->ordered[v][u]; i < e->done[v].len; i++) {
        const struct tracked_access *y = &e->done[v].items[i];
        if (y->done_to & bit)
            continue;
        for (int r = 0; r < y->nregions; r++)
            if (!in_core_space(e, &y->regions[r]))
                return true;
    }
    return false;
}

/* The syncs the compiler puts before access x on unit u. */
static void add_auto_syncs(struct emitter *e, struct as_loc at, int u,
                           const struct tracked_access *x)
{
    for (int v = 0; v < e->nunits; v++) {
        if (!e->pairs[v][u] || !emit_window_may_conflict(e, v, u, x))
            continue;
        /* a conflict with an access only some joined paths leave unordered: the sync
         * depends on the path, unless another conflict makes it on every path, or the sync
         * is a barrier of u's own (v == u), which is written on every path (emit_join.c) */
        uint32_t maybe_tag = 0;
        bool sync = false, every_path = issuer_sync_on_every_path(e, v, u);
        int into_issuer = -1;   /* into_issuer_on_every_path, once asked */
        for (size_t i = e->ordered[v][u]; i < e->done[v].len && !sync; i++) {
            const struct tracked_access *y = &e->done[v].items[i];
            uint8_t bit = (uint8_t)(1u << u);
            if ((y->done_to & bit) || (maybe_tag && (y->maybe_to & bit)) ||
                !conflict(e->w, x, y))
                continue;
            bool maybe = (y->maybe_to & bit) && v != u;
            if (maybe && !every_path) {
                if (into_issuer < 0)
                    into_issuer = into_issuer_on_every_path(e, v, u, x);
                if (!into_issuer) {
                    maybe_tag = y->tag ? y->tag : 1;
                    continue;
                }
            }
            /* written on every path for an access some paths made: if it orders shared
             * memory, a later cross-core signal would carry that order off this core */
            if (maybe && every_path && orders_shared(e, v, u)) {
                uint32_t tag = y->tag ? y->tag : 1;
                if (!e->shared_tags.len || e->shared_tags.items[e->shared_tags.len - 1] != tag)
                    VEC_PUSH(e->shared_tags, tag);
            }
            sync = true;
            if (v == u) {
                pir_writer_line_note(e->w, at, "auto-sync", "pipe_barrier(%s)", e->units[u]);
                barrier(e, u);
            } else if (e->by_barrier[v][u]) {
                pir_writer_line_note(e->w, at, "auto-sync", "%s(%s, %s)", e->barrier_prim,
                                     e->units[v], e->units[u]);
                e->ordered[v][u] = e->done[v].len;
            } else {
                pir_writer_line_note(e->w, at, "auto-sync", "%s(%s, %s, %d)", e->signal_prim,
                                     e->units[v], e->units[u], e->auto_id);
                pir_writer_line_note(e->w, at, "auto-sync", "%s(%s, %s, %d)", e->wait_prim,
                                     e->units[v], e->units[u], e->auto_id);
                e->ordered[v][u] = e->done[v].len;
            }
        }
        if (!sync && maybe_tag && e->diverged)
            e->diverged(e->diverged_ctx, maybe_tag);
    }
}

/* text (consumed) and the n regions, the first after `lead`, the others after ", ". */
static char *append_regions(struct pir_writer *w, char *text, const char *lead,
                            const struct emit_region *regions, int n)
{
    for (int i = 0; i < n; i++) {
        char *r = region_text(w, &regions[i]);
        char *more = xasprintf("%s%s%s", text, i ? ", " : lead, r);
        free(r);
        free(text);
        text = more;
    }
    return text;
}

/* The access line, with `as read__ID` when it binds the value it reads (rule 10): returns
 * the id, 0 without. */
static uint32_t write_access(struct emitter *e, struct as_loc at, const char *unit, const char *op,
                             const struct emit_region *writes, int nwrites,
                             const struct emit_region *reads, int nreads, bool bind)
{
    struct tracked_access x = {.nwrites = nwrites, .nregions = nwrites + nreads};
    x.regions = xmalloc((size_t)(x.nregions ? x.nregions : 1) * sizeof(*x.regions));
    if (nwrites)   /* writes and reads may be NULL when there are none */
        memcpy(x.regions, writes, (size_t)nwrites * sizeof(*writes));
    if (nreads)
        memcpy(x.regions + nwrites, reads, (size_t)nreads * sizeof(*reads));
    int u = unit_index(e, unit);
    if (e->auto_sync && u >= 0)
        add_auto_syncs(e, at, u, &x);
    char *text = xasprintf("%s %s", unit, op);
    text = append_regions(e->w, text, " ", writes, nwrites);
    text = append_regions(e->w, text, " <- ", reads, nreads);
    uint32_t id = bind ? pir_writer_bind_value(e->w) : 0;
    if (id)
        pir_writer_line(e->w, at, "%s as read__%u", text, id);
    else
        pir_writer_line(e->w, at, "%s", text);
    free(text);
    for (int i = 0; i < x.nregions && !e->moved; i++)
        e->moved = x.regions[i].offset == EMIT_WHOLE_BUFFER || x.regions[i].length > 0;
    if (u >= 0)
        VEC_PUSH(e->done[u], x);
    else
        free(x.regions);
    return id;
}

void emit_access(struct emitter *e, struct as_loc at, const char *unit, const char *op,
                 const struct emit_region *write, const struct emit_region *reads, int nreads)
{
    write_access(e, at, unit, op, write, write ? 1 : 0, reads, nreads, false);
}

void emit_access_rows(struct emitter *e, struct as_loc at, const char *unit, const char *op,
                      const struct emit_region *row, int64_t rows, int64_t pitch,
                      const struct emit_region *reads, int nreads)
{
    bool apart = row->offset != EMIT_WHOLE_BUFFER && rows > 1 && pitch > row->length;
    if (!apart || rows > EMIT_MAX_ROWS || rows > EMIT_MAX_ROWS_IN_ALL - e->rows) {
        struct emit_region span = *row;   /* from the first row to the last */
        span.length = (rows - 1) * pitch + row->length;
        if (apart && !e->noted_rows) {
            pir_writer_note(e->w, "a strided write of more than %d rows, or past %d rows of "
                            "strided writes in a run, is written as the span from its first "
                            "row to its last, gaps included (more findings, never fewer)",
                            EMIT_MAX_ROWS, EMIT_MAX_ROWS_IN_ALL);
            e->noted_rows = true;
        }
        write_access(e, at, unit, op, &span, 1, reads, nreads, false);
        return;
    }
    e->rows += rows;
    struct emit_region *w = xmalloc((size_t)rows * sizeof(*w));
    for (int64_t k = 0; k < rows; k++) {
        w[k] = *row;
        w[k].offset += k * pitch;
    }
    write_access(e, at, unit, op, w, (int)rows, reads, nreads, false);
    free(w);
}

uint32_t emit_value_read(struct emitter *e, struct as_loc at, const char *unit, const char *op,
                         const struct emit_region *read)
{
    return write_access(e, at, unit, op, NULL, 0, read, 1, true);
}

void emit_flag(struct emitter *e, struct as_loc at, bool set, const char *src, const char *dst,
               int64_t id)
{
    pir_writer_line(e->w, at, "%s(%s, %s, %lld)", set ? "set_flag" : "wait_flag", src, dst,
                    (long long)id);
    if (set)
        flag_set(e, unit_index(e, src), unit_index(e, dst), id);
    else
        flag_wait(e, unit_index(e, src), unit_index(e, dst), id);
    if (!set)
        hold(e, unit_index(e, dst));
}

void emit_unit_flag(struct emitter *e, struct as_loc at, const char *prim, const char *src,
                    const char *dst, int64_t id)
{
    pir_writer_line(e->w, at, "%s(%s, %s, %lld)", prim, src, dst, (long long)id);
    hold(e, unit_index(e, dst));   /* a signal holds nothing, but the bank's kind is not told */
}

void emit_barrier(struct emitter *e, struct as_loc at, const char *unit)
{
    pir_writer_line(e->w, at, "pipe_barrier(%s)", unit);
    if (strcmp(unit, "ALL") == 0)
        barrier(e, -1);
    else if (unit_index(e, unit) >= 0)
        barrier(e, unit_index(e, unit));
}

/* A cross-core signal or barrier: it carries what this core ordered before it to other cores,
 * so a sync written on every path of a join for some paths' accesses of shared memory
 * (add_auto_syncs) would order, on the paths that did not need it, an access before another
 * core's: those joins were not exact. */
static void leave_core(struct emitter *e)
{
    for (size_t i = 0; i < e->shared_tags.len; i++)
        if (e->diverged)
            e->diverged(e->diverged_ctx, e->shared_tags.items[i]);
    e->shared_tags.len = 0;
}

void emit_cross_flag(struct emitter *e, struct as_loc at, bool set, const char *unit, int64_t mode,
                     int64_t flag)
{
    if (set)
        leave_core(e);
    pir_writer_line(e->w, at, "%s(%s, %lld, %lld)",
                    set ? "cross_core_set_flag" : "cross_core_wait_flag", unit, (long long)mode,
                    (long long)flag);
}

void emit_sync_all(struct emitter *e, struct as_loc at, const char *name)
{
    leave_core(e);
    pir_writer_line(e->w, at, "%s()", name);
    barrier(e, -1);   /* it orders this core's earlier accesses before its later ones too */
}

bool emitter_moved_bytes(const struct emitter *e)
{
    return e->moved;
}
