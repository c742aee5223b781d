/* The -I directories a library's build would give a kernel, derived from where the headers
 * it includes sit (derived_includes.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "derived_includes.h"

#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../util/source.h"
#include "../../util/xalloc.h"
#include "parse_guard.h"

typedef VEC(char *) string_vec;

struct derivation {
    const char *tree;               /* the checked tree (real path) */
    const char *src_dir;            /* the source's directory (real path) */
    const char *const *dirs;        /* searched before: the user's -I, a build's */
    size_t ndirs;
    string_vec real_dirs;           /* their real paths: headers there may be read */
    const char *const *supplied;
    size_t max_header_size;
    string_vec derived;             /* the result, in the order found */
    string_vec read;                /* real paths of the headers read */
    string_vec pending;             /* headers found, not read yet */
    size_t includes;                /* directives looked up */
};

static void free_strings(string_vec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->items[i]);
    VEC_FREE(*v);
}

static bool inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    return strcmp(root, "/") == 0 ||
           (strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0'));
}

static bool listed(const string_vec *v, const char *s)
{
    for (size_t i = 0; i < v->len; i++)
        if (strcmp(v->items[i], s) == 0)
            return true;
    return false;
}

static char *dir_of(const char *path)
{
    char *copy = xstrdup(path);
    char *dir = xstrdup(dirname(copy));
    free(copy);
    return dir;
}

/* A name with a `..` component: never looked for above the source (it could climb out). */
static bool climbs(const char *name)
{
    for (const char *p = name; *p;) {
        size_t len = strcspn(p, "/");
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return true;
        p += len;
        while (*p == '/')
            p++;
    }
    return false;
}

/* Whether `candidate` exists (as clang would open it: the search stops there); *real is then
 * its real path when it is a regular file that may be read (inside the tree or one of the
 * searched directories, not of /proc or /sys), else NULL. */
static bool exists(const struct derivation *d, const char *candidate, char **real)
{
    struct stat st;
    *real = NULL;
    if (stat(candidate, &st) != 0 || S_ISDIR(st.st_mode))
        return false;   /* clang looks further for a name that is a directory */
    char buf[PATH_MAX];
    if (S_ISREG(st.st_mode) && realpath(candidate, buf) && !inside("/proc", buf)
        && !inside("/sys", buf)) {
        bool ok = inside(d->tree, buf);
        for (size_t i = 0; i < d->real_dirs.len && !ok; i++)
            ok = inside(d->real_dirs.items[i], buf);
        if (ok)
            *real = xstrdup(buf);
    }
    return true;
}

/* A header that may be read, queued once. */
static void found(struct derivation *d, char *real)
{
    if (real && !listed(&d->read, real) && !listed(&d->pending, real))
        VEC_PUSH(d->pending, real);
    else
        free(real);
}

/* One quoted include of the file in `includer_dir`. */
static void look_up(struct derivation *d, const char *includer_dir, const char *name)
{
    if (!name[0] || name[0] == '/')
        return;
    for (size_t i = 0; d->supplied && d->supplied[i]; i++)
        if (strcmp(d->supplied[i], name) == 0)
            return;
    /* as clang searches: beside the includer, beside the source (its -I), the -I given, then
     * the directories derived so far */
    const char *before[] = {includer_dir, d->src_dir};
    char *real;
    for (size_t i = 0; i < 2 + d->ndirs + d->derived.len; i++) {
        const char *dir = i < 2 ? before[i]
                          : i < 2 + d->ndirs ? d->dirs[i - 2] : d->derived.items[i - 2 - d->ndirs];
        char *candidate = xasprintf("%s/%s", dir, name);
        bool there = exists(d, candidate, &real);
        free(candidate);
        if (there) {
            found(d, real);
            return;
        }
    }
    if (climbs(name))
        return;
    /* not found: the directories above the source's, nearest first, inside the tree */
    char *up = dir_of(d->src_dir);
    for (int level = 0; level < DERIVED_MAX_LEVELS && inside(d->tree, up); level++) {
        char *candidate = xasprintf("%s/%s", strcmp(up, "/") == 0 ? "" : up, name);
        bool there = exists(d, candidate, &real);
        free(candidate);
        if (there && real && inside(d->tree, real)) {
            VEC_PUSH(d->derived, xstrdup(up));
            found(d, real);
            break;
        }
        free(real);
        char *next = dir_of(up);
        bool top = strcmp(next, up) == 0;
        free(up);
        up = next;
        if (top)
            break;
    }
    free(up);
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/* The quoted includes of a file's text: `#include "name"` first on a line (comments are not
 * removed: an include commented out only adds a directory where the name is found). */
static void scan(struct derivation *d, const char *includer_dir, const char *t, size_t len)
{
    for (size_t i = 0; i < len && d->includes < DERIVED_MAX_INCLUDES;) {
        while (i < len && blank(t[i]))
            i++;
        size_t end = i;
        while (end < len && t[end] != '\n')
            end++;
        if (i < len && t[i] == '#') {
            size_t j = i + 1;
            while (j < end && blank(t[j]))
                j++;
            if (end - j > 7 && strncmp(t + j, "include", 7) == 0) {
                j += 7;
                while (j < end && blank(t[j]))
                    j++;
                const char *close = j < end && t[j] == '"'
                                        ? memchr(t + j + 1, '"', end - j - 1) : NULL;
                if (close) {
                    char *name = xasprintf("%.*s", (int)(close - (t + j + 1)), t + j + 1);
                    d->includes++;
                    look_up(d, includer_dir, name);
                    free(name);
                }
            }
        }
        i = end + 1;
    }
}

char **derived_include_dirs(const char *path, const char *text, size_t len,
                            const char *const *dirs, size_t ndirs,
                            const char *const *supplied, size_t max_header_size, size_t *n)
{
    *n = 0;
    char real_src[PATH_MAX];
    char *tree = parse_guard_tree(path);
    char *src_dir = realpath(path, real_src) ? dir_of(real_src) : NULL;
    if (!tree || !src_dir || !inside(tree, src_dir)) {
        free(tree);
        free(src_dir);
        return xcalloc(1, sizeof(char *));
    }
    struct derivation d = {.tree = tree, .src_dir = src_dir, .dirs = dirs, .ndirs = ndirs,
                           .supplied = supplied, .max_header_size = max_header_size};
    for (size_t i = 0; i < ndirs; i++) {
        char buf[PATH_MAX];
        if (realpath(dirs[i], buf))
            VEC_PUSH(d.real_dirs, xstrdup(buf));
    }
    VEC_PUSH(d.read, xstrdup(real_src));
    scan(&d, src_dir, text, len);
    while (d.pending.len && d.read.len < DERIVED_MAX_HEADERS
           && d.includes < DERIVED_MAX_INCLUDES) {
        char *header = d.pending.items[0];
        memmove(d.pending.items, d.pending.items + 1, --d.pending.len * sizeof(char *));
        VEC_PUSH(d.read, header);
        const char *err;
        struct source *h = source_read_regular(header, max_header_size ? max_header_size
                                                                       : SIZE_MAX, &err);
        if (h) {
            char *dir = dir_of(header);
            scan(&d, dir, h->text, h->len);
            free(dir);
            source_free(h);
        }
    }
    free_strings(&d.read);
    free_strings(&d.pending);
    free_strings(&d.real_dirs);
    free(src_dir);
    free(tree);
    *n = d.derived.len;
    VEC_PUSH(d.derived, NULL);
    return d.derived.items;
}
