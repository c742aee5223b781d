/* Access statements: resolves `UNIT OP writes <- reads;` and its shorter forms against the
 * model (unit, op table, spaces each unit may touch) and emits the access instruction. */
#include <string.h>

#include "lower_internal.h"

static bool is_model_unit(const struct model *m, const char *name)
{
    for (int i = 0; i < m->ncoretypes; i++)
        if (model_unit_index(&m->coretypes[i], name) >= 0)
            return true;
    return false;
}

/* "IO or MOVE": the units an op table entry may run on, for messages. */
static const char *op_units(struct arena *a, const struct model_op *te)
{
    const char *out = te->units[0];
    for (int i = 1; i < te->nunits; i++)
        out = arena_printf(a, "%s%s%s", out, i + 1 == te->nunits ? " or " : ", ", te->units[i]);
    return out;
}

int lower_local_unit(struct lowerer *L, const char *name, struct as_loc loc)
{
    int u = model_unit_index(L->ct, name);
    if (u < 0) {
        char units[256];
        lower_report(L, CHECK_BAD_UNIT, loc,
                     "unit '%s' does not exist on core type %s (its units: %s)", name,
                     L->ct->name, model_unit_names(L->ct, units, sizeof(units)));
    }
    return u;
}

static void check_space(struct lowerer *L, const struct model_unit *mu,
                        const struct model_op *te, const struct mem_region *r,
                        const struct ast_region *ar, bool write)
{
    int space = L->p->buffers[r->buffer].space;
    uint64_t bit = (uint64_t)1 << space;
    const char *sname = L->model->spaces[space].name;
    if (!((write ? mu->writes : mu->reads) & bit)) {
        lower_report(L, CHECK_BAD_UNIT, ar->loc, "unit %s may not %s %s (buffer '%s')",
                     mu->name, write ? "write" : "read", sname, ar->buffer);
        return;
    }
    uint64_t allowed = te ? (write ? te->write_spaces : te->read_spaces) : 0;
    if (allowed && !(allowed & bit))
        lower_report(L, CHECK_BAD_UNIT, ar->loc, "op '%s' does not %s %s (buffer '%s')",
                     te->name, write ? "write" : "read", sname, ar->buffer);
}

static int count_regions(const struct ast_region *list)
{
    int n = 0;
    for (const struct ast_region *r = list; r; r = r->next)
        n++;
    return n;
}

/* The regions of `list` that lower, into out (room for all of them); how many. */
static int lower_regions(struct lowerer *L, const struct ast_region *list,
                         const struct scope *env, const struct model_unit *mu,
                         const struct model_op *te, bool write, struct mem_region *out)
{
    int kept = 0;
    for (const struct ast_region *r = list; r && !L->stopped; r = r->next) {
        if (!lower_region(L, r, env, &out[kept]))
            continue;
        check_space(L, mu, te, &out[kept], r, write);
        kept++;
    }
    return kept;
}

struct access_words access_words(const struct model *model, const struct ast_stmt *s)
{
    if (s->opword)
        return (struct access_words){s->head, s->opword, s->opword_loc, s->writes};
    if (is_model_unit(model, s->head)) {
        if (!s->writes || s->writes->indices)   /* `UNIT a[...]`: no op */
            return (struct access_words){s->head, NULL, s->head_loc, s->writes};
        return (struct access_words){s->head, s->writes->buffer, s->writes->name_loc,
                                     s->writes->next};
    }
    return (struct access_words){NULL, s->head, s->head_loc, s->writes};
}

const char *lw_op(const struct lw_program *p, const struct lw_ins *x)
{
    if (x->kind == INS_USE)
        return "use";
    return x->kind == INS_ACCESS ? access_words(p->model, x->stmt).op : x->stmt->name;
}

/* `... as v;` binds the value of a read on the issuer (rule 10), which must be a fifo or
 * sync unit: the end of a read there is also the end of everything before it on the unit,
 * which is what the clocks can say (docs/semantics.md §4). */
