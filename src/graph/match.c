/* Who waits for whom: the k-th signal on a channel releases the k-th wait (rule 6), the
 * k-th cross-core signal of each source core releases the k-th cross-core wait (rule 9,
 * in issue order; the counting groups say the same when a core's sets of one flag are
 * ordered, and are what the engines follow when they are not), and the k-th calls of a
 * cross-core barrier by every participant form one group. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "graph.h"
#include "match.h"
#include "../util/search.h"

static bool name_in(const struct unit_name_set *s, const char *name)
{
    if (s->all)
        return true;
    for (int i = 0; i < s->len; i++)
        if (strcmp(s->names[i], name) == 0)
            return true;
    return false;
}

bool hb_xmode_links(const struct lw_program *p, int mode, int waiter, int source)
{
    const char *tw = p->cores[waiter].type->name, *ts = p->cores[source].type->name;
    const struct model_xmode *m = model_xmode_find(p->model, mode);
    if (!m)
        return false;
    if (m->per_cluster && p->cores[waiter].cluster != p->cores[source].cluster)
        return false;
    if (m->scope == XMODE_SAME_TYPE)
        return strcmp(tw, ts) == 0 && (!m->coretype || strcmp(m->coretype, tw) == 0);
    return strcmp(tw, ts) != 0
           && ((strcmp(tw, m->coretypes[0]) == 0 && strcmp(ts, m->coretypes[1]) == 0)
               || (strcmp(tw, m->coretypes[1]) == 0 && strcmp(ts, m->coretypes[0]) == 0));
}

bool hb_xbarrier_participates(const struct lw_program *p, const struct model_prim *prim, int core)
{
    return name_in(&prim->participants, p->cores[core].type->name);
}

int hb_xbarrier_domains(const struct lw_program *p, const struct model_prim *prim)
{
    return prim->per_cluster && p->nclusters > 1 ? p->nclusters : 1;
}

int hb_xbarrier_domain(const struct lw_program *p, const struct model_prim *prim, int core)
{
    if (!hb_xbarrier_participates(p, prim, core))
        return -1;
    return hb_xbarrier_domains(p, prim) > 1 ? p->cores[core].cluster : 0;
}

bool hb_xbarrier_joins(const struct lw_program *p, const struct model_prim *prim, int a, int b)
{
    int d = hb_xbarrier_domain(p, prim, a);
    return d >= 0 && d == hb_xbarrier_domain(p, prim, b);
}

void channel_lists_build(const struct lw_program *p, struct channel_lists *signals,
                         struct channel_lists *waits)
{
    size_t nch = (size_t)p->nchannels;
    struct channel_lists *of[INS_WAIT + 1] = {[INS_SIGNAL] = signals, [INS_WAIT] = waits};
    signals->first = xcalloc(nch + 2, sizeof(size_t));
    waits->first = xcalloc(nch + 2, sizeof(size_t));
    /* The lowering counted them (lw_channel), so one pass over the instructions places them:
     * an instruction goes at its channel's start plus its nth. */
    for (size_t c = 0; c < nch; c++) {
        signals->first[c + 1] = signals->first[c] + p->channels[c].nsignals;
        waits->first[c + 1] = waits->first[c] + p->channels[c].nwaits;
    }
    for (int k = INS_SIGNAL; k <= INS_WAIT; k++) {
        struct channel_lists *l = of[k];
        l->first[nch + 1] = l->first[nch];
        l->items = xmalloc((l->first[nch] ? l->first[nch] : 1) * sizeof(uint32_t));
    }
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        if (x->kind == INS_SIGNAL || x->kind == INS_WAIT) {
            struct channel_lists *l = of[x->kind];
            l->items[l->first[x->channel] + x->nth] = (uint32_t)i;
        }
    }
}

void channel_lists_free(struct channel_lists *l)
{
    free(l->first);
    free(l->items);
}

/* Rule 6: the k-th wait on a channel waits for its k-th signal; a wait past the channel's
 * signals never returns. */
static void match_flags(const struct lw_program *p, struct hb_matches *m)
{
    channel_lists_build(p, &m->signals, &m->waits);
    for (size_t c = 0; c < (size_t)p->nchannels; c++) {
        const uint32_t *waits = m->waits.items + m->waits.first[c];
        size_t ns = channel_count(&m->signals, c), nw = channel_count(&m->waits, c);
        for (size_t k = ns; k < nw; k++)   /* the others are paired by nth (hb_wait_signal) */
            m->never[waits[k]] = true;
    }
}

