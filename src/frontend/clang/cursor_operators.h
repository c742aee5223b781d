/* The operators of expressions, which libclang 14's C API does not name: read from the tokens
 * between the operands, or from a macro's expansion (macro_ops.h) when the expression is
 * written inside the macro's definition. */
#ifndef AS_FRONTEND_CLANG_CURSOR_OPERATORS_H
#define AS_FRONTEND_CLANG_CURSOR_OPERATORS_H

#include "clang_api.h"
#include <stdbool.h>
#include <stdint.h>

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
