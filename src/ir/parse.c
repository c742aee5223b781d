/* The PIR front-end driver: runs the reentrant lexer and parser over a source, then makes
 * sure the tree is shallow enough for the recursive passes that will walk it. */
#include "parse.h"

#include <limits.h>
#include <stdlib.h>

#include "../util/xalloc.h"
#include "pir.tab.h"
#include "pir.lex.h"
#include "values.h"

#define DEFAULT_MAX_DEPTH 1000

/* ----------------------------------------------------------------- depth check */

/* Bison's stack only sees open constructs, but a tree can be deep without them:
 * `1+1+...+1` or `if (c) if (c) ...`. Later passes recurse over the tree, so its depth
 * is checked here, with an explicit stack instead of recursion. */
struct depth_item {
    const struct ast_expr *expr;    /* exactly one of expr, stmt is set */
    const struct ast_stmt *stmt;
    int depth;
};

struct depth_walk {
    VEC(struct depth_item) stack;
    int max_depth;
    int deepest;                    /* the deepest node seen */
    const struct as_loc *too_deep;  /* the first node past the limit */
};

static void push_expr(struct depth_walk *w, const struct ast_expr *e, int depth)
{
    if (e)
        VEC_PUSH(w->stack, ((struct depth_item){.expr = e, .depth = depth}));
}

static void push_exprs(struct depth_walk *w, const struct ast_expr *list, int depth)
{
    for (; list; list = list->next)
        push_expr(w, list, depth);
}

static void push_stmts(struct depth_walk *w, const struct ast_stmt *list, int depth)
{
    for (; list; list = list->next)
        VEC_PUSH(w->stack, ((struct depth_item){.stmt = list, .depth = depth}));
}

static void push_regions(struct depth_walk *w, const struct ast_region *r, int depth)
{
    for (; r; r = r->next) {
        for (const struct ast_index *ix = r->indices; ix; ix = ix->next) {
            push_expr(w, ix->a, depth);
            push_expr(w, ix->b, depth);
        }
    }
}

static void push_stmt_children(struct depth_walk *w, const struct ast_stmt *s, int depth)
{
    push_expr(w, s->value, depth);
    push_expr(w, s->lo, depth);
    push_expr(w, s->hi, depth);
    push_expr(w, s->step, depth);
    push_expr(w, s->cond, depth);
    push_exprs(w, s->args, depth);
    push_regions(w, s->writes, depth);
    push_regions(w, s->reads, depth);
    push_stmts(w, s->body, depth);
    push_stmts(w, s->else_body, depth);
}

static void push_decl(struct depth_walk *w, const struct ast_decl *d)
{
    push_expr(w, d->value, 1);
    push_expr(w, d->lo, 1);
    push_expr(w, d->hi, 1);
    push_exprs(w, d->dims, 1);
    push_expr(w, d->at, 1);
    for (const struct ast_core *c = d->cores; c; c = c->next) {
        push_expr(w, c->count, 1);
        push_stmts(w, c->body, 1);
    }
}

/* Reverses the items pushed since `start`, so that they pop in source order and the node
 * reported is the first one too deep in the file. */
static void pop_in_source_order(struct depth_walk *w, size_t start)
{
    for (size_t i = start, j = w->stack.len; i + 1 < j; i++, j--) {
        struct depth_item tmp = w->stack.items[i];
        w->stack.items[i] = w->stack.items[j - 1];
        w->stack.items[j - 1] = tmp;
    }
}

static void walk_depth(struct depth_walk *w)
{
    while (w->stack.len > 0 && !w->too_deep) {
        struct depth_item it = w->stack.items[--w->stack.len];
        size_t start = w->stack.len;
        if (it.depth > w->deepest)
            w->deepest = it.depth;
        if (it.depth > w->max_depth) {
            w->too_deep = it.expr ? &it.expr->loc : &it.stmt->loc;
        } else if (it.expr) {
            push_expr(w, it.expr->lhs, it.depth + 1);
            push_expr(w, it.expr->rhs, it.depth + 1);
        } else {
            push_stmt_children(w, it.stmt, it.depth + 1);
        }
        pop_in_source_order(w, start);
    }
}

static void check_depth(struct ast_program *p, int max_depth, struct diag_list *diags)
{
    struct depth_walk w = {.max_depth = max_depth};
    for (const struct ast_decl *d = p->decls; d && !w.too_deep; d = d->next) {
        push_decl(&w, d);
        pop_in_source_order(&w, 0);
        walk_depth(&w);
    }
    if (w.too_deep)
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, *w.too_deep,
                  "nesting deeper than %d levels (--max-depth)", max_depth);
    if (w.deepest > p->depth_reached)
        p->depth_reached = w.deepest;
    VEC_FREE(w.stack);
}

/* ----------------------------------------------------------------- driver */

static void run_parser(struct pir_state *st, const struct source *src)
{
    yyscan_t scanner;
    if (pir_yylex_init_extra(st, &scanner) != 0)
        xalloc_die();
    YY_BUFFER_STATE buffer = pir_yy_scan_bytes(src->text, (int)src->len, scanner);
    pir_yyparse(scanner, st);
    pir_yy_delete_buffer(buffer, scanner);
    pir_yylex_destroy(scanner);
}

static void link_globals(struct ast_program *p)
{
    struct ast_decl **tail = &p->globals;
    for (struct ast_decl *d = p->decls; d; d = d->next)
        if (d->kind != DECL_KERNEL) {
            *tail = d;
            tail = &d->next_global;
        }
    *tail = NULL;
}

int pir_max_depth(const struct parse_limits *limits)
{
    int max_depth = limits && limits->max_depth > 0 ? limits->max_depth : DEFAULT_MAX_DEPTH;
    return max_depth > PIR_MAX_DEPTH ? PIR_MAX_DEPTH : max_depth;   /* what bison's stack holds */
}

struct ast_program *pir_parse(const struct source *src, const struct parse_limits *limits,
                              struct diag_list *diags)
{
    struct ast_program *p = xcalloc(1, sizeof(*p));
    arena_init(&p->arena);
    p->src = src;

    int max_depth = pir_max_depth(limits);
    struct pir_state st = {
        .prog = p,
        .diags = diags,
        .max_tokens = limits ? limits->max_tokens : 0,
        .max_depth = max_depth,
        .line = 1,
        .col = 1,
    };
    /* Flex counts buffer sizes in int. */
    if (src->len > (size_t)INT_MAX - 2) {
        struct as_loc loc = {src->path, 1, 1, 1};
        diag_addf(diags, CHECK_LIMIT_EXCEEDED, SEV_ERROR, loc,
                  "file is too large to parse (more than %d bytes)", INT_MAX - 2);
        return p;
    }
    size_t errors_before = diags->errors;
    run_parser(&st, src);
    interns_free(&st.names);
    p->tokens = st.tokens;
    p->depth_reached = st.brackets_max;
    if (!st.stopped)
        check_depth(p, max_depth, diags);
    /* A whole tree, shallow enough for the recursive pass over the value names. */
    if (!st.stopped && diags->errors == errors_before)
        values_check(p, diags);
    link_globals(p);
    return p;
}

void ast_program_free(struct ast_program *p)
{
    if (!p)
        return;
    arena_free(&p->arena);
    free(p);
}
