/* Inline suppressions (docs/diagnostics.md#suppressions): comments that mark findings as
 * accepted, with a reason.
 *
 *   // accelsync: ignore(raw-hazard) the host fences this copy
 *   // accelsync: ignore-begin(war-hazard, waw-hazard) reason
 *   ...
 *   // accelsync: ignore-end
 *
 * `ignore` alone on its line covers the next line, after code it covers its own line: the
 * line a finding is reported at (a hazard's second access). A range covers the lines between
 * its two comments. A suppressed finding leaves the error and warning counts (it is kept,
 * with its reason, for reports that list suppressed results); an ignore that suppresses
 * nothing is `unused-suppression`, one that names an unknown check, an input error, or gives
 * no reason is `bad-suppression`. Input errors are never suppressed: "could not verify"
 * must not look clean. */
#include "suppress.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/nearest.h"
#include "../util/xalloc.h"

#define MARK "accelsync:"

struct directive {
    struct as_loc loc;          /* the comment */
    unsigned long long checks;  /* bit per enum check_id */
    const char *reason;
    int first, last;            /* lines covered */
    unsigned long long used;    /* checks that suppressed something */
};

struct scan {
    const struct source *src;
    struct diag_list *diags;    /* where bad-suppression goes */
    struct arena *arena;
    struct directive *items;
    size_t len, cap;
};

static void bad(struct scan *s, struct as_loc loc, const char *what)
{
    diag_addf(s->diags, CHECK_BAD_SUPPRESSION, SEV_WARNING, loc, "%s", what);
}

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* "(a, b) reason": the checks into *checks, the reason (trimmed) returned; NULL after a
 * bad-suppression finding. */
static const char *parse_checks(struct scan *s, struct as_loc loc, const char *p, const char *end,
                                unsigned long long *checks)
{
    const char *names[CHECK_COUNT];
    for (int i = 0; i < CHECK_COUNT; i++)
        names[i] = check_name((enum check_id)i);
    if (p >= end || *p != '(') {
        bad(s, loc, "a list of check ids in parentheses must follow the directive");
        return NULL;
    }
    const char *close = memchr(p, ')', (size_t)(end - p));
    if (!close) {
        bad(s, loc, "the list of check ids is not closed with ')'");
        return NULL;
    }
    *checks = 0;
    for (const char *q = p + 1; q < close;) {
        q = skip_space(q, close);
        const char *w = q;
        while (q < close && *q != ',' && *q != ' ' && *q != '\t')
            q++;
        char *word = arena_strndup(s->arena, w, (size_t)(q - w));
        q = skip_space(q, close);
        if (q < close && *q == ',')
            q++;
        if (!*word)
            continue;
        int id = -1;
        for (int i = 0; i < CHECK_COUNT; i++)
            if (strcmp(word, names[i]) == 0)
                id = i;
        if (id < 0) {
            const char *near = nearest_name(word, names, CHECK_COUNT);
            char msg[256];
            snprintf(msg, sizeof(msg), "unknown check '%s'%s%s%s", word, near ? "; did you mean '" : "",
                     near ? near : "", near ? "'?" : "");
            bad(s, loc, msg);
            return NULL;
        }
        if (check_is_input_error((enum check_id)id) || id == CHECK_BAD_SUPPRESSION) {
            char msg[256];
            snprintf(msg, sizeof(msg), "'%s' cannot be suppressed: a file that was not verified "
                     "must not look clean", word);
            bad(s, loc, msg);
            return NULL;
        }
        *checks |= 1ull << id;
    }
    if (!*checks) {
        bad(s, loc, "no check id in the parentheses");
        return NULL;
    }
    const char *r = skip_space(close + 1, end);
    const char *re = end;
    while (re > r && isspace((unsigned char)re[-1]))
        re--;
    if (re == r) {
        bad(s, loc, "no reason: give one after the check ids");
        return NULL;
    }
    return arena_strndup(s->arena, r, (size_t)(re - r));
}

static void push(struct scan *s, struct directive d)
{
    if (s->len == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->items = xrealloc_array(s->items, s->cap, sizeof(*s->items));
    }
    s->items[s->len++] = d;
}

/* The start of a `//` comment on the line that is not inside a string; NULL if none. */
static const char *comment_of(const char *p, const char *end)
{
    bool quoted = false;
    for (; p + 1 < end; p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (!quoted && p[0] == '/' && p[1] == '/')
            return p;
    }
    return NULL;
}

