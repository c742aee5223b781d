/* The PIR syntax tree, as the parser builds it (grammar/pir.y). Every node is allocated
 * from the owning program's arena and lives exactly as long as the program; lists are
 * singly linked through `next` in source order. Names (units, ops, primitives, buffers)
 * are kept as written: the tree knows nothing of hardware models; src/lower/ resolves them. */
#ifndef AS_IR_AST_H
#define AS_IR_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "../util/arena.h"
#include "../util/source.h"

enum ast_op {
    /* binary */
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_SHL, OP_SHR,
    OP_BAND, OP_BOR, OP_BXOR,
    OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
    OP_LAND, OP_LOR,
    OP_MIN, OP_MAX,          /* min(a, b), max(a, b) */
    /* unary (rhs NULL) */
    OP_NEG, OP_NOT,
};

enum ast_expr_kind {
    EXPR_NUM,       /* num */
    EXPR_NAME,      /* name: const, param, let, loop variable, coreid, ncores; in a
                     * primitive call also a unit name or ALL, resolved by the lowering */
    EXPR_UNKNOWN,   /* `?`: only valid as the whole condition of an `if` */
    EXPR_UNARY,     /* op lhs */
    EXPR_BINARY,    /* lhs op rhs */
};

struct ast_expr {
    enum ast_expr_kind kind;
    struct as_loc loc;          /* the whole expression */
    int64_t num;
    const char *name;
    enum ast_op op;
    struct ast_expr *lhs, *rhs;
    struct ast_expr *next;      /* next argument in a call's argument list */
};

enum ast_index_kind {
    INDEX_SLOT,     /* [a]      slot a of the current dimension */
    INDEX_RANGE,    /* [a:b]    bytes a .. b-1 */
    INDEX_LEN,      /* [a +: b] bytes a .. a+b-1 */
};

struct ast_index {
    enum ast_index_kind kind;
    struct as_loc loc;          /* from '[' to ']' */
    struct ast_expr *a, *b;     /* b NULL for INDEX_SLOT */
    struct ast_index *next;
};

struct ast_region {
    const char *buffer;
    struct as_loc loc;          /* the whole region, name through last ']' */
    struct as_loc name_loc;
    struct ast_index *indices;  /* NULL: the whole buffer; one slot index `?` (`x[?]`): see
                                 * ast_region_anywhere */
    struct ast_region *next;
};

/* `x[?]`: bytes at an offset read from memory, anywhere in the buffer (docs/pir.md): checked
 * as the whole buffer, and messages do not name bytes for it. */
bool ast_region_anywhere(const struct ast_region *r);

enum ast_stmt_kind {
    STMT_LET,       /* let name = value; */
    STMT_FOR,       /* for name in lo..hi [step step] { body } */
    STMT_IF,        /* if (cond) then_body [else else_body]; cond may be EXPR_UNKNOWN */
    STMT_ACCESS,    /* see below */
    STMT_CALL,      /* name(args); a sync primitive */
    STMT_BLOCK,     /* { body } */
    STMT_USE,       /* use name;  the issuer needs the value a read bound `as name` (rule 10) */
};

/* An access statement is written `UNIT OP writes <- reads;` or, with the unit left to the
 * model's op table, `OP writes <- reads;`. The grammar cannot tell `S get_value <- x;`
 * (unit S, op get_value, no writes) from `copy x <- y;` (op copy, writes x) without the
 * model, so the parser records the words as written:
 *   head   the first identifier
 *   opword a second bare identifier that is directly followed by a region (`V vdup z;`,
 *          `V vadd z <- x;`); NULL otherwise
 *   writes the regions before `<-` (may start with a bare name that is really the op)
 *   reads  the regions after `<-`
 * src/lower/ resolves: with opword, unit = head and op = opword; otherwise, if head is a
 * unit of the core type and the first write is a bare name, unit = head and op = that
 * name; otherwise op = head and the unit comes from the op table. */
struct ast_stmt {
    enum ast_stmt_kind kind;
    struct as_loc loc;          /* first token of the statement */
    struct ast_stmt *next;

    const char *name;           /* LET, FOR (variable), CALL (primitive) */
    struct as_loc name_loc;
    struct ast_expr *value;     /* LET */
    struct ast_expr *lo, *hi, *step;   /* FOR; step NULL means 1 */
    struct ast_expr *cond;      /* IF */
    struct ast_stmt *body;      /* FOR, BLOCK, IF (then) */
    struct ast_stmt *else_body; /* IF; NULL if no else */
    bool has_else;
    bool then_braced, else_braced;  /* IF: the branch was written as a { } block */
    struct ast_expr *args;      /* CALL; linked through ast_expr.next */
    int nargs;

