/* Races in one simulated run: two accesses that conflict (overlapping bytes of one memory, at
 * least one a write) and that the run did not keep apart. On one core the later access in
 * issue order must not start before the earlier one ended; across cores, which have no
 * issue order, the two intervals must not overlap. Found by one sweep over start and end
 * times (sim_detect_races). */
#include <stdlib.h>

#include "sim.h"


/* Which hazard kinds are checked between accesses a < b of one core (HAZ_* bits). */
static unsigned same_core_kinds(const struct lw_program *p, const struct lw_ins *a,
                                const struct lw_ins *b)
{
    if (a->unit != b->unit)
        return HAZ_RAW | HAZ_WAR | HAZ_WAW;
    return model_unit_intra_hazards(p->units[a->unit].mu, lw_written_bytes(p, a));
}

static bool kind_overlaps(const struct lw_program *p, enum sim_problem_kind kind,
                          const struct lw_ins *f, const struct lw_ins *s)
{
    switch (kind) {
    case SIM_RACE_RAW:
        return lw_writes_meet_reads(p, f, s);
    case SIM_RACE_WAR:
        return lw_writes_meet_reads(p, s, f);
    case SIM_RACE_WAW:
        return lw_writes_meet_writes(p, f, s);
    default:
        return false;
    }
}

static bool started(const struct sim_run *r, size_t i) { return r->start[i] != SIM_NEVER; }

bool sim_shows_race(const struct sim_run *r, enum sim_problem_kind kind, size_t first,
                    size_t second)
{
    const struct lw_program *p = r->p;
    const struct lw_ins *f = &p->ins[first], *s = &p->ins[second];
    if (f->kind != INS_ACCESS || s->kind != INS_ACCESS || !started(r, first) || !started(r, second)
        || lw_both_atomic(f, s) || !kind_overlaps(p, kind, f, s))
        return false;
    if (f->core != s->core) {
        if (kind == SIM_RACE_WAR)
            return false;   /* across cores a read/write pair is named RAW, writer first */
        return r->start[first] < r->end[second] && r->start[second] < r->end[first];
    }
    if (first > second)
        return false;
    static const unsigned bit[] = {[SIM_RACE_RAW] = HAZ_RAW, [SIM_RACE_WAR] = HAZ_WAR,
                                   [SIM_RACE_WAW] = HAZ_WAW};
    if (!(same_core_kinds(p, f, s) & bit[kind]))
        return false;
    return r->start[second] < r->end[first];
}

/* Records the races of one pair x < y (instruction order). */
static void consider(struct sim_run *r, size_t x, size_t y)
{
    const struct lw_program *p = r->p;
    const struct lw_ins *a = &p->ins[x], *b = &p->ins[y];
    struct sim_problem found[3];
    int n = 0;
    if (lw_both_atomic(a, b))
        return;
    if (a->core != b->core) {
        if (!(r->start[x] < r->end[y] && r->start[y] < r->end[x]))
            return;
        if (kind_overlaps(p, SIM_RACE_RAW, a, b))
            found[n++] = (struct sim_problem){SIM_RACE_RAW, x, y, -1};
        if (kind_overlaps(p, SIM_RACE_RAW, b, a))
            found[n++] = (struct sim_problem){SIM_RACE_RAW, y, x, -1};
        if (kind_overlaps(p, SIM_RACE_WAW, a, b))
            found[n++] = (struct sim_problem){SIM_RACE_WAW, x, y, -1};
    } else {
        if (!(r->start[y] < r->end[x]))
            return;
        unsigned kinds = same_core_kinds(p, a, b);
        if ((kinds & HAZ_RAW) && kind_overlaps(p, SIM_RACE_RAW, a, b))
            found[n++] = (struct sim_problem){SIM_RACE_RAW, x, y, -1};
        if ((kinds & HAZ_WAR) && kind_overlaps(p, SIM_RACE_WAR, a, b))
            found[n++] = (struct sim_problem){SIM_RACE_WAR, x, y, -1};
        if ((kinds & HAZ_WAW) && kind_overlaps(p, SIM_RACE_WAW, a, b))
            found[n++] = (struct sim_problem){SIM_RACE_WAW, x, y, -1};
    }
    for (int i = 0; i < n; i++)
        VEC_PUSH(r->problems, found[i]);
}

/* One region of a started access. Regions of one (memory, core) are linked in issue order
 * while their access has not ended. */
struct region_ref {
    int memory, core;
    int64_t lo, hi;
    size_t ins;
    bool write;
    size_t group;               /* index of its (memory, core) list */
    size_t prev, next;          /* links in that list; SIM_NONE at the ends */
    size_t active_at;           /* position in its memory's running list */
};

struct ref_event {
    int64_t time;
    int starts;                 /* 0: end, 1: start (ends first at equal times) */
    size_t ref;
};

static int by_group_order(const void *a, const void *b)
{
    const struct region_ref *x = a, *y = b;
    if (x->memory != y->memory)
        return x->memory < y->memory ? -1 : 1;
    if (x->core != y->core)
        return x->core < y->core ? -1 : 1;
    return x->ins < y->ins ? -1 : x->ins > y->ins;
}

static int by_time(const void *a, const void *b)
{
    const struct ref_event *x = a, *y = b;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    if (x->starts != y->starts)
        return x->starts - y->starts;
    return x->ref < y->ref ? -1 : x->ref > y->ref;
}

/* One entry per instruction pair: a pair that meets in several regions is looked at once. */
struct pair_set {
    uint64_t *slots;            /* pair_key(x, y); 0 empty */
    size_t nslots, len;
};

