/* Value names of rule 10 (`... as v;` and `use v;`, docs/pir.md): checks them and numbers the
 * bindings (ast_stmt.value_slot, ast_program.nvalues). */
#ifndef AS_IR_VALUES_H
#define AS_IR_VALUES_H

#include <stddef.h>

#include "../util/diag.h"
#include "ast.h"

/* Reports, as input-error at the name, a use of a name no read binds on every path to it,
 * a name bound twice by 'as' in one block, and a value name that is also a param, const,
 * let or loop variable it sees. Names are compared by pointer: p is the parser's, whose names
 * are interned. */
void values_check(struct ast_program *p, struct diag_list *diags);

#endif