    const char *head;           /* ACCESS */
    struct as_loc head_loc;
    const char *opword;
    struct as_loc opword_loc;
    struct ast_region *writes, *reads;
    bool has_arrow;             /* `<-` was written */

    /* Rule 10 (docs/semantics.md): an ACCESS may bind the value it reads (`... as bind;`);
     * a USE names such a value (in `name`). values.c checks the names and fills value_slot:
     * the binding's number in the kernel (ast_program.nvalues), the same for the binding
     * ACCESS and every USE of it; -1 for a statement that binds nothing. */
    const char *bind;
    struct as_loc bind_loc;
    int value_slot;
};

enum ast_decl_kind {
    DECL_MODEL,     /* model "name"; (name = string without quotes) */
    DECL_PARAM,     /* param name = value;  or  param name in lo..hi; */
    DECL_CONST,     /* const name = value; */
    DECL_BUFFER,    /* buffer name : SPACE[d0][d1]... [@ at]; */
    DECL_KERNEL,
};

/* cluster NAME[count] { core ... }: the core groups inside run once per cluster instance,
 * each instance with its own cluster-scoped memories and its own cluster barriers. */
struct ast_cluster {
    const char *name;
    struct as_loc loc;          /* the name */
    struct ast_expr *count;     /* NULL: one cluster */
};

struct ast_core {
    const char *name;
    struct as_loc loc;
    struct ast_expr *count;     /* core name[count] : TYPE; NULL for a single core */
    const char *type;           /* NULL: the model's default core type (single-core kernel) */
    struct as_loc type_loc;
    struct ast_stmt *body;
    const struct ast_cluster *cluster;  /* the enclosing cluster block; NULL: none */
    struct ast_core *next;
};

/* One value a kernel was checked with that nobody gave (`guessed(...)`, docs/pir.md). */
struct ast_guess {
    const char *name;           /* as the frontend names it: "tileLength", "outer.inner" */
    int64_t value;
    struct as_loc loc;
    struct ast_guess *next;
};

struct ast_decl {
    enum ast_decl_kind kind;
    struct as_loc loc;          /* the keyword */
    const char *name;           /* MODEL: the model name; others: the declared name */
    struct as_loc name_loc;
    struct ast_expr *value;     /* PARAM with value, CONST */
    bool is_range;              /* PARAM in lo..hi (inclusive) */
    struct ast_expr *lo, *hi;
    const char *space;          /* BUFFER */
    struct as_loc space_loc;
    struct ast_expr *dims;      /* BUFFER: dimensions, linked through ast_expr.next; NULL: [1] */
    struct ast_expr *at;        /* BUFFER placement; NULL: no '@' */
    struct ast_core *cores;     /* KERNEL: a single-core kernel has one core named after the
                                 * kernel, with type NULL and count NULL */
    bool multicore;             /* KERNEL written with `core` blocks */
    /* KERNEL: `guessed("name" = value, ...)`, the values a frontend guessed because nothing
     * gave them; NULL: none. Out-of-bounds findings in such a kernel are notes. */
    struct ast_guess *guesses;
    struct ast_decl *next;
    struct ast_decl *next_global;   /* the next declaration that is not a kernel */
};

struct ast_program {
    struct arena arena;         /* owns every node and string */
    const struct source *src;   /* not owned */
    struct ast_decl *decls;     /* in source order */
    /* The declarations that are not kernels, in source order, linked by next_global: what every
     * kernel run reads, so that a file of many kernels does not walk all of them per run. */
    struct ast_decl *globals;
    /* What the parse came to against its limits (struct parse_limits): tokens read, and the
     * deepest nesting of brackets or of the tree. */
    size_t tokens;
    int depth_reached;
    int nvalues;                /* value bindings (`as`) of the whole file: ast_stmt.value_slot */
};

/* Constructors used by the parser; all allocate from p->arena. */
struct ast_expr *ast_num(struct ast_program *p, struct as_loc loc, int64_t v);
struct ast_expr *ast_name(struct ast_program *p, struct as_loc loc, const char *name);
struct ast_expr *ast_unknown(struct ast_program *p, struct as_loc loc);
struct ast_expr *ast_unary(struct ast_program *p, struct as_loc loc, enum ast_op op,
                           struct ast_expr *e);
struct ast_expr *ast_binary(struct ast_program *p, struct as_loc loc, enum ast_op op,
                            struct ast_expr *l, struct ast_expr *r);
struct ast_stmt *ast_stmt_new(struct ast_program *p, enum ast_stmt_kind kind, struct as_loc loc);
struct ast_decl *ast_decl_new(struct ast_program *p, enum ast_decl_kind kind, struct as_loc loc);

const char *ast_op_spelling(enum ast_op op);   /* "+", "min", ... */

#endif
