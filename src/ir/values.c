/* Value names of rule 10 (docs/semantics.md §3): a read binds `as v`, `use v;` needs it. The
 * names are lexical: a binding is seen by the statements after it in its block and in the
 * blocks inside those, never outside its block (an `if` side, a loop body, a `{ }`), so a
 * use sees a binding exactly when one is made on every path to it. This pass checks the names
 * once per file, before any kernel is lowered, and numbers each binding (ast_stmt.value_slot)
 * so that the lowering finds the read a use needs without looking names up. */
#include "values.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/key_map.h"
#include "../util/xalloc.h"

/* The names a statement list sees, innermost first. */
enum name_kind { NAME_GLOBAL, NAME_LET, NAME_LOOP, NAME_VALUE };

struct seen_name {
    const char *name;
    enum name_kind kind;
    const struct ast_stmt *stmt;    /* NAME_VALUE: the binding access */
    struct as_loc loc;
    size_t block;                   /* the block that binds it (its check_list) */
};

/* The names in sight, innermost binding of each: a kernel lowered from source binds a value
 * per scalar read (tens of thousands), so a name is found by hash, not by walking them. A
 * block's bindings are undone when it ends. The parser interns names (grammar/pir.l), so a
 * name is its pointer. */
struct undo {
    size_t slot;
    const struct seen_name *top;
};

struct value_check {
    struct ast_program *prog;
    struct diag_list *diags;
    struct key_map slots;               /* name pointer -> its slot in tops */
    VEC(const struct seen_name *) tops; /* per name: its binding in sight, NULL none */
    VEC(struct undo) undo;
    size_t blocks;                      /* blocks entered so far: the next block's number */
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

static size_t slot_of(struct value_check *vc, const char *name)
{
    int64_t key[KEY_MAP_WIDTH] = {(int64_t)(intptr_t)name, 0, 0, 0};
    size_t k = (size_t)key_map_get_or_put(&vc->slots, key, (int)vc->tops.len);
    if (k == vc->tops.len)
        VEC_PUSH(vc->tops, NULL);
    return k;
}

static const struct seen_name *find(struct value_check *vc, const char *name)
{
    size_t k = slot_of(vc, name);   /* first: it may grow tops */
    return vc->tops.items[k];
}

/* Puts b in sight, in front of what its name meant, until its block ends (unbind_to). */
static void bind(struct value_check *vc, const struct seen_name *b)
{
    size_t k = slot_of(vc, b->name);
    struct undo u = {k, vc->tops.items[k]};
    VEC_PUSH(vc->undo, u);
    vc->tops.items[k] = b;
}

/* Takes the bindings made since the undo log was `len` long out of sight. */
static void unbind_to(struct value_check *vc, size_t len)
{
    while (vc->undo.len > len) {
        struct undo u = vc->undo.items[--vc->undo.len];
        vc->tops.items[u.slot] = u.top;
    }
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

static void check_list(struct value_check *vc, struct ast_stmt *list);

/* A new name of `kind` may not be one the block already sees as something else, nor a value
 * of this very block. */
static bool may_bind(struct value_check *vc, const char *name, struct as_loc loc,
                     enum name_kind kind, size_t block)
{
    const struct seen_name *old = find(vc, name);
    if (!old || (old->kind != NAME_VALUE && kind != NAME_VALUE))
        return true;   /* lets, loop variables and globals keep the lowering's own rules */
    bool same_block = old->block == block;
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

static void check_use(struct value_check *vc, struct ast_stmt *s)
{
    const struct seen_name *b = find(vc, s->name);
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

static void check_list(struct value_check *vc, struct ast_stmt *list)
{
    /* The names this block binds, one node per statement at most, in sight until it ends. */
    size_t n = 0;
    for (struct ast_stmt *s = list; s; s = s->next)
        n += s->kind == STMT_LET || (s->kind == STMT_ACCESS && s->bind);
    struct seen_name *mine = n ? arena_alloc(&vc->prog->arena, n * sizeof(*mine)) : NULL;
    size_t used = 0, block = ++vc->blocks, undo_start = vc->undo.len;
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
            if (!may_bind(vc, name, loc, kind, block))
                break;
            if (!is_let)
                s->value_slot = vc->prog->nvalues++;
            mine[used] = (struct seen_name){name, kind, s, loc, block};
            bind(vc, &mine[used++]);
            break;
        }
        case STMT_FOR: {
            if (!may_bind(vc, s->name, s->name_loc, NAME_LOOP, block))
                break;
            /* the loop variable is in sight in the body only, a block of its own */
            struct seen_name var = {s->name, NAME_LOOP, s, s->name_loc, block};
            size_t mark = vc->undo.len;
            bind(vc, &var);
            check_list(vc, s->body);
            unbind_to(vc, mark);
            break;
        }
        case STMT_IF:
            check_list(vc, s->body);
            check_list(vc, s->else_body);
            break;
        case STMT_BLOCK:
            check_list(vc, s->body);
            break;
        case STMT_USE:
            check_use(vc, s);
            break;
        case STMT_CALL:
            break;
        }
    }
    unbind_to(vc, undo_start);
}

void values_check(struct ast_program *p, struct diag_list *diags)
{
    struct value_check vc = {.prog = p, .diags = diags};
    /* The params and consts every kernel sees, in sight under its statements (a name
     * declared twice, an input error of its own, is its last declaration here). */
    size_t globals = 0;
    for (const struct ast_decl *d = p->decls; d; d = d->next)
        globals += d->kind == DECL_PARAM || d->kind == DECL_CONST;
    struct seen_name *g = globals ? arena_alloc(&p->arena, globals * sizeof(*g)) : NULL;
    size_t i = 0;
    for (const struct ast_decl *d = p->decls; d; d = d->next)
        if (d->kind == DECL_PARAM || d->kind == DECL_CONST) {
            g[i] = (struct seen_name){d->name, NAME_GLOBAL, NULL, d->name_loc, 0};
            bind(&vc, &g[i++]);
        }
    for (const struct ast_decl *d = p->decls; d; d = d->next)
        if (d->kind == DECL_KERNEL)
            for (struct ast_core *c = d->cores; c; c = c->next)
                check_list(&vc, c->body);
    key_map_free(&vc.slots);
    VEC_FREE(vc.tops);
    VEC_FREE(vc.undo);
}
