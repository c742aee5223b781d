/* A fix hint's trial edit made in the file's program instead of its text (splice.h). */
#include "splice.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/parse.h"
#include "../util/search.h"
#include "../util/xalloc.h"

#define HEADER "kernel __trial {"

/* The link (a `next`, or the head of a body) that points at the statement starting at `at`,
 * searched in list *l and the bodies nested in it; *branch_head tells whether that link is
 * the head of an if's or else's branch written without braces. */
static struct ast_stmt **link_to(struct ast_stmt **l, struct as_loc at, bool *branch_head)
{
    for (bool head = *branch_head; *l; l = &(*l)->next, head = false) {
        struct ast_stmt *s = *l;
        if (s->loc.line == at.line && s->loc.col == at.col) {
            *branch_head = head;
            return l;
        }
        bool in_if = s->kind == STMT_IF;
        struct ast_stmt **in = NULL;
        if (s->body) {
            *branch_head = in_if && !s->then_braced;
            in = link_to(&s->body, at, branch_head);
        }
        if (!in && s->else_body) {
            *branch_head = in_if && !s->else_braced;
            in = link_to(&s->else_body, at, branch_head);
        }
        if (in)
            return in;
    }
    return NULL;
}

/* The link to the statement at `at` in kernel `kernel`, or NULL; NULL too when it is an if's
 * or else's branch written without braces: text put before that statement, or after it,
 * would leave the branch, while a statement spliced into the branch's list stays in. */
static struct ast_stmt **link_in_kernel(struct ast_program *ast, const char *kernel,
                                        struct as_loc at)
{
    for (struct ast_decl *d = ast->decls; d; d = d->next) {
        if (d->kind != DECL_KERNEL || strcmp(d->name, kernel) != 0)
            continue;
        for (struct ast_core *c = d->cores; c; c = c->next) {
            bool branch_head = false;
            struct ast_stmt **l = link_to(&c->body, at, &branch_head);
            if (l)
                return branch_head ? NULL : l;
        }
    }
    return NULL;
}

/* The statements of `text` parsed as if written at line:col of the file (a kernel around them
 * ends before and after them), so that they carry the locations the text edit would give
 * them. NULL when they cannot be placed there or do not parse. */
static struct ast_program *parse_at(const struct source *file, int line, int col,
                                    const char *text, const struct parse_limits *limits,
                                    struct source **owner)
{
    size_t header = strlen(HEADER);
    if (line < 1 || col < 1 || (line == 1 && (size_t)col <= header + 1))
        return NULL;
    size_t pad_lines = (size_t)line - 1, pad_cols = (size_t)col - 1 - (line == 1 ? header : 0);
    size_t n = strlen(text), len = header + pad_lines + pad_cols + n + 3;
    char *buf = xmalloc(len + 1);
    size_t o = 0;
    memcpy(buf, HEADER, header);
    o += header;
    memset(buf + o, '\n', pad_lines);
    o += pad_lines;
    memset(buf + o, ' ', pad_cols);
    o += pad_cols;
    memcpy(buf + o, text, n);
    o += n;
    memcpy(buf + o, "\n}\n", 3);
    o += 3;
    struct source *s = source_from_string(file->path, buf, o);
    free(buf);
    struct diag_list d;
    diag_list_init(&d, 0);
    struct ast_program *p = pir_parse(s, limits, &d);
    bool ok = p && !d.errors && p->decls && p->decls->kind == DECL_KERNEL && !p->decls->next
              && p->decls->cores && p->decls->cores->body;
    diag_list_free(&d);
    if (!ok) {
        ast_program_free(p);
        source_free(s);
        return NULL;
    }
    *owner = s;
    return p;
}

static struct ast_stmt *last_of(struct ast_stmt *s)
{
    while (s->next)
        s = s->next;
    return s;
}

struct byte_in {
    const struct source *src;
    size_t at;
};

static bool line_starts_by(size_t i, const void *ctx)
{
    const struct byte_in *b = ctx;
    return b->src->line_starts[i] <= b->at;
}

/* Line and column (1-based) of byte `at` of src: on the last line starting at or before it. */
static void position(const struct source *src, size_t at, int *line, int *col)
{
    struct byte_in b = {src, at};
    size_t i = partition_point(0, src->nlines, line_starts_by, &b) - 1;   /* line 1 starts at 0 */
    *line = (int)i + 1;
    *col = (int)(at - src->line_starts[i]) + 1;
}

/* The tokens `text` adds to a file (its parse, less `kernel __trial {` and `}`). */
#define WRAPPER_TOKENS 4

bool splice_apply(struct ast_program *ast, const struct source *src, const char *kernel,
                  const struct parse_limits *limits, struct as_loc second,
                  const char *before_second, struct as_loc first, size_t after_at,
                  const char *after_first, struct splice *out)
{
    memset(out, 0, sizeof(*out));
    out->before_link = link_in_kernel(ast, kernel, second);
    if (!out->before_link)
        return false;
    out->before_prog = parse_at(src, second.line, second.col, before_second, limits,
                                &out->before_src);
    if (!out->before_prog)
        return false;
    struct ast_stmt **first_link = NULL;
    if (after_first) {
        first_link = link_in_kernel(ast, kernel, first);
        int line, col;
        position(src, after_at, &line, &col);   /* the text goes one space after the ';' */
        if (!first_link
            || !(out->after_prog = parse_at(src, line, col + 1, after_first, limits,
                                            &out->after_src))) {
            splice_free(out);
            return false;
        }
    }
    /* The limits the edited file would be parsed with: its tokens are the file's and the
     * inserted ones; its nesting at most the file's deepest and the insertions' own. */
    size_t added = out->before_prog->tokens - WRAPPER_TOKENS
                   + (out->after_prog ? out->after_prog->tokens - WRAPPER_TOKENS : 0);
    int deepest = out->before_prog->depth_reached;
    if (out->after_prog && out->after_prog->depth_reached > deepest)
        deepest = out->after_prog->depth_reached;
    if ((limits && limits->max_tokens && ast->tokens + added > limits->max_tokens)
        || ast->depth_reached + deepest > pir_max_depth(limits)) {
        splice_free(out);
        return false;
    }
    /* Found, parsed and within the limits: now the program changes. The first access is
     * taken before the before text goes in, as it may be the second access itself (on
     * another core instance); the order is then the text's: first, after text, ..., before
     * text, second; or before text, the access, after text when they are one statement. */
    out->target = *out->before_link;
    if (first_link)
        out->after_stmt = *first_link;
    struct ast_stmt *b = out->before_prog->decls->cores->body;
    last_of(b)->next = out->target;
    *out->before_link = b;
    if (out->after_stmt) {
        struct ast_stmt *a = out->after_prog->decls->cores->body;
        out->after_next = out->after_stmt->next;   /* the before text, when it follows */
        last_of(a)->next = out->after_next;
        out->after_stmt->next = a;
    }
    out->applied = true;
    return true;
}

void splice_undo(struct splice *s)
{
    if (!s->applied)
        return;
    if (s->after_stmt)
        s->after_stmt->next = s->after_next;
    *s->before_link = s->target;
    s->applied = false;
}

void splice_free(struct splice *s)
{
    splice_undo(s);
    ast_program_free(s->before_prog);
    ast_program_free(s->after_prog);
    source_free(s->before_src);
    source_free(s->after_src);
    memset(s, 0, sizeof(*s));
}
