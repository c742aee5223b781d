/* Flag counters of the simulator. Every flag channel of a core has a counter, and cross-core
 * flags have one per (waiting core, source core, mode, flag): a set counts one when the
 * signal ends; a wait, once started, takes a count as soon as one is there (a cross-core
 * wait takes one from every core its mode links it to, all at once) and ends at that moment.
 * A binary flag set while a count nobody took is still there is an overrun; a cross-core counter past the
 * model's capacity overflows; counts nobody consumed are left over at the end. */
#include <stdlib.h>
#include <string.h>

#include "../graph/match.h"   /* hb_xmode_links: the model's mode table */
#include "machine.h"
#include "../util/search.h"

struct counter {
    int64_t sets;           /* signals that ended */
    int64_t taken;          /* counts taken by waits */
    int64_t consumed;       /* waits that ended */
    size_t last_set;        /* the signal that counted last */
    int waiter, source, mode;
    int64_t flag;
};

struct xset {
    int core, mode;
    int64_t flag;
    size_t ins;
};

struct flag_state {
    struct counter *channels;           /* per program channel */
    struct size_vec *channel_sets;      /* per channel: its signals in issue order */
    VEC(struct counter) cross;          /* cross-core counters, found through `slots` */
    size_t *slots;                      /* open addressing: index + 1, 0 empty */
    size_t nslots;
    size_t *xsrc_at, *xsrc_n;           /* per cross-core wait: its counters, once started */
    struct size_vec xsrc;
    struct xset *xsets;                 /* cross-core signals sorted by (core, mode, flag) */
    size_t nxsets;
};

static size_t cross_hash(int waiter, int source, int mode, int64_t flag)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    uint64_t parts[] = {(uint64_t)waiter, (uint64_t)source, (uint64_t)mode, (uint64_t)flag};
    for (size_t i = 0; i < 4; i++)
        h = (h ^ parts[i]) * 0xff51afd7ed558ccdull;
    return (size_t)(h ^ (h >> 29));
}

static void cross_rehash(struct flag_state *f)
{
    free(f->slots);
    f->nslots = f->nslots ? 2 * f->nslots : 64;
    f->slots = xcalloc(f->nslots, sizeof(size_t));
    for (size_t i = 0; i < f->cross.len; i++) {
        const struct counter *c = &f->cross.items[i];
        size_t k = cross_hash(c->waiter, c->source, c->mode, c->flag) & (f->nslots - 1);
        while (f->slots[k])
            k = (k + 1) & (f->nslots - 1);
        f->slots[k] = i + 1;
    }
}

/* The counter of (waiter, source, mode, flag), made on first use. */
static size_t cross_counter(struct flag_state *f, int waiter, int source, int mode, int64_t flag)
{
    if (2 * (f->cross.len + 1) > f->nslots)
        cross_rehash(f);
    size_t k = cross_hash(waiter, source, mode, flag) & (f->nslots - 1);
    for (; f->slots[k]; k = (k + 1) & (f->nslots - 1)) {
        const struct counter *c = &f->cross.items[f->slots[k] - 1];
        if (c->waiter == waiter && c->source == source && c->mode == mode && c->flag == flag)
            return f->slots[k] - 1;
    }
    struct counter c = {.last_set = SIM_NONE, .waiter = waiter, .source = source, .mode = mode,
                        .flag = flag};
    VEC_PUSH(f->cross, c);
    f->slots[k] = f->cross.len;
    return f->cross.len - 1;
}

static int xset_cmp(const struct xset *x, int core, int mode, int64_t flag)
{
    if (x->core != core)
        return x->core < core ? -1 : 1;
    if (x->mode != mode)
        return x->mode < mode ? -1 : 1;
    return x->flag < flag ? -1 : x->flag > flag;
}

static int by_flag_key(const void *a, const void *b)
{
    const struct xset *x = a, *y = b;
    int c = xset_cmp(x, y->core, y->mode, y->flag);
    return c ? c : (x->ins < y->ins ? -1 : x->ins > y->ins);
}

void flags_init(struct machine *m)
{
    const struct lw_program *p = m->p;
    struct flag_state *f = xcalloc(1, sizeof(*f));
    size_t nch = p->nchannels ? (size_t)p->nchannels : 1, n = p->nins ? p->nins : 1;
    f->channels = xcalloc(nch, sizeof(struct counter));
    f->channel_sets = xcalloc(nch, sizeof(struct size_vec));
    for (int c = 0; c < p->nchannels; c++)
        f->channels[c].last_set = SIM_NONE;
    f->xsrc_at = xcalloc(n, sizeof(size_t));
    f->xsrc_n = xmalloc(n * sizeof(size_t));
    f->xsets = xmalloc(n * sizeof(struct xset));
    for (size_t i = 0; i < p->nins; i++) {
        f->xsrc_n[i] = SIM_NONE;
        if (p->ins[i].kind == INS_SIGNAL)
            VEC_PUSH(f->channel_sets[p->ins[i].channel], i);
        else if (p->ins[i].kind == INS_XSIGNAL)
            f->xsets[f->nxsets++] = (struct xset){p->ins[i].core, p->ins[i].xmode, p->ins[i].xflag, i};
    }
    qsort(f->xsets, f->nxsets, sizeof(struct xset), by_flag_key);
    m->flags = f;
}

