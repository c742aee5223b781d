/* The product's happens-before engine: walks the dependency graph (edges.h) in
 * topological order, keeping per node a vector clock (the dimensions of graph.h, hb_dim_*):
 * dimension u holds the highest queue position p on unit u such that every instruction of u
 * at position <= p has ended, so a -> b iff pos(a) <= clock[start(b)][unit(a)]
 * (docs/semantics.md §4). A node's clock lives from its first predecessor to its own turn (a
 * pool sized by the walk's frontier); afterwards only the start clocks queries read are kept
 * (clock_store.c). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "counting.h"
#include "edges.h"
#include "graph.h"
#include "start_clock.h"
#include "reach.h"

/* During the walk each node has one word, the graph's indegree array reused:
 *   - below HAS_CLOCK: its remaining indegree; no predecessor has passed it a clock yet;
 *   - HAS_CLOCK | slot: its clock is in the pool at slot, and the remaining indegree in
 *     the slot's count (struct clock_pool);
 *   - DONE: processed. */
#define HAS_CLOCK 0x80000000u
#define DONE UINT32_MAX
#define MAX_SLOTS (HAS_CLOCK - 1)   /* so that HAS_CLOCK | slot is never DONE */

static bool is_wait(const struct lw_ins *x)
{
    return x->kind == INS_WAIT || x->kind == INS_XWAIT;
}

static int32_t max32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* Four entries a step, straight-line, so that the compiler does them as one vector operation
 * at -O2 (a loop of unknown length it leaves scalar). */
static void join(int32_t *restrict dst, const int32_t *restrict src, int dims)
{
    int d = 0;
    for (; d + 4 <= dims; d += 4) {
        int32_t a = max32(src[d], dst[d]), b = max32(src[d + 1], dst[d + 1]);
        int32_t c = max32(src[d + 2], dst[d + 2]), e = max32(src[d + 3], dst[d + 3]);
        dst[d] = a;
        dst[d + 1] = b;
        dst[d + 2] = c;
        dst[d + 3] = e;
    }
    for (; d < dims; d++)
        dst[d] = max32(src[d], dst[d]);
}

/* What a node adds to its own clock before passing it on. */
static void raise_to(int32_t *clock, int d, int32_t value)
{
    if (value > clock[d])
        clock[d] = value;
}

/* Dimensions from `dims` on are not kept (hb_dims). */
static void own_contribution(const struct lw_program *p, const int32_t *wait_index, size_t node,
                             int dims, int32_t *clock)
{
    if (node >= NODE_HUBS(p) || NODE_IS_DRAINED(node))
        return;
    const struct lw_ins *x = &p->ins[NODE_INS(node)];
    if (NODE_IS_START(node)) {
        raise_to(clock, hb_dim_issue(p, x->core), lw_seq(p, NODE_INS(node)));
        if (x->unit >= 0 && hb_dim_start(p, x->unit) < dims)
            raise_to(clock, hb_dim_start(p, x->unit), x->pos);
        return;
    }
    if (x->unit < 0)
        return;
    if (is_wait(x)) {
        int d = hb_dim_wait(p, x->unit);
        if (d >= dims)
            return;
        if (wait_index[NODE_INS(node)] > clock[d])
            clock[d] = wait_index[NODE_INS(node)];
    } else if (x->pos > clock[x->unit]) {
        /* Exact even on pipelined units: the end of an access there reaches other
         * instructions only through its unit's drained node, which covers every
         * earlier instruction of the unit; signals and queue barriers drain first. */
        clock[x->unit] = x->pos;
    }
}

/* Kahn's algorithm again over what is left (g's indegrees, DONE where processed), with the
 * ends that never happen released: whatever still cannot proceed waits on a cycle. */
static void find_cycle(const struct lw_program *p, const struct hb_matches *m,
                       struct dep_graph *g, struct hb_result *r)
{
    node_id *queue = xmalloc((g->nnodes ? g->nnodes : 1) * sizeof(node_id));
    size_t head = 0, tail = 0;
    r->in_cycle = xcalloc(p->nins ? p->nins : 1, sizeof(bool));
    for (size_t i = 0; i < p->nins; i++)
        if (m->never[i] && g->indegree[NODE_END(i)] != DONE && --g->indegree[NODE_END(i)] == 0)
            queue[tail++] = (node_id)NODE_END(i);
    struct dep_successors succ = {0};
    while (head < tail) {
        size_t x = queue[head++];
        g->indegree[x] = DONE;
        dep_graph_successors(p, g, x, &succ);
        for (size_t k = 0; k < succ.len; k++)
            if (--g->indegree[succ.items[k]] == 0)
                queue[tail++] = succ.items[k];
    }
    free(succ.items);
    for (size_t i = 0; i < p->nins; i++) {
        if (g->indegree[NODE_END(i)] != DONE) {
            r->in_cycle[i] = true;
            r->cycle = true;
        }
    }
    free(queue);
}

