/* Paths that meet again where nothing before can race with anything after (lower.h,
 * struct cut_memo).
 *
 * On a kernel of one core, a barrier from every unit to every unit orders each instruction
 * before it before each one after it; and when every access op of the kernel is interlocked
 * and it has no flags, the hardware orders each conflicting pair itself (semantics.md rule 8)
 * at any point. Either
 * way no hazard joins the two sides, and no rule orders an earlier instruction after a later
 * one, so what a run finds past such a point depends only on where it is (the statement and
 * the loop iterations around it) and on the flags still set there (per channel, the signals no
 * wait has taken yet, by statement). Paths are explored depth-first (util/choices.h): every
 * path through the point with the same choices before it is run before any choice before it
 * changes. So a run that reaches the point in a state an earlier run reached with other
 * choices before it would only repeat, past it, what those runs checked: it stops there
 * (lower_try_cut) and the enumeration moves to a choice before it. A run that waited before
 * a signal (it may deadlock, and then what follows never starts) or crossed cores is never
 * cut, nor does it record its visits.
 *
 * In one core's turn of a kernel of several cores (lower.h, path_choices.turns) the same holds
 * of the turn's core at its own barriers that order every unit: what it issues past one, and
 * how its own instructions there are ordered, depend only on where it is and on its flags
 * (the other cores are lowered alike in every run of the turn, and reach it only through
 * cross-core barriers, which order by position; no side calls one, so their calls are the
 * same in every run). A run of the turn cannot stop there, since the other cores wait for it
 * at barriers further on: it goes on with the core's later choices lowered with both sides,
 * as the other cores' are, which finds only races some path has, and every race of the core
 * past the point was found by the runs that passed it first (docs/semantics.md §6). */
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

struct cut_visit {
    uint64_t hash;
    int64_t *key;
    size_t nkey;
    uint64_t prefix_hash;       /* the choices taken before the point by its first run: */
    size_t nprefix;             /* how many and their hash (lower_note_choice) */
};

struct cut_memo {
    enum cut_places places;
    VEC(struct cut_visit) visits;
    size_t *slots;              /* open addressing: visit index + 1, 0 empty */
    size_t nslots;
};

struct cut_memo *cut_memo_new(enum cut_places places)
{
    struct cut_memo *m = xcalloc(1, sizeof(*m));
    m->places = places;
    return m;
}

void cut_memo_free(struct cut_memo *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->visits.len; i++) {
        free(m->visits.items[i].key);
    }
    VEC_FREE(m->visits);
    free(m->slots);
    free(m);
}

static uint64_t hash_key(const int64_t *key, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint64_t)key[i]) * 1099511628211ull;
    return h;
}

static void grow(struct cut_memo *m)
{
    size_t n = m->nslots ? 2 * m->nslots : 64;
    size_t *slots = xcalloc(n, sizeof(*slots));
    for (size_t i = 0; i < m->visits.len; i++) {
        size_t at = (size_t)m->visits.items[i].hash & (n - 1);
        while (slots[at])
            at = (at + 1) & (n - 1);
        slots[at] = i + 1;
    }
    free(m->slots);
    m->slots = slots;
    m->nslots = n;
}

/* True when a run with other choices before the point passed it in this state; otherwise
 * records the visit (the first) or leaves it (the same choices: its paths are being run).
 * Prefixes are compared by length and hash: a collision can only keep a run from being cut. */
static bool seen_from_elsewhere(struct cut_memo *m, const int64_t *key, size_t nkey,
                                uint64_t prefix_hash, size_t nprefix)
{
    uint64_t h = hash_key(key, nkey);
    if (2 * (m->visits.len + 1) > m->nslots)
        grow(m);
    size_t at = (size_t)h & (m->nslots - 1);
    for (; m->slots[at]; at = (at + 1) & (m->nslots - 1)) {
        const struct cut_visit *v = &m->visits.items[m->slots[at] - 1];
        if (v->hash != h || v->nkey != nkey || memcmp(v->key, key, nkey * sizeof(*key)) != 0)
            continue;
        return v->nprefix != nprefix || v->prefix_hash != prefix_hash;
    }
    m->slots[at] = m->visits.len + 1;
    struct cut_visit v = {.hash = h, .key = xmalloc((nkey ? nkey : 1) * sizeof(*key)),
                          .nkey = nkey, .prefix_hash = prefix_hash, .nprefix = nprefix};
    memcpy(v.key, key, nkey * sizeof(*key));
    VEC_PUSH(m->visits, v);
    return false;
}

void lower_note_choice(struct lowerer *L, bool first_side)
{
    uint64_t h = L->prefix_hash.len ? L->prefix_hash.items[L->prefix_hash.len - 1]
                                    : 1469598103934665603ull;
    h = (h ^ (first_side ? 0x9e3779b97f4a7c15ull : 0xc2b2ae3d27d4eb4full)) * 1099511628211ull;
    h ^= h >> 29;
    VEC_PUSH(L->prefix_hash, h);
}

