/* Mutation operators: each finds its sites in the syntax tree of a clean kernel and makes a
 * mutant by editing the source text there (deleting, moving or rewriting statements and
 * arguments), so a mutant is the user's own file with one bug in it. The names and what each
 * one does are in docs/mutation.md. */
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "mutate.h"

static const char *const op_names[MUT_COUNT] = {
    "delete-wait", "delete-signal", "delete-pair", "delete-barrier", "weaken-barrier",
    "move-wait-down", "move-signal-up", "swap-event-id", "swap-unit", "retarget-slot",
    "drop-guard", "invert-guard", "swap-pair-order", "delete-cross-core-set",
    "delete-cross-core-wait", "change-cross-core-mode", "delete-cluster-barrier",
    "shrink-loop-prologue", "drop-use",
};

const char *mutation_op_name(enum mutation_op op) { return op_names[op]; }

int mutation_op_find(const char *name)
{
    for (int i = 0; i < MUT_COUNT; i++)
        if (strcmp(op_names[i], name) == 0)
            return i;
    return -1;
}

/* ---------------------------------------------------------------- text edits */

struct edit {
    size_t begin, end;          /* replaced bytes [begin, end) of the original */
    const char *insert;
};

struct gen {
    const struct file_result *r;
    const struct source *src;
    const struct model *model;
    const struct model_coretype *ct;    /* of the core being walked */
    uint32_t ops;
    struct mutant_list *out;
    struct arena scratch;
};

static size_t offset_of(const struct gen *g, struct as_loc loc)
{
    return g->src->line_starts[loc.line - 1] + (size_t)(loc.col - 1);
}

/* The bytes of a one-line statement, `;` included; false when its span is not that. */
static bool stmt_span(const struct gen *g, const struct ast_stmt *s, size_t *begin, size_t *end)
{
    *begin = offset_of(g, s->loc);
    *end = *begin + (size_t)s->loc.len;
    return *end <= g->src->len && *end > *begin && g->src->text[*end - 1] == ';';
}

static const char *slice(struct gen *g, struct as_loc loc)
{
    size_t b = offset_of(g, loc);
    return arena_strndup(&g->scratch, g->src->text + b, (size_t)loc.len);
}

static int by_begin(const void *x, const void *y)
{
    const struct edit *a = x, *b = y;
    return a->begin < b->begin ? -1 : a->begin > b->begin;
}

static void emit(struct gen *g, enum mutation_op op, int line, struct edit *edits, size_t n)
{
    qsort(edits, n, sizeof(*edits), by_begin);
    size_t len = g->src->len;
    for (size_t k = 0; k < n; k++)
        len += strlen(edits[k].insert) - (edits[k].end - edits[k].begin);
    char *text = xmalloc(len + 1), *w = text;
    size_t at = 0;
    for (size_t k = 0; k < n; k++) {
        memcpy(w, g->src->text + at, edits[k].begin - at);
        w += edits[k].begin - at;
        size_t il = strlen(edits[k].insert);
        memcpy(w, edits[k].insert, il);
        w += il;
        at = edits[k].end;
    }
    memcpy(w, g->src->text + at, g->src->len - at);
    w += g->src->len - at;
    *w = '\0';
    struct mutant m = {op, line, text, (size_t)(w - text)};
    VEC_PUSH(*g->out, m);
}

static bool wanted(const struct gen *g, enum mutation_op op) { return (g->ops >> op) & 1; }

/* ---------------------------------------------------------------- statements */

static const struct model_prim *prim_of(const struct gen *g, const struct ast_stmt *s)
{
    return s->kind == STMT_CALL ? model_prim_find(g->model, s->name) : NULL;
}

static bool is_prim(const struct gen *g, const struct ast_stmt *s, enum prim_kind kind)
{
    const struct model_prim *p = prim_of(g, s);
    return p && p->kind == kind;
}

static const struct ast_expr *arg(const struct ast_stmt *s, int k)
{
    const struct ast_expr *e = s->args;
    while (e && k-- > 0)
        e = e->next;
    return e;
}

/* The unit an access statement runs on, as the lowering resolves it. */
static const char *access_unit(const struct gen *g, const struct ast_stmt *s)
{
    if (s->opword || model_unit_index(g->ct, s->head) >= 0)
        return s->head;
    const struct model_op *op = model_op_find(g->model, s->head);
    return op ? op->unit : NULL;
}

