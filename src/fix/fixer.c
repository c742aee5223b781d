/* `accelsync fix`: repairs a kernel's hazards with edits the checker has proven. For the first
 * hazard left, each of its candidate edits (finding.fix_edits: flag pairs, then barriers,
 * cheapest first; across cores a cross-core wait before the second access and, where needed, a
 * set after the first) is applied and the whole file is checked again, every parameter value
 * and path; the first candidate that removes the finding and adds none is kept. Insertions go
 * on the lines of the accesses, so no line number moves and findings can be compared by
 * (check, line, related line). A hazard with no candidate or none that verifies, or a finding
 * left that is not a hazard (deadlocks, overruns, leaked flags), makes the whole fix refused:
 * nothing is written. */
#include "fixer.h"

#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "splice.h"

#define MAX_ROUNDS 64

struct key {
    enum check_id check;
    int line, related;
};

static struct key key_of(const struct finding *f)
{
    return (struct key){f->check, f->loc.line, f->related.file ? f->related.line : 0};
}

static bool has_key(const struct diag_list *d, struct key k)
{
    for (size_t i = 0; i < d->len; i++) {
        struct key x = key_of(&d->items[i]);
        if (x.check == k.check && x.line == k.line && x.related == k.related)
            return true;
    }
    return false;
}

static void check_text(const struct check_options *o, const char *path, const char *text,
                       size_t len, struct file_result *r)
{
    check_source(source_from_string(path, text, len), o, r);
}

/* Text with `before` and a space put before byte `at`, and with a space and `after` (if not
 * NULL) put after byte `after_at`. */
static char *inserted(const char *text, size_t len, size_t at, const char *before, size_t after_at,
                      const char *after, size_t *out_len)
{
    size_t bl = strlen(before), al = after ? strlen(after) : 0;
    char *t = xmalloc(len + bl + al + 3);
    size_t o = 0;
    for (size_t i = 0; i <= len; i++) {
        if (after && i == after_at) {
            t[o++] = ' ';
            memcpy(t + o, after, al);
            o += al;
        }
        if (i == at) {
            memcpy(t + o, before, bl);
            o += bl;
            t[o++] = ' ';
        }
        if (i < len)
            t[o++] = text[i];
    }
    t[o] = '\0';
    *out_len = o;
    return t;
}

/* The byte just after the ';' that ends the statement starting at `loc` (access statements
 * hold no ';' of their own); SIZE_MAX when there is none. */
static size_t statement_end(const struct source *src, struct as_loc loc)
{
    if (loc.line < 1 || (size_t)loc.line > src->nlines)
        return SIZE_MAX;
    for (size_t i = src->line_starts[loc.line - 1] + (size_t)(loc.col - 1); i < src->len; i++)
        if (src->text[i] == ';')
            return i + 1;
    return SIZE_MAX;
}