/* Cross-core flag instructions of one kind sorted by (core, mode, flag, issue order), so
 * that the k-th one of a core on a flag is a lookup. */
static int key_cmp(const struct xflag_entry *e, int core, int mode, int64_t flag)
{
    if (e->core != core)
        return e->core < core ? -1 : 1;
    if (e->mode != mode)
        return e->mode < mode ? -1 : 1;
    if (e->flag != flag)
        return e->flag < flag ? -1 : 1;
    return 0;
}

static int by_key(const void *a, const void *b)
{
    const struct xflag_entry *x = a, *y = b;
    int c = key_cmp(x, y->core, y->mode, y->flag);
    return c ? c : (x->ins < y->ins ? -1 : x->ins > y->ins);
}

void xflag_table_build(const struct lw_program *p, const uint32_t *ids, size_t n,
                       struct xflag_table *t)
{
    t->len = n;
    t->items = xmalloc((n ? n : 1) * sizeof(*t->items));
    for (size_t r = 0; r < n; r++) {
        const struct lw_ins *x = &p->ins[ids[r]];
        t->items[r] = (struct xflag_entry){x->core, x->xmode, x->xflag, ids[r], (uint32_t)r};
    }
    /* Often in order already: the instructions come core by core, and a core mostly uses
     * one mode and flag per kind (qsort was 1.6% of a 1e7-event cross-core kernel). */
    bool sorted = true;
    for (size_t r = 1; r < n && sorted; r++)
        sorted = by_key(&t->items[r - 1], &t->items[r]) < 0;
    if (!sorted)
        qsort(t->items, t->len, sizeof(*t->items), by_key);
}

size_t xflag_run_end(const struct xflag_table *t, size_t a)
{
    const struct xflag_entry *key = &t->items[a];
    size_t b = a;
    while (b < t->len && key_cmp(&t->items[b], key->core, key->mode, key->flag) == 0)
        b++;
    return b;
}

void xflag_table_free(struct xflag_table *t)
{
    free(t->items);
    t->items = NULL;
    t->len = 0;
}

struct key_query {
    const struct xflag_table *t;
    int core, mode;
    int64_t flag;
    size_t ins;
};

static bool key_below(size_t i, const void *ctx)
{
    const struct key_query *q = ctx;
    return key_cmp(&q->t->items[i], q->core, q->mode, q->flag) < 0;
}

static bool key_at_most(size_t i, const void *ctx)
{
    const struct key_query *q = ctx;
    return key_cmp(&q->t->items[i], q->core, q->mode, q->flag) <= 0;
}

static bool issued_before(size_t i, const void *ctx)
{
    const struct key_query *q = ctx;
    return q->t->items[i].ins < q->ins;
}

/* [*first, *end) of the entries of (core, mode, flag). */
static void xflag_range(const struct xflag_table *t, int core, int mode, int64_t flag,
                        size_t *first, size_t *end)
{
    struct key_query q = {t, core, mode, flag, 0};
    *first = partition_point(0, t->len, key_below, &q);
    *end = partition_point(*first, t->len, key_at_most, &q);
}

size_t xflag_count(const struct xflag_table *t, int core, int mode, int64_t flag)
{
    size_t first, end;
    xflag_range(t, core, mode, flag, &first, &end);
    return end - first;
}

const struct xflag_entry *xflag_entries(const struct xflag_table *t, int core, int mode,
                                        int64_t flag, size_t *n)
{
    size_t first, end;
    xflag_range(t, core, mode, flag, &first, &end);
    *n = end - first;
    return t->items + first;
}

size_t xflag_nth(const struct xflag_table *t, int core, int mode, int64_t flag, size_t k)
{
    size_t first, end;
    xflag_range(t, core, mode, flag, &first, &end);
    return k < end - first ? t->items[first + k].ins : NO_INS;
}

size_t xflag_rank(const struct xflag_table *t, const struct lw_ins *x, size_t ins)
{
    size_t first, end;
    xflag_range(t, x->core, x->xmode, x->xflag, &first, &end);
    struct key_query q = {t, x->core, x->xmode, x->xflag, ins};
    return partition_point(first, end, issued_before, &q) - first;   /* a key's entries are in
                                                                      * issue order */
}