static uint64_t pair_key(size_t x, size_t y) { return ((uint64_t)x << 32) ^ (uint64_t)y ^ (1ull << 63); }

static bool pair_insert(struct pair_set *s, size_t x, size_t y)
{
    if (2 * (s->len + 1) > s->nslots) {
        uint64_t *old = s->slots;
        size_t n = s->nslots;
        s->nslots = n ? 2 * n : 256;
        s->slots = xcalloc(s->nslots, sizeof(uint64_t));
        for (size_t i = 0; i < n; i++) {
            if (!old[i])
                continue;
            size_t k = (size_t)((old[i] * 0x9e3779b97f4a7c15ull) >> 7) & (s->nslots - 1);
            while (s->slots[k])
                k = (k + 1) & (s->nslots - 1);
            s->slots[k] = old[i];
        }
        free(old);
    }
    uint64_t key = pair_key(x, y);
    size_t k = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 7) & (s->nslots - 1);
    for (; s->slots[k]; k = (k + 1) & (s->nslots - 1))
        if (s->slots[k] == key)
            return false;
    s->slots[k] = key;
    s->len++;
    return true;
}

static bool refs_meet(const struct region_ref *x, const struct region_ref *y)
{
    return (x->write || y->write) && x->lo < y->hi && y->lo < x->hi;
}

static void candidate(struct sim_run *r, struct pair_set *seen, size_t a, size_t b)
{
    size_t x = a < b ? a : b, y = a < b ? b : a;
    if (pair_insert(seen, x, y))
        consider(r, x, y);
}

/* A sweep over time. When an access starts, the races it can be part of are with
 *  - an access of its own core issued before it that has not ended yet (running, or not even
 *    started: that is running against issue order), found in its (memory, core) list of
 *    accesses not ended, which is in issue order;
 *  - a running access of another core, found in its memory's running list.
 * Both lists hold only what is still outstanding, so the work follows the number of accesses in
 * flight rather than the number of pairs that touch the same bytes. */
void sim_detect_races(struct sim_run *r)
{
    const struct lw_program *p = r->p;
    VEC(struct region_ref) refs = {0};
    for (size_t i = 0; i < p->nins; i++) {
        const struct lw_ins *x = &p->ins[i];
        if (x->kind != INS_ACCESS || !started(r, i))
            continue;
        for (int w = 0; w < 2; w++) {
            const struct mem_region *regs = w ? lw_writes(p, x) : lw_reads(p, x);
            for (int k = 0; k < (w ? lw_nwrites(x) : lw_nreads(x)); k++) {
                if (regs[k].lo >= regs[k].hi)
                    continue;
                struct region_ref e = {.memory = regs[k].memory, .core = x->core, .lo = regs[k].lo,
                                       .hi = regs[k].hi, .ins = i, .write = w == 1};
                VEC_PUSH(refs, e);
            }
        }
    }
    size_t n = refs.len;
    if (!n)
        return;
    qsort(refs.items, n, sizeof(struct region_ref), by_group_order);
    size_t *head = xmalloc(n * sizeof(size_t));   /* per group: its first ref not ended */
    size_t ngroups = 0;
    for (size_t i = 0; i < n; i++) {
        struct region_ref *e = &refs.items[i];
        bool first = i == 0 || e->memory != refs.items[i - 1].memory
                     || e->core != refs.items[i - 1].core;
        if (first)
            head[ngroups++] = i;
        e->group = ngroups - 1;
        e->prev = first ? SIM_NONE : i - 1;
        e->next = i + 1 < n && refs.items[i + 1].memory == e->memory
                          && refs.items[i + 1].core == e->core ? i + 1 : SIM_NONE;
    }
    int nmem = p->nmemories;
    struct size_vec *running = xcalloc(nmem > 0 ? (size_t)nmem : 1, sizeof(struct size_vec));
    struct ref_event *events = xmalloc(2 * n * sizeof(struct ref_event));
    for (size_t i = 0; i < n; i++) {
        events[2 * i] = (struct ref_event){r->start[refs.items[i].ins], 1, i};
        events[2 * i + 1] = (struct ref_event){r->end[refs.items[i].ins], 0, i};
    }
    qsort(events, 2 * n, sizeof(struct ref_event), by_time);
    struct pair_set seen = {0};
    for (size_t k = 0; k < 2 * n; k++) {
        size_t i = events[k].ref;
        struct region_ref *e = &refs.items[i];
        struct size_vec *run = &running[e->memory];
        if (!events[k].starts) {
            if (e->prev != SIM_NONE)
                refs.items[e->prev].next = e->next;
            else
                head[e->group] = e->next;
            if (e->next != SIM_NONE)
                refs.items[e->next].prev = e->prev;
            size_t last = run->items[--run->len];
            if (last != i) {
                run->items[e->active_at] = last;
                refs.items[last].active_at = e->active_at;
            }
            continue;
        }
        for (size_t x = head[e->group]; x != SIM_NONE && refs.items[x].ins < e->ins;
             x = refs.items[x].next)
            if (refs_meet(&refs.items[x], e))
                candidate(r, &seen, refs.items[x].ins, e->ins);
        for (size_t a = 0; a < run->len; a++) {
            const struct region_ref *o = &refs.items[run->items[a]];
            if (o->core != e->core && refs_meet(o, e))
                candidate(r, &seen, o->ins, e->ins);
        }
        e->active_at = run->len;
        VEC_PUSH(*run, i);
    }
    for (int m = 0; m < nmem; m++)
        VEC_FREE(running[m]);
    free(running);
    free(events);
    free(head);
    free(seen.slots);
    VEC_FREE(refs);
}
