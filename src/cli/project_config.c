/* Project configuration files (project_config.h), read with libinih. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "project_config.h"

#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util/escape.h"
#include "../util/fnv.h"
#include "../util/xalloc.h"
#include "settings.h"

#define CONFIG_NAME ".accelsync"

static void push(struct config_list *l, const char *s)
{
    l->items = xrealloc_array(l->items, l->len + 1, sizeof(char *));
    l->items[l->len++] = xstrdup(s);
}

static void list_free(struct config_list *l)
{
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i]);
    free(l->items);
}

/* A path written in the file is relative to the file's directory. */
static char *beside(const struct project_config *c, const char *path)
{
    if (path[0] == '/')
        return xstrdup(path);
    char *s = xrealloc_array(NULL, strlen(c->dir) + strlen(path) + 2, 1);
    sprintf(s, "%s/%s", c->dir, path);
    return s;
}

/* Comma-separated words, each pushed trimmed. */
static void push_words(struct config_list *l, const char *value)
{
    const char *p = value;
    while (*p) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t n = strcspn(p, ", ");
        if (n) {
            char *w = xrealloc_array(NULL, n + 1, 1);
            memcpy(w, p, n);
            w[n] = '\0';
            l->items = xrealloc_array(l->items, l->len + 1, sizeof(char *));
            l->items[l->len++] = w;
        }
        p += n;
    }
}

struct parse_state {
    struct project_config *c;
    FILE *file;
    char *buf;                  /* the whole line, as long as it is (getline) */
    size_t cap;
    int line;                   /* the line being read, counted by the reader */
    int error_line;             /* the first line the handler or the reader refused */
    int root_line;              /* the line of `root = ...`; 0: none */
    char message[256];
};

static int refuse(struct parse_state *st, const char *what, const char *name, const char *rest)
{
    if (!st->error_line) {
        st->error_line = st->line;
        snprintf(st->message, sizeof(st->message), "%s%s%s", what, name, rest);
    }
    return 0;
}

/* What libinih reads in place of a line it must not see: no '=', so it is a syntax error at
 * this line, whose message the reader has recorded. */
static const char refused_line[] = "\x01\n";

/* libinih's reader. libinih reads a line in chunks of INI_MAX_LINE (200) bytes and parses
 * each chunk as a line of its own, so the tail of a long comment would be applied as a
 * setting (`; xxx…xxx model = /etc/passwd`). Here each line is read whole: a comment or blank
 * line of any length is handed over empty, a longer setting is refused at its line, and a
 * section header naming an unknown section is refused at its line even when the section has
 * no entry. */
static char *read_line(char *str, int num, void *stream)
{
    struct parse_state *st = stream;
    ssize_t len = getline(&st->buf, &st->cap, st->file);
    if (len < 0)
        return NULL;
    st->line++;
    if (memchr(st->buf, '\0', (size_t)len)) {
        refuse(st, "a NUL byte in the line", "", "");
        return strcpy(str, refused_line);
    }
    const char *p = st->buf;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (*p == ';' || *p == '#' || !*p)
        return strcpy(str, "\n");   /* a comment or a blank line: nothing in it is read */
    if (*p == '[') {
        size_t n = strcspn(p + 1, "]");
        char name[64];
        snprintf(name, sizeof(name), "%.*s", (int)(n < 63 ? n : 63), p + 1);
        if (p[1 + n] == ']' && strcmp(name, "check") != 0 && strcmp(name, "severity") != 0) {
            refuse(st, "unknown section [", name, "]: the sections are [check] and [severity]");
            return strcpy(str, refused_line);
        }
    }
    if (len >= num) {
        char limit[32];
        snprintf(limit, sizeof(limit), "%d", num - 2);
        refuse(st, "a line longer than ", limit, " bytes: shorten it (comments may be of any "
               "length)");
        return strcpy(str, refused_line);
    }
    return memcpy(str, st->buf, (size_t)len + 1);
}

