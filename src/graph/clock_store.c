/* The start clocks the product keeps after its walk, as rows of the columns a query can read
 * (start_clock.h): an access's row has the end dimensions of its own core's units
 * with accesses and of the other cores' units that touch a memory more than one core touches
 * (a unit that touches none has no access that conflicts with another core's; a unit without
 * accesses none at all); a flag signal's row has its own core's dimensions and the end
 * dimensions of the units that hold cross-core signals; a cross-core signal's row is whole. */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "graph.h"
#include "start_clock.h"

/* Columns of the units with accesses: own[u] numbers them within their core, -1 for the
 * others; core_own[c] counts them. */
static void number_access_units(const struct lw_program *p, int32_t *own, int *core_own)
{
    for (int u = 0; u < p->nunits; u++)
        if (p->units[u].has_access)
            own[u] = 0;
    for (int c = 0; c < p->ncores; c++) {
        const struct lw_core *core = &p->cores[c];
        for (int u = core->first_unit; u < core->first_unit + core->type->nunits; u++)
            if (own[u] == 0)
                own[u] = core_own[c]++;
    }
}

/* Marks (0) the units that touch a memory some other core touches too. */
static void mark_shared_units(const struct lw_program *p, int32_t *of)
{
    size_t nm = p->nmemories ? (size_t)p->nmemories : 1;
    int *first_core = xmalloc(nm * sizeof(int));
    bool *multi = xcalloc(nm, sizeof(bool));
    for (size_t k = 0; k < nm; k++)
        first_core[k] = -1;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < p->nins; i++) {
            const struct lw_ins *x = &p->ins[i];
            if (x->kind != INS_ACCESS)
                continue;
            const struct mem_region *regions = lw_writes(p, x);   /* the reads follow */
            for (int k = 0; k < lw_nwrites(x) + lw_nreads(x); k++) {
                int mem = regions[k].memory;
                if (pass == 1) {
                    if (multi[mem])
                        of[x->unit] = 0;
                } else if (first_core[mem] < 0) {
                    first_core[mem] = x->core;
                } else if (first_core[mem] != x->core) {
                    multi[mem] = true;
                }
            }
        }
    }
    free(first_core);
    free(multi);
}

/* Marks (0) the units that hold a cross-core signal. */
static void mark_setter_units(const struct lw_program *p, int32_t *of)
{
    for (int u = 0; u < p->nunits; u++)
        if (p->units[u].has_xsignal)
            of[u] = 0;
}

/* A numbering of the units `mark` marks (none in a single-core kernel: a core's row has its
 * own units anyway). */
static void numbering_init(const struct lw_program *p, bool every_clock,
                           void (*mark)(const struct lw_program *, int32_t *),
                           struct hb_unit_numbering *n)
{
    size_t nc = p->ncores ? (size_t)p->ncores : 1, nu = p->nunits ? (size_t)p->nunits : 1;
    n->of = xmalloc(nu * sizeof(int32_t));
    for (size_t u = 0; u < nu; u++)
        n->of[u] = -1;
    if (!every_clock && p->ncores > 1)
        mark(p, n->of);
    n->n = 0;
    for (int u = 0; u < p->nunits; u++)
        if (n->of[u] == 0)
            n->of[u] = n->n++;
    n->core_first = xcalloc(nc, sizeof(int));
    n->core_count = xcalloc(nc, sizeof(int));
    for (int u = p->nunits - 1; u >= 0; u--)
        if (n->of[u] >= 0) {
            n->core_first[p->units[u].core] = n->of[u];
            n->core_count[p->units[u].core]++;
        }
}

static void numbering_free(struct hb_unit_numbering *n)
{
    free(n->of);
    free(n->core_first);
    free(n->core_count);
}

static int32_t *all_unset(size_t n)
{
    int32_t *v = xrealloc_array(NULL, n ? n : 1, sizeof(int32_t));
    for (size_t k = 0; k < n; k++)
        v[k] = -1;
    return v;
}

/* The rows of each kind: which instructions have one (rank blocks), each core's first row and
 * width, and the rows themselves, every entry -1 when `unset` (else left for the caller). */
