/* The device compiler's execution-space lists, blanked in memory (device_syntax.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "device_syntax.h"

#include <ctype.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../util/source.h"
#include "../../util/xalloc.h"

enum { MAX_HEADERS = 4000, MAX_DEPTH = 32 };

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool word_at(const char *p, const char *end, const char *word, const char **after)
{
    size_t n = strlen(word);
    if ((size_t)(end - p) < n || strncmp(p, word, n) != 0 ||
        (p + n < end && (isalnum((unsigned char)p[n]) || p[n] == '_')))
        return false;
    *after = p + n;
    return true;
}

/* The length of the list `[host, aicore]` at p (p[0] == '['), or 0: only the words host and
 * aicore, aicore among them, commas and blanks; not an attribute `[[` nor its inner part. */
static size_t list_at(const char *text, const char *p, const char *end)
{
    if ((p > text && p[-1] == '[') || (p + 1 < end && p[1] == '['))
        return 0;
    bool aicore = false, want_word = true;
    for (const char *q = p + 1; q < end; q++) {
        if (*q == ' ' || *q == '\t')
            continue;
        const char *after;
        if (want_word && (word_at(q, end, "aicore", &after) || word_at(q, end, "host", &after))) {
            aicore |= *q == 'a';
            q = after - 1;
            want_word = false;
        } else if (!want_word && *q == ',') {
            want_word = true;
        } else if (!want_word && *q == ']') {
            return aicore ? (size_t)(q + 1 - p) : 0;
        } else {
            return 0;
        }
    }
    return 0;
}

bool device_syntax_blank(char *text, size_t len)
{
    bool changed = false;
    char *end = text + len;
    for (char *p = text; (p = memchr(p, '[', (size_t)(end - p))) != NULL; p++) {
        size_t n = list_at(text, p, end);
        if (n) {
            memset(p, ' ', n);
            changed = true;
            p += n - 1;
        }
    }
    return changed;
}

struct header_walk {
    const char *const *dirs;
    size_t ndirs;
    VEC(char *) seen;                 /* real paths read */
    VEC(struct device_header) found;
};

static void walk(struct header_walk *w, const char *path, const char *text, int depth);

static void visit(struct header_walk *w, const char *candidate, int depth)
{
    char real[PATH_MAX];
    if (!realpath(candidate, real))
        return;
    for (size_t i = 0; i < w->seen.len; i++)
        if (!strcmp(w->seen.items[i], real))
            return;
    if (w->seen.len >= MAX_HEADERS)
        return;
    VEC_PUSH(w->seen, xstrdup(real));
    const char *err;
    struct source *src = source_read(real, 16 * 1024 * 1024, &err);
    if (!src)
        return;
    walk(w, real, src->text, depth + 1);
    char *copy = xmalloc(src->len + 1);
    memcpy(copy, src->text, src->len + 1);
    if (device_syntax_blank(copy, src->len)) {
        struct device_header h = {xstrdup(real), copy};
        VEC_PUSH(w->found, h);
    } else {
        free(copy);
    }
    source_free(src);
}

/* Every `#include "x"` / `<x>` of text, as the compiler would find it (the including file's
 * directory first for quoted names, then the directories); a name found nowhere is a system
 * header, left alone. Conditions are not evaluated: a header under #if counts too. */
static void walk(struct header_walk *w, const char *path, const char *text, int depth)
{
    if (depth > MAX_DEPTH)
        return;
    char *copy = xstrdup(path);
    char *dir = xstrdup(dirname(copy));
    free(copy);
    for (const char *p = text; (p = strstr(p, "include")) != NULL; p += 7) {
        const char *h = p;
        while (h > text && (h[-1] == ' ' || h[-1] == '\t'))
            h--;
        if (h == text || h[-1] != '#')
            continue;
        const char *q = p + 7;
        while (*q == ' ' || *q == '\t')
            q++;
        char close = *q == '"' ? '"' : *q == '<' ? '>' : '\0';
        const char *name = q + 1, *stop = close ? strchr(name, close) : NULL;
        if (!stop || memchr(name, '\n', (size_t)(stop - name)))
            continue;
        char *rel = xasprintf("%.*s", (int)(stop - name), name);
        char *found = NULL;
        if (close == '"') {
            found = xasprintf("%s/%s", dir, rel);
            if (!is_file(found)) {
                free(found);
                found = NULL;
            }
        }
        for (size_t i = 0; !found && i < w->ndirs; i++) {
            found = xasprintf("%s/%s", w->dirs[i], rel);
            if (!is_file(found)) {
                free(found);
                found = NULL;
            }
        }
        if (found)
            visit(w, found, depth);
        free(found);
        free(rel);
    }
    free(dir);
}

struct device_header *device_syntax_headers(const char *path, const char *text,
                                            const char *const *include_dirs,
                                            size_t ninclude_dirs, size_t *n)
{
    struct header_walk w = {.dirs = include_dirs, .ndirs = ninclude_dirs};
    char real[PATH_MAX];
    if (realpath(path, real))
        VEC_PUSH(w.seen, xstrdup(real));
    walk(&w, path, text, 0);
    for (size_t i = 0; i < w.seen.len; i++)
        free(w.seen.items[i]);
    VEC_FREE(w.seen);
    *n = w.found.len;
    return w.found.items;
}

void device_syntax_headers_free(struct device_header *h, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(h[i].path);
        free(h[i].text);
    }
    free(h);
}
