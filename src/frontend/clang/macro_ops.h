/* The operators of expressions written inside macro definitions. libclang 14 names no binary
 * operator and reports every token of a macro's body at the invocation, so `ALIGN(n, 64)`
 * with `#define ALIGN(x, a) ((x) / (a) * (a))` cannot be read from token locations. Here the
 * invocation is expanded from the macro definitions the parse recorded (token substitution,
 * rescanning, no # or ##), its operator tokens are taken in order, and they are matched one
 * for one, in the same order, with the operator nodes of the invocation's expression tree.
 * Any doubt (a cast or template argument among the tokens, a count that differs, an
 * overloaded operator, stringizing) leaves the operators unknown: never a guess. */
#ifndef AS_FRONTEND_MACRO_OPS_H
#define AS_FRONTEND_MACRO_OPS_H

#include "clang_api.h"
#include <stdbool.h>
#include <stddef.h>

struct macro_table;

/* The macro definitions and expansions of a translation unit parsed with a detailed
 * preprocessing record. */
struct macro_table *macro_table_new(CXTranslationUnit tu);
void macro_table_free(struct macro_table *t);

/* The innermost macro invocation whose text contains both locations, or -1. */
long macro_table_find(const struct macro_table *t, CXSourceLocation a, CXSourceLocation b);

struct macro_op {
    CXCursor expr;          /* a binary, compound-assignment or unary operator expression */
    char op[4];             /* its spelling */
};

/* How many invocations the table holds (k ranges over 0 .. count - 1). */
size_t macro_table_count(const struct macro_table *t);
/* The operators of the expression that invocation k expands to, in tree order; false when
 * they cannot be told apart with certainty. *ops is malloc'ed. */
bool macro_table_operators(const struct macro_table *t, long k, struct macro_op **ops,
                           size_t *n);
/* The same for the expression invocation k became under scope (a function body): a template
 * instantiation's nodes are not the pattern's that macro_table_operators finds. */
bool macro_table_operators_in(const struct macro_table *t, long k, CXCursor scope,
                              struct macro_op **ops, size_t *n);

#endif
