/* The includes a kernel source may make and clang's depth caps (see parse_guard.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "parse_guard.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../util/xalloc.h"

/* clang's defaults, written out so that they hold whatever a build of libclang chose:
 * brackets 256 deep, template instantiations 1024 deep, constexpr calls 512 deep and at most
 * 2^20 constexpr evaluation steps. (libclang 14 has no option for the include depth; its
 * own cap is 200.) */
const char *const parse_guard_args[] = {
    "-fbracket-depth=256", "-ftemplate-depth=1024", "-fconstexpr-depth=512",
    "-fconstexpr-steps=1048576", NULL};

enum { MAX_SCAN_DEPTH = 200, MAX_SCANNED_FILES = 4096 };

typedef VEC(char *) string_vec;

static void free_strings(string_vec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->items[i]);
    VEC_FREE(*v);
}

static char *dir_of(const char *path)
{
    char *copy = xstrdup(path);
    char *dir = xstrdup(dirname(copy));
    free(copy);
    return dir;
}

static bool inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    return strcmp(root, "/") == 0 ||
           (strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0'));
}

static void add_root(string_vec *roots, const char *dir)
{
    char real[PATH_MAX];
    if (dir && realpath(dir, real))
        VEC_PUSH(*roots, xstrdup(real));
}

/* The checked tree of a source: the repository holding it (the nearest directory above it
 * with a .git, as the project configuration's discovery stops there), else the working
 * directory when the source is inside it, else the source's own directory. */
static void add_tree(string_vec *roots, const char *src_path)
{
    char real[PATH_MAX], cwd[PATH_MAX];
    if (!realpath(src_path, real)) {
        add_root(roots, ".");
        return;
    }
    char *dir = dir_of(real);
    for (char *d = xstrdup(dir);;) {
        char *git = xasprintf("%s/.git", strcmp(d, "/") == 0 ? "" : d);
        struct stat st;
        bool found = lstat(git, &st) == 0;
        free(git);
        if (found) {
            VEC_PUSH(*roots, d);
            free(dir);
            return;
        }
        char *up = dir_of(d);
        bool top = strcmp(up, d) == 0;
        free(d);
        d = up;
        if (top) {
            free(d);
            break;
        }
    }
    if (getcwd(cwd, sizeof(cwd)) && realpath(cwd, real) && inside(real, dir) &&
        strcmp(real, "/") != 0)
        VEC_PUSH(*roots, xstrdup(real));
    else
        VEC_PUSH(*roots, xstrdup(dir));
    free(dir);
}

char *parse_guard_tree(const char *src_path)
{
    string_vec roots = {0};
    add_tree(&roots, src_path);
    char *tree = roots.len ? roots.items[0] : NULL;
    for (size_t i = 1; i < roots.len; i++)
        free(roots.items[i]);
    VEC_FREE(roots);
    return tree;
}

/* The compiler's and the C library's headers (<stdint.h>, <cmath>, clang's resource headers),
 * which the stubs include: installed by the system, not by whoever wrote the kernel. */
static const char *const system_roots[] = {"/usr/include", "/usr/local/include", "/usr/lib",
                                           NULL};

bool parse_guard_host_file_allowed(const char *kernel_path, const char *const *include_dirs,
                                   size_t ninclude_dirs, const char *path)
{
    char real[PATH_MAX];
    if (!realpath(path, real))
        return false;
    string_vec roots = {0};
    add_tree(&roots, kernel_path);
    for (size_t i = 0; i < ninclude_dirs; i++)
        add_root(&roots, include_dirs[i]);
    bool ok = false;
    for (size_t i = 0; i < roots.len && !ok; i++)
        ok = inside(roots.items[i], real);
    free_strings(&roots);
    return ok;
}

static string_vec roots_of(const struct source *src, const struct frontend_options *o)
{
    string_vec roots = {0};
    add_tree(&roots, src->path);
    for (size_t i = 0; i < o->ninclude_dirs; i++)
        add_root(&roots, o->include_dirs[i]);
    for (size_t i = 0; i < o->nextra_roots; i++)
        add_root(&roots, o->extra_roots[i]);
    for (size_t i = 0; system_roots[i]; i++)
        add_root(&roots, system_roots[i]);
    return roots;
}

/* Why the file at path (found by stat as *st) may not be included, or NULL. *limit: the
 * reason is its size. */
