/* RAW / WAR / WAW hazards: two accesses to overlapping bytes of one memory, at least one
 * a write, not ordered by happens-before (docs/semantics.md §5). The product visits, for
 * each access b and each unit u, only the accesses of u that b's start clock leaves
 * unordered, found through an index of byte regions per memory and unit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/span_index.h"
#include "../graph/start_clock.h"
#include "../util/xalloc.h"
#include "check.h"
#include "hazard_set.h"
#include "../util/search.h"

static const enum check_id kind_check[] = {CHECK_RAW_HAZARD, CHECK_WAR_HAZARD, CHECK_WAW_HAZARD};

/* Classifies one pair of accesses a < b (instruction order) and records its hazards. */
static void consider_pair(const struct check_context *ctx, struct hazard_set *s, size_t a,
                          size_t b)
{
    const struct lw_program *p = ctx->p;
    const struct lw_ins *x = &p->ins[a], *y = &p->ins[b];
    if (!ctx->hb->started[a] || !ctx->hb->started[b])
        return;
    if (p->alt_of && lw_exclusive(p, a, b))
        return;     /* two sides of one merged choice: no path runs both */
    if (lw_both_atomic(x, y))
        return;
    if (x->core != y->core) {
        /* No issue order across cores: unordered both ways is a race, writer first. */
        if (hb_before(ctx->hb, a, b) || hb_before(ctx->hb, b, a))
            return;
        if (lw_writes_meet_reads(p, x, y))
            hazard_set_record(s, KIND_RAW, a, b);
        if (lw_writes_meet_reads(p, y, x))
            hazard_set_record(s, KIND_RAW, b, a);
        if (lw_writes_meet_writes(p, x, y))
            hazard_set_record(s, KIND_WAW, a, b);
        return;
    }
    unsigned kinds = HAZ_RAW | HAZ_WAR | HAZ_WAW;
    if (x->unit == y->unit)
        kinds = model_unit_intra_hazards(p->units[x->unit].mu, lw_written_bytes(p, x));
    if (!kinds || hb_before(ctx->hb, a, b))
        return;
    if ((kinds & HAZ_RAW) && lw_writes_meet_reads(p, x, y))
        hazard_set_record(s, KIND_RAW, a, b);
    if ((kinds & HAZ_WAR) && lw_writes_meet_reads(p, y, x))
        hazard_set_record(s, KIND_WAR, a, b);
    if ((kinds & HAZ_WAW) && lw_writes_meet_writes(p, x, y))
        hazard_set_record(s, KIND_WAW, a, b);
}

/* ---------------------------------------------------------------- the index */

/* Where the previous search of a list ended: successive accesses search near the same
 * places, so the next search starts from there. */
struct list_cursor {
    size_t from, to, after;
};

#define NO_LIST UINT32_MAX

/* Per (memory, unit) that has regions: the write regions and the read regions of started
 * accesses, in queue order, keyed by queue position. Most (memory, unit) pairs of a kernel
 * have none, so the lists are numbered only for the ones that do. */
struct region_index {
    size_t n;                           /* (memory, unit) pairs */
    uint32_t *list;                     /* per pair: its list, or NO_LIST */
    size_t nlists;
    struct span_index *writes, *reads;  /* per list */
    struct list_cursor *wcur, *rcur;    /* per list: where the last search ended */
    /* Per memory m, the units with a list of m in increasing order: units[first[m] ..
     * first[m + 1]) (the search visits these, not every unit of the kernel). */
    size_t *first;
    int *units;
};

/* The (memory, unit) pair of region r of an access on kernel-wide unit `unit`. */
static size_t pair_of(const struct lw_program *p, const struct mem_region *r, int unit)
{
    return (size_t)r->memory * (size_t)p->nunits + (size_t)unit;
}

/* The non-empty regions rs[0 .. n) of access i: counted per (memory, unit) pair or, when the
 * counts are NULL, appended to their lists. */
static void index_regions(const struct lw_program *p, const struct region_index *ix, size_t i,
                          const struct mem_region *rs, int n, size_t *counts,
                          struct span_index *lists)
{
    const struct lw_ins *x = &p->ins[i];
    for (int k = 0; k < n; k++) {
        const struct mem_region *r = &rs[k];
        if (r->lo >= r->hi)
            continue;
        if (counts)
            counts[pair_of(p, r, x->unit)]++;
        else
            span_index_append(&lists[ix->list[pair_of(p, r, x->unit)]], &r->bytes, i, x->pos);
    }
}

