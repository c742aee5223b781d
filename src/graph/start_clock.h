/* Reading and writing the start clocks the product keeps after its walk (clock_store.c): which
 * row an instruction has, which columns it keeps, and the entries. The store itself is
 * struct hb_clock_store in graph.h. */
#ifndef AS_GRAPH_START_CLOCK_H
#define AS_GRAPH_START_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/bits.h"
#include "graph.h"

/* Start clocks (clock_store.c). A query reads an instruction's start clock only in some
 * dimensions, and only those are kept, as a row:
 *   - an access (hb_before, asked by the hazard search about conflicting accesses): the end
 *     dimensions of its own core's units with accesses and of the other cores' units that
 *     touch a memory more than one core touches;
 *   - a flag signal (hb_wait_taken_by, asked about waits of its own channel, and hb_before
 *     about signals of its channel): its own core's end, issue and start dimensions, and the
 *     end dimensions of the other cores' units that hold a cross-core signal (a wait's
 *     frontier reaches other cores only through cross-core waits);
 *   - a cross-core signal (asked about waits of other cores): every dimension.
 * hb_clock_run_every keeps every instruction's whole. */
/* r->p, dims and every_clock set. With `unset` every entry is -1; without, the rows are
 * left as allocated, and the caller writes each one whole (hb_store_start, a walk that
 * reaches every instruction that starts) or marks it unset (hb_store_unset): at 10^7 events
 * clearing them first was a tenth of the clock engine's time, all of it written again. */
void hb_clock_store_init(struct hb_result *r, bool unset);
void hb_clock_store_free(struct hb_result *r);
/* Keeps what is kept of instruction i's start clock `clock` (dims entries): every entry of
 * its row. */
void hb_store_start(struct hb_result *r, size_t i, const int32_t *clock);
/* Sets every entry of instruction i's row, if it has one, to -1 (it never starts). */
void hb_store_unset(struct hb_result *r, size_t i);
/* Sets dimension d of instruction i's start clock, if it is kept. */
void hb_store_start_entry(struct hb_result *r, size_t i, int d, int32_t value);

/* The row an instruction of kind k has (every_clock: every instruction a full one). */
static inline enum hb_row_kind hb_row_kind_of(bool every_clock, enum ins_kind k)
{
    if (every_clock)
        return HB_ROW_FULL;
    switch (k) {
    case INS_ACCESS:
        return HB_ROW_ACCESS;
    case INS_SIGNAL:
        return HB_ROW_SIGNAL;
    case INS_XSIGNAL:
        return HB_ROW_FULL;
    default:
        return HB_ROW_NONE;
    }
}

static inline enum hb_row_kind hb_row_kind(const struct hb_result *r, size_t i)
{
    return hb_row_kind_of(r->every_clock, (enum ins_kind)r->p->ins[i].kind);
}

/* Column of unit u, not one of core c's own, in a numbering of the other cores' units. */
static inline int hb_numbered_column(const struct hb_unit_numbering *n, int c, int u)
{
    int s = n->of[u];
    if (s < 0)
        return -1;
    return s < n->core_first[c] ? s : s - n->core_count[c];
}

static inline int hb_row_width(const struct hb_result *r, enum hb_row_kind kind, int c)
{
    const struct hb_clock_store *st = &r->store;
    int own = r->p->cores[c].type->nunits;
    switch (kind) {
    case HB_ROW_ACCESS:
        return st->core_own_access[c] + st->shared.n - st->shared.core_count[c];
    case HB_ROW_SIGNAL:
        return own + 1 + (st->starts ? own : 0) + st->setters.n - st->setters.core_count[c];
    case HB_ROW_FULL:
        return r->dims;
    case HB_ROW_NONE:
        break;
    }
    return 0;
}

/* The column of unit u's end dimension in an access row of core c, or -1. */
static inline int hb_access_end_column(const struct hb_result *r, int c, int u)
{
    const struct hb_clock_store *st = &r->store;
    const struct lw_core *core = &r->p->cores[c];
    if (u >= core->first_unit && u < core->first_unit + core->type->nunits)
        return st->own_access[u];
    int s = hb_numbered_column(&st->shared, c, u);
    return s < 0 ? -1 : st->core_own_access[c] + s;
}

/* The column of dimension d in the row of instruction i, or -1 when it is not kept. */
static inline int hb_start_column(const struct hb_result *r, size_t i, int d)
{
    enum hb_row_kind kind = hb_row_kind(r, i);
    if (kind == HB_ROW_FULL)
        return d < r->dims ? d : -1;
    if (kind == HB_ROW_NONE)
        return -1;
    const struct lw_program *p = r->p;
    const struct hb_clock_store *st = &r->store;
    int c = p->ins[i].core, index;
    const struct lw_core *core = &p->cores[c];
    int own = core->type->nunits;
    enum hb_dim_kind dk = hb_dim_kind(p, d, &index);
    bool on_core = (dk == HB_DIM_END || dk == HB_DIM_START) && index >= core->first_unit
                   && index < core->first_unit + own;
    if (kind == HB_ROW_ACCESS)
        return dk == HB_DIM_END ? hb_access_end_column(r, c, index) : -1;
    switch (dk) {   /* HB_ROW_SIGNAL */
    case HB_DIM_END: {
        if (on_core)
            return index - core->first_unit;
        int s = hb_numbered_column(&st->setters, c, index);
        return s < 0 ? -1 : own + 1 + (st->starts ? own : 0) + s;
    }
    case HB_DIM_ISSUE:
        return index == c ? own : -1;
    case HB_DIM_START:
        return st->starts && on_core ? own + 1 + index - core->first_unit : -1;
    case HB_DIM_WAIT:
        break;
    }
    return -1;
}

/* The row of instruction i (a kept one). */
static inline int32_t *hb_start_row(const struct hb_result *r, size_t i)
{
    const struct hb_clock_store *st = &r->store;
    enum hb_row_kind kind = hb_row_kind(r, i);
    int c = r->p->ins[i].core;
    int k = (int)kind - (int)HB_ROW_ACCESS;
    if (r->every_clock)   /* a full row each */
        return st->rows[k] + i * (size_t)r->dims;
    const struct hb_row_block *blk = &st->blocks[k][i / 64];
    uint64_t before = blk->mask & ((UINT64_C(1) << (i % 64)) - 1);
    size_t row = blk->prefix + (size_t)popcount64(before) - st->core_rank[k][c];
    return st->rows[k] + st->base[k][c] + row * (size_t)st->width[k][c];
}

/* Instruction i's start clock keeps dimension d. */
static inline bool hb_start_keeps(const struct hb_result *r, size_t i, int d)
{
    return hb_start_column(r, i, d) >= 0;
}

/* Entry d of started instruction i's start clock: -1 (nothing) when it is not kept, which
 * the queries above never ask about but the hazard search does for units whose lists of the
 * access's memories are empty. */
static inline int32_t hb_start_entry(const struct hb_result *r, size_t i, int d)
{
    int col = hb_start_column(r, i, d);
    return col >= 0 ? hb_start_row(r, i)[col] : -1;
}

#endif