/* The counting groups of rule 9: for each run of waits of one (core, mode, flag) and each
 * core whose sets count for them, one group; then, per set, the groups it counts for. */
static void group_cross_flags(const struct lw_program *p, struct hb_matches *m,
                              const struct xflag_table *sets, const struct xflag_table *waits)
{
    struct size_vec wait_first = {0}, group_waits = {0}, set_first = {0}, group_sets = {0};
    struct size_vec by_set = {0};   /* (set rank, group) pairs, flattened */
    /* Sized for the usual case, each flag instruction in one group: growing them by doubling
     * copied them again and again (1.6% of a 1e7-event cross-core kernel). */
    group_waits.items = xmalloc((waits->len ? waits->len : 1) * sizeof(size_t));
    group_waits.cap = waits->len ? waits->len : 1;
    group_sets.items = xmalloc((sets->len ? sets->len : 1) * sizeof(size_t));
    group_sets.cap = sets->len ? sets->len : 1;
    by_set.items = xmalloc(2 * (sets->len ? sets->len : 1) * sizeof(size_t));
    by_set.cap = 2 * (sets->len ? sets->len : 1);
    m->xwait_ngroups = xcalloc(m->nxwaits ? m->nxwaits : 1, sizeof(int));
    for (size_t a = 0, b; a < waits->len; a = b) {
        const struct xflag_entry *key = &waits->items[a];
        b = xflag_run_end(waits, a);
        for (int q = 0; q < p->ncores; q++) {
            if (!hb_xmode_links(p, key->mode, key->core, q))
                continue;
            int g = m->nxgroups++;
            VEC_PUSH(wait_first, group_waits.len);
            for (size_t k = a; k < b; k++) {
                VEC_PUSH(group_waits, waits->items[k].ins);
                m->xwait_ngroups[waits->items[k].rank]++;
            }
            size_t first, end;
            xflag_range(sets, q, key->mode, key->flag, &first, &end);
            VEC_PUSH(set_first, group_sets.len);
            for (size_t k = first; k < end; k++) {
                VEC_PUSH(group_sets, sets->items[k].ins);
                VEC_PUSH(by_set, sets->items[k].rank);
                VEC_PUSH(by_set, (size_t)g);
            }
        }
    }
    VEC_PUSH(wait_first, group_waits.len);
    VEC_PUSH(set_first, group_sets.len);
    m->xgroup_first = wait_first.items;
    m->xgroup_waits = group_waits.items ? group_waits.items : xcalloc(1, sizeof(size_t));
    m->xgroup_set_first = set_first.items;
    m->xgroup_sets = group_sets.items ? group_sets.items : xcalloc(1, sizeof(size_t));
    size_t npairs = by_set.len / 2;
    size_t ns = m->nxsets;
    m->xset_first = xcalloc(ns + 1, sizeof(size_t));
    m->xset_groups = xmalloc((npairs ? npairs : 1) * sizeof(int));
    for (size_t k = 0; k < npairs; k++)
        m->xset_first[by_set.items[2 * k] + 1]++;
    for (size_t r = 0; r < ns; r++)
        m->xset_first[r + 1] += m->xset_first[r];
    size_t *fill = xmalloc((ns + 1) * sizeof(size_t));
    memcpy(fill, m->xset_first, (ns + 1) * sizeof(size_t));
    for (size_t k = 0; k < npairs; k++)
        m->xset_groups[fill[by_set.items[2 * k]]++] = (int)by_set.items[2 * k + 1];
    free(fill);
    VEC_FREE(by_set);
}

size_t hb_xgroup_released(const struct hb_matches *m, int g, size_t ended)
{
    size_t first = m->xgroup_first[g], n = m->xgroup_first[g + 1] - first;
    return ended >= 1 && ended <= n ? m->xgroup_waits[first + ended - 1] : NO_INS;
}

void hb_xgroup_needs(const struct hb_matches *m, bool release_never, unsigned *needs)
{
    for (int g = 0; g < m->nxgroups; g++) {
        size_t nsets = m->xgroup_set_first[g + 1] - m->xgroup_set_first[g];
        for (size_t k = m->xgroup_first[g]; k < m->xgroup_first[g + 1]; k++) {
            size_t w = m->xgroup_waits[k], rank = k - m->xgroup_first[g];
            if (!(release_never && m->never[w] && rank >= nsets))
                needs[w]++;
        }
    }
}

