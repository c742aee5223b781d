/* Small questions libclang's C API answers only indirectly: the children of a cursor, the
 * operator of an expression, the parts of a `for`, a constant's value. */
#ifndef AS_FRONTEND_CURSOR_UTIL_H
#define AS_FRONTEND_CURSOR_UTIL_H

#include "clang_api.h"
#include <stdbool.h>

#include "../../util/xalloc.h"
#include "../interp/interp.h"

struct cursor_vec {
    CXCursor *items;
    size_t len, cap;
};

struct cursor_vec cursor_children(CXCursor c);
/* The children that are expressions (type and template references left out). */
struct cursor_vec cursor_exprs(CXCursor c);
CXCursor cursor_first_expr(CXCursor c);
CXCursor cursor_last_expr(CXCursor c);
bool cursor_two_exprs(CXCursor c, CXCursor *a, CXCursor *b);
/* The initializer of a variable or field declaration (`= e`, `{...}`, `(...)`, or the
 * implicit constructor call of `T x;`); null cursor if none. Template arguments in the
 * declared type are expression children too, but they come before the name. */
CXCursor cursor_initializer(CXCursor decl);
/* Through parentheses, implicit conversions and casts to the expression that matters. */
CXCursor cursor_strip(CXCursor c);
/* decl is a variable whose type is an array of constants (`const T a[] = {...}`,
 * `constexpr static T a[n]`): its elements are its initializer's for the whole run. */
bool cursor_is_constant_array(CXCursor decl);
/* T for T& and T&&, else the type itself (clang_getNonReferenceType is libclang 16+). */
CXType type_without_reference(CXType t);
/* The body (compound statement) of a function definition; null cursor if none. */
CXCursor cursor_body(CXCursor fn);
/* The value clang's constant evaluator gives, or VAL_UNKNOWN. */
struct value cursor_constant(CXCursor c);
/* The value of a parameter's default argument when it is a constant. */
struct value cursor_default_argument(CXCursor parm);
/* init, cond, inc (null cursors where absent) and body of a `for`. */
bool cursor_for_parts(CXTranslationUnit tu, CXCursor s, CXCursor *init, CXCursor *cond,
                      CXCursor *inc, CXCursor *body);

/* Operator spellings, remembered per expression (a loop evaluates one expression many
 * times). */
struct op_cache;
struct op_cache *op_cache_new(void);
/* Records where the translation unit expands macros (parsed with a detailed preprocessing
 * record): an operator written inside a macro's definition is then reported unknown rather
 * than read from the wrong token. */
void op_cache_find_macros(struct op_cache *c, CXTranslationUnit tu);
void op_cache_free(struct op_cache *c);
/* The function body being run (a null cursor: none): where an operator written in a macro's
 * definition is looked for when the expression is a template instantiation's. Returns the
 * previous one. */
CXCursor op_cache_set_scope(struct op_cache *c, CXCursor body);
/* Whether clang's constant evaluator gives e a value (asked once per expression): true with
 * *out. Whole expressions written with macros (`MAX_NRAM_SIZE / sizeof(T)`) are folded so. */
bool cursor_cached_constant(struct op_cache *c, CXCursor e, int64_t *out);
/* The operator of a binary expression whose left operand is lhs: "+", "<<=", ... */
const char *cursor_operator(struct op_cache *c, CXTranslationUnit tu, CXCursor e, CXCursor lhs);
const char *cursor_unary_operator(struct op_cache *c, CXTranslationUnit tu, CXCursor e,
                                  bool *prefix);
/* Whether evaluating e may do more than read: it contains a call, an assignment (`=`, `+=`,
 * ...), `++`, `--` or a lambda (an operator the tokens do not give counts as one). */
bool cursor_has_effects(struct op_cache *ops, CXTranslationUnit tu, CXCursor e);

#endif