/* Node clocks live only while needed: from the first predecessor that passes one on until the
 * node is processed. They sit in slots of a pool that grows to the widest frontier of the
 * walk, not to the node count. A slot is dims clock entries and the node's remaining
 * indegree. */
struct clock_pool {
    int32_t *slots;
    size_t dims, cap, used;
    uint32_t *free;
    size_t nfree;
    bool full;          /* a slot was asked for beyond MAX_SLOTS */
};

static uint32_t pool_take(struct clock_pool *c)
{
    if (c->nfree)
        return c->free[--c->nfree];
    if (c->used == MAX_SLOTS) {
        c->full = true;   /* unreachable before memory runs out; refused, not wrapped */
        return 0;
    }
    if (c->used == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->slots = xrealloc_array(c->slots, c->cap, (c->dims + 1) * sizeof(int32_t));
        c->free = xrealloc_array(c->free, c->cap, sizeof(uint32_t));
    }
    return (uint32_t)c->used++;
}

static int32_t *pool_clock(const struct clock_pool *c, uint32_t slot)
{
    return c->slots + (size_t)slot * (c->dims + 1);
}

static uint32_t *pool_remaining(const struct clock_pool *c, uint32_t slot)
{
    return (uint32_t *)(pool_clock(c, slot) + c->dims);
}


/* The walk's queue of ready nodes, a ring that grows to the widest frontier. */
struct ready_ring {
    node_id *items;
    size_t cap, head, len;      /* cap a power of two */
};

static void ring_grow(struct ready_ring *q)
{
    size_t cap = q->cap ? 2 * q->cap : 256;
    node_id *items = xmalloc(cap * sizeof(node_id));
    for (size_t k = 0; k < q->len; k++)
        items[k] = q->items[(q->head + k) & (q->cap - 1)];
    free(q->items);
    q->items = items;
    q->cap = cap;
    q->head = 0;
}

static inline void ring_push(struct ready_ring *q, size_t x)
{
    if (q->len == q->cap)
        ring_grow(q);
    q->items[(q->head + q->len++) & (q->cap - 1)] = (node_id)x;
}

static size_t ring_pop(struct ready_ring *q)
{
    size_t x = q->items[q->head];
    q->head = (q->head + 1) & (q->cap - 1);
    q->len--;
    return x;
}

/* The walk between nodes: each node's state word (HAS_CLOCK, DONE), the clock pool and the
 * ready queue. */
struct walk {
    uint32_t *state;
    struct clock_pool pool;
    struct ready_ring ready;
    int dims;
};

/* Node x (its clock in slot sx) passes its clock to successor y; the last successor takes the
 * slot itself. True when it did. Inlined by force: it is the walk's innermost step, called from
 * two loops, and GCC left it a call (4% of a 1e5-event run's instructions). */
__attribute__((always_inline)) static inline bool pass_clock(struct walk *w, uint32_t sx,
                                                             size_t y, bool last)
{
    uint32_t sy, left;
    bool taken = false;
    if (w->state[y] & HAS_CLOCK) {
        sy = w->state[y] & ~HAS_CLOCK;
        join(pool_clock(&w->pool, sy), pool_clock(&w->pool, sx), w->dims);
        left = --*pool_remaining(&w->pool, sy);
    } else {
        left = w->state[y] - 1;
        if (last) {
            sy = sx;   /* the last successor takes the clock as it is */
            taken = true;
        } else {
            sy = pool_take(&w->pool);
            memcpy(pool_clock(&w->pool, sy), pool_clock(&w->pool, sx),
                   w->pool.dims * sizeof(int32_t));
        }
        *pool_remaining(&w->pool, sy) = left;
        w->state[y] = HAS_CLOCK | sy;
    }
    if (left == 0)
        ring_push(&w->ready, y);
    return taken;
}

/* Node x passes its clock to its successors (dep_graph_successors' order, without a buffer:
 * this is the walk's inner loop). True when the last one took the slot. */
static bool pass_on(const struct lw_program *p, const struct dep_graph *g, struct walk *w,
                    size_t x, uint32_t sx)
{
    size_t grp = dep_group(p, x), lo = g->succ_first[grp], hi = g->succ_first[grp + 1];
    uint8_t tag = dep_node_tag(p, x);
    size_t after[3];
    int nimplicit = dep_graph_implicit(p, g, x, after);
    size_t last = SIZE_MAX;   /* the last stored successor, when no implicit one follows */
    for (size_t k = hi; nimplicit == 0 && k-- > lo;)
        if (g->succ_from[k] == tag) {
            last = k;
            break;
        }
    bool taken = false;
    for (size_t k = lo; k < hi; k++)
        if (g->succ_from[k] == tag)
            taken |= pass_clock(w, sx, g->succ[k], k == last);
    for (int j = 0; j < nimplicit; j++)
        taken |= pass_clock(w, sx, after[j], j + 1 == nimplicit);
    return taken;
}