/* The non-empty regions of the started accesses, counted per (memory, unit) pair (nw, nr) or,
 * when the counts are NULL, appended to their lists. */
static void index_pass(const struct check_context *ctx, struct region_index *ix, size_t *nw,
                       size_t *nr)
{
    const struct lw_program *p = ctx->p;
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        if (x->kind != INS_ACCESS || !ctx->hb->started[i])
            continue;
        index_regions(p, ix, i, lw_writes(p, x), lw_nwrites(x), nw, ix->writes);
        index_regions(p, ix, i, lw_reads(p, x), lw_nreads(x), nr, ix->reads);
    }
}

static void index_build(const struct check_context *ctx, struct region_index *ix)
{
    const struct lw_program *p = ctx->p;
    ix->n = (size_t)p->nmemories * (size_t)p->nunits;
    size_t n = ix->n ? ix->n : 1;
    /* Counted first, so that each list is allocated once at its size, then sealed once. */
    size_t *nw = xcalloc(n, sizeof(size_t)), *nr = xcalloc(n, sizeof(size_t));
    index_pass(ctx, ix, nw, nr);
    ix->list = xmalloc(n * sizeof(uint32_t));
    ix->nlists = 0;
    for (size_t k = 0; k < ix->n; k++)
        ix->list[k] = nw[k] || nr[k] ? (uint32_t)ix->nlists++ : NO_LIST;
    size_t nl = ix->nlists ? ix->nlists : 1;
    ix->writes = xcalloc(nl, sizeof(struct span_index));
    ix->reads = xcalloc(nl, sizeof(struct span_index));
    ix->wcur = xcalloc(nl, sizeof(struct list_cursor));
    ix->rcur = xcalloc(nl, sizeof(struct list_cursor));
    for (size_t k = 0; k < ix->n; k++) {
        if (ix->list[k] == NO_LIST)
            continue;
        span_index_reserve(&ix->writes[ix->list[k]], nw[k]);
        span_index_reserve(&ix->reads[ix->list[k]], nr[k]);
    }
    free(nw);
    free(nr);
    size_t nm = (size_t)p->nmemories;
    ix->first = xcalloc(nm + 1, sizeof(size_t));
    ix->units = xmalloc((ix->nlists ? ix->nlists : 1) * sizeof(int));
    for (size_t m = 0, k = 0; m < nm; m++) {
        for (int u = 0; u < p->nunits; u++)
            if (ix->list[m * (size_t)p->nunits + (size_t)u] != NO_LIST)
                ix->units[k++] = u;
        ix->first[m + 1] = k;
    }
    index_pass(ctx, ix, NULL, NULL);
    for (size_t k = 0; k < ix->nlists; k++) {
        span_index_seal(&ix->writes[k]);
        span_index_seal(&ix->reads[k]);
    }
}

static void index_free(struct region_index *ix)
{
    for (size_t i = 0; i < ix->nlists; i++) {
        span_index_free(&ix->writes[i]);
        span_index_free(&ix->reads[i]);
    }
    free(ix->list);
    free(ix->first);
    free(ix->units);
    free(ix->writes);
    free(ix->reads);
    free(ix->wcur);
    free(ix->rcur);
}

struct payload_query {
    const struct span_index *l;
    size_t b;
};

static bool payload_before(size_t i, const void *ctx)
{
    const struct payload_query *q = ctx;
    return q->l->items[i].payload < q->b;
}

/* Entries issued before instruction b: payloads grow with position within one unit. */
static size_t first_at_or_after(const struct span_index *l, size_t b, size_t hint)
{
    struct payload_query q = {l, b};
    return partition_point_near(0, l->len, hint, payload_before, &q);
}

struct visit_ctx {
    const struct check_context *ctx;
    struct hazard_set *set;
    size_t b;
    uint64_t pairs;             /* compared so far, against ctx->max_pairs */
};

/* An unsynchronized kernel has quadratically many unordered pairs: past the budget the
 * search stops (checked between lists, so it overshoots by at most one list). */
static bool over_budget(const struct visit_ctx *v)
{
    return v->pairs > v->ctx->max_pairs;
}

static void visit_candidate(void *vc, const struct span *s)
{
    struct visit_ctx *v = vc;
    v->pairs++;
    consider_pair(v->ctx, v->set, s->payload, v->b);
}

struct after_query {
    const struct span_index *l;
    const struct hb_result *hb;
    size_t b;
};

static bool not_after(size_t i, const void *ctx)
{
    const struct after_query *q = ctx;
    return !hb_before(q->hb, q->b, q->l->items[i].payload);
}

