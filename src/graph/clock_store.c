/* The start clocks the product keeps after its walk (graph.h, "Start clocks"): of a signal
 * every dimension; of an access the end dimensions a hazard query can read: those of its own
 * core's units that have accesses, and of the other cores' units that touch a memory more
 * than one core touches (a unit that touches none has no access that conflicts with another
 * core's; a unit without accesses none at all). */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "graph.h"

/* Columns of the units with accesses: own_col[u] numbers them within their core, -1 for
 * the others; core_own[c] counts them. */
static void number_access_units(const struct lw_program *p, int32_t *own_col, int *core_own)
{
    for (size_t i = 0; i < p->nins; i++)
        if (p->ins[i].kind == INS_ACCESS)
            own_col[p->ins[i].unit] = 0;
    for (int c = 0; c < p->ncores; c++) {
        const struct lw_core *core = &p->cores[c];
        for (int u = core->first_unit; u < core->first_unit + core->type->nunits; u++)
            if (own_col[u] == 0)
                own_col[u] = core_own[c]++;
    }
}

/* Units that touch a memory some other core touches too: shared_col[u] numbers them in
 * unit order (so a core's own ones are consecutive), -1 for the others. */
static int number_shared_units(const struct lw_program *p, int32_t *shared_col)
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
            for (int k = 0; k < x->nwrites + x->nreads; k++) {
                int mem = k < x->nwrites ? x->writes[k].memory : lw_reads(x)[k - x->nwrites].memory;
                if (pass == 1) {
                    if (multi[mem])
                        shared_col[x->unit] = 0;
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
    int n = 0;
    for (int u = 0; u < p->nunits; u++)
        if (shared_col[u] == 0)
            shared_col[u] = n++;
    return n;
}

/* Which end dimensions an access keeps, per core (struct hb_access_columns). */
static void columns_init(const struct lw_program *p, bool every_clock,
                         struct hb_access_columns *cols)
{
    size_t nc = p->ncores ? (size_t)p->ncores : 1, nu = p->nunits ? (size_t)p->nunits : 1;
    cols->shared = xmalloc(nu * sizeof(int32_t));
    cols->own = xmalloc(nu * sizeof(int32_t));
    for (size_t u = 0; u < nu; u++)
        cols->shared[u] = cols->own[u] = -1;
    cols->core_own = xcalloc(nc, sizeof(int));
    if (!every_clock)   /* every_clock keeps all of them, in the signal store */
        number_access_units(p, cols->own, cols->core_own);
    /* one core shares nothing */
    cols->nshared = every_clock || p->ncores < 2 ? 0 : number_shared_units(p, cols->shared);
    cols->core_shared_first = xcalloc(nc, sizeof(int));
    cols->core_shared = xcalloc(nc, sizeof(int));
    for (int u = p->nunits - 1; u >= 0; u--)
        if (cols->shared[u] >= 0) {
            cols->core_shared_first[p->units[u].core] = cols->shared[u];
            cols->core_shared[p->units[u].core]++;
        }
    cols->base = xcalloc(nc, sizeof(size_t));
}

void hb_clock_store_init(struct hb_result *r)
{
    const struct lw_program *p = r->p;
    columns_init(p, r->every_clock, &r->cols);
    r->clock_of = xmalloc((p->nins ? p->nins : 1) * sizeof(uint32_t));
    size_t na = 0, nsignal = 0;
    for (int c = 0; c < p->ncores; c++) {
        const struct lw_core *core = &p->cores[c];
        size_t naccess = 0;
        r->cols.base[c] = na;
        for (size_t i = core->first_ins; i < core->first_ins + core->nins; i++) {
            enum ins_kind k = r->every_clock ? INS_SIGNAL : p->ins[i].kind;
            r->clock_of[i] = k == INS_ACCESS ? (uint32_t)naccess++
                             : k == INS_SIGNAL || k == INS_XSIGNAL ? (uint32_t)nsignal++
                                                                    : HB_NO_CLOCK;
        }
        na += naccess * (size_t)hb_access_width(r, c);
    }
    size_t ns = nsignal * (size_t)r->dims;
    r->access_clocks = xrealloc_array(NULL, na ? na : 1, sizeof(int32_t));
    r->signal_clocks = xrealloc_array(NULL, ns ? ns : 1, sizeof(int32_t));
    for (size_t k = 0; k < na; k++)
        r->access_clocks[k] = -1;
    for (size_t k = 0; k < ns; k++)
        r->signal_clocks[k] = -1;
}

void hb_clock_store_free(struct hb_result *r)
{
    free(r->clock_of);
    free(r->access_clocks);
    free(r->signal_clocks);
    free(r->cols.shared);
    free(r->cols.own);
    free(r->cols.core_own);
    free(r->cols.core_shared_first);
    free(r->cols.core_shared);
    free(r->cols.base);
    r->clock_of = NULL;
    r->access_clocks = r->signal_clocks = NULL;
    memset(&r->cols, 0, sizeof(r->cols));
}

void hb_store_start(struct hb_result *r, size_t i, const int32_t *clock)
{
    if (r->clock_of[i] == HB_NO_CLOCK)
        return;
    if (!hb_keeps_access_columns(r, i)) {
        memcpy(r->signal_clocks + (size_t)r->clock_of[i] * (size_t)r->dims, clock,
               (size_t)r->dims * sizeof(int32_t));
        return;
    }
    const struct lw_program *p = r->p;
    int c = p->ins[i].core;
    const struct lw_core *core = &p->cores[c];
    int32_t *row = hb_access_row(r, i);
    if (r->cols.core_own[c] == core->type->nunits)   /* every unit of the core has accesses */
        memcpy(row, clock + core->first_unit, (size_t)core->type->nunits * sizeof(int32_t));
    else
        for (int u = core->first_unit; u < core->first_unit + core->type->nunits; u++)
            if (r->cols.own[u] >= 0)
                row[r->cols.own[u]] = clock[u];
    for (int u = 0; u < p->nunits && r->cols.nshared > 0; u++) {
        int col = r->cols.shared[u] >= 0 ? hb_access_column(r, c, u) : -1;
        if (col >= r->cols.core_own[c])
            row[col] = clock[u];
    }
}

void hb_store_start_entry(struct hb_result *r, size_t i, int d, int32_t value)
{
    if (r->clock_of[i] == HB_NO_CLOCK)
        return;
    if (!hb_keeps_access_columns(r, i)) {
        r->signal_clocks[(size_t)r->clock_of[i] * (size_t)r->dims + (size_t)d] = value;
        return;
    }
    if (d >= r->p->nunits)
        return;   /* an access keeps end dimensions only */
    int col = hb_access_column(r, r->p->ins[i].core, d);
    if (col >= 0)
        hb_access_row(r, i)[col] = value;
}