static bool same_args(struct gen *g, const struct ast_stmt *a, const struct ast_stmt *b)
{
    if (a->nargs != b->nargs)
        return false;
    for (int k = 0; k < a->nargs; k++) {
        const struct ast_expr *x = arg(a, k), *y = arg(b, k);
        if (!x || !y || strcmp(slice(g, x->loc), slice(g, y->loc)) != 0)
            return false;
    }
    return true;
}

static void delete_stmt(struct gen *g, enum mutation_op op, const struct ast_stmt *s)
{
    size_t b, e;
    if (!stmt_span(g, s, &b, &e))
        return;
    struct edit ed = {b, e, ""};
    emit(g, op, s->loc.line, &ed, 1);
}

static void replace_arg(struct gen *g, enum mutation_op op, const struct ast_stmt *s, int k,
                        const char *text)
{
    const struct ast_expr *a = arg(s, k);
    if (!a)
        return;
    size_t b = offset_of(g, a->loc);
    struct edit ed = {b, b + (size_t)a->loc.len, text};
    emit(g, op, s->loc.line, &ed, 1);
}

/* pipe_barrier(ALL) -> one unit; a fixed or masked barrier -> one that drains fewer units. */
static void weaken_barrier(struct gen *g, const struct ast_stmt *s, const struct model_prim *p)
{
    int line = s->loc.line;
    if (p->form == BAR_UNIT_ARG) {
        const struct ast_expr *a = arg(s, 0);
        if (!a || a->kind != EXPR_NAME || !p->all_word || strcmp(a->name, p->all_word) != 0)
            return;
        for (int u = 0; u < g->ct->nunits; u++)
            replace_arg(g, MUT_WEAKEN_BARRIER, s, 0, g->ct->units[u].name);
        return;
    }
    if (p->form == BAR_UNIT_PAIR)
        return;   /* one unit to one unit: nothing weaker to become */
    size_t b, e;
    if (!stmt_span(g, s, &b, &e))
        return;
    if (p->form == BAR_MASK_ARGS) {
        int k = p->nmask;
        int bits[2 * MODEL_MAX_UNITS];
        if (s->nargs == 0) {
            for (int i = 0; i < 2 * k; i++)
                bits[i] = 1;
        } else if (s->nargs == 2 * k) {
            for (int i = 0; i < 2 * k; i++) {
                const struct ast_expr *a = arg(s, i);
                if (!a || a->kind != EXPR_NUM)
                    return;
                bits[i] = a->num != 0;
            }
        } else {
            return;
        }
        int set[2 * MODEL_MAX_UNITS], nset = 0;
        for (int i = 0; i < 2 * k; i++)
            if (bits[i])
                set[nset++] = i;
        /* one mutant per flag that can be cleared while F and T stay non-empty */
        for (int c = 0; c < nset; c++) {
            int half = set[c] < k ? 0 : k, left = 0;
            for (int i = half; i < half + k; i++)
                left += bits[i] && i != set[c];
            if (!left)
                continue;
            char *t = arena_printf(&g->scratch, "%s(", p->name);
            for (int i = 0; i < 2 * k; i++)
                t = arena_printf(&g->scratch, "%s%s%d", t, i ? ", " : "", bits[i] && i != set[c]);
            struct edit ed = {b, e, arena_printf(&g->scratch, "%s);", t)};
            emit(g, MUT_WEAKEN_BARRIER, line, &ed, 1);
        }
        return;
    }
    /* BAR_FIXED: another fixed barrier whose from set is a strict subset, same or fewer T */
    const struct model_prim *best[64];
    size_t nbest = 0;
    for (int i = 0; i < g->model->nprims && nbest < 64; i++) {
        const struct model_prim *q = &g->model->prims[i];
        if (q == p || q->kind != PRIM_BARRIER || q->form != BAR_FIXED)
            continue;
        bool from_subset = p->from.all ? !q->from.all : false;
        bool to_subset = p->to.all || !q->to.all;
        if (from_subset && to_subset)
            best[nbest++] = q;
    }
    for (size_t i = 0; i < nbest; i++) {
        struct edit ed = {b, e, arena_printf(&g->scratch, "%s();", best[i]->name)};
        emit(g, MUT_WEAKEN_BARRIER, line, &ed, 1);
    }
}

