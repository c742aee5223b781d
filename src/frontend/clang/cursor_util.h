/* Small questions libclang's C API answers only indirectly: the children of a cursor, the
 * parts of a `for`, a constant's value. The operator of an expression is
 * cursor_operators.h's. */
#ifndef AS_FRONTEND_CURSOR_UTIL_H
#define AS_FRONTEND_CURSOR_UTIL_H

#include "clang_api.h"
#include <stdbool.h>
#include <stdint.h>

#include "../../util/xalloc.h"

struct cursor_vec {
    CXCursor *items;
    size_t len, cap;
};

/* The cursor's children (a copy to free), remembered per cursor on this thread. */
struct cursor_vec cursor_children(CXCursor c);
/* Forgets the children remembered: before a translation unit is disposed. */
void cursor_cache_clear(void);
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
/* The `{...}` list an array declaration (a variable or a field) is initialized with (its
 * other expression children are the sizes); null cursor if none. */
CXCursor cursor_init_list(CXCursor decl);
/* T for T& and T&&, else the type itself (clang_getNonReferenceType is libclang 16+). */
CXType type_without_reference(CXType t);
/* The body (compound statement) of a function definition; null cursor if none. */
CXCursor cursor_body(CXCursor fn);
/* Whether clang's constant evaluator gives c an integer value (a variable only when it is
 * const): true with *out. */
bool cursor_int_constant(CXCursor c, int64_t *out);
/* init, cond, inc (null cursors where absent) and body of a `for`. */
bool cursor_for_parts(CXTranslationUnit tu, CXCursor s, CXCursor *init, CXCursor *cond,
                      CXCursor *inc, CXCursor *body);

#endif
