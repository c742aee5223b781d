/* Which files of a walk are kernel sources (kernel_scan.h): the path's layout first, then
 * the text with comments and literals blanked out, searched for a device entry's definition. */
#include "kernel_scan.h"

#include <accelsync/accelsync.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util/source.h"
#include "../util/xalloc.h"

/* A file past this is not scanned but checked, where --max-file-size says what to do. */
#define SCAN_MAX_BYTES ((size_t)16 << 20)
/* How far after an entry word its function body must start (a long parameter list). */
#define SCAN_MAX_SIGNATURE 8192
/* Headers read per file for macros that define entries, and how deep their includes go. */
#define SCAN_MAX_HEADERS 256
#define SCAN_INCLUDE_DEPTH 4

static const char *const entry_words[] = {"__global__", "__mlu_global__", "__mlu_entry__", NULL};
static const char *const test_dirs[] = {"test", "tests", "unittest", "unittests", NULL};
static const char *const binding_words[] = {"PYBIND11_MODULE", "TORCH_LIBRARY",
                                            "TORCH_LIBRARY_IMPL", "TORCH_EXTENSION_NAME", NULL};

static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* n bytes of s, NUL-terminated (allocated). */
static char *copy_span(const char *s, size_t n)
{
    char *out = xrealloc_array(NULL, n + 1, 1);
    memcpy(out, s, n);
    out[n] = '\0';
    return out;
}

static const char *extension(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot ? dot + 1 : "";
}

/* A file a frontend reads (.cpp, .mlu, ...); any other extension a walk takes (.pir, or one a
 * project configuration adds) is read as PIR. */
static bool source_extension(const char *ext)
{
    for (const char *const *e = as_kernel_extensions(); *e; e++)
        if (strcmp(*e, "pir") != 0 && strcmp(*e, ext) == 0)
            return true;
    return false;
}

/* The file's text with comments, string and character literals turned into spaces (newlines
 * kept, for line numbers), so that a word in them is not taken for code. */
static void blank_comments(char *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
            for (; i < n && t[i] != '\n'; i++)
                t[i] = ' ';
        } else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
            size_t k = i + 2;
            for (; k < n && !(t[k] == '*' && k + 1 < n && t[k + 1] == '/'); k++)
                if (t[k] != '\n')
                    t[k] = ' ';
            for (size_t e = i; e < i + 2; e++)
                t[e] = ' ';
            for (size_t e = k; e < n && e < k + 2; e++)
                t[e] = ' ';
            i = k + 1;
        } else if (t[i] == '"' || t[i] == '\'') {
            char quote = t[i];
            size_t k = i + 1;
            for (; k < n && t[k] != quote && t[k] != '\n'; k++) {
                if (t[k] == '\\' && k + 1 < n && t[k + 1] != '\n')
                    t[k++] = ' ';
                t[k] = ' ';
            }
            i = k;
        }
    }
}

/* Whether the declaration starting after an entry word at t[from] is a definition: a
 * parameter list, then a body `{` before any `;` at the outer level. */
static bool has_body(const char *t, size_t n, size_t from)
{
    int depth = 0;
    bool params = false;
    size_t end = from + SCAN_MAX_SIGNATURE < n ? from + SCAN_MAX_SIGNATURE : n;
    for (size_t i = from; i < end; i++) {
        char c = t[i];
        if (c == '(') {
            depth++;
        } else if (c == ')') {
            if (--depth == 0)
                params = true;
            else if (depth < 0)
                return false;
        } else if (depth == 0 && (c == ';' || c == '}' || c == '=')) {
            return false;
        } else if (depth == 0 && c == '{') {
            return params;
        }
    }
    return false;
}

static int line_at(const char *t, size_t pos)
{
    int line = 1;
    for (size_t i = 0; i < pos; i++)
        line += t[i] == '\n';
    return line;
}

/* The first of `words` in the text (with need_body, only one a function body follows): its
 * word and line. */
static bool find_word(const char *t, size_t n, const char *const *words, bool need_body,
                      const char **word, int *line)
{
    for (size_t i = 0; i < n;) {
        if (!is_word_char(t[i]) || (i > 0 && is_word_char(t[i - 1]))) {
            i++;
            continue;
        }
        size_t k = i;
        while (k < n && is_word_char(t[k]))
            k++;
        for (size_t w = 0; words[w]; w++) {
            size_t len = strlen(words[w]);
            if (k - i == len && strncmp(t + i, words[w], len) == 0
                && (!need_body || has_body(t, n, k))) {
                *word = words[w];
                *line = line_at(t, i);
                return true;
            }
        }
        i = k;
    }
    return false;
}