static void rows_init(struct hb_result *r, bool unset)
{
    const struct lw_program *p = r->p;
    struct hb_clock_store *st = &r->store;
    size_t nc = p->ncores ? (size_t)p->ncores : 1, nblocks = p->nins / 64 + 1;
    size_t count[3] = {0, 0, 0}, size[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        st->base[k] = xcalloc(nc, sizeof(size_t));
        st->width[k] = xcalloc(nc, sizeof(int));
        st->blocks[k] = xcalloc(r->every_clock ? 1 : nblocks, sizeof(struct hb_row_block));
        st->core_rank[k] = xcalloc(nc, sizeof(size_t));
    }
    if (r->every_clock)   /* a full row each, found by index */
        size[HB_ROW_FULL - HB_ROW_ACCESS] = p->nins * (size_t)r->dims;
    for (int c = 0; c < p->ncores && !r->every_clock; c++) {
        const struct lw_core *core = &p->cores[c];
        for (int k = 0; k < 3; k++) {
            st->core_rank[k][c] = count[k];
            st->base[k][c] = size[k];
            st->width[k][c] = hb_row_width(r, (enum hb_row_kind)(k + HB_ROW_ACCESS), c);
        }
        size_t before[3] = {count[0], count[1], count[2]};
        for (size_t i = core->first_ins; i < core->first_ins + core->nins; i++) {
            enum hb_row_kind kind = hb_row_kind(r, i);
            if (kind == HB_ROW_NONE)
                continue;
            int k = (int)kind - (int)HB_ROW_ACCESS;
            st->blocks[k][i / 64].mask |= UINT64_C(1) << (i % 64);
            count[k]++;
        }
        for (int k = 0; k < 3; k++)
            size[k] += (count[k] - before[k]) * (size_t)st->width[k][c];
    }
    for (int k = 0; k < 3 && !r->every_clock; k++)   /* prefix counts, block by block */
        for (size_t b = 1, n = 0; b < nblocks; b++) {
            n += (size_t)popcount64(st->blocks[k][b - 1].mask);
            st->blocks[k][b].prefix = (uint32_t)n;
        }
    for (int k = 0; k < 3; k++)
        st->rows[k] = unset ? all_unset(size[k])
                            : xrealloc_array(NULL, size[k] ? size[k] : 1, sizeof(int32_t));
}

/* A row of kind `kind` (HB_ROW_ACCESS or HB_ROW_SIGNAL) of core c from clock. */
static void fill_row(const struct hb_result *r, enum hb_row_kind kind, int c,
                     const int32_t *clock, int32_t *row)
{
    const struct lw_program *p = r->p;
    const struct lw_core *core = &p->cores[c];
    int own = core->type->nunits;
    if (kind == HB_ROW_SIGNAL) {   /* own ends, own issue, own starts: contiguous in clock */
        memcpy(row, clock + core->first_unit, (size_t)own * sizeof(int32_t));
        row[own] = clock[hb_dim_issue(p, c)];
        if (r->store.starts)
            memcpy(row + own + 1, clock + hb_dim_start(p, core->first_unit),
                   (size_t)own * sizeof(int32_t));
    } else if (r->store.core_own_access[c] == own) {   /* every unit has accesses */
        memcpy(row, clock + core->first_unit, (size_t)own * sizeof(int32_t));
    } else {
        for (int u = core->first_unit; u < core->first_unit + own; u++)
            if (r->store.own_access[u] >= 0)
                row[r->store.own_access[u]] = clock[u];
    }
    /* The other cores' numbered units, after the core's own columns (hb_start_column). */
    const struct hb_unit_numbering *foreign =
        kind == HB_ROW_ACCESS ? &r->store.shared : &r->store.setters;
    int first = kind == HB_ROW_ACCESS ? r->store.core_own_access[c]
                                      : own + 1 + (r->store.starts ? own : 0);
    for (int u = 0; u < p->nunits && foreign->n > 0; u++)
        if (foreign->of[u] >= 0 && (u < core->first_unit || u >= core->first_unit + own))
            row[first + hb_numbered_column(foreign, c, u)] = clock[u];
}

