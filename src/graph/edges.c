/* Builds the dependency graph of the clock engine (see edges.h) in one pass over each
 * core's instructions in issue order. */
#include "edges.h"

#include <stdlib.h>
#include <string.h>

#include "../util/span_index.h"
#include "../util/xalloc.h"

struct interlock_edge {
    node_id from, to;
};

/* The graph is built by two identical passes over the program, with no edge list between
 * them: the first counts each node's successors and predecessors, the second writes the
 * successors into place (succ_first[g] is group g's write cursor, shifted back afterwards). */
struct builder {
    const struct lw_program *p;
    struct dep_graph *g;
    bool filling;
    /* Rule 8's edges, found by index searches before the graph's arrays exist (find_interlocks:
     * the index is gone before they are allocated) and replayed by both passes in order. */
    VEC(struct interlock_edge) interlocks;
    size_t replayed;
};

/* The edges the graph leaves implicit from instruction i's nodes, counted in the indegrees from
 * dep_graph_implicit itself, so that its rules are written in one place. The counting pass
 * calls it once i's next_on_unit is known, while i is still in cache (a pass of its own over
 * every node afterwards read the instructions again). */
static void count_implicit(const struct lw_program *p, struct dep_graph *g, size_t i)
{
    size_t after[3];
    for (size_t x = NODE_START(i); x <= NODE_DRAINED(i); x++)
        for (int k = 0, n = dep_graph_implicit(p, g, x, after); k < n; k++)
            g->indegree[after[k]]++;
}

static void add(struct builder *b, size_t from, size_t to)
{
    size_t grp = dep_group(b->p, from);
    if (b->filling) {
        size_t k = b->g->succ_first[grp]++;
        b->g->succ[k] = (node_id)to;
        b->g->succ_from[k] = dep_node_tag(b->p, from);
    } else {
        b->g->succ_first[grp + 1]++;
        b->g->indegree[to]++;
    }
}

/* Interlocked accesses of one core so far, per (memory, local unit): write regions and
 * read regions, for rule 8. */
struct interlock_index {
    int nunits;
    size_t n;
    struct span_index *writes, *reads;
};

static void interlock_add(struct interlock_index *ix, const struct lw_program *p, size_t x)
{
    const struct lw_ins *ins = &p->ins[x];
    size_t u = (size_t)(ins->unit - p->cores[ins->core].first_unit);
    const struct mem_region *w = lw_writes(p, ins), *r = lw_reads(p, ins);
    for (int k = 0; k < lw_nwrites(ins); k++)
        span_index_add(&ix->writes[(size_t)w[k].memory * (size_t)ix->nunits + u], &w[k].bytes, x,
                       ins->pos);
    for (int k = 0; k < lw_nreads(ins); k++)
        span_index_add(&ix->reads[(size_t)r[k].memory * (size_t)ix->nunits + u], &r[k].bytes, x,
                       ins->pos);
}

/* The index of a core, every list reserved to its size (growing one by doubling copies it and
 * keeps up to twice its entries). */
static void interlock_index_init(struct interlock_index *ix, const struct lw_program *p,
                                 const struct lw_core *core)
{
    size_t n = ix->n ? ix->n : 1;
    ix->writes = xcalloc(n, sizeof(struct span_index));
    ix->reads = xcalloc(n, sizeof(struct span_index));
    size_t *nw = xcalloc(n, sizeof(size_t)), *nr = xcalloc(n, sizeof(size_t));
    for (size_t x = core->first_ins; x < core->first_ins + core->nins; x++) {
        const struct lw_ins *ins = &p->ins[x];
        if (ins->kind != INS_ACCESS || !ins->interlocked)
            continue;
        size_t u = (size_t)(ins->unit - core->first_unit);
        const struct mem_region *w = lw_writes(p, ins), *r = lw_reads(p, ins);
        for (int k = 0; k < lw_nwrites(ins); k++)
            nw[(size_t)w[k].memory * (size_t)ix->nunits + u]++;
        for (int k = 0; k < lw_nreads(ins); k++)
            nr[(size_t)r[k].memory * (size_t)ix->nunits + u]++;
    }
    for (size_t k = 0; k < ix->n; k++) {
        span_index_reserve(&ix->writes[k], nw[k]);
        span_index_reserve(&ix->reads[k], nr[k]);
    }
    free(nw);
    free(nr);
}

static size_t later(size_t best, const struct span *s)
{
    return s && (best == NO_INS || s->payload > best) ? s->payload : best;
}

/* Rule 8: the latest earlier interlocked access on each other unit of the core that
 * conflicts with x (interlocked ops sit on fifo or sync units, so the latest one covers
 * the earlier ones of its unit). */