/* A host program: `main` defined with a body. */
static bool defines_main(const char *t, size_t n, int *line)
{
    static const char *const main_word[] = {"main", NULL};
    const char *word;
    return find_word(t, n, main_word, true, &word, line);
}

/* The directory of `below` (its path under the walked directory) named one of `names`. */
static const char *dir_named(const char *below, const char *const *names)
{
    const char *last = strrchr(below, '/');
    for (const char *p = below; last && p < last;) {
        size_t len = strcspn(p, "/");
        for (size_t i = 0; names[i]; i++)
            if (strlen(names[i]) == len && strncmp(p, names[i], len) == 0)
                return names[i];
        p += len + 1;
    }
    return NULL;
}

/* name_test.cpp, name_unittest.cpp, test_name.cpp */
static bool test_name(const char *name)
{
    size_t stem = strcspn(name, ".");
    static const char *const suffixes[] = {"_test", "_tests", "_unittest", NULL};
    for (size_t i = 0; suffixes[i]; i++) {
        size_t k = strlen(suffixes[i]);
        if (stem > k && strncmp(name + stem - k, suffixes[i], k) == 0)
            return true;
    }
    return strncmp(name, "test_", 5) == 0;
}

/* OP/op_kernel/OP.EXT: the entry file of an op in the vendor's layout. */
static bool op_kernel_entry(const char *below)
{
    const char *name = strrchr(below, '/');
    if (!name)
        return false;
    size_t dir_end = (size_t)(name - below);
    static const char kernel_dir[] = "op_kernel";
    size_t k = sizeof(kernel_dir) - 1;
    if (dir_end < k + 1 || strncmp(below + dir_end - k, kernel_dir, k) != 0
        || below[dir_end - k - 1] != '/')
        return false;
    size_t op_end = dir_end - k - 1, op_start = op_end;
    while (op_start > 0 && below[op_start - 1] != '/')
        op_start--;
    size_t op_len = op_end - op_start, stem = strcspn(name + 1, ".");
    return op_len > 0 && stem == op_len && strncmp(name + 1, below + op_start, op_len) == 0;
}

/* A regular file's text (NUL-terminated), or NULL: not a regular file (a symbolic link is not
 * followed unless `follow`), unreadable, or past SCAN_MAX_BYTES. Read as every input is
 * (source_read_regular: a FIFO or device never blocks the scan). */
static char *read_text(const char *path, bool follow, size_t *n)
{
    struct stat st;
    if (!follow && (lstat(path, &st) != 0 || S_ISLNK(st.st_mode)))
        return NULL;
    const char *err;
    struct source *src = source_read_regular(path, SCAN_MAX_BYTES, &err);
    if (!src)
        return NULL;
    char *text = src->text;
    *n = src->len;
    src->text = NULL;
    source_free(src);
    return text;
}

/* Names, NULL-terminated (for find_word). */
struct words {
    char **names;
    size_t len, cap;
};

static void push_word(struct words *w, char *name)
{
    if (w->len + 1 >= w->cap) {
        w->cap = w->cap ? 2 * w->cap : 8;
        w->names = xrealloc_array(w->names, w->cap, sizeof(char *));
    }
    w->names[w->len++] = name;
    w->names[w->len] = NULL;
}

static void free_words(struct words *w)
{
    for (size_t i = 0; i < w->len; i++)
        free(w->names[i]);
    free(w->names);
}

/* The first of w's names in blanked text t (need_body: followed by a function body). */
static bool find_any(const char *t, size_t n, const struct words *w, bool need_body,
                     const char **word, int *line)
{
    return w->len && find_word(t, n, (const char *const *)w->names, need_body, word, line);
}

/* What the headers a file includes say of device entries. */
struct macros {
    struct words whole;     /* macros defining a whole entry, body and all:
                             * `#define UNARY_IMPL(Op) __mlu_global__ void K##Op(...) {...}` */
    struct words qualifier; /* macros standing for an entry word: `#define CATLASS_GLOBAL
                             * __global__ __aicore__`, an entry where a body follows it */
    struct words read;      /* the headers read (as found), each once, SCAN_MAX_HEADERS */
    char *defining;         /* the first header (as included) that defines an entry itself */
};