static void swap_unit(struct gen *g, const struct ast_stmt *s)
{
    const struct ast_expr *src = arg(s, 0), *dst = arg(s, 1);
    if (!src || !dst || src->kind != EXPR_NAME || dst->kind != EXPR_NAME)
        return;
    int si = model_unit_index(g->ct, src->name), di = model_unit_index(g->ct, dst->name);
    if (si < 0 || di < 0)
        return;
    /* every other source, then every other destination, on a channel the model allows */
    for (int change_src = 1; change_src >= 0; change_src--)
        for (int u = 0; u < g->ct->nunits; u++) {
            int s2 = change_src ? u : si, d2 = change_src ? di : u;
            if (u != (change_src ? si : di) && ((g->ct->allowed_dst[s2] >> d2) & 1))
                replace_arg(g, MUT_SWAP_UNIT, s, change_src ? 0 : 1, g->ct->units[u].name);
        }
}

static void change_mode(struct gen *g, const struct ast_stmt *s)
{
    const struct ast_expr *mode = arg(s, 1);
    if (!mode || mode->kind != EXPR_NUM)
        return;
    for (int i = 0; i < g->model->xflags.nmodes; i++)
        if (g->model->xflags.modes[i].id != mode->num)
            replace_arg(g, MUT_CHANGE_CROSS_CORE_MODE, s, 1,
                        arena_printf(&g->scratch, "%d", g->model->xflags.modes[i].id));
}

static void swap_event_id(struct gen *g, const struct ast_stmt *s, int k, int64_t n)
{
    const struct ast_expr *id = arg(s, k);
    if (!id || n < 2)
        return;
    /* the next id and the previous one (one when there are only two) */
    replace_arg(g, MUT_SWAP_EVENT_ID, s, k,
                arena_printf(&g->scratch, "(%s + 1) %% %lld", slice(g, id->loc), (long long)n));
    if (n > 2)
        replace_arg(g, MUT_SWAP_EVENT_ID, s, k,
                    arena_printf(&g->scratch, "(%s + %lld) %% %lld", slice(g, id->loc),
                                 (long long)(n - 1), (long long)n));
}

/* The declared first dimension of a buffer, when it is a number of at least 2; else 0. */
static int64_t slot_count(const struct gen *g, const char *buffer)
{
    for (const struct ast_decl *d = g->r->ast->decls; d; d = d->next)
        if (d->kind == DECL_BUFFER && strcmp(d->name, buffer) == 0)
            return d->dims && d->dims->next && d->dims->kind == EXPR_NUM && d->dims->num >= 2
                       ? d->dims->num : 0;
    return 0;
}

static void retarget_slot(struct gen *g, const struct ast_stmt *s)
{
    for (int pass = 0; pass < 2; pass++) {
        for (const struct ast_region *reg = pass ? s->reads : s->writes; reg; reg = reg->next) {
            const struct ast_index *ix = reg->indices;
            int64_t n = slot_count(g, reg->buffer);
            if (!ix || ix->kind != INDEX_SLOT || n < 2 || ix->a->kind == EXPR_NUM
                || ast_region_anywhere(reg))   /* x[?]: no slot to move */
                continue;
            size_t b = offset_of(g, ix->a->loc);
            struct edit ed = {b, b + (size_t)ix->a->loc.len,
                              arena_printf(&g->scratch, "(%s + 1) %% %lld",
                                           slice(g, ix->a->loc), (long long)n)};
            emit(g, MUT_RETARGET_SLOT, s->loc.line, &ed, 1);
            return;   /* one per statement: the first slot index */
        }
    }
}

static bool contains_sync(const struct ast_stmt *s)
{
    for (; s; s = s->next) {
        if (s->kind == STMT_CALL)
            return true;
        if ((s->body && contains_sync(s->body)) || (s->else_body && contains_sync(s->else_body)))
            return true;
    }
    return false;
}

