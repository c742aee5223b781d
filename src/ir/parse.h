/* Entry point of the PIR front end (grammar/pir.l + grammar/pir.y). */
#ifndef AS_IR_PARSE_H
#define AS_IR_PARSE_H

#include <stddef.h>

#include "../util/diag.h"
#include "ast.h"

struct parse_limits {
    size_t max_tokens;      /* 0: unlimited; hitting it is a limit-exceeded diagnostic */
    int max_depth;          /* nesting of blocks and expressions; 0: default 1000 */
};

/* Parses a whole source. Syntax errors (check syntax-error, with file:line:col of the
 * offending token and bison's "unexpected X, expecting Y" text) are added to diags; the
 * parser recovers at ';' and '}' so one run reports several. Returns the program (partial
 * when there were errors; callers must not check a program whose parse reported errors)
 * or NULL only when nothing could be built. Free with ast_program_free. */
struct ast_program *pir_parse(const struct source *src, const struct parse_limits *limits,
                              struct diag_list *diags);
void ast_program_free(struct ast_program *p);
/* The nesting a parse with these limits allows (the default when they give none). */
int pir_max_depth(const struct parse_limits *limits);

#endif