static bool seen(const struct words *w, const char *name)
{
    for (size_t i = 0; i < w->len; i++)
        if (strcmp(w->names[i], name) == 0)
            return true;
    return false;
}

/* The `#define NAME` lines of blanked text t whose body (continued lines included) holds an
 * entry word: `#define KERNEL_IMPL(Op) __mlu_global__ void Kernel##Op(...) { ... }`. */
static void entry_macros(const char *t, size_t n, struct macros *out)
{
    for (size_t i = 0; i < n; i++) {
        size_t k = i;
        while (k < n && (t[k] == ' ' || t[k] == '\t'))
            k++;
        if (k < n && t[k] == '#') {
            k++;
            while (k < n && (t[k] == ' ' || t[k] == '\t'))
                k++;
            if (n - k > 6 && strncmp(t + k, "define", 6) == 0 && !is_word_char(t[k + 6])) {
                k += 6;
                while (k < n && (t[k] == ' ' || t[k] == '\t'))
                    k++;
                size_t name = k;
                while (k < n && is_word_char(t[k]))
                    k++;
                size_t end = k;
                while (end < n && !(t[end] == '\n' && t[end - 1] != '\\'))
                    end++;
                const char *word;
                int line;
                if (k > name && find_word(t + k, end - k, entry_words, true, &word, &line))
                    push_word(&out->whole, copy_span(t + name, k - name));
                else if (k > name && find_word(t + k, end - k, entry_words, false, &word, &line))
                    push_word(&out->qualifier, copy_span(t + name, k - name));
                k = end;
            }
        }
        while (k < n && t[k] != '\n')   /* the rest of the line */
            k++;
        i = k;
    }
}

/* Whether blanked text t defines a device entry: an entry word, or a macro of m standing for
 * one (`CATLASS_GLOBAL void KernelAdapter(...) {`), followed by a function body; or a macro
 * of m that defines a whole entry. */
static bool defines_entry(const char *t, size_t n, const struct macros *m)
{
    const char *word;
    int line;
    return find_word(t, n, entry_words, true, &word, &line)
           || find_any(t, n, &m->qualifier, true, &word, &line)
           || find_any(t, n, &m->whole, false, &word, &line);
}

/* Reads the headers raw text (of a file in `dir`) includes with quotes, each found beside it,
 * or in `include/` beside it, or the same in a directory above it down to the walked one (its
 * first `top_len` bytes; never through `..` or a symbolic link), for entry_macros and
 * defines_entry; `depth` levels of includes, the deepest first. */
static void include_macros(const char *raw, size_t n, const char *dir, size_t top_len, int depth,
                           struct macros *out)
{
    for (size_t i = 0; i < n && out->read.len < SCAN_MAX_HEADERS; i++) {
        size_t k = i;
        while (k < n && (raw[k] == ' ' || raw[k] == '\t'))
            k++;
        static const char directive[] = "#include \"";
        size_t len = sizeof(directive) - 1;
        if (n - k > len && strncmp(raw + k, directive, len) == 0) {
            size_t name = k + len, end = name;
            while (end < n && raw[end] != '"' && raw[end] != '\n')
                end++;
            char *included = copy_span(raw + name, end - name);
            char *at = xstrdup(dir);
            bool found = false;
            while (!found && end < n && raw[end] == '"' && !strstr(included, "..")
                   && included[0] != '/') {
                for (int layout = 0; layout < 2 && !found; layout++) {   /* DIR/X, DIR/include/X */
                    char *candidate = xasprintf("%s/%s%s", at, layout ? "include/" : "", included);
                    size_t hn = 0;
                    found = seen(&out->read, candidate);   /* read before: nothing new */
                    char *header = found ? NULL : read_text(candidate, false, &hn);
                    if (header) {
                        found = true;
                        push_word(&out->read, xstrdup(candidate));
                        *strrchr(candidate, '/') = '\0';
                        if (depth > 1)
                            include_macros(header, hn, candidate, top_len, depth - 1, out);
                        blank_comments(header, hn);
                        entry_macros(header, hn, out);
                        if (!out->defining && defines_entry(header, hn, out))
                            out->defining = xstrdup(included);
                        free(header);
                    }
                    free(candidate);
                }
                char *slash = strrchr(at, '/');
                if (found || !slash || (size_t)(slash - at) < top_len)
                    break;
                *slash = '\0';
            }
            free(at);
            free(included);
            k = end;
        }
        while (k < n && raw[k] != '\n')
            k++;
        i = k;
    }
}