static bool check_binding(struct lowerer *L, const struct ast_stmt *s, int u)
{
    const struct model_unit *issuer = &L->ct->units[L->ct->issuer];
    if (u != L->ct->issuer) {
        lower_fail(L, CHECK_INPUT_ERROR, s->bind_loc,
                   "only a read on the issuer (%s on core type %s) binds a value; this access "
                   "runs on %s", issuer->name, L->ct->name, L->ct->units[u].name);
        return false;
    }
    if (issuer->cls == UNIT_PIPELINED) {
        lower_fail(L, CHECK_INPUT_ERROR, s->bind_loc,
                   "model %s's issuer %s is pipelined: a value read there cannot be bound",
                   L->model->name, issuer->name);
        return false;
    }
    return true;   /* and it reads: `as` is a word only after `<-` (grammar/pir.l) */
}

/* The op, its table entry and unit of access s on the current core type; false (reported)
 * when it has none. */
static bool resolve_access(struct lowerer *L, const struct ast_stmt *s, struct stmt_memo *m)
{
    struct as_loc unit_loc = s->head_loc;
    struct access_words aw = access_words(L->model, s);
    const char *unit = aw.unit, *op = aw.op;
    struct as_loc op_loc = aw.op_loc;
    const struct ast_region *writes = aw.writes;
    if (!op) {
        lower_fail(L, CHECK_INPUT_ERROR, s->head_loc,
                   "missing op name after unit '%s' (write UNIT OP writes <- reads;)", s->head);
        return false;
    }

    const struct model_op *te = model_op_find(L->model, op);
    int u;
    if (unit) {
        u = lower_local_unit(L, unit, unit_loc);
        if (u < 0)
            return false;
        if (!te && !model_unit_runs_op(L->model, L->ct, u, op)) {   /* a listed op on the
                                                                     * wrong unit: bad-unit */
            const char *near = model_unit_nearest_op(L->model, L->ct, u, op);
            lower_fail(L, CHECK_UNKNOWN_NAME, op_loc, "unknown op '%s' on unit %s of model %s%s%s%s",
                       op, unit, L->model->name, near ? " (did you mean '" : "", near ? near : "",
                       near ? "'?)" : "");
            return false;
        }
        if (te && !model_op_runs_on(te, unit))
            lower_report(L, CHECK_BAD_UNIT, op_loc, "op '%s' runs on %s, not on %s", op,
                         op_units(&L->p->arena, te), unit);
    } else {
        if (!te) {
            lower_fail(L, CHECK_UNKNOWN_NAME, op_loc,
                       "unknown op '%s': model %s's op table does not list it; write its "
                       "unit explicitly (UNIT %s ...)",
                       op, L->model->name, op);
            return false;
        }
        unit = te->unit;
        u = model_unit_index(L->ct, unit);
        if (u < 0) {
            lower_report(L, CHECK_BAD_UNIT, op_loc,
                         "op '%s' runs on %s, which core type %s does not have", op, unit,
                         L->ct->name);
            return false;
        }
    }
    if (count_regions(writes) > LOWER_MAX_REGIONS || count_regions(s->reads) > LOWER_MAX_REGIONS) {
        lower_fail(L, CHECK_LIMIT_EXCEEDED, s->loc, "access has more than %d write or read regions",
                   LOWER_MAX_REGIONS);
        return false;
    }
    if (s->bind && !check_binding(L, s, u))
        return false;
    m->op = op;
    m->te = te;
    m->writes = writes;
    m->unit = u;
    model_op_attrs(L->model, op, &m->blocking, &m->interlocked);
    m->atomic = model_op_atomic(L->model, op);
    return true;
}

/* Regions w (nw writes, then nr reads) as the program keeps them, as the index of the first
 * in the program's regions: those of one of the statement's recent instructions when they
 * are the same, else a copy appended there. At 10^7 events the regions were a tenth of the
 * memory, most of them copies of the one before or of the one a buffer rotation before.
 * False (reported) past LOWER_MAX_REGIONS_IN_ALL. */