struct id_query {
    const uint32_t *ids;
    size_t i;
};

static bool id_below(size_t k, const void *ctx)
{
    const struct id_query *q = ctx;
    return q->ids[k] < q->i;
}

size_t hb_xrank(const uint32_t *ids, size_t n, size_t i)
{
    struct id_query q = {ids, i};
    size_t r = partition_point(0, n, id_below, &q);
    assert(r < n && ids[r] == i);
    return r;
}

/* The cross-core waits and sets, each in increasing order, in one pass. */
static void cross_flag_instructions(const struct lw_program *p, struct hb_matches *m)
{
    m->xwait_ins = xmalloc((p->nkind[INS_XWAIT] ? p->nkind[INS_XWAIT] : 1) * sizeof(uint32_t));
    m->xset_ins = xmalloc((p->nkind[INS_XSIGNAL] ? p->nkind[INS_XSIGNAL] : 1) * sizeof(uint32_t));
    m->nxwaits = m->nxsets = 0;
    size_t left = p->nkind[INS_XWAIT] + p->nkind[INS_XSIGNAL];
    for (size_t i = 0; i < p->nins && left > 0; i++) {
        if (p->ins[i].kind == INS_XWAIT)
            m->xwait_ins[m->nxwaits++] = (uint32_t)i;
        else if (p->ins[i].kind == INS_XSIGNAL)
            m->xset_ins[m->nxsets++] = (uint32_t)i;
        else
            continue;
        left--;
    }
}

static void match_cross_flags(const struct lw_program *p, struct hb_matches *m)
{
    cross_flag_instructions(p, m);
    m->xsets = xmalloc(sizeof(*m->xsets));
    m->xwaits = xmalloc(sizeof(*m->xwaits));
    xflag_table_build(p, m->xset_ins, m->nxsets, m->xsets);
    xflag_table_build(p, m->xwait_ins, m->nxwaits, m->xwaits);
    if (p->nkind[INS_XSIGNAL] + p->nkind[INS_XWAIT] == 0) {
        /* Nothing to match: the per-instruction tables are read only at cross-core flag
         * instructions, so they are not spent on a kernel without any. */
        m->xwait_first = xcalloc(1, sizeof(size_t));
        m->xwait_sources = xcalloc(1, sizeof(size_t));
        m->xwait_ngroups = xcalloc(1, sizeof(int));
        m->xgroup_first = xcalloc(1, sizeof(size_t));
        m->xgroup_waits = xcalloc(1, sizeof(size_t));
        m->xgroup_set_first = xcalloc(1, sizeof(size_t));
        m->xgroup_sets = xcalloc(1, sizeof(size_t));
        m->xset_first = xcalloc(1, sizeof(size_t));
        m->xset_groups = xcalloc(1, sizeof(int));
        return;
    }
    const struct xflag_table *sets = m->xsets, *waits = m->xwaits;
    /* Rule 9: the k-th wait of a (core, mode, flag) waits for the k-th set of that mode and
     * flag of every core the mode links it to (in core order). One pass over the runs of
     * the waits table counts each wait's sources, a second writes them. */
    m->xwait_first = xcalloc(m->nxwaits + 1, sizeof(size_t));
    size_t *fill = NULL;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t a = 0, b; a < waits->len; a = b) {
            const struct xflag_entry *key = &waits->items[a];
            b = xflag_run_end(waits, a);
            bool any = false;
            for (int q = 0; q < p->ncores; q++) {
                if (!hb_xmode_links(p, key->mode, key->core, q))
                    continue;
                any = true;
                size_t n;
                const struct xflag_entry *s = xflag_entries(sets, q, key->mode, key->flag, &n);
                for (size_t k = a; k < b; k++) {
                    const struct xflag_entry *w = &waits->items[k];
                    if (k - a >= n)
                        m->never[w->ins] = true;
                    else if (pass == 0)
                        m->xwait_first[w->rank + 1]++;
                    else
                        m->xwait_sources[fill[w->rank]++] = s[k - a].ins;
                }
            }
            for (size_t k = a; k < b && !any; k++)
                m->never[waits->items[k].ins] = true;
        }
        if (pass == 0) {
            for (size_t r = 0; r < m->nxwaits; r++)
                m->xwait_first[r + 1] += m->xwait_first[r];
            size_t total = m->xwait_first[m->nxwaits];
            m->xwait_sources = xmalloc((total ? total : 1) * sizeof(size_t));
            fill = xmalloc((m->nxwaits + 1) * sizeof(size_t));
            memcpy(fill, m->xwait_first, (m->nxwaits + 1) * sizeof(size_t));
        }
    }
    free(fill);
    group_cross_flags(p, m, sets, waits);
}

