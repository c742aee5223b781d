/* A fix hint's trial edit made in the file's parsed program rather than in its text: the
 * inserted statements are parsed alone, at the lines and columns the text edit would put
 * them, and linked into the kernel's statement lists, so that the trial check does not parse
 * the whole file again. Where the two could differ (a branch written without braces, which
 * text put before or after would leave; a file near the parse limits) splice_apply declines
 * and the caller edits the text. */
#ifndef AS_FIX_SPLICE_H
#define AS_FIX_SPLICE_H

#include <stdbool.h>
#include <stddef.h>

#include "../ir/ast.h"
#include "../ir/parse.h"
#include "../util/source.h"

struct splice {
    bool applied;
    struct ast_stmt **before_link, *target;       /* where the before text went, what was there */
    struct ast_stmt *after_stmt, *after_next;     /* the first access and what followed it */
    struct ast_program *before_prog, *after_prog; /* the parsed insertions (own them) */
    struct source *before_src, *after_src;
};

/* Puts before_second before the statement at `second` and, when after_first is not NULL,
 * after_first after the statement at `first` (whose text ends at byte after_at), in kernel
 * `kernel` of ast (the program of src). False, with ast unchanged, when it cannot or when the
 * two could differ: a statement that is an if's or else's branch written without braces, or
 * an edited file that the parse `limits` might refuse. */
bool splice_apply(struct ast_program *ast, const struct source *src, const char *kernel,
                  const struct parse_limits *limits, struct as_loc second,
                  const char *before_second, struct as_loc first, size_t after_at,
                  const char *after_first, struct splice *out);
/* The program as it was (the splice can be applied again only after splice_free). */
void splice_undo(struct splice *s);
void splice_free(struct splice *s);

#endif
