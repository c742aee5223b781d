/* Which files of a walk are kernel sources (kernel_scan.h): the path's layout first, then
 * the text with comments and literals blanked out, searched for a device entry's definition. */
#include "kernel_scan.h"

#include <accelsync/accelsync.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"

/* A file past this is not scanned but checked, where --max-file-size says what to do. */
#define SCAN_MAX_BYTES ((size_t)16 << 20)
/* How far after an entry word its function body must start (a long parameter list). */
#define SCAN_MAX_SIGNATURE 8192

static const char *const entry_words[] = {"__global__", "__mlu_global__", "__mlu_entry__", NULL};
static const char *const test_dirs[] = {"test", "tests", "unittest", "unittests", NULL};
static const char *const binding_words[] = {"PYBIND11_MODULE", "TORCH_LIBRARY",
                                            "TORCH_LIBRARY_IMPL", "TORCH_EXTENSION_NAME", NULL};

static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
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

static char *read_text(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = xrealloc_array(NULL, SCAN_MAX_BYTES + 1, 1);
    *n = fread(text, 1, SCAN_MAX_BYTES + 1, f);
    bool ok = !ferror(f) && *n <= SCAN_MAX_BYTES;
    fclose(f);
    if (!ok) {
        free(text);
        return NULL;
    }
    text[*n] = '\0';
    return text;
}

struct kernel_scan kernel_scan_file(const char *path, const char *below)
{
    const char *name = strrchr(below, '/') ? strrchr(below, '/') + 1 : below;
    const char *ext = extension(name), *dir;
    static const char *const host_dirs[] = {"op_host", NULL};
    if (!source_extension(ext))
        return (struct kernel_scan){true, "a PIR file", NULL, 0};
    if (dir_named(below, host_dirs))
        return (struct kernel_scan){false, "under op_host/ (an op's host code)", NULL, 0};
    if ((dir = dir_named(below, test_dirs)))
        return (struct kernel_scan){false, "under a test directory", dir, 0};
    if (test_name(name))
        return (struct kernel_scan){false, "a test file by its name", NULL, 0};
    if (strcmp(ext, "asc") == 0)
        return (struct kernel_scan){true, "an Ascend C kernel file (.asc)", NULL, 0};
    size_t n;
    char *text = read_text(path, &n);
    if (!text)
        return (struct kernel_scan){true, "not scanned (unreadable or too large): checking it "
                                          "says why", NULL, 0};
    blank_comments(text, n);
    struct kernel_scan s = {false, NULL, NULL, 0};
    if (find_word(text, n, entry_words, true, &s.word, &s.line)) {
        s.kernel = true;
        s.why = "defines a device entry";
    } else if (op_kernel_entry(below)) {
        s.kernel = true;
        s.why = "an op's entry file (OP/op_kernel/OP.*)";
    } else if (find_word(text, n, binding_words, false, &s.word, &s.line)) {
        s.why = "a Python binding, no device entry";
    } else if (defines_main(text, n, &s.line)) {
        s.why = "host code: defines main(), no device entry";
        s.word = "main";
    } else {
        s.why = "no device entry defined (a __global__, __mlu_global__ or __mlu_entry__ "
                "function)";
    }
    free(text);
    return s;
}

char *kernel_scan_describe(const struct kernel_scan *s)
{
    const char *status = s->kernel ? "checked" : "skipped";
    if (s->word && s->line)
        return xasprintf("%s: %s (%s at line %d)", status, s->why, s->word, s->line);
    if (s->word)
        return xasprintf("%s: %s (%s/)", status, s->why, s->word);
    return xasprintf("%s: %s", status, s->why);
}