/* Equal strings, NULL equal only to NULL (a kernel name, a half of an edit). */
static bool same_string(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* The new findings of `kernel` are all old ones, and `fixed` is gone (the trial check looked
 * at that kernel only: an edit inside one kernel cannot change another's findings). */
static bool improves(const struct diag_list *before, const struct diag_list *after, struct key fixed,
                     const char *kernel)
{
    if (has_key(after, fixed))
        return false;
    for (size_t i = 0; i < after->len; i++)
        if (same_string(after->items[i].kernel, kernel) && !has_key(before, key_of(&after->items[i])))
            return false;
    return true;
}

/* A trial check remembered: the edit (where and what), the kernel it was checked for, and
 * what came out: whether it checked cleanly and the keys of that kernel's findings. */
struct trial {
    const char *kernel;
    size_t at, after_at;
    const char *before_second, *after_first;
    bool ok;                    /* checked, no input error */
    struct key *keys;
    size_t nkeys;
};

struct fix_trials {
    struct trial *items;
    size_t len, cap;
};

struct fix_trials *fix_trials_new(void)
{
    return xcalloc(1, sizeof(struct fix_trials));
}

void fix_trials_free(struct fix_trials *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->len; i++)
        free(t->items[i].keys);
    free(t->items);
    free(t);
}

static const struct trial *trial_find(const struct fix_trials *t, const char *kernel, size_t at,
                                      size_t after_at, const struct fix_edit *e)
{
    for (size_t i = 0; t && i < t->len; i++) {
        const struct trial *x = &t->items[i];
        if (x->at == at && x->after_at == after_at && same_string(x->kernel, kernel)
            && same_string(x->before_second, e->before_second) && same_string(x->after_first, e->after_first))
            return x;
    }
    return NULL;
}

static bool has_key_in(const struct key *keys, size_t n, struct key k)
{
    for (size_t i = 0; i < n; i++)
        if (keys[i].check == k.check && keys[i].line == k.line && keys[i].related == k.related)
            return true;
    return false;
}

/* improves(), on a remembered trial. */
static bool trial_improves(const struct trial *x, const struct diag_list *before, struct key fixed)
{
    if (!x->ok || has_key_in(x->keys, x->nkeys, fixed))
        return false;
    for (size_t i = 0; i < x->nkeys; i++)
        if (!has_key(before, x->keys[i]))
            return false;
    return true;
}

static void trial_remember(struct fix_trials *t, const char *kernel, size_t at, size_t after_at,
                           const struct fix_edit *e, const struct file_result *r2)
{
    if (t->len == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 8;
        t->items = xrealloc_array(t->items, t->cap, sizeof(*t->items));
    }
    struct trial *x = &t->items[t->len++];
    *x = (struct trial){kernel, at, after_at, e->before_second, e->after_first,
                        r2->checked && !diag_has_input_error(&r2->diags), NULL, 0};
    x->keys = xmalloc((r2->diags.len ? r2->diags.len : 1) * sizeof(struct key));
    for (size_t i = 0; i < r2->diags.len; i++)
        if (same_string(r2->diags.items[i].kernel, kernel))
            x->keys[x->nkeys++] = key_of(&r2->diags.items[i]);
}

struct trial_watch {
    const struct diag_list *before;
    const char *kernel;
};

/* A finding of the trial's kernel that was not there before: the edit fails, for whichever
 * finding it was meant to fix (improves()). */
static bool new_finding(const void *arg, const struct diag_list *after)
{
    const struct trial_watch *w = arg;
    for (size_t i = 0; i < after->len; i++)
        if (same_string(after->items[i].kernel, w->kernel) && !has_key(w->before, key_of(&after->items[i])))
            return true;
    return false;
}

const struct fix_edit *fix_first_verified(const struct check_options *o, const char *path,
                                          const char *text, size_t len, struct source *src,
                                          struct ast_program *ast, const struct diag_list *before,
                                          const struct finding *f, size_t *tries_left,
                                          struct fix_trials *trials, char **out_text,
                                          size_t *out_len)
{
    size_t at = src->line_starts[f->loc.line - 1] + (size_t)(f->loc.col - 1);
    for (const struct fix_edit *e = f->fix_edits; e && e->before_second; e++) {
        size_t after_at = SIZE_MAX;
        if (e->after_first) {
            if (!f->related.file || strcmp(f->related.file, f->loc.file) != 0
                || (after_at = statement_end(src, f->related)) == SIZE_MAX)
                continue;
        }
        const struct trial *known =
            out_text ? NULL : trial_find(trials, f->kernel, at, after_at, e);
        if (known) {   /* the same edit was checked for another finding of the kernel */
            if (trial_improves(known, before, key_of(f)))
                return e;
            continue;
        }
        if (tries_left) {
            if (*tries_left == 0)
                return NULL;
            --*tries_left;
        }
        struct check_options only = *o;
        only.only_kernel = f->kernel;
        only.brief = true;   /* the trial compares which findings there are, not their words */
        struct trial_watch watch = {before, f->kernel};
        only.stop_after_run = new_finding;   /* remembered as failed: it fails for every finding */
        only.stop_arg = &watch;
        struct file_result r2;
        struct splice sp;
        char *t = NULL;
        size_t tl = 0;
        struct parse_limits pl = {.max_tokens = o->max_tokens, .max_depth = o->max_depth};
        bool spliced = !out_text && ast
                       && splice_apply(ast, src, f->kernel, &pl, f->loc, e->before_second,
                                       f->related, after_at, e->after_first, &sp);
        if (spliced) {   /* the same program the edited text would parse to, without parsing */
            check_program(src, ast, &only, &r2);
        } else {
            t = inserted(text, len, at, e->before_second, after_at, e->after_first, &tl);
            check_text(&only, path, t, tl, &r2);
        }
        bool ok = r2.checked && !diag_has_input_error(&r2.diags)
                  && improves(before, &r2.diags, key_of(f), f->kernel);
        if (trials && !out_text)
            trial_remember(trials, f->kernel, at, after_at, e, &r2);
        if (spliced) {
            file_result_free_borrowed(&r2);
            splice_free(&sp);
        } else {
            file_result_free(&r2);
        }
        if (ok) {
            if (out_text) {
                *out_text = t;
                *out_len = tl;
            } else {
                free(t);
            }
            return e;
        }
        free(t);
    }
    return NULL;
}

static char *refusal(const struct finding *f, const char *why)
{
    size_t n = strlen(why) + 128;
    char *s = xmalloc(n);
    snprintf(s, n, "%s at line %d: %s", check_name(f->check), f->loc.line, why);
    return s;
}

void fix_source(const struct check_options *o, const char *path, const char *text, size_t len,
                struct fix_outcome *out)
{
    memset(out, 0, sizeof(*out));
    char *cur = xmalloc(len + 1);
    memcpy(cur, text, len);
    cur[len] = '\0';
    size_t cur_len = len;
    for (int round = 0; round <= MAX_ROUNDS; round++) {
        struct file_result r;
        check_text(o, path, cur, cur_len, &r);
        if (!r.checked || diag_has_input_error(&r.diags)) {
            out->refusal = xstrdup("the file does not check (input errors or a limit): run "
                                   "'accelsync check' first");
            file_result_free(&r);
            break;
        }
        if (r.diags.errors + r.diags.warnings == 0) {   /* suppressed findings are accepted */
            out->text = cur;
            out->len = cur_len;
            cur = NULL;
            file_result_free(&r);
            break;
        }
        if (round == MAX_ROUNDS) {
            out->refusal = xstrdup("more than 64 fixes needed");
            file_result_free(&r);
            break;
        }
        const struct finding *f = NULL;   /* hazards first: their fixes may settle the rest */
        const struct finding *other = NULL;
        for (size_t i = 0; i < r.diags.len && !f; i++) {
            const struct finding *x = &r.diags.items[i];
            if (x->suppressed)
                continue;
            if (check_is_hazard(x->check))
                f = x;
            else if (!other)
                other = x;
        }
        if (!f) {
            out->refusal = other ? refusal(other, "only hazards are fixed automatically")
                                 : xstrdup("findings left that are not hazards");
            file_result_free(&r);
            break;
        }
        if (!f->fix_edits) {
            out->refusal = refusal(f, "the model has no primitive that could order the two "
                                      "accesses where they are: no fix is tried");
            file_result_free(&r);
            break;
        }
        size_t chosen_len = 0;
        char *chosen = NULL;
        if (fix_first_verified(o, path, cur, cur_len, r.src, NULL, &r.diags, f, NULL, NULL,
                               &chosen, &chosen_len))
            out->nfixes++;
        if (!chosen) {
            out->refusal = refusal(f, "no candidate edit removes it without adding a finding");
            file_result_free(&r);
            break;
        }
        file_result_free(&r);
        free(cur);
        cur = chosen;
        cur_len = chosen_len;
    }
    free(cur);
}

void fix_outcome_free(struct fix_outcome *f)
{
    free(f->text);
    free(f->refusal);
    memset(f, 0, sizeof(*f));
}

/* ---------------------------------------------------------------- unified diff */

struct lines {
    const char **start;
    size_t *len;
    size_t n;
};

static void split(const char *text, size_t len, struct lines *l)
{
    size_t cap = 16;
    l->start = xmalloc(cap * sizeof(char *));
    l->len = xmalloc(cap * sizeof(size_t));
    l->n = 0;
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        if (l->n == cap) {
            cap *= 2;
            l->start = xrealloc_array(l->start, cap, sizeof(char *));
            l->len = xrealloc_array(l->len, cap, sizeof(size_t));
        }
        l->start[l->n] = text + i;
        l->len[l->n++] = j - i;
        i = j + 1;
    }
}

