/* Value names of rule 10 (docs/semantics.md §3): a read binds `as v`, `use v;` needs it. The
 * names are lexical: a binding is seen by the statements after it in its block and in the
 * blocks inside those, never outside its block (an `if` side, a loop body, a `{ }`), so a
 * use sees a binding exactly when one is made on every path to it. This pass checks the names
 * once per file, before any kernel is lowered, and numbers each binding (ast_stmt.value_slot)
 * so that the lowering finds the read a use needs without looking names up. */
#include "values.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The names a statement list sees, innermost first. */
enum name_kind { NAME_GLOBAL, NAME_LET, NAME_LOOP, NAME_VALUE };

struct seen_name {
    const char *name;
    enum name_kind kind;
    const struct ast_stmt *stmt;    /* NAME_VALUE: the binding access */
    struct as_loc loc;
    const struct seen_name *next;
};

struct value_check {
    struct ast_program *prog;
    struct diag_list *diags;
};

static const char *kind_word(enum name_kind k)
{
    switch (k) {
    case NAME_GLOBAL:
        return "a param or const";
    case NAME_LET:
        return "a let";
    case NAME_LOOP:
        return "a loop variable";
    case NAME_VALUE:
        break;
    }
    return "a value bound with 'as'";
}

static const struct seen_name *find(const struct seen_name *s, const char *name)
{
    for (; s; s = s->next)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

static void fail(struct value_check *vc, struct as_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(struct value_check *vc, struct as_loc loc, const char *fmt, ...)
{
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    diag_addf(vc->diags, CHECK_INPUT_ERROR, SEV_ERROR, loc, "%s", msg);
}

static void check_list(struct value_check *vc, struct ast_stmt *list, const struct seen_name *outer);

/* A new name of `kind` may not be one the block already sees as something else, nor a value
 * of this very block. */
static bool may_bind(struct value_check *vc, const char *name, struct as_loc loc,
                     enum name_kind kind, const struct seen_name *scope,
                     const struct seen_name *block_start)
{
    const struct seen_name *old = find(scope, name);
    if (!old || (old->kind != NAME_VALUE && kind != NAME_VALUE))
        return true;   /* lets, loop variables and globals keep the lowering's own rules */
    bool same_block = false;
    for (const struct seen_name *s = scope; s && s != block_start; s = s->next)
        same_block |= s == old;
    if (old->kind == NAME_VALUE && kind == NAME_VALUE && !same_block)
        return true;   /* an inner block may bind the name again */
    if (old->kind == NAME_VALUE && kind == NAME_VALUE)
        fail(vc, loc, "'%s' is already bound by an 'as' in this block (line %d)", name,
             old->loc.line);
    else if (kind == NAME_VALUE)
        fail(vc, loc, "'%s' is already %s; a value bound with 'as' needs a name of its own",
             name, kind_word(old->kind));
    else
        fail(vc, loc, "'%s' is already a value bound with 'as' (line %d); %s needs a name of "
             "its own", name, old->loc.line, kind_word(kind));
    return false;
}

static void check_use(struct value_check *vc, struct ast_stmt *s, const struct seen_name *scope)
{
    const struct seen_name *b = find(scope, s->name);
    if (b && b->kind == NAME_VALUE) {
        s->value_slot = b->stmt->value_slot;
        return;
    }
    if (b)
        fail(vc, s->name_loc, "'%s' is %s, not a value bound with 'as'", s->name,
             kind_word(b->kind));
    else
        fail(vc, s->name_loc,
             "use of '%s', which no read binds on every path to it (bind it with "
             "'... as %s;' before, in this block or one around it)", s->name, s->name);
}

static void check_list(struct value_check *vc, struct ast_stmt *list, const struct seen_name *outer)
{
    /* The names this block adds sit in front of outer, one node per statement at most. */
    size_t n = 0;
    for (struct ast_stmt *s = list; s; s = s->next)
        n += s->kind == STMT_LET || (s->kind == STMT_ACCESS && s->bind);
    struct seen_name *mine = n ? arena_alloc(&vc->prog->arena, n * sizeof(*mine)) : NULL;
    const struct seen_name *scope = outer;
    size_t used = 0;
    for (struct ast_stmt *s = list; s; s = s->next) {
        switch (s->kind) {
        case STMT_LET:
        case STMT_ACCESS: {
            bool is_let = s->kind == STMT_LET;
            const char *name = is_let ? s->name : s->bind;
            if (!name)
                break;
            struct as_loc loc = is_let ? s->name_loc : s->bind_loc;
            enum name_kind kind = is_let ? NAME_LET : NAME_VALUE;
            if (!may_bind(vc, name, loc, kind, scope, outer))
                break;
            if (!is_let)
                s->value_slot = vc->prog->nvalues++;
            mine[used] = (struct seen_name){name, kind, s, loc, scope};
            scope = &mine[used++];
            break;
        }
        case STMT_FOR: {
            if (!may_bind(vc, s->name, s->name_loc, NAME_LOOP, scope, outer))
                break;
            struct seen_name var = {s->name, NAME_LOOP, s, s->name_loc, scope};
            check_list(vc, s->body, &var);
            break;
        }
        case STMT_IF:
            check_list(vc, s->body, scope);
            check_list(vc, s->else_body, scope);
            break;
        case STMT_BLOCK:
            check_list(vc, s->body, scope);
            break;
        case STMT_USE:
            check_use(vc, s, scope);
            break;
        case STMT_CALL:
            break;
        }
    }
}

void values_check(struct ast_program *p, struct diag_list *diags)
{
    struct value_check vc = {.prog = p, .diags = diags};
    /* The params and consts every kernel sees, in front of its statements. */
    const struct seen_name *globals = NULL;
    for (const struct ast_decl *d = p->decls; d; d = d->next) {
        if (d->kind != DECL_PARAM && d->kind != DECL_CONST)
            continue;
        struct seen_name *g = arena_alloc(&p->arena, sizeof(*g));
        *g = (struct seen_name){d->name, NAME_GLOBAL, NULL, d->name_loc, globals};
        globals = g;
    }
    for (const struct ast_decl *d = p->decls; d; d = d->next)
        if (d->kind == DECL_KERNEL)
            for (struct ast_core *c = d->cores; c; c = c->next)
                check_list(&vc, c->body, globals);
}