static void scan_source(struct scan *s)
{
    const struct source *src = s->src;
    struct directive open = {0};
    bool in_range = false;
    for (size_t line = 1; line <= src->nlines; line++) {
        const char *start = src->text + src->line_starts[line - 1];
        const char *end = line < src->nlines ? src->text + src->line_starts[line] : src->text + src->len;
        while (end > start && (end[-1] == '\n' || end[-1] == '\r'))
            end--;
        const char *c = comment_of(start, end);
        if (!c)
            continue;
        const char *p = skip_space(c + 2, end);
        if ((size_t)(end - p) < strlen(MARK) || strncmp(p, MARK, strlen(MARK)) != 0)
            continue;
        struct as_loc loc = {src->path, (int)line, (int)(c - start) + 1, (int)(end - c)};
        p = skip_space(p + strlen(MARK), end);
        bool alone = skip_space(start, c) == c;
        struct directive d = {.loc = loc};
        if (strncmp(p, "ignore-begin", 12) == 0) {
            if (in_range) {
                bad(s, loc, "ignore-begin inside a range not yet closed with ignore-end");
                continue;
            }
            if ((d.reason = parse_checks(s, loc, skip_space(p + 12, end), end, &d.checks))) {
                d.first = (int)line + 1;
                open = d;
                in_range = true;
            }
        } else if (strncmp(p, "ignore-end", 10) == 0) {
            if (!in_range) {
                bad(s, loc, "ignore-end without ignore-begin");
                continue;
            }
            open.last = (int)line - 1;
            push(s, open);
            in_range = false;
        } else if (strncmp(p, "ignore", 6) == 0) {
            if ((d.reason = parse_checks(s, loc, skip_space(p + 6, end), end, &d.checks))) {
                d.first = d.last = alone ? (int)line + 1 : (int)line;
                push(s, d);
            }
        } else {
            char msg[160];
            snprintf(msg, sizeof(msg), "unknown directive '%.*s': use ignore(...), "
                     "ignore-begin(...) or ignore-end", (int)(end - p < 40 ? end - p : 40), p);
            bad(s, loc, msg);
        }
    }
    if (in_range)
        bad(s, open.loc, "ignore-begin without ignore-end");
}

void suppress_findings(const struct source *src, struct diag_list *diags)
{
    if (!src)
        return;
    struct scan s = {.src = src, .diags = diags, .arena = &diags->arena};
    size_t before = diags->len;
    scan_source(&s);
    for (size_t i = 0; i < before; i++) {
        struct finding *f = &diags->items[i];
        if (f->suppressed || check_is_input_error(f->check) || !f->loc.file
            || strcmp(f->loc.file, src->path) != 0)
            continue;
        for (size_t k = 0; k < s.len; k++) {
            struct directive *d = &s.items[k];
            if (((d->checks >> f->check) & 1) && d->first <= f->loc.line && f->loc.line <= d->last) {
                diag_suppress(diags, f, d->reason, false);
                d->used |= 1ull << f->check;
                break;
            }
        }
    }
    for (size_t k = 0; k < s.len; k++) {   /* one finding per directive, naming what it wasted */
        const struct directive *d = &s.items[k];
        char unused[512] = "";
        int count = 0;
        for (int id = 0; id < CHECK_COUNT; id++)
            if (((d->checks >> id) & 1) && !((d->used >> id) & 1)) {
                size_t at = strlen(unused);
                snprintf(unused + at, sizeof(unused) - at, "%s%s", count++ ? ", " : "",
                         check_name((enum check_id)id));
            }
        if (!count)
            continue;
        const char *verb = count == 1 ? "is" : "are";
        if (d->first == d->last)
            diag_addf(diags, CHECK_UNUSED_SUPPRESSION, SEV_WARNING, d->loc,
                      "this ignore(%s) suppresses nothing: no %s %s reported on line %d", unused,
                      unused, verb, d->first);
        else
            diag_addf(diags, CHECK_UNUSED_SUPPRESSION, SEV_WARNING, d->loc,
                      "this ignore-begin(%s) suppresses nothing: no %s %s reported on lines %d..%d",
                      unused, unused, verb, d->first, d->last);
    }
    free(s.items);
}
