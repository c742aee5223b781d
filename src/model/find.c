/* Finding a model by name or path: `--model NAME|FILE` and `model "NAME";` resolve here,
 * searching the --model-path directories, $ACCELSYNC_MODEL_PATH, the models installed beside
 * the running executable, those installed with the library (library_dir.c), then the
 * configured install directory. No source path is compiled
 * in: a build tree has its models copied to BUILD/share/accelsync/hwmodels. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "model.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "../util/xalloc.h"

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The models of the running program, found from the executable itself so that a relocated
 * or DESTDIR install finds its own: PREFIX/share/accelsync/hwmodels beside PREFIX/bin, or in
 * a build tree BUILD/hwmodels beside BUILD/src (hwmodels/meson.build copies them there). */
static const char *find_beside_executable(char *buf, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    static const char *const layouts[] = {"/../share/accelsync/hwmodels", "/../hwmodels"};
    size_t dir_len = strlen(exe);
    for (size_t i = 0; i < 2; i++) {
        size_t tail = strlen(layouts[i]);
        if (dir_len + tail + 1 > size)
            return NULL;
        memcpy(buf, exe, dir_len);
        memcpy(buf + dir_len, layouts[i], tail + 1);
        char resolved[PATH_MAX];
        if (is_directory(buf) && realpath(buf, resolved) && strlen(resolved) < size) {
            memcpy(buf, resolved, strlen(resolved) + 1);
            return buf;
        }
    }
    memcpy(buf + dir_len, layouts[0], strlen(layouts[0]) + 1);   /* named when not found */
    return buf;
}

/* The executable does not move while it runs: looked for once per process (a library-scale
 * run searches for a model once per file). */
static pthread_once_t beside_once = PTHREAD_ONCE_INIT;
static char beside_dir[PATH_MAX];
static bool beside_found;

static void beside_search(void)
{
    beside_found = find_beside_executable(beside_dir, sizeof(beside_dir)) != NULL;
}

static const char *beside_executable(char *buf, size_t size)
{
    pthread_once(&beside_once, beside_search);
    if (!beside_found || strlen(beside_dir) >= size)
        return NULL;
    memcpy(buf, beside_dir, strlen(beside_dir) + 1);
    return buf;
}

void model_search_init(struct model_search *s, const char *const *extra, size_t nextra)
{
    const char *env = getenv("ACCELSYNC_MODEL_PATH");
    s->env_copy = xstrdup(env ? env : "");
    s->exe_dir = xmalloc(PATH_MAX);
    size_t n = nextra + 4;                 /* beside the executable and the library, install
                                            * dir, NULL */
    for (const char *p = s->env_copy; *p; p++)
        n += *p == ':';
    s->dirs = xcalloc(n + 1, sizeof(*s->dirs));
    size_t len = 0;
    for (size_t i = 0; i < nextra; i++)
        s->dirs[len++] = extra[i];
    for (char *save = NULL, *dir = strtok_r(s->env_copy, ":", &save); dir;
         dir = strtok_r(NULL, ":", &save))
        s->dirs[len++] = dir;              /* strtok_r skips empty entries */
    const char *beside = beside_executable(s->exe_dir, PATH_MAX);
    if (beside)
        s->dirs[len++] = beside;
    const char *library = model_dir_of_library();
    if (library && (!beside || strcmp(beside, library) != 0))
        s->dirs[len++] = library;
    if ((!beside || strcmp(beside, AS_MODEL_INSTALL_DIR) != 0)
        && (!library || strcmp(library, AS_MODEL_INSTALL_DIR) != 0))
        s->dirs[len++] = AS_MODEL_INSTALL_DIR;
    s->dirs[len] = NULL;
}

void model_search_free(struct model_search *s)
{
    free(s->dirs);
    free(s->env_copy);
    free(s->exe_dir);
    memset(s, 0, sizeof(*s));
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* A bare name becomes NAME.xml in a directory, so it must not climb out of it. */
static bool valid_model_name(const char *name)
{
    if (!*name || name[0] == '.')
        return false;
    for (const char *p = name; *p; p++)
        if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') || ('0' <= *p && *p <= '9')
              || *p == '_' || *p == '-' || *p == '.'))
            return false;
    return true;
}

static char *join_path(const char *dir, const char *name)
{
    size_t len = strlen(dir) + strlen(name) + sizeof("/.xml");
    char *path = xmalloc(len);
    snprintf(path, len, "%s/%s.xml", dir, name);
    return path;
}