/* The walk stores a row per access and signal: each core's columns are worked out once, as
 * the row fill_row makes of a clock whose entry d is d (it was a tenth of the clock walk at
 * 1e5 events, done per row). */
static void gather_init(struct hb_result *r)
{
    const struct lw_program *p = r->p;
    struct hb_clock_store *st = &r->store;
    size_t nc = p->ncores ? (size_t)p->ncores : 1;
    int32_t *identity = xmalloc((size_t)(r->dims ? r->dims : 1) * sizeof(int32_t));
    for (int d = 0; d < r->dims; d++)
        identity[d] = d;
    for (int k = 0; k < 2; k++) {
        st->gather_first[k] = xcalloc(nc + 1, sizeof(size_t));
        for (int c = 0; c < p->ncores; c++)
            st->gather_first[k][c + 1] = st->gather_first[k][c] + (size_t)st->width[k][c];
        st->gather[k] = xmalloc((st->gather_first[k][nc] ? st->gather_first[k][nc] : 1)
                                * sizeof(int32_t));
        for (int c = 0; c < p->ncores; c++)
            fill_row(r, (enum hb_row_kind)(k + HB_ROW_ACCESS), c, identity,
                     st->gather[k] + st->gather_first[k][c]);
    }
    free(identity);
}

void hb_clock_store_init(struct hb_result *r, bool unset)
{
    const struct lw_program *p = r->p;
    struct hb_clock_store *st = &r->store;
    size_t nc = p->ncores ? (size_t)p->ncores : 1, nu = p->nunits ? (size_t)p->nunits : 1;
    st->starts = r->dims > hb_dim_start(p, 0);
    st->own_access = xmalloc(nu * sizeof(int32_t));
    for (size_t u = 0; u < nu; u++)
        st->own_access[u] = -1;
    st->core_own_access = xcalloc(nc, sizeof(int));
    if (!r->every_clock)
        number_access_units(p, st->own_access, st->core_own_access);
    numbering_init(p, r->every_clock, mark_shared_units, &st->shared);
    numbering_init(p, r->every_clock, mark_setter_units, &st->setters);
    rows_init(r, unset);   /* widths read the numberings */
    if (!r->every_clock)
        gather_init(r);
}

void hb_clock_store_free(struct hb_result *r)
{
    struct hb_clock_store *st = &r->store;
    for (int k = 0; k < 3; k++) {
        free(st->rows[k]);
        free(st->base[k]);
        free(st->width[k]);
        free(st->blocks[k]);
        free(st->core_rank[k]);
    }
    for (int k = 0; k < 2; k++) {
        free(st->gather[k]);
        free(st->gather_first[k]);
    }
    free(st->own_access);
    free(st->core_own_access);
    if (st->shared.of)
        numbering_free(&st->shared);
    if (st->setters.of)
        numbering_free(&st->setters);
    memset(st, 0, sizeof(*st));
}

void hb_store_start(struct hb_result *r, size_t i, const int32_t *clock)
{
    enum hb_row_kind kind = hb_row_kind(r, i);
    if (kind == HB_ROW_NONE)
        return;
    int32_t *row = hb_start_row(r, i);
    if (kind == HB_ROW_FULL) {
        memcpy(row, clock, (size_t)r->dims * sizeof(int32_t));
        return;
    }
    const struct hb_clock_store *st = &r->store;
    int k = (int)kind - (int)HB_ROW_ACCESS, c = r->p->ins[i].core;
    const int32_t *dims = st->gather[k] + st->gather_first[k][c];
    for (int col = 0, width = st->width[k][c]; col < width; col++)
        row[col] = clock[dims[col]];
}

void hb_store_unset(struct hb_result *r, size_t i)
{
    enum hb_row_kind kind = hb_row_kind(r, i);
    if (kind == HB_ROW_NONE)
        return;
    int32_t *row = hb_start_row(r, i);
    int width = hb_row_width(r, kind, r->p->ins[i].core);
    for (int k = 0; k < width; k++)
        row[k] = -1;
}

void hb_store_start_entry(struct hb_result *r, size_t i, int d, int32_t value)
{
    int col = hb_start_column(r, i, d);
    if (col >= 0)
        hb_start_row(r, i)[col] = value;
}