static const char *refusal(const char *path, const struct stat *st, const string_vec *roots,
                           size_t max_size, bool *limit)
{
    char real[PATH_MAX];
    *limit = false;
    if (S_ISDIR(st->st_mode))
        return NULL;   /* clang says what is wrong, and reads nothing */
    if (S_ISFIFO(st->st_mode))
        return "a FIFO, not a regular file (a kernel source includes only regular files)";
    if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
        return "a device, not a regular file (a kernel source includes only regular files)";
    if (!S_ISREG(st->st_mode))
        return "not a regular file (a kernel source includes only regular files)";
    if (!realpath(path, real))
        return "a file whose real path cannot be found (a kernel source includes only regular "
               "files)";
    if (inside("/proc", real) || inside("/sys", real))
        return "a file of /proc or /sys, not a regular file (a kernel source includes only "
               "regular files)";
    bool in = false;
    for (size_t i = 0; i < roots->len && !in; i++)
        in = inside(roots->items[i], real);
    if (!in)
        return "a file outside the checked tree and the -I directories (refused; give its "
               "directory with -I if the kernel needs it)";
    if (max_size && (uint64_t)st->st_size > max_size) {
        *limit = true;
        return "file is larger than the input size limit (--max-file-size)";
    }
    return NULL;
}

/* ---- before the parse ---- */

struct scan {
    const struct frontend_options *o;
    const string_vec *roots;
    const char *main_dir;
    struct diag_list *diags;
    string_vec seen;            /* real paths of the headers scanned */
    bool refused;
};

static void scan_text(struct scan *s, const char *path, const char *text, size_t len, int depth);

static void refuse(struct scan *s, const char *file, int line, int col, int span, char open,
                   const char *name, size_t n, const char *why, bool limit)
{
    char close = open == '<' ? '>' : '"';
    struct as_loc at = {arena_strdup(&s->diags->arena, file), line, col, span};
    diag_addf(s->diags, limit ? CHECK_LIMIT_EXCEEDED : CHECK_INPUT_ERROR, SEV_ERROR, at,
              "#include %c%.*s%c: %s", open, (int)n, name, close, why);
    s->refused = true;
}

/* The header an #include names, as clang looks for it: an absolute name as it is; a quoted
 * one beside the file that includes it, then beside the source, then in the -I directories;
 * an angled one beside the source (the frontend passes that directory as -I) and in the -I
 * directories. The first that exists is the one clang opens. */
static void follow(struct scan *s, const char *includer, int line, int col, int span, char open,
                   const char *name, size_t n, int depth)
{
    string_vec candidates = {0};
    char *rel = xasprintf("%.*s", (int)n, name);
    if (rel[0] == '/') {
        VEC_PUSH(candidates, xstrdup(rel));
    } else {
        if (open == '"') {
            char *dir = dir_of(includer);
            VEC_PUSH(candidates, xasprintf("%s/%s", dir, rel));
            free(dir);
        }
        VEC_PUSH(candidates, xasprintf("%s/%s", s->main_dir, rel));
        for (size_t i = 0; i < s->o->ninclude_dirs; i++)
            VEC_PUSH(candidates, xasprintf("%s/%s", s->o->include_dirs[i], rel));
    }
    for (size_t i = 0; i < candidates.len; i++) {
        struct stat st;
        if (stat(candidates.items[i], &st) != 0)
            continue;
        bool limit;
        const char *why = refusal(candidates.items[i], &st, s->roots, s->o->max_header_size,
                                  &limit);
        if (why) {
            refuse(s, includer, line, col, span, open, name, n, why, limit);
        } else if (S_ISREG(st.st_mode) && depth < MAX_SCAN_DEPTH &&
                   s->seen.len < MAX_SCANNED_FILES) {
            char real[PATH_MAX];
            bool seen = !realpath(candidates.items[i], real);
            for (size_t k = 0; k < s->seen.len && !seen; k++)
                seen = strcmp(s->seen.items[k], real) == 0;
            const char *err;
            struct source *h = seen ? NULL
                                    : source_read_regular(candidates.items[i],
                                                          s->o->max_header_size, &err);
            if (h) {
                VEC_PUSH(s->seen, xstrdup(real));
                scan_text(s, candidates.items[i], h->text, h->len, depth + 1);
                source_free(h);
            }
        }
        break;
    }
    free_strings(&candidates);
    free(rel);
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/* A directive after the '#' at text[i]; returns where its line ends. */
static size_t directive(struct scan *s, const char *path, const char *t, size_t len, size_t i,
                        size_t line_start, int line, int depth)
{
    size_t j = i + 1;
    while (j < len && blank(t[j]))
        j++;
    size_t w = j;
    while (j < len && ((t[j] >= 'a' && t[j] <= 'z') || t[j] == '_'))
        j++;
    size_t wlen = j - w;
    bool include = (wlen == 7 && strncmp(t + w, "include", 7) == 0) ||
                   (wlen == 12 && strncmp(t + w, "include_next", 12) == 0) ||
                   (wlen == 6 && strncmp(t + w, "import", 6) == 0);
    while (j < len && blank(t[j]))
        j++;
    size_t end = j;
    while (end < len && t[end] != '\n')
        end++;
    if (!include || j >= len || (t[j] != '"' && t[j] != '<'))
        return end;
    char close = t[j] == '<' ? '>' : '"';
    const char *stop = memchr(t + j + 1, close, end - j - 1);
    if (!stop || stop == t + j + 1)
        return end;
    follow(s, path, line, (int)(j - line_start) + 1, (int)(stop - (t + j)) + 1, t[j],
           t + j + 1, (size_t)(stop - (t + j + 1)), depth);
    return end;
}

/* The #include directives of a file's text: a '#' first on its line, outside comments and
 * literals. Conditionals are not followed: an include the preprocessor would skip is
 * checked too (refusing a FIFO there costs nothing). */
static void scan_text(struct scan *s, const char *path, const char *t, size_t len, int depth)
{
    bool block = false, first = true;
    int line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < len;) {
        char c = t[i], next = i + 1 < len ? t[i + 1] : '\0';
        if (c == '\n') {
            line++;
            line_start = i + 1;
            first = true;
            i++;
        } else if (block) {
            if (c == '*' && next == '/')
                block = false, i++;
            i++;
        } else if (blank(c)) {
            i++;
        } else if (c == '/' && next == '*') {
            block = true;
            i += 2;
        } else if (c == '/' && next == '/') {
            while (i < len && t[i] != '\n')
                i++;
        } else if (c == '#' && first) {
            i = directive(s, path, t, len, i, line_start, line, depth);
            first = false;
        } else if (c == '"' || c == '\'') {
            for (i++; i < len && t[i] != c && t[i] != '\n'; i++)
                if (t[i] == '\\' && i + 1 < len && t[i + 1] != '\n')
                    i++;
            if (i < len && t[i] == c)
                i++;
            first = false;
        } else {
            first = false;
            i++;
        }
    }
}