static void report_not_found(const char *name, const char *const *searched, struct as_loc loc,
                             struct diag_list *diags)
{
    size_t len = 1;
    for (const char *const *d = searched; *d; d++)
        len += strlen(*d) + 2;
    char *list = xmalloc(len);
    list[0] = '\0';
    for (const char *const *d = searched; *d; d++) {
        if (d != searched)
            strcat(list, ", ");
        strcat(list, *d);
    }
    diag_addf(diags, CHECK_MODEL_ERROR, SEV_ERROR, loc,
              "model '%s' not found: looked for %s.xml in %s", name, name, list);
    free(list);
}

struct model *model_find(const char *name_or_path, struct as_loc loc, struct diag_list *diags)
{
    return model_find_limited(name_or_path, loc, NULL, NULL, 0, NULL, diags);
}

/* A model file as it is on disk now: a cache entry is reused only while all of these hold. */
struct cached_model {
    char *path;
    char *xml;              /* the bytes it was loaded from */
    size_t len;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    struct model_limits limits;
    struct model *model;
};

struct model_cache {
    struct cached_model *items;
    size_t len, cap;
};

struct model_cache *model_cache_new(void)
{
    return xcalloc(1, sizeof(struct model_cache));
}

void model_cache_free(struct model_cache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->len; i++) {
        free(c->items[i].path);
        free(c->items[i].xml);
        model_free(c->items[i].model);
    }
    free(c->items);
    free(c);
}

static bool same_file(const struct cached_model *e, const char *path, const struct stat *st,
                      const struct model_limits *l)
{
    return strcmp(e->path, path) == 0 && e->dev == st->st_dev && e->ino == st->st_ino
           && e->size == st->st_size && e->mtime.tv_sec == st->st_mtim.tv_sec
           && e->mtime.tv_nsec == st->st_mtim.tv_nsec && e->limits.max_size == l->max_size
           && e->limits.max_elements == l->max_elements;
}

/* Loads `path`, or returns the model the cache holds for it, as a reference of the caller's;
 * `known` is the file's stat when the caller has it (NULL: stat'ed here). A file that fails
 * to load is not cached: its diagnostics are given again to every file naming it. */
static struct model *load(struct model_cache *c, const char *path, const struct stat *known,
                          const struct model_limits *limits, struct diag_list *diags)
{
    struct stat st;
    if (known)
        st = *known;
    struct model_limits l = limits ? *limits : (struct model_limits){0};
    if (!c || (!known && stat(path, &st) != 0) || !S_ISREG(st.st_mode))
        return model_load_file_limited(path, limits, diags);
    for (size_t i = 0; i < c->len; i++)
        if (same_file(&c->items[i], path, &st, &l))
            return model_retain(c->items[i].model);
    size_t len;
    char *xml = model_read_file(path, limits, &len, diags);
    if (!xml)
        return NULL;
    struct model *m = NULL;
    for (size_t i = 0; i < c->len && !m; i++) {
        const struct cached_model *e = &c->items[i];
        if (e->len == len && memcmp(e->xml, xml, len) == 0 && e->limits.max_size == l.max_size
            && e->limits.max_elements == l.max_elements)
            m = model_retain(e->model);   /* the same bytes under another path */
    }
    if (!m)
        m = model_load_memory_limited(path, xml, len, limits, diags);
    if (!m) {
        free(xml);
        return NULL;
    }
    if (c->len == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 4;
        c->items = xrealloc_array(c->items, c->cap, sizeof(*c->items));
    }
    c->items[c->len++] = (struct cached_model){xstrdup(path), xml, len, st.st_dev, st.st_ino,
                                               st.st_size, st.st_mtim, l, model_retain(m)};
    return m;
}

struct model *model_find_limited(const char *name_or_path, struct as_loc loc,
                                 const struct model_limits *limits, const char *const *extra,
                                 size_t nextra, struct model_cache *cache, struct diag_list *diags)
{
    if (ends_with(name_or_path, ".xml") || strchr(name_or_path, '/'))
        return load(cache, name_or_path, NULL, limits, diags);
    if (!valid_model_name(name_or_path)) {
        diag_addf(diags, CHECK_MODEL_ERROR, SEV_ERROR, loc,
                  "invalid model name '%s': use letters, digits, '_', '-' and '.', or a path",
                  name_or_path);
        return NULL;
    }
    struct model_search search;
    model_search_init(&search, extra, nextra);
    for (const char *const *d = search.dirs; *d; d++) {
        char *path = join_path(*d, name_or_path);
        struct stat st;   /* looked at once: the cache compares it with what it loaded */
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            struct model *m = load(cache, path, &st, limits, diags);
            free(path);
            if (m && strcmp(m->name, name_or_path) != 0) {
                /* Lookup is by file name; a file that calls itself something else would
                 * make reports name a model the user did not ask for. */
                diag_addf(diags, CHECK_MODEL_ERROR, SEV_ERROR, loc,
                          "model file %s/%s.xml declares the name '%s', not '%s'", *d,
                          name_or_path, m->name, name_or_path);
                model_free(m);
                m = NULL;
            }
            model_search_free(&search);
            return m;
        }
        free(path);
    }
    report_not_found(name_or_path, search.dirs, loc, diags);
    model_search_free(&search);
    return NULL;
}

