/* The host files of a kernel's checked tree that name a word (tree_mentions.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "tree_mentions.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../util/source.h"
#include "../../util/xalloc.h"
#include "../clang/parse_guard.h"
#include "host_code.h"

struct tree_files {
    VEC(char *) paths;
    bool truncated;         /* the listing stopped at TREE_MAX_FILES, or a search at
                             * TREE_MAX_BYTES */
};

bool host_file_extension(const char *name)
{
    static const char *const extensions[] = {".mlu", ".cpp", ".cc", ".c", ".h", ".hpp", NULL};
    size_t n = strlen(name);
    for (size_t i = 0; extensions[i]; i++) {
        size_t e = strlen(extensions[i]);
        if (n > e && !strcmp(name + n - e, extensions[i]))
            return true;
    }
    return false;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list(struct tree_files *t, const char *dir, int depth)
{
    DIR *d = depth < 32 ? opendir(dir) : NULL;
    if (!d)
        return;
    VEC(char *) names = {0};
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.')
            VEC_PUSH(names, xstrdup(e->d_name));
    closedir(d);
    if (names.len > 1)
        qsort(names.items, names.len, sizeof(char *), by_name);
    for (size_t i = 0; i < names.len; i++) {
        char *path = xasprintf("%s/%s", dir, names.items[i]);
        struct stat st;
        if (t->paths.len >= TREE_MAX_FILES) {
            t->truncated = true;
        } else if (lstat(path, &st) != 0) {
            /* gone since it was listed */
        } else if (S_ISDIR(st.st_mode)) {
            list(t, path, depth + 1);
        } else if (S_ISREG(st.st_mode) && host_file_extension(names.items[i])) {
            VEC_PUSH(t->paths, xstrdup(strncmp(path, "./", 2) ? path : path + 2));
        }
        free(path);
        free(names.items[i]);
    }
    VEC_FREE(names);
}

struct tree_files *tree_files_new(const char *kernel_path)
{
    struct tree_files *t = xcalloc(1, sizeof(*t));
    char *root = parse_guard_tree(kernel_path), cwd[PATH_MAX], real[PATH_MAX];
    /* below the working directory, as the paths of a walk are: relative to it */
    size_t n = getcwd(cwd, sizeof(cwd)) && realpath(cwd, real) ? strlen(real) : 0;
    if (root && n && !strncmp(root, real, n) && (root[n] == '/' || !root[n]))
        list(t, root[n] ? root + n + 1 : ".", 0);
    else if (root)
        list(t, root, 0);
    free(root);
    return t;
}

static bool names_word(const char *text, const char *word, size_t len)
{
    for (const char *p = text; (p = strstr(p, word)) != NULL; p++)
        if ((p == text || !host_is_word_char(p[-1])) && !host_is_word_char(p[len]))
            return true;
    return false;
}

size_t tree_files_naming(struct tree_files *t, const char *word, size_t len, size_t max_bytes,
                         void (*found)(const char *path, void *data), void *data)
{
    char *w = xasprintf("%.*s", (int)len, word);
    size_t n = 0, read = 0;
    for (size_t i = 0; i < t->paths.len; i++) {
        if (read >= TREE_MAX_BYTES) {
            t->truncated = true;
            break;
        }
        const char *err;
        struct source *text = source_read_regular(t->paths.items[i], max_bytes, &err);
        if (!text)
            continue;
        read += text->len;
        if (names_word(text->text, w, len)) {
            found(t->paths.items[i], data);
            n++;
        }
        source_free(text);
    }
    free(w);
    return n;
}

bool tree_files_truncated(const struct tree_files *t)
{
    return t->truncated;
}

void tree_files_free(struct tree_files *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->paths.len; i++)
        free(t->paths.items[i]);
    VEC_FREE(t->paths);
    free(t);
}