static void find_interlocks_of(struct builder *b, size_t x, const struct interlock_index *ix)
{
    const struct lw_program *p = b->p;
    const struct lw_ins *bx = &p->ins[x];
    int own = bx->unit - p->cores[bx->core].first_unit;
    for (int u = 0; u < ix->nunits; u++) {
        if (u == own)
            continue;
        size_t best = NO_INS;
        for (int k = 0; k < lw_nwrites(bx); k++) {
            const struct mem_region *r = &lw_writes(p, bx)[k];
            size_t slot = (size_t)r->memory * (size_t)ix->nunits + (size_t)u;
            best = later(best, span_index_last(&ix->writes[slot], SIZE_MAX, r->lo, r->hi));
            best = later(best, span_index_last(&ix->reads[slot], SIZE_MAX, r->lo, r->hi));
        }
        for (int k = 0; k < lw_nreads(bx); k++) {
            const struct mem_region *r = &lw_reads(p, bx)[k];
            size_t slot = (size_t)r->memory * (size_t)ix->nunits + (size_t)u;
            best = later(best, span_index_last(&ix->writes[slot], SIZE_MAX, r->lo, r->hi));
        }
        if (best != NO_INS) {
            struct interlock_edge e = {(node_id)NODE_END(best), (node_id)NODE_START(x)};
            VEC_PUSH(b->interlocks, e);
        }
    }
}

/* Rule 8's edges of every core, in program order, into b->interlocks. */
static void find_interlocks(struct builder *b)
{
    const struct lw_program *p = b->p;
    for (int c = 0; c < p->ncores; c++) {
        const struct lw_core *core = &p->cores[c];
        int nu = core->type->nunits;
        /* Allocated at the core's first interlocked access: most cores have none. */
        struct interlock_index ix = {.nunits = nu, .n = (size_t)p->nmemories * (size_t)nu};
        for (size_t x = core->first_ins; x < core->first_ins + core->nins; x++) {
            if (p->ins[x].kind != INS_ACCESS || !p->ins[x].interlocked)
                continue;
            if (!ix.writes)
                interlock_index_init(&ix, p, core);
            find_interlocks_of(b, x, &ix);
            interlock_add(&ix, p, x);
        }
        for (size_t k = 0; ix.writes && k < ix.n; k++) {
            span_index_free(&ix.writes[k]);
            span_index_free(&ix.reads[k]);
        }
        free(ix.writes);
        free(ix.reads);
    }
}

static void build_core(struct builder *b, const struct lw_core *core)
{
    int nu = core->type->nunits;
    size_t *prev = xmalloc((size_t)nu * sizeof(size_t));
    struct size_vec *pending = xcalloc((size_t)nu, sizeof(*pending));
    /* Instructions of each unit not passed yet: a barrier holds only units that have one
     * (a unit no instruction uses would collect every barrier of the core). */
    size_t *ahead = xcalloc((size_t)nu, sizeof(size_t));
    for (int u = 0; u < nu; u++)
        ahead[u] = (size_t)b->p->units[core->first_unit + u].count;
    for (int u = 0; u < nu; u++)
        prev[u] = NO_INS;
    size_t gate = NO_INS;
    for (size_t x = core->first_ins; x < core->first_ins + core->nins; x++) {
        const struct lw_ins *ins = &b->p->ins[x];
        if (gate != NO_INS)
            add(b, NODE_END(gate), NODE_START(x));   /* rule 1 */
        if (ins->unit < 0) {
            if (!b->filling)
                count_implicit(b->p, b->g, x);   /* it has no next on a unit */
            if (ins->kind == INS_USE) {
                /* Rule 10: it starts once the read has ended; it blocks issue (the gate). The
                 * read sits on a fifo or sync issuer, so its end node covers its unit. */
                add(b, NODE_END(ins->value_read), NODE_START(x));
                gate = x;
                continue;
            }
            /* Issuer-level barrier: starts once its F units drained, holds its T units. */
            for (int u = 0; u < nu; u++) {
                if (((lw_bar_from(b->p, ins) >> u) & 1) && prev[u] != NO_INS)
                    add(b, NODE_DRAINED(prev[u]), NODE_START(x));
                if (((lw_bar_to(b->p, ins) >> u) & 1) && ahead[u] > 0)
                    VEC_PUSH(pending[u], x);
            }
            continue;
        }
        int u = ins->unit - core->first_unit;
        ahead[u]--;
        size_t p = prev[u];
        if (p != NO_INS) {   /* rules 2-5 to the next of a unit: dep_graph_implicit */
            b->g->next_on_unit[p] = (uint32_t)x | (ins->kind == INS_BARRIER ? NEXT_IS_BARRIER : 0)
                                    | (dep_is_signal(ins) ? NEXT_IS_SIGNAL : 0);
            if (!b->filling)
                count_implicit(b->p, b->g, p);
        }
        for (size_t k = 0; k < pending[u].len; k++)
            add(b, NODE_END(pending[u].items[k]), NODE_START(x));   /* rule 7 */
        pending[u].len = 0;
        for (; b->replayed < b->interlocks.len
               && b->interlocks.items[b->replayed].to == NODE_START(x); b->replayed++)
            add(b, b->interlocks.items[b->replayed].from, NODE_START(x));   /* rule 8 */
        prev[u] = x;
        if (ins->blocks_issue)
            gate = x;
    }
    for (int u = 0; u < nu; u++) {
        if (!b->filling && prev[u] != NO_INS)
            count_implicit(b->p, b->g, prev[u]);   /* the last of its unit: no next */
        VEC_FREE(pending[u]);
    }
    free(pending);
    free(ahead);
    free(prev);
}