static int by_file_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **model_dir_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    VEC(char *) paths = {0};
    for (struct dirent *e; (e = readdir(d));)
        if (ends_with(e->d_name, ".xml") && strlen(e->d_name) > 4)
            VEC_PUSH(paths, xasprintf("%s/%s", dir, e->d_name));
    closedir(d);
    qsort(paths.items, paths.len, sizeof(char *), by_file_name);
    VEC_PUSH(paths, NULL);
    return paths.items;
}

void model_dir_files_free(char **files)
{
    for (size_t i = 0; files && files[i]; i++)
        free(files[i]);
    free(files);
}

/* The first model of the search directories, in file-name order, that `take` keeps (true:
 * the caller's reference); every other one is freed. A broken model is skipped: it is
 * reported where it is used. */
static struct model *first_model(const char *const *extra, size_t nextra,
                                 bool (*take)(const struct model *m, void *ctx), void *ctx)
{
    struct model_search search;
    model_search_init(&search, extra, nextra);
    struct model *found = NULL;
    for (const char **dir = search.dirs; *dir && !found; dir++) {
        char **files = model_dir_files(*dir);
        for (size_t i = 0; files && files[i] && !found; i++) {
            struct diag_list ignored;
            diag_list_init(&ignored, 0);
            struct model *m = model_load_file(files[i], &ignored);
            diag_list_free(&ignored);
            if (m && take(m, ctx))
                found = m;
            else
                model_free(m);
        }
        model_dir_files_free(files);
    }
    model_search_free(&search);
    return found;
}

/* The models seen that did not match, for the message: "2201 (ascend910b2), ...". */
static void add_seen(char **list, const char *item)
{
    char *longer = xasprintf("%s%s%s", *list, **list ? ", " : "", item);
    free(*list);
    *list = longer;
}

struct arch_search {
    const char *dialect, *arch;
    char *known;                /* the other arches of the dialect, with their models */
};

static bool has_arch(const struct model *m, void *ctx)
{
    struct arch_search *a = ctx;
    if (!m->source.dialect || strcmp(m->source.dialect, a->dialect) != 0 || !m->source.arch)
        return false;
    if (!strcmp(m->source.arch, a->arch))
        return true;
    char *item = xasprintf("%s (%s)", m->source.arch, m->name);
    add_seen(&a->known, item);
    free(item);
    return false;
}

struct model *model_find_arch(const char *dialect, const char *arch, struct as_loc loc,
                              const char *const *extra, size_t nextra, struct diag_list *diags)
{
    struct arch_search a = {dialect, arch, xstrdup("")};
    struct model *found = first_model(extra, nextra, has_arch, &a);
    if (!found)
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR, loc,
                  "--arch %s: no hardware model for %s sources has that arch (found: %s)", arch,
                  dialect, *a.known ? a.known : "none");
    free(a.known);
    return found;
}

/* Whether `name` is an item of the ", "-separated list. */
static bool listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p++)
        if ((p == list || p[-1] == ' ') && (p[n] == ',' || p[n] == '\0'))
            return true;
    return false;
}

struct soc_search {
    const char *dialect;
    const char *const *socs;
    size_t nsocs;
    char *unread;               /* models of one of the chips that do not read the dialect */
};

static bool describes_soc(const struct model *m, void *ctx)
{
    struct soc_search *s = ctx;
    bool named = false;
    for (int i = 0; i < m->nsocs && !named; i++)
        for (size_t j = 0; j < s->nsocs && !named; j++)
            named = !strcmp(m->socs[i], s->socs[j]);
    if (!named)
        return false;
    if (m->source.dialect && !strcmp(m->source.dialect, s->dialect))
        return true;
    if (!listed(s->unread, m->name))
        add_seen(&s->unread, m->name);
    return false;
}

struct model *model_find_soc(const char *dialect, const char *const *socs, size_t nsocs,
                             const char *const *extra, size_t nextra, char **unread)
{
    struct soc_search s = {dialect, socs, nsocs, xstrdup("")};
    struct model *found = first_model(extra, nextra, describes_soc, &s);
    *unread = s.unread;
    return found;
}