static bool orders_everything(const struct ast_stmt *s, const struct model_prim *prim)
{
    if (!prim || prim->kind != PRIM_BARRIER)
        return false;
    switch (prim->form) {
    case BAR_FIXED:
        return prim->from.all && prim->to.all;
    case BAR_UNIT_ARG:
        return prim->all_word && s->nargs == 1 && s->args->kind == EXPR_NAME &&
               strcmp(s->args->name, prim->all_word) == 0;
    case BAR_MASK_ARGS:
        return s->nargs == 0 && prim->from.all && prim->to.all;
    case BAR_UNIT_PAIR:
        return false;
    }
    return false;
}

static bool calls_full_barrier(const struct ast_stmt *list, const struct model *model)
{
    for (const struct ast_stmt *s = list; s; s = s->next) {
        if (orders_everything(s, lower_call_prim(model, s)))
            return true;
        if (calls_full_barrier(s->body, model) || calls_full_barrier(s->else_body, model))
            return true;
    }
    return false;
}

enum cut_places lower_cut_places(const struct ast_decl *kernel, const struct model *model,
                                 bool turns)
{
    if (kernel->multicore || !kernel->cores || kernel->cores->next || kernel->cores->count) {
        if (!turns)
            return CUT_NOWHERE;   /* the cores' choices multiply: no state to meet in */
        for (const struct ast_core *ac = kernel->cores; ac; ac = ac->next)
            if (calls_full_barrier(ac->body, model))
                return CUT_AT_BARRIERS;
        return CUT_NOWHERE;
    }
    if (lower_all_interlocked(kernel->cores->body, model)
        && !lower_calls_flags(kernel->cores->body, model))
        return CUT_ANYWHERE;
    return calls_full_barrier(kernel->cores->body, model) ? CUT_AT_BARRIERS : CUT_NOWHERE;
}

void lower_flow_signal(struct lowerer *L, int channel, const struct ast_stmt *s)
{
    while (L->flows.len <= (size_t)channel) {
        struct channel_flow empty = {0};
        VEC_PUSH(L->flows, empty);
    }
    VEC_PUSH(L->flows.items[channel].signals, s);
}

void lower_flow_wait(struct lowerer *L, int channel)
{
    while (L->flows.len <= (size_t)channel) {
        struct channel_flow empty = {0};
        VEC_PUSH(L->flows, empty);
    }
    struct channel_flow *f = &L->flows.items[channel];
    if (++f->waits > f->signals.len)
        L->no_cuts = true;   /* it waits for a later signal: what follows may never start */
}

void lower_flows_free(struct lowerer *L)
{
    for (size_t c = 0; c < L->flows.len; c++)
        VEC_FREE(L->flows.items[c].signals);
    VEC_FREE(L->flows);
    VEC_FREE(L->prefix_hash);
}

void lower_try_cut_at_access(struct lowerer *L, const struct ast_stmt *access)
{
    /* where runs meet again: the first access after an if (?) or after new choices */
    if (L->path->cuts->places != CUT_ANYWHERE || L->path->taken.used == L->choices_at_try)
        return;
    L->choices_at_try = L->path->taken.used;
    lower_try_cut(L, access);
}

void lower_try_cut_at_choice(struct lowerer *L, const struct ast_stmt *choice)
{
    if (L->path->cuts->places == CUT_ANYWHERE)
        lower_try_cut(L, choice);
}

void lower_try_cut(struct lowerer *L, const struct ast_stmt *at)
{
    bool in_turn = L->path->turns && L->core == L->path->turn;
    if (!L->path->cuts || L->path->counting || L->stopped || L->no_cuts || L->turn_cut
        || (L->p->ncores != 1 && !in_turn) || L->alt)
        return;     /* inside a merged side the run stands for no path of its own */
    VEC(int64_t) key = {0};
    VEC_PUSH(key, (int64_t)(intptr_t)at);
    VEC_PUSH(key, (int64_t)L->iters.len);
    for (size_t i = 0; i < L->iters.len; i++)
        VEC_PUSH(key, L->iters.items[i].value);
    bool waiting = false;
    for (size_t c = 0; c < L->flows.len && !waiting; c++) {
        const struct channel_flow *f = &L->flows.items[c];
        waiting = f->waits > f->signals.len;   /* a wait for a later signal: no cut */
        if (waiting || f->waits == f->signals.len)
            continue;
        const struct lw_channel *ch = &L->channels.items[c];   /* by identity, not index */
        VEC_PUSH(key, (int64_t)ch->core);
        VEC_PUSH(key, (int64_t)ch->bank);
        VEC_PUSH(key, (int64_t)ch->src);
        VEC_PUSH(key, (int64_t)ch->dst);
        VEC_PUSH(key, ch->id);
        VEC_PUSH(key, (int64_t)(f->signals.len - f->waits));
        for (size_t k = f->waits; k < f->signals.len; k++)
            VEC_PUSH(key, (int64_t)(intptr_t)f->signals.items[k]);
    }
    size_t n = L->prefix_hash.len;
    if (!waiting && seen_from_elsewhere(L->path->cuts, key.items, key.len,
                                        n ? L->prefix_hash.items[n - 1] : 0, n)) {
        if (in_turn) {
            L->turn_cut = true;   /* the other cores wait at barriers further on: go on */
        } else {
            L->cut = true;
            L->stopped = true;   /* every loop of the lowering ends here; lower_kernel tells
                                  * apart */
        }
    }
    VEC_FREE(key);
}