static void guards(struct gen *g, const struct ast_stmt *s)
{
    if (!s->cond || !s->body || s->cond->kind == EXPR_UNKNOWN || !contains_sync(s->body))
        return;
    if (wanted(g, MUT_INVERT_GUARD)) {
        size_t b = offset_of(g, s->cond->loc);
        struct edit ed = {b, b + (size_t)s->cond->loc.len,
                          arena_printf(&g->scratch, "!(%s)", slice(g, s->cond->loc))};
        emit(g, MUT_INVERT_GUARD, s->loc.line, &ed, 1);
    }
    if (wanted(g, MUT_DROP_GUARD) && !s->has_else) {
        /* `if (cond) BODY` -> `BODY`: cut from `if` through the `)` after the condition */
        size_t close = offset_of(g, s->cond->loc) + (size_t)s->cond->loc.len;
        while (close < g->src->len && g->src->text[close] != ')')
            close++;
        if (close == g->src->len)
            return;
        struct edit ed = {offset_of(g, s->loc), close + 1, ""};
        emit(g, MUT_DROP_GUARD, s->loc.line, &ed, 1);
    }
}

/* Moves statement s (cut) to just after (after == true) or before statement to. */
static void move_stmt(struct gen *g, enum mutation_op op, const struct ast_stmt *s,
                      const struct ast_stmt *to, bool after)
{
    size_t sb, se, tb, te;
    if (!stmt_span(g, s, &sb, &se) || !stmt_span(g, to, &tb, &te))
        return;
    const char *text = arena_strndup(&g->scratch, g->src->text + sb, se - sb);
    struct edit ed[2] = {{sb, se, ""},
                         after ? (struct edit){te, te, arena_printf(&g->scratch, " %s", text)}
                               : (struct edit){tb, tb, arena_printf(&g->scratch, "%s ", text)}};
    emit(g, op, s->loc.line, ed, 2);
}

static void list_sites(struct gen *g, const struct ast_stmt *first);

