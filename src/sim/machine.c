/* The simulator's clock, issuers, unit queues and barriers: an event loop over integer time
 * that issues, starts and ends instructions by the rules of docs/semantics.md §1-3, told
 * from the machine's side. Flag counters are in flags.c, race detection in races.c. */
#include <stdlib.h>
#include <string.h>

#include "../graph/match.h"
#include "../lower/lower.h"   /* hb_xbarrier_participates: the model's participant table */
#include "machine.h"

/* A wait or a barrier placed in a queue keeps the queue until it ends. */
static bool holds_queue(const struct lw_ins *x)
{
    return x->kind == INS_WAIT || x->kind == INS_XWAIT || (x->kind == INS_BARRIER && x->unit >= 0);
}

static bool is_signal(const struct lw_ins *x)
{
    return x->kind == INS_SIGNAL || x->kind == INS_XSIGNAL;
}

/* ---------------------------------------------------------------- events */

static bool earlier(const struct timed_end *a, const struct timed_end *b)
{
    return a->time < b->time || (a->time == b->time && a->ins < b->ins);
}

void machine_schedule_end(struct machine *m, size_t ins, int64_t time)
{
    struct timed_end e = {time, ins};
    VEC_PUSH(m->heap, e);
    size_t i = m->heap.len - 1;
    while (i > 0 && earlier(&m->heap.items[i], &m->heap.items[(i - 1) / 2])) {
        struct timed_end t = m->heap.items[i];
        m->heap.items[i] = m->heap.items[(i - 1) / 2];
        m->heap.items[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static struct timed_end heap_pop(struct machine *m)
{
    struct timed_end top = m->heap.items[0];
    m->heap.items[0] = m->heap.items[--m->heap.len];
    size_t i = 0, n = m->heap.len;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, best = i;
        if (l < n && earlier(&m->heap.items[l], &m->heap.items[best]))
            best = l;
        if (r < n && earlier(&m->heap.items[r], &m->heap.items[best]))
            best = r;
        if (best == i)
            break;
        struct timed_end t = m->heap.items[i];
        m->heap.items[i] = m->heap.items[best];
        m->heap.items[best] = t;
        i = best;
    }
    return top;
}

void machine_wake(struct machine *m, int core)
{
    if (!m->in_work[core]) {
        m->in_work[core] = true;
        VEC_PUSH(m->work, core);
    }
}

void machine_problem(struct machine *m, enum sim_problem_kind kind, size_t first, size_t second,
                     int core)
{
    struct sim_problem pr = {kind, first, second, core};
    VEC_PUSH(m->run->problems, pr);
}

static void remove_at(struct size_vec *v, size_t k)
{
    memmove(&v->items[k], &v->items[k + 1], (v->len - k - 1) * sizeof(size_t));
    v->len--;
}

/* ---------------------------------------------------------------- issue */

static void issue(struct machine *m, size_t x)
{
    const struct lw_program *p = m->p;
    const struct lw_ins *ins = &p->ins[x];
    const struct lw_core *core = &p->cores[ins->core];
    m->run->issue[x] = m->now;
    if (ins->unit >= 0) {
        int u = ins->unit;
        m->issued[u]++;
        /* The issuer-level barriers issued since the unit's last instruction hold this one;
         * the ones before were already waited for by that instruction, which starts first. */
        m->hold_at[x] = m->holds.len;
        m->hold_n[x] = m->holding[u].len;
        for (size_t k = 0; k < m->holding[u].len; k++)
            VEC_PUSH(m->holds, m->holding[u].items[k]);
        m->holding[u].len = 0;
        if (ins->kind == INS_ACCESS && ins->interlocked)
            VEC_PUSH(m->interlocked[ins->core], x);
    } else if (ins->kind == INS_USE) {
        VEC_PUSH(m->barriers[ins->core], x);   /* it starts once its read has ended */
    } else {
        /* bar(F, T) issued by the issuer: it starts when what F's units hold now has ended,
         * and holds the next instruction of every unit in T. */
        m->need_at[x] = m->drain_need.len;
        for (int lu = 0; lu < core->type->nunits; lu++) {
            int u = core->first_unit + lu;
            int need = ((lw_bar_from(p, ins) >> lu) & 1) ? m->issued[u] : 0;
            VEC_PUSH(m->drain_need, need);
            if ((lw_bar_to(p, ins) >> lu) & 1)
                VEC_PUSH(m->holding[u], x);
        }
        if (ins->kind == INS_XBARRIER) {
            size_t pi = ins->xbar_prim;
            m->xbar_call[x] = m->xbar_calls[(size_t)ins->core * (size_t)p->model->nprims + pi]++;
        }
        VEC_PUSH(m->barriers[ins->core], x);
    }
    if (ins->blocks_issue)   /* the issuer waits for this one to end */
        m->gate[ins->core] = x;
}

/* ---------------------------------------------------------------- start */

static bool conflicts_with_earlier_interlocked(const struct machine *m, size_t x)
{
    const struct lw_program *p = m->p;
    const struct size_vec *live = &m->interlocked[p->ins[x].core];
    for (size_t k = 0; k < live->len; k++) {
        size_t y = live->items[k];
        if (y < x && lw_accesses_conflict(p, &p->ins[y], &p->ins[x]))
            return true;
    }
    return false;
}

static bool can_start(const struct machine *m, size_t x)
{
    const struct lw_program *p = m->p;
    const struct lw_ins *ins = &p->ins[x];
    int u = ins->unit;
    if (ins->pos > 0) {
        /* The previous instruction of the queue has started (queues start in order). */
        size_t prev = m->queue[m->queue_first[u] + (size_t)ins->pos - 1];
        bool in_order = p->units[u].mu->cls != UNIT_PIPELINED;   /* sync, fifo */
        if ((in_order || holds_queue(&p->ins[prev])) && !m->done[prev])
            return false;
    }
    /* A queue barrier starts once everything before it on its unit ended; a signal starts in
     * queue order and fires once they have (fire_ready). */
    if (ins->kind == INS_BARRIER && m->drained[u] < ins->pos)
        return false;
    for (size_t k = 0; k < m->hold_n[x]; k++)
        if (!m->done[m->holds.items[m->hold_at[x] + k]])
            return false;
    if (ins->kind == INS_ACCESS && ins->interlocked && conflicts_with_earlier_interlocked(m, x))
        return false;
    return true;
}

static void start(struct machine *m, size_t x)
{
    const struct lw_ins *ins = &m->p->ins[x];
    m->run->start[x] = m->now;
    if (ins->kind == INS_WAIT || ins->kind == INS_XWAIT)
        VEC_PUSH(m->acquiring[ins->core], x);
    else
        machine_schedule_end(m, x, m->now + m->latency[x]);
}

/* The call groups of one primitive in one domain (kernel or cluster) are kept together. */
static size_t xbar_slot(const struct lw_program *p, const struct model_prim *prim, int domain)
{
    size_t ncl = p->nclusters > 1 ? (size_t)p->nclusters : 1;
    return (size_t)(prim - p->model->prims) * ncl + (size_t)domain;
}

/* A cross-core barrier call arrives; the k-th calls of all participants of its domain end
 * together. */
static void xbarrier_arrive(struct machine *m, size_t x)
{
    const struct lw_program *p = m->p;
    const struct lw_ins *ins = &p->ins[x];
    int domain = hb_xbarrier_domain(p, lw_xbar_prim(p, ins), ins->core);
    if (domain < 0)
        return;   /* a core that does not take part waits forever */
    size_t slot = xbar_slot(p, lw_xbar_prim(p, ins), domain), k = m->xbar_call[x];
    while (m->xbar_groups[slot].len <= k) {
        struct size_vec empty = {0};
        VEC_PUSH(m->xbar_groups[slot], empty);
    }
    struct size_vec *members = &m->xbar_groups[slot].items[k];
    VEC_PUSH(*members, x);
    if (members->len < m->xbar_participants[slot])
        return;
    for (size_t i = 0; i < members->len; i++) {
        size_t y = members->items[i];
        int64_t end = m->run->start[y] + m->latency[y];
        machine_schedule_end(m, y, end > m->now ? end : m->now);
    }
}

/* An issuer-level instruction may start: a barrier once its F units drained, a use once the
 * read it waits for has ended (rule 10). */
static bool barrier_drained(const struct machine *m, size_t x)
{
    const struct lw_ins *ins = &m->p->ins[x];
    if (ins->kind == INS_USE)
        return m->done[ins->value_read];
    const struct lw_core *core = &m->p->cores[ins->core];
    for (int lu = 0; lu < core->type->nunits; lu++)
        if (m->drained[core->first_unit + lu] < m->drain_need.items[m->need_at[x] + (size_t)lu])
            return false;
    return true;
}

/* Everything the core can do at the current time. */
static void step_core(struct machine *m, int c)
{
    const struct lw_program *p = m->p;
    const struct lw_core *core = &p->cores[c];
    size_t last = core->first_ins + core->nins;
    for (bool progress = true; progress;) {
        progress = false;
        while (m->next_issue[c] < last && (m->gate[c] == SIM_NONE || m->done[m->gate[c]])) {
            size_t x = m->next_issue[c];
            if (m->issue_at && m->issue_at[x] > m->now) {
                machine_schedule_end(m, m->p->nins + (size_t)c, m->issue_at[x]);   /* wake */
                break;
            }
            issue(m, m->next_issue[c]++);
            progress = true;
        }
        for (int lu = 0; lu < core->type->nunits; lu++) {
            int u = core->first_unit + lu;
            while (m->head[u] < m->issued[u]) {
                size_t x = m->queue[m->queue_first[u] + (size_t)m->head[u]];
                if (!can_start(m, x))
                    break;
                start(m, x);
                m->head[u]++;
                progress = true;
            }
        }
        struct size_vec *bars = &m->barriers[c];
        for (size_t k = 0; k < bars->len;) {
            size_t x = bars->items[k];
            if (!barrier_drained(m, x)) {
                k++;
                continue;
            }
            remove_at(bars, k);
            m->run->start[x] = m->now;
            if (p->ins[x].kind == INS_XBARRIER)
                xbarrier_arrive(m, x);
            else if (p->ins[x].kind == INS_USE)
                machine_schedule_end(m, x, m->now);   /* the value is there: no latency */
            else
                machine_schedule_end(m, x, m->now + m->latency[x]);
            progress = true;
        }
        struct size_vec *waits = &m->acquiring[c];
        for (size_t k = 0; k < waits->len;) {
            size_t w = waits->items[k];
            if (!flags_try_acquire(m, w)) {
                k++;
                continue;
            }
            remove_at(waits, k);
            machine_schedule_end(m, w, m->now);   /* prompt: no latency of its own */
        }
    }
}

static void fire_if_ready(struct machine *m, size_t x);

static void end_ins(struct machine *m, size_t x)
{
    const struct lw_program *p = m->p;
    const struct lw_ins *ins = &p->ins[x];
    m->done[x] = true;
    m->run->end[x] = m->now;
    if (m->now > m->run->makespan)
        m->run->makespan = m->now;
    if (ins->unit >= 0) {
        int u = ins->unit;
        size_t n = m->queue_first[u + 1] - m->queue_first[u];
        while ((size_t)m->drained[u] < n && m->done[m->queue[m->queue_first[u] + (size_t)m->drained[u]]])
            m->drained[u]++;
        if ((size_t)m->drained[u] < n)
            fire_if_ready(m, m->queue[m->queue_first[u] + (size_t)m->drained[u]]);
    }
    if (ins->kind == INS_SIGNAL || ins->kind == INS_XSIGNAL)
        flags_signal_ended(m, x);
    else if (ins->kind == INS_WAIT || ins->kind == INS_XWAIT)
        flags_wait_ended(m, x);
    if (ins->kind == INS_ACCESS && ins->interlocked) {
        struct size_vec *live = &m->interlocked[ins->core];
        for (size_t k = 0; k < live->len; k++)
            if (live->items[k] == x) {
                remove_at(live, k);
                break;
            }
    }
    machine_wake(m, ins->core);
}

/* A signal fires once its own latency has passed and everything before it on its unit has
 * ended (rule 5). Ready ones fire one at a time, after the cores have done everything they
 * can at the current time, so that a wait reached at the moment a set fires takes the
 * count first (waits are prompt, docs/semantics.md §5). */
static void fire_if_ready(struct machine *m, size_t x)
{
    const struct lw_ins *ins = &m->p->ins[x];
    if (is_signal(ins) && m->elapsed[x] && !m->done[x] && !m->firing_queued[x]
        && m->drained[ins->unit] >= ins->pos) {
        m->firing_queued[x] = true;
        VEC_PUSH(m->firing, x);
    }
}

/* The ready signal to fire next: the earliest in program order. */
static size_t next_firing(struct machine *m)
{
    size_t best = 0;
    for (size_t k = 1; k < m->firing.len; k++)
        if (m->firing.items[k] < m->firing.items[best])
            best = k;
    size_t x = m->firing.items[best];
    m->firing.items[best] = m->firing.items[--m->firing.len];
    return x;
}

/* An event of the heap at the current time: an end, a signal's latency passing, or an
 * issuer's wake-up after an issue delay. */
static void handle_event(struct machine *m, size_t x)
{
    if (x >= m->p->nins) {
        machine_wake(m, (int)(x - m->p->nins));
        return;
    }
    if (is_signal(&m->p->ins[x])) {
        m->elapsed[x] = true;
        fire_if_ready(m, x);
        return;
    }
    end_ins(m, x);
}

/* ---------------------------------------------------------------- setup and the loop */

static void machine_init(struct machine *m, const struct lw_program *p, const int64_t *latency,
                         const int64_t *issue_at, struct sim_run *run)
{
    memset(m, 0, sizeof(*m));
    m->p = p;
    m->latency = latency;
    m->issue_at = issue_at;
    m->run = run;
    size_t n = p->nins ? p->nins : 1, nc = p->ncores ? (size_t)p->ncores : 1;
    size_t nu = p->nunits ? (size_t)p->nunits : 1;
    m->done = xcalloc(n, sizeof(bool));
    m->elapsed = xcalloc(n, sizeof(bool));
    m->firing_queued = xcalloc(n, sizeof(bool));
    m->next_issue = xmalloc(nc * sizeof(size_t));
    m->gate = xmalloc(nc * sizeof(size_t));
    for (int c = 0; c < p->ncores; c++) {
        m->next_issue[c] = p->cores[c].first_ins;
        m->gate[c] = SIM_NONE;
    }
    m->barriers = xcalloc(nc, sizeof(struct size_vec));
    m->acquiring = xcalloc(nc, sizeof(struct size_vec));
    m->interlocked = xcalloc(nc, sizeof(struct size_vec));
    m->in_work = xcalloc(nc, sizeof(bool));
    lw_unit_queues(p, &m->queue, &m->queue_first);
    m->head = xcalloc(nu, sizeof(int));
    m->issued = xcalloc(nu, sizeof(int));
    m->drained = xcalloc(nu, sizeof(int));
    m->holding = xcalloc(nu, sizeof(struct size_vec));
    m->hold_at = xcalloc(n, sizeof(size_t));
    m->hold_n = xcalloc(n, sizeof(size_t));
    m->need_at = xcalloc(n, sizeof(size_t));
    m->xbar_call = xcalloc(n, sizeof(size_t));
    size_t np = p->model->nprims ? (size_t)p->model->nprims : 1;
    m->xbar_calls = xcalloc(nc * np, sizeof(size_t));
    m->nxbar_slots = np * (p->nclusters > 1 ? (size_t)p->nclusters : 1);
    m->xbar_groups = xcalloc(m->nxbar_slots, sizeof(*m->xbar_groups));
    m->xbar_participants = xcalloc(m->nxbar_slots, sizeof(size_t));
    for (int k = 0; k < p->model->nprims; k++) {
        const struct model_prim *prim = &p->model->prims[k];
        if (prim->kind != PRIM_XBARRIER)
            continue;
        for (int c = 0; c < p->ncores; c++) {
            int domain = hb_xbarrier_domain(p, prim, c);
            if (domain >= 0)
                m->xbar_participants[xbar_slot(p, prim, domain)]++;
        }
    }
    flags_init(m);
}

static void machine_free(struct machine *m)
{
    const struct lw_program *p = m->p;
    for (int c = 0; c < p->ncores; c++) {
        VEC_FREE(m->barriers[c]);
        VEC_FREE(m->acquiring[c]);
        VEC_FREE(m->interlocked[c]);
    }
    for (int u = 0; u < p->nunits; u++)
        VEC_FREE(m->holding[u]);
    for (size_t k = 0; k < m->nxbar_slots; k++) {
        for (size_t g = 0; g < m->xbar_groups[k].len; g++)
            VEC_FREE(m->xbar_groups[k].items[g]);
        VEC_FREE(m->xbar_groups[k]);
    }
    flags_free(m);
    free(m->done);
    free(m->elapsed);
    free(m->firing_queued);
    VEC_FREE(m->firing);
    free(m->next_issue);
    free(m->gate);
    free(m->barriers);
    free(m->acquiring);
    free(m->interlocked);
    free(m->in_work);
    free(m->queue_first);
    free(m->queue);
    free(m->head);
    free(m->issued);
    free(m->drained);
    free(m->holding);
    free(m->hold_at);
    free(m->hold_n);
    free(m->need_at);
    free(m->xbar_call);
    free(m->xbar_calls);
    free(m->xbar_groups);
    free(m->xbar_participants);
    VEC_FREE(m->holds);
    VEC_FREE(m->drain_need);
    VEC_FREE(m->heap);
    VEC_FREE(m->work);
}

/* What never ended: waits and barriers that started and never returned are the deadlock. */
static void find_deadlock(struct machine *m)
{
    const struct lw_program *p = m->p;
    size_t first_stuck = SIM_NONE;
    bool reported = false;
    for (size_t i = 0; i < p->nins; i++) {
        if (m->done[i])
            continue;
        if (m->run->start[i] == SIM_NEVER) {
            m->run->never_started++;
            if (first_stuck == SIM_NONE)
                first_stuck = i;
            continue;
        }
        machine_problem(m, SIM_DEADLOCK, SIM_NONE, i, -1);
        reported = true;
    }
    if (!reported && first_stuck != SIM_NONE)   /* cannot happen by the rules; never silent */
        machine_problem(m, SIM_DEADLOCK, SIM_NONE, first_stuck, -1);
}

void sim_execute(const struct lw_program *p, const int64_t *latency, struct sim_run *out)
{
    sim_execute_delayed(p, latency, NULL, out);
}

void sim_execute_delayed(const struct lw_program *p, const int64_t *latency,
                         const int64_t *issue_at, struct sim_run *out)
{
    memset(out, 0, sizeof(*out));
    out->p = p;
    size_t n = p->nins ? p->nins : 1;
    out->issue = xmalloc(n * sizeof(int64_t));
    out->start = xmalloc(n * sizeof(int64_t));
    out->end = xmalloc(n * sizeof(int64_t));
    for (size_t i = 0; i < p->nins; i++)
        out->issue[i] = out->start[i] = out->end[i] = SIM_NEVER;
    struct machine m;
    machine_init(&m, p, latency, issue_at, out);
    for (int c = 0; c < p->ncores; c++)
        machine_wake(&m, c);
    for (;;) {
        while (m.heap.len && m.heap.items[0].time <= m.now)
            handle_event(&m, heap_pop(&m).ins);
        if (m.work.len) {
            int c = m.work.items[--m.work.len];
            m.in_work[c] = false;
            step_core(&m, c);
            continue;
        }
        if (m.firing.len) {
            end_ins(&m, next_firing(&m));
            continue;
        }
        if (!m.heap.len)
            break;
        m.now = m.heap.items[0].time;
    }
    find_deadlock(&m);
    flags_leftovers(&m);
    machine_free(&m);
}

void sim_run_free(struct sim_run *r)
{
    free(r->issue);
    free(r->start);
    free(r->end);
    VEC_FREE(r->problems);
    memset(r, 0, sizeof(*r));
}