/* Entries that b happens before: a suffix of the list, since start clocks never decrease
 * along a unit's queue (rule 4 orders the starts). */
static size_t first_after_b(const struct span_index *l, const struct hb_result *hb, size_t from,
                            size_t b, size_t hint)
{
    struct after_query q = {l, hb, b};
    return partition_point_near(from, l->len, hint, not_after, &q);
}

/* The accesses of one list that b's start clock leaves unordered and that overlap rb:
 * positions past clock[u], and on b's own core only those issued before b; on another core
 * only those not ordered after b (found by binary search, so a well-synchronized kernel
 * visits no pair that happens-before rejects). */
static void visit_list(struct visit_ctx *v, const struct span_index *l, struct list_cursor *c,
                       const struct mem_region *rb, int32_t ordered, bool same_core)
{
    if (l->len == 0)
        return;
    size_t from = c->from = span_index_first_after_near(l, ordered, c->from);
    size_t to = same_core ? (c->to = first_at_or_after(l, v->b, c->to))
                          : (c->after = first_after_b(l, v->ctx->hb, from, v->b, c->after));
    span_index_visit(l, from, to, rb->lo, rb->hi, visit_candidate, v);
}

static void visit_region(struct visit_ctx *v, struct region_index *ix,
                         const struct mem_region *rb, bool is_write)
{
    const struct lw_program *p = v->ctx->p;
    const struct lw_ins *y = &p->ins[v->b];
    const int32_t *row = hb_start_row(v->ctx->hb, v->b);   /* b's access row */
    for (size_t k = ix->first[rb->memory]; k < ix->first[rb->memory + 1] && !over_budget(v); k++) {
        int u = ix->units[k], core = p->units[u].core;
        if (core > y->core)
            break;   /* a later core's accesses come later: the pair is seen from there */
        uint32_t slot = ix->list[pair_of(p, rb, u)];
        if (slot == NO_LIST
            || (ix->writes[slot].len == 0 && (!is_write || ix->reads[slot].len == 0)))
            continue;
        /* b's row keeps every unit with an access in a list of b's memories */
        int col = hb_access_end_column(v->ctx->hb, y->core, u);
        int32_t ended = col >= 0 ? row[col] : -1;
        visit_list(v, &ix->writes[slot], &ix->wcur[slot], rb, ended, core == y->core);
        if (is_write)
            visit_list(v, &ix->reads[slot], &ix->rcur[slot], rb, ended, core == y->core);
    }
}

/* ---------------------------------------------------------------- reporting */

static const char *ins_unit(const struct lw_program *p, size_t i)
{
    return p->units[p->ins[i].unit].name;
}

/* The first overlapping region pair of this kind, for the buffer and bytes. */
static void overlap_of(const struct lw_program *p, const struct hazard *h,
                       const struct mem_region **rf, const struct mem_region **rs)
{
    const struct lw_ins *f = &p->ins[h->first], *s = &p->ins[h->second];
    const struct mem_region *fr = h->kind == KIND_WAR ? lw_reads(p, f) : lw_writes(p, f);
    int nf = h->kind == KIND_WAR ? lw_nreads(f) : lw_nwrites(f);
    const struct mem_region *sr = h->kind == KIND_RAW ? lw_reads(p, s) : lw_writes(p, s);
    int ns = h->kind == KIND_RAW ? lw_nreads(s) : lw_nwrites(s);
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < ns; j++)
            if (mem_regions_overlap(&fr[i], &sr[j])) {
                *rf = &fr[i];
                *rs = &sr[j];
                return;
            }
    *rf = *rs = NULL;
}