static int on_entry(void *user, const char *section, const char *name, const char *value)
{
    struct parse_state *st = user;
    struct project_config *c = st->c;
    if (!*section && strcmp(name, "root") == 0) {
        /* EditorConfig's marker of the top file. Configurations do not merge: the nearest is
         * the only one read and the search stops at it, so root changes nothing, and
         * config_read says so rather than let a reader believe files above it would count. */
        if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0)
            return refuse(st, "root = ", value, ": give true or false");
        st->root_line = st->line;
        return 1;
    }
    if (strcmp(section, "severity") == 0) {
        c->level_lines = xrealloc_array(c->level_lines, c->level_checks.len + 1, sizeof(int));
        c->level_lines[c->level_checks.len] = st->line;
        push(&c->level_checks, name);
        push(&c->level_values, value);
        return 1;
    }
    if (strcmp(section, "check") != 0)
        return refuse(st, "unknown section [", section, "]: the sections are [check] and [severity]");
    if (!*value)
        return refuse(st, "'", name, "' needs a value");
    if (strcmp(name, "model") == 0) {
        free(c->model);
        c->model = strchr(value, '/') || strstr(value, ".xml") ? beside(c, value) : xstrdup(value);
    } else if (strcmp(name, "sdk") == 0) {
        free(c->sdk);
        c->sdk = strcmp(value, "none") == 0 ? xstrdup(value) : beside(c, value);
    } else if (strcmp(name, "model-path") == 0) {
        char *p = beside(c, value);
        push(&c->model_paths, p);
        free(p);
    } else if (strcmp(name, "define") == 0) {
        /* NAME=VALUE, spaces around '=' allowed; VALUE as PIR writes integers */
        const char *eq = strchr(value, '=');
        size_t n = eq ? (size_t)(eq - value) : 0;
        while (n && (value[n - 1] == ' ' || value[n - 1] == '\t'))
            n--;
        const char *num = eq ? eq + 1 : "";
        while (*num == ' ' || *num == '\t')
            num++;
        long long v;
        if (!eq || n == 0 || n > 255 || !parse_number(num, &v))
            return refuse(st, "define = ", value,
                          ": give NAME=VALUE with an integer VALUE (decimal, or hexadecimal "
                          "after 0x)");
        c->defines = xrealloc_array(c->defines, c->ndefines + 1, sizeof(*c->defines));
        char *defined = xrealloc_array(NULL, n + 1, 1);
        memcpy(defined, value, n);
        defined[n] = '\0';
        c->defines[c->ndefines++] = (struct config_define){defined, v};
    } else if (strcmp(name, "exclude") == 0) {
        push(&c->excludes, value);
    } else if (strcmp(name, "extensions") == 0) {
        list_free(&c->extensions);
        memset(&c->extensions, 0, sizeof(c->extensions));
        push_words(&c->extensions, value);
    } else if (strcmp(name, "disable") == 0) {
        struct config_list words = {0};
        push_words(&words, value);
        for (size_t i = 0; i < words.len; i++) {
            c->level_lines = xrealloc_array(c->level_lines, c->level_checks.len + 1, sizeof(int));
            c->level_lines[c->level_checks.len] = st->line;
            push(&c->level_checks, words.items[i]);
            push(&c->level_values, "off");
        }
        list_free(&words);
    } else {
        return refuse(st, "unknown setting '", name, "' in [check]: the settings are model, "
                      "model-path, sdk, define, exclude, extensions and disable");
    }
    return 1;
}