void flags_free(struct machine *m)
{
    struct flag_state *f = m->flags;
    for (int c = 0; c < m->p->nchannels; c++)
        VEC_FREE(f->channel_sets[c]);
    free(f->channels);
    free(f->channel_sets);
    VEC_FREE(f->cross);
    free(f->slots);
    free(f->xsrc_at);
    free(f->xsrc_n);
    VEC_FREE(f->xsrc);
    free(f->xsets);
    free(f);
    m->flags = NULL;
}

void flags_signal_ended(struct machine *m, size_t x)
{
    const struct lw_program *p = m->p;
    struct flag_state *f = m->flags;
    const struct lw_ins *s = &p->ins[x];
    if (s->kind == INS_SIGNAL) {
        struct counter *c = &f->channels[s->channel];
        if (!p->model->flags.counting && c->sets - c->taken >= 1)
            machine_problem(m, SIM_OVERRUN, c->last_set, x, s->core);
        c->sets++;
        c->last_set = x;
        machine_wake(m, s->core);
        return;
    }
    int64_t capacity = p->model->xflags.capacity;
    bool reaches = false;
    for (int w = 0; w < p->ncores; w++) {
        if (!hb_xmode_links(p, s->xmode, w, s->core))
            continue;
        reaches = true;
        size_t k = cross_counter(f, w, s->core, s->xmode, s->xflag);   /* may grow the table */
        struct counter *c = &f->cross.items[k];
        if (capacity > 0 && c->sets - c->taken >= capacity)
            machine_problem(m, SIM_OVERFLOW, c->last_set, x, w);
        c->sets++;
        c->last_set = x;
        machine_wake(m, w);
    }
    if (!reaches)
        machine_problem(m, SIM_LEFTOVER, SIM_NONE, x, -1);
}

/* The counters a cross-core wait takes from: one per core its mode links it to. */
static void cross_sources(struct machine *m, size_t w)
{
    const struct lw_program *p = m->p;
    struct flag_state *f = m->flags;
    const struct lw_ins *x = &p->ins[w];
    f->xsrc_at[w] = f->xsrc.len;
    for (int q = 0; q < p->ncores; q++)
        if (hb_xmode_links(p, x->xmode, x->core, q))
            VEC_PUSH(f->xsrc, cross_counter(f, x->core, q, x->xmode, x->xflag));
    f->xsrc_n[w] = f->xsrc.len - f->xsrc_at[w];
}

bool flags_try_acquire(struct machine *m, size_t w)
{
    struct flag_state *f = m->flags;
    const struct lw_ins *x = &m->p->ins[w];
    if (x->kind == INS_WAIT) {
        struct counter *c = &f->channels[x->channel];
        if (c->sets - c->taken < 1)
            return false;
        c->taken++;
        return true;
    }
    if (f->xsrc_n[w] == SIM_NONE)
        cross_sources(m, w);
    if (f->xsrc_n[w] == 0)
        return false;   /* no core can ever set it */
    for (size_t k = 0; k < f->xsrc_n[w]; k++) {
        const struct counter *c = &f->cross.items[f->xsrc.items[f->xsrc_at[w] + k]];
        if (c->sets - c->taken < 1)
            return false;
    }
    for (size_t k = 0; k < f->xsrc_n[w]; k++)
        f->cross.items[f->xsrc.items[f->xsrc_at[w] + k]].taken++;
    return true;
}

void flags_wait_ended(struct machine *m, size_t w)
{
    struct flag_state *f = m->flags;
    const struct lw_ins *x = &m->p->ins[w];
    if (x->kind == INS_WAIT) {
        f->channels[x->channel].consumed++;
        return;
    }
    for (size_t k = 0; k < f->xsrc_n[w]; k++)
        f->cross.items[f->xsrc.items[f->xsrc_at[w] + k]].consumed++;
}

struct xset_query {
    const struct flag_state *f;
    int core, mode;
    int64_t flag;
};

static bool xset_below(size_t i, const void *ctx)
{
    const struct xset_query *q = ctx;
    return xset_cmp(&q->f->xsets[i], q->core, q->mode, q->flag) < 0;
}

/* The cross-core signals of (core, mode, flag) in issue order: xsets[*first .. *end). */
static void xsets_of(const struct flag_state *f, int core, int mode, int64_t flag, size_t *first,
                     size_t *end)
{
    struct xset_query q = {f, core, mode, flag};
    *first = partition_point(0, f->nxsets, xset_below, &q);
    size_t lo = *first;
    while (lo < f->nxsets && xset_cmp(&f->xsets[lo], core, mode, flag) == 0)
        lo++;
    *end = lo;
}

void flags_leftovers(struct machine *m)
{
    const struct lw_program *p = m->p;
    struct flag_state *f = m->flags;
    for (int ch = 0; ch < p->nchannels; ch++) {
        const struct counter *c = &f->channels[ch];
        for (int64_t k = c->consumed; k < c->sets; k++)
            machine_problem(m, SIM_LEFTOVER, SIM_NONE, f->channel_sets[ch].items[k],
                            p->channels[ch].core);
    }
    for (size_t i = 0; i < f->cross.len; i++) {
        const struct counter *c = &f->cross.items[i];
        if (c->consumed >= c->sets)
            continue;
        size_t first, end;
        xsets_of(f, c->source, c->mode, c->flag, &first, &end);
        for (int64_t k = c->consumed; k < c->sets && first + (size_t)k < end; k++)
            machine_problem(m, SIM_LEFTOVER, SIM_NONE, f->xsets[first + (size_t)k].ins, c->waiter);
    }
}