static void stmt_sites(struct gen *g, const struct ast_stmt *s, const struct ast_stmt *first)
{
    const struct model_prim *p = prim_of(g, s);
    enum prim_kind k = p ? p->kind : PRIM_SIGNAL;
    if (s->kind == STMT_FOR || s->kind == STMT_BLOCK) {
        list_sites(g, s->body);
    } else if (s->kind == STMT_IF) {
        guards(g, s);
        list_sites(g, s->body);
        list_sites(g, s->else_body);
    } else if (s->kind == STMT_ACCESS && wanted(g, MUT_RETARGET_SLOT)) {
        retarget_slot(g, s);
    } else if (s->kind == STMT_USE && wanted(g, MUT_DROP_USE)) {
        delete_stmt(g, MUT_DROP_USE, s);   /* the value is read but never waited for */
    }
    if (!p)
        return;
    if (k == PRIM_WAIT && wanted(g, MUT_DELETE_WAIT))
        delete_stmt(g, MUT_DELETE_WAIT, s);
    if (k == PRIM_SIGNAL && wanted(g, MUT_DELETE_SIGNAL))
        delete_stmt(g, MUT_DELETE_SIGNAL, s);
    if (k == PRIM_BARRIER && wanted(g, MUT_DELETE_BARRIER))
        delete_stmt(g, MUT_DELETE_BARRIER, s);
    if (k == PRIM_BARRIER && wanted(g, MUT_WEAKEN_BARRIER))
        weaken_barrier(g, s, p);
    if (k == PRIM_XSIGNAL && wanted(g, MUT_DELETE_CROSS_CORE_SET))
        delete_stmt(g, MUT_DELETE_CROSS_CORE_SET, s);
    if (k == PRIM_XWAIT && wanted(g, MUT_DELETE_CROSS_CORE_WAIT))
        delete_stmt(g, MUT_DELETE_CROSS_CORE_WAIT, s);
    if (k == PRIM_XBARRIER && wanted(g, MUT_DELETE_CLUSTER_BARRIER))
        delete_stmt(g, MUT_DELETE_CLUSTER_BARRIER, s);
    if ((k == PRIM_XSIGNAL || k == PRIM_XWAIT) && wanted(g, MUT_CHANGE_CROSS_CORE_MODE))
        change_mode(g, s);
    if ((k == PRIM_SIGNAL || k == PRIM_WAIT) && wanted(g, MUT_SWAP_EVENT_ID))
        swap_event_id(g, s, 2, g->model->flags.nids);
    if ((k == PRIM_XSIGNAL || k == PRIM_XWAIT) && wanted(g, MUT_SWAP_EVENT_ID))
        swap_event_id(g, s, 2, g->model->xflags.nflags);
    if ((k == PRIM_SIGNAL || k == PRIM_WAIT) && wanted(g, MUT_SWAP_UNIT))
        swap_unit(g, s);
    if (k == PRIM_SIGNAL && (wanted(g, MUT_DELETE_PAIR) || wanted(g, MUT_SWAP_PAIR_ORDER))) {
        for (const struct ast_stmt *w = s->next; w; w = w->next) {
            if (!is_prim(g, w, PRIM_WAIT) || !same_args(g, s, w))
                continue;
            size_t b1, e1, b2, e2;
            if (!stmt_span(g, s, &b1, &e1) || !stmt_span(g, w, &b2, &e2))
                break;
            if (wanted(g, MUT_DELETE_PAIR)) {
                struct edit ed[2] = {{b1, e1, ""}, {b2, e2, ""}};
                emit(g, MUT_DELETE_PAIR, s->loc.line, ed, 2);
            }
            if (wanted(g, MUT_SWAP_PAIR_ORDER) && w == s->next) {
                const char *st = arena_strndup(&g->scratch, g->src->text + b1, e1 - b1);
                const char *wt = arena_strndup(&g->scratch, g->src->text + b2, e2 - b2);
                struct edit ed[2] = {{b1, e1, wt}, {b2, e2, st}};
                emit(g, MUT_SWAP_PAIR_ORDER, s->loc.line, ed, 2);
            }
            break;
        }
    }
    const struct ast_expr *dst = arg(s, 1), *src = arg(s, 0);
    if (k == PRIM_WAIT && wanted(g, MUT_MOVE_WAIT_DOWN) && dst && dst->kind == EXPR_NAME) {
        for (const struct ast_stmt *a = s->next; a; a = a->next) {
            const char *u = a->kind == STMT_ACCESS ? access_unit(g, a) : NULL;
            if (u && strcmp(u, dst->name) == 0) {
                move_stmt(g, MUT_MOVE_WAIT_DOWN, s, a, true);
                break;
            }
        }
    }
    if (k == PRIM_SIGNAL && wanted(g, MUT_MOVE_SIGNAL_UP) && src && src->kind == EXPR_NAME) {
        const struct ast_stmt *last = NULL;
        for (const struct ast_stmt *a = first; a && a != s; a = a->next) {
            const char *u = a->kind == STMT_ACCESS ? access_unit(g, a) : NULL;
            if (u && strcmp(u, src->name) == 0)
                last = a;
        }
        if (last)
            move_stmt(g, MUT_MOVE_SIGNAL_UP, s, last, false);
    }
}

static void list_sites(struct gen *g, const struct ast_stmt *first)
{
    for (const struct ast_stmt *s = first; s; s = s->next) {
        stmt_sites(g, s, first);
        /* shrink-loop-prologue: the last of the sets right before a loop */
        if (s->kind == STMT_FOR && wanted(g, MUT_SHRINK_LOOP_PROLOGUE)) {
            const struct ast_stmt *prologue = NULL;
            for (const struct ast_stmt *x = first; x != s; x = x->next)
                prologue = is_prim(g, x, PRIM_SIGNAL) ? x : NULL;
            if (prologue)
                delete_stmt(g, MUT_SHRINK_LOOP_PROLOGUE, prologue);
        }
    }
}

void mutants_generate(const struct file_result *r, uint32_t ops, struct mutant_list *out)
{
    struct gen g = {.r = r, .src = r->src, .model = r->model, .ops = ops, .out = out};
    arena_init(&g.scratch);
    for (const struct ast_decl *d = r->ast->decls; d; d = d->next) {
        if (d->kind != DECL_KERNEL)
            continue;
        for (const struct ast_core *c = d->cores; c; c = c->next) {
            g.ct = c->type ? model_coretype_find(r->model, c->type)
                           : &r->model->coretypes[r->model->default_coretype];
            if (g.ct)
                list_sites(&g, c->body);
        }
    }
    arena_free(&g.scratch);
}

void mutant_list_free(struct mutant_list *l)
{
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i].text);
    free(l->items);
    memset(l, 0, sizeof(*l));
}