bool parse_guard_scan(const struct source *src, const struct frontend_options *o,
                      struct diag_list *diags)
{
    string_vec roots = roots_of(src, o);
    char *main_dir = dir_of(src->path);
    struct scan s = {.o = o, .roots = &roots, .main_dir = main_dir, .diags = diags};
    scan_text(&s, src->path, src->text, src->len, 0);
    free_strings(&s.seen);
    free(main_dir);
    free_strings(&roots);
    return !s.refused;
}

/* ---- after the parse ---- */

struct inclusions {
    const struct frontend_options *o;
    const string_vec *roots;
    struct diag_list *diags;
    bool refused;
};

static void check_inclusion(CXFile included, CXSourceLocation *stack, unsigned depth,
                            CXClientData data)
{
    struct inclusions *in = data;
    if (depth == 0)
        return;   /* the source itself */
    CXString name = clang_getFileName(included);
    const char *path = clang_getCString(name) ? clang_getCString(name) : "";
    struct stat st;
    bool limit = false;
    const char *why = NULL;
    if (strncmp(path, PARSE_GUARD_STUB_ROOT, strlen(PARSE_GUARD_STUB_ROOT)) == 0)
        why = NULL;   /* the frontend's own headers, in memory */
    else if (stat(path, &st) != 0)
        why = "a file that cannot be found again (a kernel source includes only regular files)";
    else
        why = refusal(path, &st, in->roots, 0, &limit);
    if (why) {
        CXFile file;
        unsigned line, col;
        clang_getSpellingLocation(stack[0], &file, &line, &col, NULL);
        CXString from = clang_getFileName(file);
        struct as_loc at = {arena_strdup(&in->diags->arena, clang_getCString(from)
                                                                ? clang_getCString(from) : ""),
                            (int)line, (int)col, 1};
        clang_disposeString(from);
        diag_addf(in->diags, CHECK_INPUT_ERROR, SEV_ERROR, at, "#include of %s: %s", path, why);
        in->refused = true;
    }
    clang_disposeString(name);
}

bool parse_guard_inclusions(CXTranslationUnit tu, const struct source *src,
                            const struct frontend_options *o, struct diag_list *diags)
{
    string_vec roots = roots_of(src, o);
    struct inclusions in = {o, &roots, diags, false};
    clang_getInclusions(tu, check_inclusion, &in);
    free_strings(&roots);
    return !in.refused;
}
