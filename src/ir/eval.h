/* Evaluation of PIR integer expressions: 64-bit signed, checked (overflow, division by
 * zero and out-of-range shifts are errors, never wrap-around), `/` and `%` truncate
 * toward zero. */
#ifndef AS_IR_EVAL_H
#define AS_IR_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "../util/diag.h"
#include "ast.h"

/* A chain of name bindings, innermost first (let, loop variables, coreid, params, consts).
 * A node whose name is NULL is the head of a struct scope_table. */
struct scope {
    const char *name;
    int64_t value;
    const struct scope *next;
};

/* A set of bindings with distinct names, hashed by name, that sits in a chain as one node
 * (&table.head): the params and consts of a file may be many, and every name of every
 * unrolled expression is looked up among them. The bindings are the caller's and must
 * outlive the table. A zeroed table is empty and ready to use. */
struct scope_table {
    struct scope head;          /* name NULL; head.next continues the chain */
    const struct scope **slots;
    size_t nslots, len;
    /* The answers of scope_table_find by name pointer: an unrolled expression asks for the
     * same AST string again and again. Emptied by scope_table_add. */
    struct scope_answer *answers;
};
struct scope_answer {
    const char *name;
    const struct scope *hit;    /* NULL: not in the table */
};

void scope_table_add(struct scope_table *t, const struct scope *binding);
const struct scope *scope_table_find(const struct scope_table *t, const char *name);
void scope_table_free(struct scope_table *t);

struct eval_error {
    enum check_id check;    /* CHECK_UNKNOWN_NAME or CHECK_INPUT_ERROR */
    struct as_loc loc;      /* the sub-expression at fault */
    char message[200];      /* e.g. "division by zero in 'n / (k - k)'" */
};

const struct scope *scope_find(const struct scope *s, const char *name);
/* Returns false and fills *err on failure. EXPR_UNKNOWN is an error here: the lowering
 * handles `if (?)` before calling this. */
bool eval_expr(const struct ast_expr *e, const struct scope *env, int64_t *out,
               struct eval_error *err);

/* Checked arithmetic used by eval and by region arithmetic in the lowering. */
bool checked_add(int64_t a, int64_t b, int64_t *r);
bool checked_sub(int64_t a, int64_t b, int64_t *r);
bool checked_mul(int64_t a, int64_t b, int64_t *r);

#endif
