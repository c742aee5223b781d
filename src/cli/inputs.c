/* The files `accelsync check PATH...` checks (inputs.h). */
#define _XOPEN_SOURCE 700   /* fnmatch, d_type is not relied on */
#include "inputs.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/vfs.h>
#endif

#include "../util/escape.h"
#include "../util/xalloc.h"

typedef VEC(struct input_file) file_vec;
typedef VEC(char *) name_vec;

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

/* Whether a file of a walk sits on a pseudo file system (/proc, /sys), whose "regular" files
 * are made on reading and may never end. */
static bool on_pseudo_fs(const char *path)
{
#ifdef __linux__
    struct statfs fs;
    return statfs(path, &fs) == 0
           && (fs.f_type == 0x9fa0 /* PROC_SUPER_MAGIC */ || fs.f_type == 0x62656572 /* SYSFS */);
#else
    (void)path;
    return false;
#endif
}

/* Why a kernel file found by a walk must not be read, or NULL. A repository is not trusted:
 * a committed symbolic link may lead to any file of the machine (a key, /proc/self/environ)
 * whose lines a syntax error would quote, and a FIFO or a device would block or never end.
 * So only regular files inside the walked directory `root` (a real path) are read. */
static const char *refusal(const char *path, const struct stat *lst, const char *root)
{
    if (S_ISLNK(lst->st_mode)) {
        char target[PATH_MAX];
        struct stat st;
        size_t n = strlen(root);
        if (!realpath(path, target))
            return "a symbolic link that leads nowhere (not followed)";
        if (strncmp(target, root, n) != 0
            || (target[n] != '/' && target[n] != '\0' && strcmp(root, "/") != 0))
            return "a symbolic link out of the directory walked (not followed: a walk reads "
                   "only the files inside it)";
        if (stat(target, &st) != 0 || !S_ISREG(st.st_mode))
            return "a symbolic link to something that is not a regular file (not followed)";
    } else if (!S_ISREG(lst->st_mode)) {
        switch (lst->st_mode & S_IFMT) {
        case S_IFIFO:
            return "a FIFO, not a regular file (a walk reads only regular files)";
        case S_IFCHR:
        case S_IFBLK:
            return "a device, not a regular file (a walk reads only regular files)";
        default:
            return "not a regular file (a walk reads only regular files)";
        }
    }
    if (on_pseudo_fs(path))
        return "a file of /proc or /sys, not a regular file (a walk reads only regular files)";
    return NULL;
}

/* A directory that cannot be walked; its name may hold any byte (escape.h). */
static void cannot_read(const char *dir, int error, FILE *errors)
{
    char *name = escaped_copy(dir);
    fprintf(errors, "accelsync: cannot read directory %s: %s\n", name, strerror(error));
    free(name);
}

/* Appends the kernel files under dir, entries in byte order, depth first. Hidden entries
 * ('.' first) are skipped and symbolic links to directories are not followed (no cycles).
 * A kernel file that must not be read (refusal) is listed with the reason; one that is read
 * with what kernel_scan_file says of it, given its path under `top` (the path as walked). */
static bool walk(const struct input_rules *r, const char *dir, const char *root, const char *top,
                 file_vec *out, FILE *errors)
{
    DIR *d = opendir(dir);
    if (!d) {
        cannot_read(dir, errno, errors);
        return false;
    }
    name_vec names = {0};
    for (struct dirent *e; (errno = 0, e = readdir(d));)
        if (e->d_name[0] != '.')
            VEC_PUSH(names, xstrdup(e->d_name));
    bool ok = errno == 0;
    if (!ok)
        cannot_read(dir, errno, errors);
    closedir(d);
    if (names.len)
        qsort(names.items, names.len, sizeof(char *), by_bytes);
    for (size_t i = 0; i < names.len; i++) {
        char *path = joined(dir, names.items[i]);
        struct stat lst;
        if (excluded(r, path, names.items[i]) || lstat(path, &lst) != 0) {
            free(path);
        } else if (S_ISDIR(lst.st_mode)) {
            ok &= walk(r, path, root, top, out, errors);
            free(path);
        } else if (kernel_file(r, names.items[i])) {
            struct input_file f = {path, refusal(path, &lst, root), {.kernel = true}};
            size_t skip = strlen(top);
            while (path[skip] == '/')
                skip++;
            if (!f.refused)
                f.scan = kernel_scan_file(path, path + skip);
            VEC_PUSH(*out, f);
        } else {
            free(path);
        }
        free(names.items[i]);
    }
    free(names.items);
    return ok;
}

bool inputs_expand(const struct input_rules *r, const char *const *paths, size_t n,
                   struct input_file **files, size_t *nfiles, FILE *errors)
{
    file_vec out = {0};
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        char root[PATH_MAX];
        if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            size_t before = out.len, skipped = 0;
            if (!realpath(paths[i], root)) {
                cannot_read(paths[i], errno, errors);
                ok = false;
                continue;
            }
            ok &= walk(r, paths[i], root, paths[i], &out, errors);
            for (size_t k = before; k < out.len; k++)
                skipped += !out.items[k].scan.kernel;
            if (out.len - before == skipped) {
                fputs("accelsync: no kernel files under ", errors);
                fputs_escaped(paths[i], errors);
                fputs(" (looked for", errors);
                for (size_t k = 0; k < r->nextensions; k++) {
                    fputs(k ? ", *." : " *.", errors);
                    fputs_escaped(r->extensions[k], errors);
                }
                if (skipped)
                    fprintf(errors, "; %zu host/test file%s skipped: --list-files says why",
                            skipped, skipped == 1 ? "" : "s");
                fputs(")\n", errors);
                ok = false;
            }
        } else {   /* named: always checked, whatever its name */
            struct input_file named = {xstrdup(paths[i]), NULL,
                                       {.kernel = true, .why = "named on the command line"}};
            VEC_PUSH(out, named);
        }
    }
    *files = out.items;
    *nfiles = out.len;
    return ok;
}

void inputs_free(struct input_file *files, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(files[i].path);
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