static bool same_line(const struct lines *a, const struct lines *b, size_t i)
{
    return a->len[i] == b->len[i] && memcmp(a->start[i], b->start[i], a->len[i]) == 0;
}

void fix_write_diff(FILE *out, const char *path, const char *before, size_t before_len,
                    const char *after, size_t after_len)
{
    struct lines a, b;
    split(before, before_len, &a);
    split(after, after_len, &b);
    size_t n = a.n < b.n ? a.n : b.n;   /* the fixer never adds or removes a line */
    bool header = false;
    for (size_t i = 0; i < n;) {
        if (same_line(&a, &b, i)) {
            i++;
            continue;
        }
        size_t lo = i >= 3 ? i - 3 : 0, hi = i;
        while (hi < n) {   /* extend over changes closer than 7 lines apart */
            size_t next = hi;
            while (next < n && !same_line(&a, &b, next))
                next++;
            size_t gap = next;
            while (gap < n && gap < next + 7 && same_line(&a, &b, gap))
                gap++;
            hi = next;
            if (gap == n || gap >= next + 7)
                break;
            hi = gap;
        }
        size_t end = hi + 3 < n ? hi + 3 : n;
        if (!header) {
            fprintf(out, "--- %s\n+++ %s\n", path, path);
            header = true;
        }
        fprintf(out, "@@ -%zu,%zu +%zu,%zu @@\n", lo + 1, end - lo, lo + 1, end - lo);
        for (size_t k = lo; k < end; k++) {
            if (same_line(&a, &b, k)) {
                fprintf(out, " %.*s\n", (int)a.len[k], a.start[k]);
            } else {
                fprintf(out, "-%.*s\n", (int)a.len[k], a.start[k]);
                fprintf(out, "+%.*s\n", (int)b.len[k], b.start[k]);
            }
        }
        i = end;
    }
    free(a.start);
    free(a.len);
    free(b.start);
    free(b.len);
}
