/* Constructors of the PIR syntax tree and operator spellings. Nodes come zeroed from the
 * program's arena; names passed in must already live as long as the program. */
#include "ast.h"

static struct ast_expr *expr_new(struct ast_program *p, enum ast_expr_kind kind,
                                 struct as_loc loc)
{
    struct ast_expr *e = arena_alloc(&p->arena, sizeof(*e));
    e->kind = kind;
    e->loc = loc;
    return e;
}

struct ast_expr *ast_num(struct ast_program *p, struct as_loc loc, int64_t v)
{
    struct ast_expr *e = expr_new(p, EXPR_NUM, loc);
    e->num = v;
    return e;
}

struct ast_expr *ast_name(struct ast_program *p, struct as_loc loc, const char *name)
{
    struct ast_expr *e = expr_new(p, EXPR_NAME, loc);
    e->name = name;
    return e;
}

struct ast_expr *ast_unknown(struct ast_program *p, struct as_loc loc)
{
    return expr_new(p, EXPR_UNKNOWN, loc);
}

bool ast_region_anywhere(const struct ast_region *r)
{
    const struct ast_index *ix = r->indices;
    return ix && !ix->next && ix->kind == INDEX_SLOT && ix->a->kind == EXPR_UNKNOWN;
}

struct ast_expr *ast_unary(struct ast_program *p, struct as_loc loc, enum ast_op op,
                           struct ast_expr *e)
{
    struct ast_expr *u = expr_new(p, EXPR_UNARY, loc);
    u->op = op;
    u->lhs = e;
    return u;
}

struct ast_expr *ast_binary(struct ast_program *p, struct as_loc loc, enum ast_op op,
                            struct ast_expr *l, struct ast_expr *r)
{
    struct ast_expr *b = expr_new(p, EXPR_BINARY, loc);
    b->op = op;
    b->lhs = l;
    b->rhs = r;
    return b;
}

struct ast_stmt *ast_stmt_new(struct ast_program *p, enum ast_stmt_kind kind, struct as_loc loc)
{
    struct ast_stmt *s = arena_alloc(&p->arena, sizeof(*s));
    s->kind = kind;
    s->loc = loc;
    s->value_slot = -1;
    return s;
}

struct ast_decl *ast_decl_new(struct ast_program *p, enum ast_decl_kind kind, struct as_loc loc)
{
    struct ast_decl *d = arena_alloc(&p->arena, sizeof(*d));
    d->kind = kind;
    d->loc = loc;
    return d;
}

const char *ast_op_spelling(enum ast_op op)
{
    switch (op) {
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: return "*";
    case OP_DIV: return "/";
    case OP_MOD: return "%";
    case OP_SHL: return "<<";
    case OP_SHR: return ">>";
    case OP_BAND: return "&";
    case OP_BOR: return "|";
    case OP_BXOR: return "^";
    case OP_LT: return "<";
    case OP_LE: return "<=";
    case OP_GT: return ">";
    case OP_GE: return ">=";
    case OP_EQ: return "==";
    case OP_NE: return "!=";
    case OP_LAND: return "&&";
    case OP_LOR: return "||";
    case OP_MIN: return "min";
    case OP_MAX: return "max";
    case OP_NEG: return "-";
    case OP_NOT: return "!";
    }
    return "?";
}