bool config_read(const char *path, struct project_config *c, FILE *errors)
{
    memset(c, 0, sizeof(*c));
    c->path = xstrdup(path);
    char *slash = strrchr(c->path, '/');
    c->dir = slash ? memcpy(xrealloc_array(NULL, (size_t)(slash - c->path) + 1, 1), c->path,
                            (size_t)(slash - c->path))
                   : xstrdup(".");
    if (slash)
        c->dir[slash - c->path] = '\0';
    if (slash == c->path) {
        free(c->dir);
        c->dir = xstrdup("/");
    }
    struct parse_state st = {.c = c};
    st.file = fopen(path, "r");
    if (!st.file) {
        int error = errno;
        char *name = escaped_copy(path);
        fprintf(errors, "accelsync: cannot read the configuration %s: %s\n", name, strerror(error));
        free(name);
        return false;
    }
    int rc = ini_parse_stream(read_line, &st, on_entry, &st);
    fclose(st.file);
    free(st.buf);
    if (rc == 0 && c->extensions.len == 0)
        for (const char *const *e = as_kernel_extensions(); *e; e++)
            push(&c->extensions, *e);
    /* the path and what the message quotes from the file may hold any byte (escape.h) */
    char *name = escaped_copy(path);
    if (rc > 0) {
        char *message = escaped_copy(st.message);
        if (st.error_line == rc)
            fprintf(errors, "accelsync: %s:%d: %s\n", name, rc, message);
        else
            fprintf(errors, "accelsync: %s:%d: expected NAME = VALUE, [SECTION] or a ';' comment\n",
                    name, rc);
        free(message);
    } else if (rc < 0) {
        fprintf(errors, "accelsync: cannot read the configuration %s\n", name);
    }
    if (rc == 0 && st.root_line)
        fprintf(errors, "accelsync: %s:%d: note: 'root' changes nothing: only the nearest "
                "configuration is read, never one above it (remove the line)\n", name,
                st.root_line);
    free(name);
    return rc == 0;
}

void config_free(struct project_config *c)
{
    free(c->path);
    free(c->dir);
    free(c->model);
    free(c->sdk);
    list_free(&c->model_paths);
    for (size_t i = 0; i < c->ndefines; i++)
        free(c->defines[i].name);
    free(c->defines);
    list_free(&c->excludes);
    list_free(&c->extensions);
    list_free(&c->level_checks);
    list_free(&c->level_values);
    free(c->level_lines);
    memset(c, 0, sizeof(*c));
}

/* Directory paths mapped to a string or to NULL, hashed (a library run asks about
 * thousands of directories). */
struct dir_entry {
    char *dir;                  /* NULL: an empty slot */
    char *value;
};

struct dir_map {
    struct dir_entry *slots;
    size_t nslots, len;
};

static size_t dir_slot(const struct dir_entry *slots, size_t nslots, const char *dir)
{
    size_t k = fnv1a(dir, strlen(dir)) & (nslots - 1);
    while (slots[k].dir && strcmp(slots[k].dir, dir) != 0)
        k = (k + 1) & (nslots - 1);
    return k;
}

/* The entry of dir, or NULL when it has none. */
static const struct dir_entry *dir_map_find(const struct dir_map *m, const char *dir)
{
    if (!m->len)
        return NULL;
    const struct dir_entry *e = &m->slots[dir_slot(m->slots, m->nslots, dir)];
    return e->dir ? e : NULL;
}

static const struct dir_entry *dir_map_put(struct dir_map *m, const char *dir, const char *value)
{
    if (2 * (m->len + 1) > m->nslots) {
        size_t nslots = m->nslots ? 2 * m->nslots : 64;
        struct dir_entry *slots = xcalloc(nslots, sizeof(*slots));
        for (size_t i = 0; i < m->nslots; i++)
            if (m->slots[i].dir)
                slots[dir_slot(slots, nslots, m->slots[i].dir)] = m->slots[i];
        free(m->slots);
        m->slots = slots;
        m->nslots = nslots;
    }
    struct dir_entry *e = &m->slots[dir_slot(m->slots, m->nslots, dir)];
    if (!e->dir) {
        *e = (struct dir_entry){xstrdup(dir), value ? xstrdup(value) : NULL};
        m->len++;
    }
    return e;
}