static void report(const struct check_context *ctx, const struct hazard *h)
{
    const struct lw_program *p = ctx->p;
    struct arena *A = &ctx->out->arena;
    const struct mem_region *rf, *rs;
    overlap_of(p, h, &rf, &rs);
    if (!rf)
        return;
    const struct lw_buffer *buf = &p->buffers[rs->buffer];
    int64_t lo = (rf->lo > rs->lo ? rf->lo : rs->lo) - lw_buffer_base(p, rs);
    int64_t hi = (rf->hi < rs->hi ? rf->hi : rs->hi) - lw_buffer_base(p, rs);
    const struct lw_ins *f = &p->ins[h->first], *s = &p->ins[h->second];
    static const char *const verbs[][2] = {
        [KIND_RAW] = {"reads", "writing"}, [KIND_WAR] = {"writes", "reading"},
        [KIND_WAW] = {"writes", "writing"}};
    bool anywhere_first = describe_anywhere(p, h->first, rf->buffer, h->kind != KIND_WAR);
    bool anywhere_second = describe_anywhere(p, h->second, rs->buffer, h->kind != KIND_RAW);
    struct finding fd = {
        .check = kind_check[h->kind],
        .severity = SEV_ERROR,
        .loc = s->stmt->loc,
        .related = f->stmt->loc,
        .kernel = p->kernel,
        .params = p->params,
        .iter_first = *lw_iters(p, f),
        .iter_second = *lw_iters(p, s),
        .unit_first = ins_unit(p, h->first),
        .unit_second = ins_unit(p, h->second),
        .op_first = lw_op(p, f),
        .op_second = lw_op(p, s),
        .buffer = buf->name,
        .bytes_lo = lo,
        .bytes_hi = hi,
        .anywhere_first = anywhere_first,
        .anywhere_second = anywhere_second,
    };
    if (diag_would_drop(ctx->out, &fd))   /* an earlier run found it: its words are kept */
        return;
    if (ctx->brief) {
        fd.message = "";
        diag_add(ctx->out, &fd);
        return;
    }
    const char *through = rf->buffer == rs->buffer
                              ? ""
                              : arena_printf(A, " (through '%s', placed over the same bytes)",
                                             p->buffers[rf->buffer].name);
    /* An access at an offset read from memory has no bytes of its own to name: the other
     * one's are named, or none when both are (a region x[?] is taken as the whole buffer, and
     * the size of a buffer a kernel argument points into is only what the kernel was seen to
     * touch). */
    if (anywhere_second)
        fd.message = arena_printf(
            A, "%s %s %s, while %s at line %d may still be %s %s%s", describe_ins(p, A, h->second),
            verbs[h->kind][0], describe_place(A, buf->name, lo, hi, true),
            describe_ins(p, A, h->first), f->stmt->loc.line, verbs[h->kind][1],
            anywhere_first ? "it, also at an offset read from memory"
                           : arena_printf(A, "bytes [%lld, %lld) of it", (long long)lo,
                                          (long long)hi),
            through);
    else
        fd.message = arena_printf(
            A, "%s %s %s while %s at line %d%s may still be %s them%s",
            describe_ins(p, A, h->second), verbs[h->kind][0],
            describe_place(A, buf->name, lo, hi, false), describe_ins(p, A, h->first),
            f->stmt->loc.line,
            anywhere_first ? arena_printf(A, ", at an offset read from memory, anywhere in %s,",
                                          p->buffers[rf->buffer].name)
                           : "",
            verbs[h->kind][1], through);
    fd.related_what = arena_printf(A, "first access: %s", describe_ins(p, A, h->first));
    fd.fix_advice = fix_advice_for_hazard(ctx, A, h->first, h->second);
    fd.fix = fix_for_pair(p, A, h->first, h->second);
    fd.fix_edits = fix_edits_for_pair(p, A, h->first, h->second);
    diag_add(ctx->out, &fd);
}

bool check_hazards(const struct check_context *ctx, uint64_t *pairs)
{
    const struct lw_program *p = ctx->p;
    struct hazard_set set;
    hazard_set_init(&set, p, ctx->out);
    struct visit_ctx v = {ctx, &set, 0, 0};
    if (ctx->all_pairs) {
        for (size_t b = 0; b < p->nins && !over_budget(&v); b++)
            if (p->ins[b].kind == INS_ACCESS)
                for (size_t a = 0; a < b; a++)
                    if (p->ins[a].kind == INS_ACCESS) {
                        v.pairs++;
                        consider_pair(ctx, &set, a, b);
                    }
    } else {
        struct region_index ix;
        index_build(ctx, &ix);
        for (size_t b = 0; b < p->nins && !over_budget(&v); b++) {
            const struct lw_ins *y = &p->ins[b];
            if (y->kind != INS_ACCESS || !ctx->hb->started[b])
                continue;
            v.b = b;
            const struct mem_region *w = lw_writes(p, y), *r = lw_reads(p, y);
            for (int k = 0; k < lw_nwrites(y); k++)
                visit_region(&v, &ix, &w[k], true);
            for (int k = 0; k < lw_nreads(y); k++)
                visit_region(&v, &ix, &r[k], false);
        }
        index_free(&ix);
    }
    hazard_set_sort(&set);
    for (size_t i = 0; i < set.items.len; i++)
        report(ctx, &set.items.items[i]);
    hazard_set_free(&set);
    *pairs = v.pairs;
    return !over_budget(&v);
}