/* An entry the file gets from a header it includes: written through a macro the header
 * defines (s->word the macro, at its line), or defined in the header (a device header such as
 * a .mluh; s->word the header as included). */
static bool header_entry(const char *raw, const char *t, size_t n, const char *path,
                         const char *below, struct kernel_scan *s)
{
    size_t top_len = strlen(path) - strlen(below);
    while (top_len > 0 && path[top_len - 1] == '/')
        top_len--;
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    struct macros m = {0};
    if (slash)
        include_macros(raw, n, dir, top_len, SCAN_INCLUDE_DEPTH, &m);
    free(dir);
    const char *word = NULL;
    bool found = find_any(t, n, &m.whole, false, &word, &s->line)
                 || find_any(t, n, &m.qualifier, true, &word, &s->line);
    if (found) {
        s->why = "defines a device entry through a macro of an included header";
        snprintf(s->word, sizeof(s->word), "%s", word);
    } else if (m.defining) {
        found = true;
        s->why = "includes a header that defines a device entry";
        snprintf(s->word, sizeof(s->word), "%s", m.defining);
        s->line = 0;
    }
    free_words(&m.whole);
    free_words(&m.qualifier);
    free_words(&m.read);
    free(m.defining);
    return found;
}

struct kernel_scan kernel_scan_file(const char *path, const char *below)
{
    const char *name = strrchr(below, '/') ? strrchr(below, '/') + 1 : below;
    const char *ext = extension(name), *dir;
    static const char *const host_dirs[] = {"op_host", NULL};
    if (!source_extension(ext))
        return (struct kernel_scan){.kernel = true, .why = "a PIR file"};
    if (dir_named(below, host_dirs))
        return (struct kernel_scan){.why = "under op_host/ (an op's host code)"};
    if ((dir = dir_named(below, test_dirs))) {
        struct kernel_scan s = {.why = "under a test directory"};
        snprintf(s.word, sizeof(s.word), "%s/", dir);
        return s;
    }
    if (test_name(name))
        return (struct kernel_scan){.why = "a test file by its name"};
    if (strcmp(ext, "asc") == 0)
        return (struct kernel_scan){.kernel = true, .why = "an Ascend C kernel file (.asc)"};
    size_t n;
    char *raw = read_text(path, true, &n);
    if (!raw)
        return (struct kernel_scan){.kernel = true,
                                    .why = "not scanned (unreadable or too large): checking it "
                                           "says why"};
    char *text = copy_span(raw, n);
    blank_comments(text, n);
    struct kernel_scan s = {0};
    const char *word;
    if (find_word(text, n, entry_words, true, &word, &s.line)) {
        s.kernel = true;
        s.why = "defines a device entry";
        snprintf(s.word, sizeof(s.word), "%s", word);
    } else if (header_entry(raw, text, n, path, below, &s)) {
        s.kernel = true;
    } else if (op_kernel_entry(below)) {
        s.kernel = true;
        s.why = "an op's entry file (OP/op_kernel/OP.*)";
    } else if (find_word(text, n, binding_words, false, &word, &s.line)) {
        s.why = "a Python binding, no device entry";
        snprintf(s.word, sizeof(s.word), "%s", word);
    } else if (defines_main(text, n, &s.line)) {
        s.why = "host code: defines main(), no device entry";
        snprintf(s.word, sizeof(s.word), "main");
    } else {
        s.line = 0;
        s.why = "no device entry defined (a __global__, __mlu_global__ or __mlu_entry__ "
                "function)";
    }
    free(text);
    free(raw);
    return s;
}

char *kernel_scan_describe(const struct kernel_scan *s)
{
    const char *status = s->kernel ? "checked" : "skipped";
    if (s->word[0] && s->line)
        return xasprintf("%s: %s (%s at line %d)", status, s->why, s->word, s->line);
    if (s->word[0])
        return xasprintf("%s: %s (%s)", status, s->why, s->word);
    return xasprintf("%s: %s", status, s->why);
}