static bool keep_regions(struct lowerer *L, const struct ast_stmt *s, const struct mem_region *w,
                         int nw, int nr, uint32_t *first)
{
    struct stmt_memo *memo = lower_memo_find(L, s);
    int n = nw + nr;
    const struct mem_region *kept = L->region_block.p;
    for (int k = 0; memo && k < MEMO_REGIONS; k++) {
        const struct mem_region *have = kept + memo->regions[k].first;
        if (memo->regions[k].n == n && memo->regions[k].nwrites == nw
            && (n == 0 || (have[0].lo == w[0].lo && have[0].memory == w[0].memory))
            && memcmp(have, w, (size_t)n * sizeof(*w)) == 0) {
            *first = memo->regions[k].first;
            return true;
        }
    }
    if (L->nregions + (size_t)n > LOWER_MAX_REGIONS_IN_ALL) {
        lower_fail(L, CHECK_LIMIT_EXCEEDED, s->loc,
                   "kernel '%s' has more than %llu access regions in all, more than one run "
                   "can number",
                   L->p->kernel, (unsigned long long)LOWER_MAX_REGIONS_IN_ALL);
        return false;
    }
    xbig_reserve(&L->region_block, (L->nregions + (size_t)n) * sizeof(*w));
    *first = (uint32_t)L->nregions;
    memcpy((struct mem_region *)L->region_block.p + L->nregions, w, (size_t)n * sizeof(*w));
    L->nregions += (size_t)n;
    if (memo) {
        int k = memo->regions_next;
        memo->regions[k].first = *first;
        memo->regions[k].n = n;
        memo->regions[k].nwrites = nw;
        memo->regions_next = (k + 1) % MEMO_REGIONS;
    }
    return true;
}

void lower_access(struct lowerer *L, const struct ast_stmt *s, const struct scope *env)
{
    if (s->value_slot >= 0)   /* until this run of it emits its read */
        L->value_read[s->value_slot] = NO_VALUE_READ;
    const struct stmt_memo *known = lower_memo_find(L, s);
    struct stmt_memo m = {.stmt = s, .ct = L->ct};
    if (known) {
        m = *known;
    } else {
        size_t ndiags = L->diags->len;
        if (!resolve_access(L, s, &m))
            return;
        lower_memo_put(L, &m, ndiags);
    }
    int u = m.unit;
    const struct model_op *te = m.te;
    const struct model_unit *mu = &L->ct->units[u];
    /* One array for both lists, the reads right after the writes (lw_reads). */
    size_t room = (size_t)(count_regions(m.writes) + count_regions(s->reads));
    if (L->scratch.cap < room) {
        L->scratch.cap = room;
        L->scratch.items = xrealloc_array(L->scratch.items, room, sizeof(*L->scratch.items));
    }
    struct mem_region *w = L->scratch.items;
    int nw = lower_regions(L, m.writes, env, mu, te, true, w);
    int nr = lower_regions(L, s->reads, env, mu, te, false, w + nw);
    if (L->stopped)
        return;
    uint32_t first;
    if (!keep_regions(L, s, w, nw, nr, &first))
        return;
    struct lw_ins *ins = lower_emit(L, INS_ACCESS, u, m.blocking, s);
    if (!ins)
        return;
    L->p->units[ins->unit].has_access = true;
    ins->interlocked = m.interlocked;
    ins->atomic = m.atomic;
    ins->access.first_region = first;
    ins->access.nwrites = (uint16_t)nw;
    ins->access.nreads = (uint16_t)nr;
    if (s->value_slot >= 0 && nr > 0)
        L->value_read[s->value_slot] = (uint32_t)(ins - L->ins);
    if (L->path->cuts)
        lower_try_cut_at_access(L, s);
}

void lower_use(struct lowerer *L, const struct ast_stmt *s)
{
    uint32_t read = s->value_slot >= 0 ? L->value_read[s->value_slot] : NO_VALUE_READ;
    if (read == NO_VALUE_READ)
        return;   /* its read was dropped, and reported: nothing to wait for */
    struct lw_ins *ins = lower_emit(L, INS_USE, -1, false, s);
    if (ins)
        ins->value_read = read;
}