static void dir_map_free(struct dir_map *m)
{
    for (size_t i = 0; i < m->nslots; i++) {
        free(m->slots[i].dir);
        free(m->slots[i].value);
    }
    free(m->slots);
}

/* What config_find learnt so far: per real directory, the configuration at or above it; per
 * directory as written, its real path. A library run asks once per file, and files share
 * their directories. */
struct config_finder {
    struct dir_map answers, real;
};

struct config_finder *config_finder_new(void)
{
    return xcalloc(1, sizeof(struct config_finder));
}

void config_finder_free(struct config_finder *f)
{
    if (!f)
        return;
    dir_map_free(&f->answers);
    dir_map_free(&f->real);
    free(f);
}

/* The nearest configuration at or above the real directory `start` (changed on the way), up
 * to the repository root: the first directory holding .git (a directory, or a file in a
 * worktree or submodule). */
static char *find_from(struct config_finder *f, char *start)
{
    const struct dir_entry *a = dir_map_find(&f->answers, start);
    if (a)
        return a->value ? xstrdup(a->value) : NULL;
    char dir[PATH_MAX];
    snprintf(dir, sizeof(dir), "%s", start);
    char candidate[PATH_MAX + sizeof(CONFIG_NAME) + 1];
    snprintf(candidate, sizeof(candidate), "%s%s%s", start, strcmp(start, "/") == 0 ? "" : "/",
             CONFIG_NAME);
    struct stat st;
    char *found = NULL;
    char git[PATH_MAX + sizeof("/.git")];
    snprintf(git, sizeof(git), "%s%s.git", start, strcmp(start, "/") == 0 ? "" : "/");
    if (stat(candidate, &st) == 0 && S_ISREG(st.st_mode)) {
        found = xstrdup(candidate);
    } else if (lstat(git, &st) == 0) {
        /* the repository's root: a configuration above it belongs to someone else (the CI
         * machine's home, another checkout), and must not turn checks off for this one */
    } else {
        char *slash = strrchr(start, '/');
        if (slash && strcmp(start, "/") != 0) {
            *(slash == start ? slash + 1 : slash) = '\0';
            found = find_from(f, start);
        }
    }
    dir_map_put(&f->answers, dir, found);
    return found;
}

/* The real directory of a file that is not a symbolic link, from the real path of the directory
 * as written (remembered): the file's own name needs no lookup. False when that does not
 * apply (a link, a directory, a name without a directory part). */
static bool real_directory_of_file(struct config_finder *f, const char *path,
                                   char out[PATH_MAX])
{
    const char *slash = strrchr(path, '/');
    struct stat st;
    if (!slash || slash == path || slash[1] == '\0' || strcmp(slash + 1, ".") == 0
        || strcmp(slash + 1, "..") == 0 || lstat(path, &st) != 0 || !S_ISREG(st.st_mode)
        || (size_t)(slash - path) >= PATH_MAX)
        return false;
    char written[PATH_MAX];
    memcpy(written, path, (size_t)(slash - path));
    written[slash - path] = '\0';
    const struct dir_entry *a = dir_map_find(&f->real, written);
    if (!a) {
        char real[PATH_MAX];
        if (!realpath(written, real))
            return false;
        a = dir_map_put(&f->real, written, real);
    }
    snprintf(out, PATH_MAX, "%s", a->value);
    return true;
}

char *config_find(struct config_finder *f, const char *path)
{
    char start[PATH_MAX];
    struct stat st;
    if (strcmp(path, "-") == 0)
        return NULL;
    if (real_directory_of_file(f, path, start))
        return find_from(f, start);
    if (!realpath(path, start))
        return NULL;
    if (stat(start, &st) == 0 && !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(start, '/');
        if (slash)
            *(slash == start ? slash + 1 : slash) = '\0';
    }
    return find_from(f, start);
}