static void build_matches(struct builder *b, const struct hb_matches *m, bool counting, size_t hub0)
{
    const struct lw_program *p = b->p;
    /* Rule 6 from the channel lists rather than a pass over every instruction: a signal has
     * at most this one edge of its kind, so the order of the groups' edges is the same. */
    for (size_t c = 0; c < (size_t)p->nchannels; c++) {
        const uint32_t *sigs = m->signals.items + m->signals.first[c];
        const uint32_t *waits = m->waits.items + m->waits.first[c];
        size_t ns = channel_count(&m->signals, c), nw = channel_count(&m->waits, c);
        for (size_t k = 0; k < ns && k < nw; k++)
            add(b, NODE_END(sigs[k]), NODE_END(waits[k]));                   /* rule 6 */
    }
    for (size_t r = 0; r < m->nxwaits && !counting; r++)   /* by rank: in instruction order */
        for (size_t k = m->xwait_first[r]; k < m->xwait_first[r + 1]; k++)
            add(b, NODE_END(m->xwait_sources[k]), NODE_END(m->xwait_ins[r]));   /* rule 9 */
    for (int g = 0; g < m->ngroups; g++) {
        for (size_t k = m->group_first[g]; k < m->group_first[g + 1]; k++) {
            add(b, NODE_START(m->group_members[k]), hub0 + (size_t)g);
            add(b, hub0 + (size_t)g, NODE_END(m->group_members[k]));
        }
    }
}

static void build_pass(struct builder *b, const struct hb_matches *m, bool counting)
{
    for (int c = 0; c < b->p->ncores; c++)
        build_core(b, &b->p->cores[c]);
    build_matches(b, m, counting, NODE_HUBS(b->p));
}

bool dep_graph_build(const struct lw_program *p, const struct hb_matches *m, bool counting,
                     struct dep_graph *g)
{
    struct builder b = {.p = p, .g = g};
    find_interlocks(&b);
    g->nnodes = NODE_HUBS(p) + (size_t)m->ngroups;
    size_t ngroups = p->nins + (size_t)m->ngroups;
    g->succ_first = xcalloc(ngroups + 1, sizeof(edge_index));
    g->indegree = xcalloc(g->nnodes ? g->nnodes : 1, sizeof(unsigned));
    g->next_on_unit = xmalloc((p->nins ? p->nins : 1) * sizeof(uint32_t));
    for (size_t i = 0; i < p->nins; i++)
        g->next_on_unit[i] = NO_NEXT;
    g->succ = NULL;
    g->succ_from = NULL;
    build_pass(&b, m, counting);
    size_t nedges = 0;
    for (size_t x = 0; x < ngroups; x++) {
        nedges += g->succ_first[x + 1];
        if (nedges > GRAPH_MAX_EDGES) {
            VEC_FREE(b.interlocks);
            dep_graph_free(g);
            return false;
        }
        g->succ_first[x + 1] = (edge_index)nedges;
    }
    g->succ = xmalloc((nedges ? nedges : 1) * sizeof(node_id));
    g->succ_from = xmalloc(nedges ? nedges : 1);
    b.filling = true;
    b.replayed = 0;
    build_pass(&b, m, counting);   /* succ_first[g] ends as g + 1's start */
    for (size_t x = ngroups; x > 0; x--)
        g->succ_first[x] = g->succ_first[x - 1];
    g->succ_first[0] = 0;
    VEC_FREE(b.interlocks);
    for (size_t x = 0; x < p->nins && !counting; x++)
        if (m->never[x])
            g->indegree[NODE_END(x)]++;
    return true;
}

void dep_successors_grow(struct dep_successors *s)
{
    s->cap = s->cap ? 2 * s->cap : 16;
    s->items = xrealloc_array(s->items, s->cap, sizeof(node_id));
}

void dep_graph_free(struct dep_graph *g)
{
    free(g->succ_first);
    free(g->succ);
    free(g->succ_from);
    free(g->indegree);
    free(g->next_on_unit);
    memset(g, 0, sizeof(*g));
}