/* Groups the calls of one cross-core barrier primitive: in each domain (the kernel, or
 * one cluster for a per-cluster barrier) the k-th call of every participating core forms
 * one group; calls beyond the domain's least count never return. */
static void group_barrier(const struct lw_program *p, const struct model_prim *prim,
                          struct hb_matches *m, struct size_vec *members,
                          struct size_vec *firsts)
{
    struct size_vec *calls = xcalloc((size_t)p->ncores, sizeof(*calls));
    for (size_t j = 0; j < p->nins && p->nkind[INS_XBARRIER]; j++)
        if (p->ins[j].kind == INS_XBARRIER && lw_xbar_prim(p, &p->ins[j]) == prim)
            VEC_PUSH(calls[p->ins[j].core], j);
    int ndomains = hb_xbarrier_domains(p, prim);
    size_t *least = xmalloc((size_t)(ndomains > 0 ? ndomains : 1) * sizeof(size_t));
    for (int d = 0; d < ndomains; d++) {
        least[d] = SIZE_MAX;
        for (int c = 0; c < p->ncores; c++)
            if (hb_xbarrier_domain(p, prim, c) == d && calls[c].len < least[d])
                least[d] = calls[c].len;
        if (least[d] == SIZE_MAX)
            least[d] = 0;
        for (size_t k = 0; k < least[d]; k++, m->ngroups++) {
            VEC_PUSH(*firsts, members->len);
            for (int c = 0; c < p->ncores; c++)
                if (hb_xbarrier_domain(p, prim, c) == d)
                    VEC_PUSH(*members, calls[c].items[k]);
        }
    }
    for (int c = 0; c < p->ncores; c++) {   /* calls past their domain's least count */
        int d = hb_xbarrier_domain(p, prim, c);
        for (size_t k = d >= 0 && d < ndomains ? least[d] : 0; k < calls[c].len; k++)
            m->never[calls[c].items[k]] = true;
        VEC_FREE(calls[c]);
    }
    free(least);
    free(calls);
}

static void match_cross_barriers(const struct lw_program *p, struct hb_matches *m)
{
    struct size_vec members = {0}, firsts = {0};
    const struct model *model = p->model;
    for (int i = 0; i < model->nprims; i++)
        if (model->prims[i].kind == PRIM_XBARRIER)
            group_barrier(p, &model->prims[i], m, &members, &firsts);
    VEC_PUSH(firsts, members.len);
    m->group_first = firsts.items;
    m->group_members = members.items ? members.items : xcalloc(1, sizeof(size_t));
}

void hb_matches_build(const struct lw_program *p, struct hb_matches *m)
{
    memset(m, 0, sizeof(*m));
    size_t n = p->nins ? p->nins : 1;
    m->never = xcalloc(n, sizeof(bool));
    match_flags(p, m);
    match_cross_flags(p, m);
    match_cross_barriers(p, m);
}

void hb_matches_free(struct hb_matches *m)
{
    free(m->xwait_ins);
    free(m->xset_ins);
    if (m->xsets) {
        xflag_table_free(m->xsets);
        xflag_table_free(m->xwaits);
    }
    free(m->xsets);
    free(m->xwaits);
    free(m->xwait_first);
    free(m->xwait_sources);
    free(m->xgroup_first);
    free(m->xgroup_waits);
    free(m->xgroup_set_first);
    free(m->xgroup_sets);
    free(m->xset_first);
    free(m->xset_groups);
    free(m->xwait_ngroups);
    free(m->never);
    free(m->group_first);
    free(m->group_members);
    channel_lists_free(&m->signals);
    channel_lists_free(&m->waits);
    memset(m, 0, sizeof(*m));
}
