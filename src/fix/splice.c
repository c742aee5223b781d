/* A fix hint's trial edit made in the file's program instead of its text (splice.h). */
#include "splice.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/parse.h"
#include "../util/xalloc.h"

#define HEADER "kernel __trial {"

/* The link (a `next`, or the head of a body) that points at the statement starting at `at`,
 * searched in list *l and the bodies nested in it. */
static struct ast_stmt **link_to(struct ast_stmt **l, struct as_loc at)
{
    for (; *l; l = &(*l)->next) {
        struct ast_stmt *s = *l;
        if (s->loc.line == at.line && s->loc.col == at.col)
            return l;
        struct ast_stmt **in = s->body ? link_to(&s->body, at) : NULL;
        if (!in && s->else_body)
            in = link_to(&s->else_body, at);
        if (in)
            return in;
    }
    return NULL;
}

static struct ast_stmt **link_in_kernel(struct ast_program *ast, const char *kernel,
                                        struct as_loc at)
{
    for (struct ast_decl *d = ast->decls; d; d = d->next) {
        if (d->kind != DECL_KERNEL || strcmp(d->name, kernel) != 0)
            continue;
        for (struct ast_core *c = d->cores; c; c = c->next) {
            struct ast_stmt **l = link_to(&c->body, at);
            if (l)
                return l;
        }
    }
    return NULL;
}

/* True when the statement at byte `at` of src is an if's or else's branch written without
 * braces: there, text put before it (or after it) would leave the branch, while a statement
 * spliced into the branch's list stays in. Also true when a comment ends just before it (not
 * looked into). */
static bool bare_branch(const struct source *src, size_t at)
{
    size_t i = at;
    while (i > 0 && strchr(" \t\r\n\f\v", src->text[i - 1]))
        i--;
    if (i == 0)
        return false;
    char c = src->text[i - 1];
    if (c == ')' || c == '/')
        return true;
    return i >= 4 && memcmp(src->text + i - 4, "else", 4) == 0
           && (i == 4 || !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
                                 src->text[i - 5]));
}

/* The statements of `text` parsed as if written at line:col of the file (a kernel around them
 * ends before and after them), so that they carry the locations the text edit would give
 * them. NULL when they cannot be placed there or do not parse. */
static struct ast_program *parse_at(const struct source *file, int line, int col,
                                    const char *text, struct source **owner)
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
    struct ast_program *p = pir_parse(s, NULL, &d);
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

/* Line and column (1-based) of byte `at` of src. */
static void position(const struct source *src, size_t at, int *line, int *col)
{
    size_t lo = 0, hi = src->nlines;   /* the last line starting at or before `at` */
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (src->line_starts[mid] <= at)
            lo = mid;
        else
            hi = mid;
    }
    *line = (int)lo + 1;
    *col = (int)(at - src->line_starts[lo]) + 1;
}

bool splice_apply(struct ast_program *ast, const struct source *src, const char *kernel,
                  struct as_loc second, const char *before_second, struct as_loc first,
                  size_t after_at, const char *after_first, struct splice *out)
{
    memset(out, 0, sizeof(*out));
    size_t at = src->line_starts[second.line - 1] + (size_t)(second.col - 1);
    if (bare_branch(src, at))
        return false;
    out->before_link = link_in_kernel(ast, kernel, second);
    if (!out->before_link)
        return false;
    out->before_prog = parse_at(src, second.line, second.col, before_second, &out->before_src);
    if (!out->before_prog)
        return false;
    struct ast_stmt **first_link = NULL;
    if (after_first) {
        size_t first_at = src->line_starts[first.line - 1] + (size_t)(first.col - 1);
        first_link = link_in_kernel(ast, kernel, first);
        int line, col;
        position(src, after_at, &line, &col);   /* the text goes one space after the ';' */
        if (!first_link || bare_branch(src, first_at)
            || !(out->after_prog = parse_at(src, line, col + 1, after_first, &out->after_src))) {
            splice_free(out);
            return false;
        }
    }
    /* Both places found and both texts parsed: now the program changes, the before text
     * first, so that where the places meet (the first access right before the second) the
     * order is the text's: first, after text, before text, second. */
    struct ast_stmt *b = out->before_prog->decls->cores->body;
    out->target = *out->before_link;
    last_of(b)->next = out->target;
    *out->before_link = b;
    if (first_link) {
        out->after_stmt = *first_link;
        out->after_next = out->after_stmt->next;
        struct ast_stmt *a = out->after_prog->decls->cores->body;
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
