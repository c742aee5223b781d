/* The files `accelsync check PATH...` checks (inputs.h). */
#define _XOPEN_SOURCE 700   /* fnmatch, d_type is not relied on */
#include "inputs.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util/xalloc.h"

struct list {
    char **items;
    size_t len, cap;
};

static void push(struct list *l, char *s)
{
    if (l->len == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->items = xrealloc_array(l->items, l->cap, sizeof(char *));
    }
    l->items[l->len++] = s;
}

static char *joined(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    bool slash = a > 0 && dir[a - 1] == '/';
    char *s = xrealloc_array(NULL, a + b + 2, 1);
    memcpy(s, dir, a);
    if (!slash)
        s[a++] = '/';
    memcpy(s + a, name, b + 1);
    return s;
}

/* An --exclude glob matches the path as walked (its '*' crossing '/') or the entry's name. */
static bool excluded(const struct input_rules *r, const char *path, const char *name)
{
    for (size_t i = 0; i < r->nexcludes; i++)
        if (fnmatch(r->excludes[i], path, 0) == 0 || fnmatch(r->excludes[i], name, 0) == 0)
            return true;
    return false;
}

static bool kernel_file(const struct input_rules *r, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < r->nextensions; i++) {
        size_t k = strlen(r->extensions[i]);
        if (n > k && name[n - k - 1] == '.' && strcmp(name + n - k, r->extensions[i]) == 0)
            return true;
    }
    return false;
}

static int by_bytes(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends the kernel files under dir, entries in byte order, depth first. Hidden entries
 * ('.' first) are skipped and symbolic links to directories are not followed (no cycles). */
static bool walk(const struct input_rules *r, const char *dir, struct list *out, FILE *errors)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(errors, "accelsync: cannot read directory %s: %s\n", dir, strerror(errno));
        return false;
    }
    struct list names = {0};
    for (struct dirent *e; (errno = 0, e = readdir(d));)
        if (e->d_name[0] != '.')
            push(&names, xstrdup(e->d_name));
    bool ok = errno == 0;
    if (!ok)
        fprintf(errors, "accelsync: cannot read directory %s: %s\n", dir, strerror(errno));
    closedir(d);
    if (names.len)
        qsort(names.items, names.len, sizeof(char *), by_bytes);
    for (size_t i = 0; i < names.len; i++) {
        char *path = joined(dir, names.items[i]);
        struct stat lst, st;
        if (excluded(r, path, names.items[i]) || lstat(path, &lst) != 0) {
            free(path);
        } else if (S_ISDIR(lst.st_mode)) {
            ok &= walk(r, path, out, errors);
            free(path);
        } else if (kernel_file(r, names.items[i]) && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            push(out, path);
        } else {
            free(path);
        }
        free(names.items[i]);
    }
    free(names.items);
    return ok;
}

bool inputs_expand(const struct input_rules *r, const char *const *paths, size_t n,
                   char ***files, size_t *nfiles, FILE *errors)
{
    struct list out = {0};
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            size_t before = out.len;
            ok &= walk(r, paths[i], &out, errors);
            if (out.len == before) {
                fprintf(errors, "accelsync: no kernel files under %s (looked for", paths[i]);
                for (size_t k = 0; k < r->nextensions; k++)
                    fprintf(errors, "%s *.%s", k ? "," : "", r->extensions[k]);
                fputs(")\n", errors);
                ok = false;
            }
        } else {
            push(&out, xstrdup(paths[i]));   /* named: always checked, whatever its name */
        }
    }
    push(&out, NULL);
    *files = out.items;
    *nfiles = out.len - 1;
    return ok;
}

void inputs_free(char **files, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(files[i]);
    free(files);
}

bool inputs_parse_shard(const char *text, unsigned long *k, unsigned long *n)
{
    char *end;
    errno = 0;
    unsigned long a = strtoul(text, &end, 10);
    if (errno || end == text || *end != '/' || text[0] == '-')
        return false;
    const char *rest = end + 1;
    unsigned long b = strtoul(rest, &end, 10);
    if (errno || end == rest || *end || rest[0] == '-' || b == 0 || a == 0 || a > b)
        return false;
    *k = a;
    *n = b;
    return true;
}