static void run(const struct lw_program *p, const struct hb_matches *m, bool every_clock,
                struct hb_result *r)
{
    memset(r, 0, sizeof(*r));
    r->p = p;
    r->every_clock = every_clock;
    size_t n = p->nins ? p->nins : 1;
    r->dims = hb_dims(p, every_clock);
    r->started = xcalloc(n, sizeof(bool));
    if (every_clock) {   /* only the wait dimensions read them */
        r->wait_index = xmalloc(n * sizeof(int32_t));
        int32_t *waits_on = xcalloc((size_t)(p->nunits ? p->nunits : 1), sizeof(int32_t));
        for (size_t i = 0; i < p->nins; i++)
            r->wait_index[i] = is_wait(&p->ins[i]) ? waits_on[p->ins[i].unit]++ : -1;
        free(waits_on);
    }
    hb_clock_store_init(r, false);

    struct dep_graph g;
    if (!dep_graph_build(p, m, false, &g)) {
        r->too_big = true;
        return;
    }
    size_t dims = (size_t)r->dims ? (size_t)r->dims : 1;
    struct walk w = {.state = g.indegree, .pool = {.dims = dims}, .dims = r->dims};
    size_t processed = 0;
    for (size_t x = 0; x < g.nnodes; x++) {
        w.pool.full |= w.state[x] >= HAS_CLOCK;   /* an indegree the word cannot hold */
        if (w.state[x] == 0)
            ring_push(&w.ready, x);
    }
    while (w.ready.len && !w.pool.full) {
        size_t x = ring_pop(&w.ready);
        processed++;
        uint32_t sx = w.state[x] & ~HAS_CLOCK;
        if (w.state[x] == 0) {   /* no predecessor: nothing has happened before it */
            sx = pool_take(&w.pool);
            for (size_t d = 0; d < dims; d++)
                pool_clock(&w.pool, sx)[d] = -1;
        }
        w.state[x] = DONE;   /* its clock is read through sx from here on */
        own_contribution(p, r->wait_index, x, r->dims, pool_clock(&w.pool, sx));
        if (x < NODE_HUBS(p) && NODE_IS_START(x) && hb_row_kind(r, NODE_INS(x)) != HB_ROW_NONE)
            hb_store_start(r, NODE_INS(x), pool_clock(&w.pool, sx));
        if (!pass_on(p, &g, &w, x, sx))
            w.pool.free[w.pool.nfree++] = sx;
    }
    free(w.ready.items);
    if (w.pool.full) {
        r->too_big = true;
        free(w.pool.slots);
        free(w.pool.free);
        dep_graph_free(&g);
        return;
    }
    for (size_t i = 0; i < p->nins; i++) {
        r->started[i] = w.state[NODE_START(i)] == DONE;
        if (!r->started[i])   /* the walk wrote the rows of the others */
            hb_store_unset(r, i);
    }
    if (processed < g.nnodes) {
        for (size_t x = 0; x < g.nnodes; x++)   /* back to plain indegrees for find_cycle */
            if (w.state[x] != DONE && (w.state[x] & HAS_CLOCK))
                w.state[x] = *pool_remaining(&w.pool, w.state[x] & ~HAS_CLOCK);
    }
    free(w.pool.slots);
    free(w.pool.free);
    if (processed < g.nnodes)
        find_cycle(p, m, &g, r);
    dep_graph_free(&g);
    if (m->nxgroups > 0 && !hb_xsets_ordered(m, r)) {
        r->counting = true;
        hb_counting_run(p, m, r);
        if (r->too_big)
            return;
    }
    hb_reach_build(p, m, r);
}

void hb_clock_run(const struct lw_program *p, const struct hb_matches *m, struct hb_result *r)
{
    run(p, m, false, r);
}

void hb_clock_run_every(const struct lw_program *p, const struct hb_matches *m,
                        struct hb_result *r)
{
    run(p, m, true, r);
}

bool hb_wait_taken_by(const struct hb_result *r, const struct hb_matches *m, size_t w, size_t t,
                      struct hb_late *late)
{
    if (r->reference)
        return hb_reference_taken_by(r, w, t, late);
    return hb_reach_taken_by(r, m, w, t, late);
}

bool hb_before(const struct hb_result *r, size_t a, size_t b)
{
    if (r->reference)
        return hb_reference_before(r, a, b);
    const struct lw_ins *x = &r->p->ins[a];
    if (!r->started[b])
        return true;   /* b never starts: nothing can race with it */
    if (x->unit < 0)
        return false;
    int d = is_wait(x) ? hb_dim_wait(r->p, x->unit) : hb_dim_end(x->unit);
    int col = hb_start_column(r, b, d);
    assert(col >= 0 && (!is_wait(x) || r->wait_index));   /* b keeps what a asks about */
    int32_t have = hb_start_row(r, b)[col];
    return is_wait(x) ? r->wait_index[a] <= have : x->pos <= have;
}

void hb_result_free(struct hb_result *r)
{
    free(r->started);
    free(r->in_cycle);
    hb_clock_store_free(r);
    free(r->wait_index);
    hb_reach_free(r->reach);
    hb_reference_free(r);
    memset(r, 0, sizeof(*r));
}
