/* Finding the task types the host launches a BANG C entry with (launch_types.h). The host
 * code is read as tokens, not parsed: it includes the vendor's runtime, the library's own
 * headers and the C++ library, which a parse of each file would need and the tool does not
 * have. What the search follows is small and written here: the launch's second argument,
 * a local variable's initializer and assignments in the launching function, a parameter
 * through the calls of its function, an address given to a function that assigns through
 * it (mlu-ops' policyFunc). A name is looked up in its function's body as a whole, with no
 * scopes inside it; anything else (a value computed at run time) is said, never guessed. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "launch_types.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clang/parse_guard.h"
#include "host_code.h"
#include "tree_mentions.h"

/* Files of the directory read, and how far one entry's launches are followed. */
enum { MAX_FILES = 512, MAX_DEPTH = 12, MAX_STEPS = 5000 };
#define DEFAULT_MAX_BYTES ((size_t)4 << 20)
#define MAX_TOTAL_BYTES ((size_t)64 << 20)

/* Whether token i of f is `text`: the question asked most (host_is). */
static bool is(const struct host_file *f, size_t i, const char *text)
{
    return host_is(f, i, text);
}

/* The files whose text names a word (mentions_of). */
struct mention {
    char *word;
    bool *in_file;                      /* per file of launch_scan.files */
    size_t nfiles;                      /* the files looked at so far */
};

struct launch_scan {
    VEC(struct host_file *) files;      /* [0]: the kernel source; never moved, since a search
                                         * adds the headers it follows while it holds some */
    size_t unread;                      /* files past MAX_FILES or MAX_TOTAL_BYTES */
    size_t total;                       /* bytes read */
    VEC(struct mention) mentions;
    const char *kernel_path;            /* the roots files must be in (parse_guard.h) */
    const char *const *include_dirs;
    size_t ninclude_dirs;
    size_t max_bytes;                   /* of one file */
    VEC(char *) real_paths;             /* of the files read, each read once */
    struct tree_files *tree;            /* the checked tree's host files, listed on first need */
    VEC(char *) widened;                /* the words the tree was searched for */
};

/* What one resolution found: constants and what could not be followed. */
struct found {
    int clusters;
    char *where;                        /* "cnrtFuncTypeUnion1 at x.cpp:40" */
};

struct resolution {
    VEC(struct found) found;
    VEC(char *) unknown;
    unsigned steps;
};

/* Every spelling of a task type in the runtime's and the driver's headers (stubs/cnrt.h,
 * stubs/cn_api.h); -1: a type chosen at run time. */
static const struct {
    const char *name;
    int clusters;
} constants[] = {
    {"cnrtFuncTypeBlock", 0}, {"cnrtFuncTypeUnion1", 1}, {"cnrtFuncTypeUnion2", 2},
    {"cnrtFuncTypeUnion4", 4}, {"cnrtFuncTypeUnion8", 8}, {"cnrtFuncTypeUnion16", 16},
    {"CNRT_FUNC_TYPE_BLOCK", 0}, {"CNRT_FUNC_TYPE_UNION1", 1}, {"CNRT_FUNC_TYPE_UNION2", 2},
    {"CNRT_FUNC_TYPE_UNION4", 4}, {"CNRT_FUNC_TYPE_UNION8", 8}, {"CNRT_FUNC_TYPE_UNION16", 16},
    {"CN_KERNEL_CLASS_BLOCK", 0}, {"CN_KERNEL_CLASS_UNION", 1}, {"CN_KERNEL_CLASS_UNION2", 2},
    {"CN_KERNEL_CLASS_UNION4", 4}, {"CN_KERNEL_CLASS_UNION8", 8},
    {"CN_KERNEL_CLASS_UNION16", 16},
    {"cnrtFuncTypeMutable", -1}, {"CNRT_FUNC_TYPE_MUTABLE", -1},
};

/* The runtime's values of the types (the enum's), for a number cast to one. */
static int clusters_of_value(long v)
{
    switch (v) {
    case 1: return 0;
    case 4: return 1;
    case 8: return 2;
    case 16: return 4;
    case 32: return 8;
    case 64: return 16;
    default: return -1;
    }
}

/* ---- following a value ---- */

static void add_unknown(struct resolution *r, char *why)
{
    for (size_t i = 0; i < r->unknown.len; i++)
        if (!strcmp(r->unknown.items[i], why)) {
            free(why);
            return;
        }
    VEC_PUSH(r->unknown, why);
}

static void resolve_expression(struct launch_scan *s, struct host_file *f,
                               const struct host_function *fn, size_t a, size_t b, int depth,
                               struct resolution *r);
static size_t resolve_local(struct launch_scan *s, struct host_file *f,
                            const struct host_function *fn, size_t name, int depth, bool unset_said,
                            struct resolution *r);

/* Whether a file's text names a word (whole, comments too): the cheap look that decides which
 * files are read as tokens. Kept per word, since a search asks again for each launch. */
static const bool *mentions_of(struct launch_scan *s, const char *word, size_t len)
{
    struct mention *m = NULL;
    for (size_t i = 0; i < s->mentions.len && !m; i++)
        if (strlen(s->mentions.items[i].word) == len &&
            !strncmp(s->mentions.items[i].word, word, len))
            m = &s->mentions.items[i];
    if (!m) {
        struct mention fresh = {xasprintf("%.*s", (int)len, word), NULL, 0};
        VEC_PUSH(s->mentions, fresh);
        m = &s->mentions.items[s->mentions.len - 1];
    }
    if (m->nfiles < s->files.len) {   /* files a search added since */
        m->in_file = xrealloc_array(m->in_file, s->files.len, sizeof(bool));
        for (size_t k = m->nfiles; k < s->files.len; k++) {
            const char *text = s->files.items[k]->text;
            m->in_file[k] = false;
            for (const char *p = text; !m->in_file[k] && (p = strstr(p, m->word)) != NULL; p++)
                m->in_file[k] = (p == text || !host_is_word_char(p[-1])) &&
                                !host_is_word_char(p[len]);
        }
        m->nfiles = s->files.len;
    }
    return m->in_file;
}

static const bool *mentions(struct launch_scan *s, const struct host_token *word)
{
    return mentions_of(s, word->text, word->len);
}

/* The definitions of the function named by token `call` of f: those of f itself when it has
 * one (a static policyFunc of each host file), else those of every file. */
typedef VEC(struct host_file *) file_vec;
typedef VEC(const struct host_function *) function_vec;

static bool add_file(struct launch_scan *s, const char *path);

/* path with its `.` and `dir/..` parts taken out, as written otherwise (malloc'ed): what a
 * note shows of a header reached by `#include "../common/policy.h"` (only shows: through a
 * link, `dir/..` need not be where the file was read). */
static char *lexical_path(const char *path)
{
    VEC(const char *) parts = {0};
    VEC(size_t) lens = {0};
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, "/");
        if (n == 1 && p[0] == '.' && parts.len > 0) {
            /* dropped */
        } else if (n == 2 && p[0] == '.' && p[1] == '.' && parts.len > 0 &&
                   !(lens.items[lens.len - 1] == 2 && !strncmp(parts.items[parts.len - 1], "..", 2))
                   && lens.items[lens.len - 1] > 0) {
            parts.len--;
            lens.len--;
        } else {
            VEC_PUSH(parts, p);
            VEC_PUSH(lens, n);
        }
        p += n;
        p += *p == '/';
    }
    char *out = xstrdup("");
    for (size_t i = 0; i < parts.len; i++) {
        char *longer = xasprintf("%s%s%.*s", out, i ? "/" : "", (int)lens.items[i],
                                 parts.items[i]);
        free(out);
        out = longer;
    }
    VEC_FREE(parts);
    VEC_FREE(lens);
    return out;
}

/* The headers f includes with quotes (beside f or in a -I directory), and the source of the
 * same name beside each (unary_op_host.h, unary_op_host.cpp): where a library keeps the policy
 * functions its operators share. */
static void add_included(struct launch_scan *s, const struct host_file *f)
{
    static const char *const beside[] = {".cpp", ".cc", ".mlu", NULL};
    const char *slash = strrchr(f->path, '/');
    char *dir = slash ? xasprintf("%.*s", (int)(slash - f->path), f->path) : xstrdup(".");
    for (const char *p = f->text; (p = strstr(p, "#include")) != NULL;) {
        p += 8;
        while (*p == ' ' || *p == '\t')
            p++;
        const char *end = *p == '"' ? strchr(p + 1, '"') : NULL;
        if (!end || memchr(p, '\n', (size_t)(end - p)))
            continue;
        char *name = xasprintf("%.*s", (int)(end - p - 1), p + 1);
        for (size_t i = 0; i <= s->ninclude_dirs; i++) {
            char *path = xasprintf("%s/%s", i ? s->include_dirs[i - 1] : dir, name);
            bool found = add_file(s, path);
            const char *dot = strrchr(path, '.');
            if (found && dot && strrchr(path, '/') < dot)
                for (size_t b = 0; beside[b]; b++) {
                    char *source = xasprintf("%.*s%s", (int)(dot - path), path, beside[b]);
                    add_file(s, source);
                    free(source);
                }
            free(path);
            if (found)
                break;
        }
        free(name);
    }
    free(dir);
}

static void definitions_of(struct launch_scan *s, struct host_file *f, size_t call,
                           file_vec *files, function_vec *fns)
{
    if (!f->includes_followed) {
        bool defined = false;   /* in the files read: nothing more to read */
        for (size_t i = 0; i < s->files.len && !defined; i++)
            if (mentions(s, &f->tokens.items[call])[i]) {
                struct host_file *g = host_file_tokens(s->files.items[i]);
                for (size_t k = 0; k < g->functions.len && !defined; k++)
                    defined = host_same_word(g, g->functions.items[k].name, f, call);
            }
        if (!defined) {
            f->includes_followed = true;
            add_included(s, f);
        }
    }
    for (int pass = 0; pass < 2 && fns->len == 0; pass++)
        for (size_t i = 0; i < s->files.len; i++) {
            struct host_file *g = s->files.items[i];
            if ((pass == 0) != (g == f) || !mentions(s, &f->tokens.items[call])[i])
                continue;
            host_file_tokens(g);
            for (size_t k = 0; k < g->functions.len; k++)
                if (host_same_word(g, g->functions.items[k].name, f, call)) {
                    VEC_PUSH(*files, g);
                    VEC_PUSH(*fns, &g->functions.items[k]);
                }
        }
}

/* The call whose argument list holds the argument starting at token `arg` (just after its
 * `(` or `,`): the callee's name token and the argument's index; false if none. */
static bool enclosing_call(const struct host_file *f, size_t arg, size_t *callee, size_t *index)
{
    size_t commas = 0;
    int depth = 0;
    for (size_t k = arg; k-- > 0;) {
        if (is(f, k, ")") || is(f, k, "]") || is(f, k, "}"))
            depth++;
        else if ((is(f, k, "(") || is(f, k, "[") || is(f, k, "{")) && depth > 0)
            depth--;
        else if (is(f, k, "(")) {
            size_t name = k > 0 ? k - 1 : SIZE_MAX;
            if (name != SIZE_MAX && is(f, name, ">"))   /* f<T>(...) */
                name = host_match_backward(f, name, "<", ">") - 1;
            if (name == SIZE_MAX || !host_is_ident(f, name))
                return false;
            *callee = name;
            *index = commas;
            return true;
        } else if (depth == 0 && is(f, k, ","))
            commas++;
        else if (depth == 0 && (is(f, k, ";") || is(f, k, "{") || is(f, k, "}")))
            return false;
    }
    return false;
}

static char *at(const struct host_file *f, size_t i)
{
    return xasprintf("%s:%d", f->path, f->tokens.items[i].line);
}

/* Whether the search went too far (a function passing its value round in a circle), said. */
static bool too_far(struct resolution *r, int depth, const struct host_file *f, size_t i)
{
    if (depth <= MAX_DEPTH && ++r->steps <= MAX_STEPS)
        return false;
    char *where = at(f, i < f->tokens.len ? i : f->tokens.len - 1);
    add_unknown(r, xasprintf("the value at %s is followed too far (%d functions deep, or %d "
                             "steps)", where, MAX_DEPTH, MAX_STEPS));
    free(where);
    return true;
}

static char *function_name(const struct host_file *f, const struct host_function *fn)
{
    return host_word(f, fn->name);
}

/* The token after the expression that starts at `from` (an assignment's right side): the
 * first `;` or `,` outside its brackets, or the bracket that closes around it; `limit` at most. */
static size_t expression_end(const struct host_file *f, size_t from, size_t limit)
{
    size_t end = from;
    for (int d = 0; end < limit; end++) {
        if (is(f, end, "(") || is(f, end, "[") || is(f, end, "{"))
            d++;
        else if (is(f, end, ")") || is(f, end, "]") || is(f, end, "}"))
            d--;
        if (d < 0 || (d == 0 && (is(f, end, ";") || is(f, end, ","))))
            break;
    }
    return end;
}

/* What a function assigns through its pointer parameter p: `*p = E`, `p[0] = E`, and
 * what the functions it passes p on to assign. Returns how many such writes there are (none:
 * the value the caller gave stays). */
static size_t resolve_through(struct launch_scan *s, struct host_file *f,
                              const struct host_function *fn, size_t p, int depth,
                              struct resolution *r)
{
    if (too_far(r, depth, f, p))
        return 1;
    size_t writes = 0;
    for (size_t j = fn->body_open + 1; j < fn->body_close; j++) {
        if (!host_same_word(f, j, f, p) || is(f, j - 1, ".") || is(f, j - 1, "->") ||
            is(f, j - 1, "::"))
            continue;
        size_t rhs = SIZE_MAX;
        if (is(f, j - 1, "*") && (is(f, j - 2, ";") || is(f, j - 2, "{") || is(f, j - 2, "}") ||
                                  is(f, j - 2, ")") || is(f, j - 2, "else") || is(f, j - 2, ":"))
            && is(f, j + 1, "="))
            rhs = j + 2;
        else if (is(f, j + 1, "[") && is(f, j + 2, "0") && is(f, j + 3, "]") && is(f, j + 4, "="))
            rhs = j + 5;
        if (rhs != SIZE_MAX) {
            size_t end = expression_end(f, rhs, fn->body_close);
            writes++;
            resolve_expression(s, f, fn, rhs, end, depth + 1, r);
            continue;
        }
        size_t callee, index;
        if ((is(f, j - 1, "(") || is(f, j - 1, ",")) && (is(f, j + 1, ",") || is(f, j + 1, ")")) &&
            enclosing_call(f, j, &callee, &index)) {
            file_vec files = {0};
            function_vec defs = {0};
            definitions_of(s, f, callee, &files, &defs);
            if (defs.len == 0) {
                writes++;
                char *where = at(f, j), *v = host_word(f, p), *c = host_word(f, callee);
                add_unknown(r, xasprintf("%s goes on to %s at %s, which no file read defines",
                                         v, c, where));
                free(where);
                free(v);
                free(c);
            }
            for (size_t d = 0; d < defs.len; d++) {
                bool pointer, reference;
                size_t q = host_parameter(files.items[d], defs.items[d], index, &pointer,
                                          &reference);
                if (q != SIZE_MAX && pointer)
                    writes += resolve_through(s, files.items[d], defs.items[d], q, depth + 1, r);
            }
            VEC_FREE(files);
            VEC_FREE(defs);
        }
    }
    return writes;
}

/* Argument k of every call of fn in the files that name it. */
static void add_found(const char *path, void *data)
{
    add_file(data, path);
}

/* Reads into the scan the files of the checked tree that name the function at token `name`
 * of f, once per word: where the callers of a launcher no file of the directory calls may be.
 * Returns whether any file was added. */
static bool widen(struct launch_scan *s, const struct host_file *f, size_t name)
{
    const struct host_token *w = &f->tokens.items[name];
    for (size_t i = 0; i < s->widened.len; i++)
        if (strlen(s->widened.items[i]) == w->len && !strncmp(s->widened.items[i], w->text, w->len))
            return false;
    VEC_PUSH(s->widened, xasprintf("%.*s", (int)w->len, w->text));
    if (!strcmp(s->kernel_path, "-"))
        return false;
    if (!s->tree)
        s->tree = tree_files_new(s->kernel_path);
    size_t before = s->files.len;
    tree_files_naming(s->tree, w->text, w->len, s->max_bytes, add_found, s);
    return s->files.len > before;
}

static void resolve_parameter(struct launch_scan *s, struct host_file *f,
                              const struct host_function *fn, size_t k, int depth,
                              struct resolution *r)
{
    if (too_far(r, depth, f, fn->name))
        return;
    size_t calls = 0;
    bool widened = false;
again:
    for (size_t i = 0; i < s->files.len; i++) {
        struct host_file *g = s->files.items[i];
        if (!mentions(s, &f->tokens.items[fn->name])[i])
            continue;
        host_file_tokens(g);
        for (size_t t = 0; t < g->tokens.len; t++) {
            if (!host_same_word(g, t, f, fn->name) || !is(g, t + 1, "(") ||
                host_is_definition(g, t) || is(g, t - 1, ".") || is(g, t - 1, "->"))
                continue;
            const struct host_function *caller = host_function_at(g, t);
            if (!caller)
                continue;   /* a declaration */
            size_t close = host_match_forward(g, t + 1, "(", ")");
            host_index_vec starts = {0}, ends = {0};
            host_split_arguments(g, t + 1, close, &starts, &ends);
            calls++;
            if (k < starts.len) {
                resolve_expression(s, g, caller, starts.items[k], ends.items[k], depth + 1, r);
            } else {
                char *where = at(g, t);
                add_unknown(r, xasprintf("the call at %s passes no argument %zu", where, k + 1));
                free(where);
            }
            VEC_FREE(starts);
            VEC_FREE(ends);
        }
    }
    if (calls == 0 && !widened && widen(s, f, fn->name)) {
        widened = true;   /* the directory has no caller: the tree's files that name it */
        goto again;
    }
    if (calls == 0) {
        bool pointer, reference;
        char *fname = function_name(f, fn), *where = at(f, fn->name);
        char *pname = host_word(f, host_parameter(f, fn, k, &pointer, &reference));
        add_unknown(r, xasprintf("%s is a parameter of %s (%s), which no file of the directory "
                                 "or of the tree calls%s", pname, fname, where,
                                 s->tree && tree_files_truncated(s->tree)
                                     ? " (of the tree, the first 8192 host files or 256 MiB "
                                       "looked at)"
                                     : ""));
        free(fname);
        free(where);
        free(pname);
    }
}

/* A local variable (or a reference parameter) of fn: its initializer, its assignments, and
 * what the functions it is given to by address or by reference assign. Returns how many
 * such writes there are; with unset_said, none is said. */
static size_t resolve_local(struct launch_scan *s, struct host_file *f,
                            const struct host_function *fn, size_t name, int depth, bool unset_said,
                            struct resolution *r)
{
    if (too_far(r, depth, f, name))
        return 1;
    size_t writes = 0;
    for (size_t j = fn->body_open + 1; j < fn->body_close; j++) {
        if (!host_same_word(f, j, f, name) || is(f, j - 1, ".") || is(f, j - 1, "->") ||
            is(f, j - 1, "::"))
            continue;
        if (is(f, j + 1, "=") || (is(f, j + 1, "{") && host_is_ident(f, j - 1))) {
            size_t end = is(f, j + 1, "{") ? host_match_forward(f, j + 1, "{", "}")
                                           : expression_end(f, j + 2, fn->body_close);
            writes++;
            resolve_expression(s, f, fn, j + 2, end, depth + 1, r);
            continue;
        }
        static const char *const changes[] = {"+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=",
                                              "++", "--", NULL};
        bool changed = false;
        for (size_t c = 0; changes[c]; c++)
            changed |= is(f, j + 1, changes[c]) || (is(f, j - 1, changes[c]) && c >= 8);
        if (changed) {
            writes++;
            char *where = at(f, j), *v = host_word(f, name);
            add_unknown(r, xasprintf("%s is changed by arithmetic at %s", v, where));
            free(where);
            free(v);
            continue;
        }
        bool address = is(f, j - 1, "&") && (is(f, j - 2, "(") || is(f, j - 2, ","));
        size_t arg = address ? j - 1 : j;
        size_t callee, index;
        if (!(is(f, arg - 1, "(") || is(f, arg - 1, ",")) ||
            !(is(f, j + 1, ",") || is(f, j + 1, ")")) || !enclosing_call(f, arg, &callee, &index))
            continue;
        file_vec files = {0};
        function_vec defs = {0};
        definitions_of(s, f, callee, &files, &defs);
        if (address && defs.len == 0) {
            writes++;
            char *where = at(f, j), *v = host_word(f, name), *c = host_word(f, callee);
            add_unknown(r, xasprintf("the address of %s goes to %s at %s, which no file read "
                                     "defines", v, c, where));
            free(where);
            free(v);
            free(c);
        }
        for (size_t d = 0; d < defs.len; d++) {
            bool pointer, reference;
            size_t q = host_parameter(files.items[d], defs.items[d], index, &pointer, &reference);
            if (q == SIZE_MAX)
                continue;
            if (address && pointer) {
                writes += resolve_through(s, files.items[d], defs.items[d], q, depth + 1, r);
            } else if (!address && reference) {
                writes += resolve_local(s, files.items[d], defs.items[d], q, depth + 1, false, r);
            }
        }
        VEC_FREE(files);
        VEC_FREE(defs);
    }
    if (writes == 0 && unset_said) {
        char *v = host_word(f, name), *fname = function_name(f, fn), *where = at(f, fn->name);
        add_unknown(r, xasprintf("%s is never set in %s (%s)", v, fname, where));
        free(v);
        free(fname);
        free(where);
    }
    return writes;
}

/* Whether tokens a..b (a `(`...`)`) are a type: words and `::` only. */
static bool is_cast(const struct host_file *f, size_t a, size_t b)
{
    if (b <= a + 1)
        return false;
    for (size_t i = a + 1; i < b; i++)
        if (!host_is_ident(f, i) && !is(f, i, "::"))
            return false;
    return true;
}

static void resolve_expression(struct launch_scan *s, struct host_file *f,
                               const struct host_function *fn, size_t a, size_t b, int depth,
                               struct resolution *r)
{
    if (too_far(r, depth, f, a))
        return;
    /* parentheses and casts around the value: (k_type), (cnrtFunctionType_t)x,
     * static_cast<cnrtFunctionType_t>(x) */
    while (a < b) {
        if (is(f, a, "(")) {
            size_t close = host_match_forward(f, a, "(", ")");
            if (close == b - 1) {
                a++;
                b--;
            } else if (close < b - 1 && is_cast(f, a, close)) {
                a = close + 1;
            } else {
                break;
            }
        } else if ((is(f, a, "static_cast") || is(f, a, "reinterpret_cast")) && is(f, a + 1, "<")) {
            size_t close = host_match_forward(f, a + 1, "<", ">");
            if (close + 1 < b && is(f, close + 1, "(") &&
                host_match_forward(f, close + 1, "(", ")") == b - 1) {
                a = close + 2;
                b--;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    /* c ? x : y: either */
    int brackets = 0;
    for (size_t i = a; i < b; i++) {
        if (is(f, i, "(") || is(f, i, "[") || is(f, i, "{"))
            brackets++;
        else if (is(f, i, ")") || is(f, i, "]") || is(f, i, "}"))
            brackets--;
        else if (brackets == 0 && is(f, i, "?")) {
            int nested = 0;
            for (size_t k = i + 1; k < b; k++) {
                if (is(f, k, "?"))
                    nested++;
                else if (is(f, k, ":") && nested-- == 0) {
                    resolve_expression(s, f, fn, i + 1, k, depth + 1, r);
                    resolve_expression(s, f, fn, k + 1, b, depth + 1, r);
                    return;
                }
            }
        }
    }
    /* a qualified name: its last word (cnrtFunctionType_t::cnrtFuncTypeUnion1) */
    size_t word = a;
    while (word + 2 < b && host_is_ident(f, word) && is(f, word + 1, "::"))
        word += 2;
    if (a < b && word == b - 1 && is(f, a, "::") == false) {
        for (size_t c = 0; c < sizeof(constants) / sizeof(constants[0]); c++)
            if (is(f, word, constants[c].name)) {
                char *where = at(f, word);
                if (constants[c].clusters < 0) {
                    add_unknown(r, xasprintf("%s at %s (a type the runtime chooses)",
                                             constants[c].name, where));
                    free(where);
                } else {
                    struct found found = {constants[c].clusters,
                                          xasprintf("%s at %s", constants[c].name, where)};
                    free(where);
                    VEC_PUSH(r->found, found);
                }
                return;
            }
        if (f->tokens.items[word].kind == HOST_TOKEN_NUMBER) {
            char *digits = host_word(f, word), *end;
            long v = strtol(digits, &end, 0);
            int clusters = *end ? -1 : clusters_of_value(v);
            char *where = at(f, word);
            if (clusters >= 0) {
                struct found found = {clusters, xasprintf("%s at %s", digits, where)};
                VEC_PUSH(r->found, found);
            } else {
                add_unknown(r, xasprintf("%s at %s (not a task type's value)", digits, where));
            }
            free(where);
            free(digits);
            return;
        }
        if (word == a && fn) {
            host_index_vec starts = {0}, ends = {0};
            host_split_arguments(f, fn->params_open, fn->params_close, &starts, &ends);
            size_t nparams = starts.len;
            VEC_FREE(starts);
            VEC_FREE(ends);
            for (size_t k = 0; k < nparams; k++) {
                bool pointer, reference;
                size_t p = host_parameter(f, fn, k, &pointer, &reference);
                if (p != SIZE_MAX && host_same_word(f, p, f, word)) {
                    /* what its callers pass, and what the function itself assigns it */
                    resolve_parameter(s, f, fn, k, depth, r);
                    resolve_local(s, f, fn, word, depth, false, r);
                    return;
                }
            }
            resolve_local(s, f, fn, word, depth, true, r);
            return;
        }
    }
    char *text = host_expression_text(f, a, b), *where = at(f, a < b ? a : a - 1);
    add_unknown(r, a < b ? xasprintf("`%s` at %s", text, where)
                         : xasprintf("an empty argument at %s", where));
    free(text);
    free(where);
}

/* ---- launches ---- */

/* The kernel a `<<<` at i launches: its name token (a template's name, before its
 * arguments), or SIZE_MAX. */
static size_t launched_kernel(const struct host_file *f, size_t i)
{
    if (i == 0)
        return SIZE_MAX;
    size_t k = i - 1;
    if (is(f, k, ">")) {
        k = host_match_backward(f, k, "<", ">");
        if (k == SIZE_MAX || k == 0)
            return SIZE_MAX;
        k--;
    }
    return host_is_ident(f, k) ? k : SIZE_MAX;
}

static int compare_found(const void *a, const void *b)
{
    const struct launch_type *x = a, *y = b;
    return (x->clusters > y->clusters) - (x->clusters < y->clusters);
}

void launch_types_find(struct launch_scan *s, const char *name, struct launch_types *out)
{
    memset(out, 0, sizeof(*out));
    struct host_token word = {HOST_TOKEN_IDENT, name, strlen(name), 0};
    for (size_t i = 0; i < s->files.len; i++) {
        struct host_file *f = s->files.items[i];
        if (!strstr(f->text, "<<<") || !mentions(s, &word)[i])
            continue;
        host_file_tokens(f);
        for (size_t t = 0; t < f->tokens.len; t++) {
            if (!is(f, t, "<<<"))
                continue;
            size_t kernel = launched_kernel(f, t);
            if (kernel == SIZE_MAX || f->tokens.items[kernel].len != word.len ||
                strncmp(f->tokens.items[kernel].text, name, word.len) != 0)
                continue;
            out->launches++;
            char *launch = at(f, t);
            size_t close = t + 1;
            while (close < f->tokens.len && !is(f, close, ">>>") && !is(f, close, ";"))
                close++;
            host_index_vec starts = {0}, ends = {0};
            if (is(f, close, ">>>"))
                host_split_arguments(f, t, close, &starts, &ends);
            struct resolution r = {0};
            if (starts.len >= 2)
                resolve_expression(s, f, host_function_at(f, t), starts.items[1], ends.items[1],
                                   0, &r);
            else
                add_unknown(&r, xstrdup("no task type argument read"));
            for (size_t k = 0; k < r.found.len; k++) {
                struct found *fd = &r.found.items[k];
                bool seen = false;
                for (size_t n = 0; n < out->types.len && !seen; n++)
                    seen = out->types.items[n].clusters == fd->clusters;
                /* the constant where it is written, when that is not the launch's line */
                const char *colon = strchr(fd->where, ' ');
                bool here = colon && !strcmp(colon + 4, launch);
                if (!seen) {
                    struct launch_type lt = {fd->clusters,
                                             here ? xasprintf("the launch at %s", launch)
                                                  : xasprintf("the launch at %s (%s)", launch,
                                                              fd->where)};
                    VEC_PUSH(out->types, lt);
                }
                free(fd->where);
            }
            for (size_t k = 0; k < r.unknown.len; k++) {
                VEC_PUSH(out->unknown, xasprintf("the launch at %s: %s", launch,
                                                 r.unknown.items[k]));
                free(r.unknown.items[k]);
            }
            VEC_FREE(r.found);
            VEC_FREE(r.unknown);
            VEC_FREE(starts);
            VEC_FREE(ends);
            free(launch);
        }
    }
    if (out->types.len > 1)
        qsort(out->types.items, out->types.len, sizeof(out->types.items[0]), compare_found);
}

void launch_types_free(struct launch_types *t)
{
    for (size_t i = 0; i < t->types.len; i++)
        free(t->types.items[i].origin);
    for (size_t i = 0; i < t->unknown.len; i++)
        free(t->unknown.items[i]);
    VEC_FREE(t->types);
    VEC_FREE(t->unknown);
    memset(t, 0, sizeof(*t));
}

/* ---- what --explain says ---- */

/* Whether the definition named at token `name` is a kernel entry: `__mlu_global__` or
 * `__mlu_entry__` among the tokens of its declaration (back to the previous `;`, `{` or
 * `}`), as written, before any macro is expanded. */
static bool entry_definition(const struct host_file *f, size_t name)
{
    for (size_t k = name; k-- > 0;) {
        if (is(f, k, ";") || is(f, k, "{") || is(f, k, "}"))
            return false;
        if (is(f, k, "__mlu_global__") || is(f, k, "__mlu_entry__"))
            return true;
    }
    return false;
}

static void explain_types(FILE *out, const char *name, const struct launch_types *t)
{
    fprintf(out, " %s", name);
    for (size_t k = 0; k < t->types.len; k++) {
        const struct launch_type *lt = &t->types.items[k];
        if (lt->clusters)
            fprintf(out, "%s UNION%d from %s", k ? "," : "", lt->clusters, lt->origin);
        else
            fprintf(out, "%s BLOCK from %s", k ? "," : "", lt->origin);
    }
    if (!t->types.len)
        fputs(t->launches ? " BLOCK (no launch's type resolved from the host code: `accelsync "
                            "lower` notes why)"
                          : " BLOCK (no launch found)", out);
}

void launch_types_explain(const struct source *src, const struct frontend_options *o,
                          FILE *out)
{
    struct launch_scan *s = launch_scan_new(src, o);
    struct host_file *own = host_file_tokens(s->files.items[0]);
    const char *sep = "task types from the host's launches:";
    VEC(char *) seen = {0};
    for (size_t i = 0; i < own->functions.len; i++) {
        size_t at = own->functions.items[i].name;
        if (!entry_definition(own, at))
            continue;
        char *name = host_word(own, at);
        bool again = false;
        for (size_t k = 0; k < seen.len && !again; k++)
            again = !strcmp(seen.items[k], name);
        if (again) {   /* overloads: one line of types per name, as the search is by name */
            free(name);
            continue;
        }
        struct launch_types t;
        launch_types_find(s, name, &t);
        fputs(sep, out);
        explain_types(out, name, &t);
        sep = ";";
        launch_types_free(&t);
        VEC_PUSH(seen, name);
    }
    if (!seen.len)   /* entries a macro defines, or none: the parse knows, this scan not */
        fprintf(out, "%s no entry written in the file (one a macro defines: `accelsync "
                "lower` notes its types)", sep);
    for (size_t k = 0; k < seen.len; k++)
        free(seen.items[k]);
    VEC_FREE(seen);
    launch_scan_free(s);
}

/* ---- the files ---- */

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads the file at path into the scan, unless it is read already, outside the roots, not a
 * regular file or past the limits; true if it is in the scan. */
static bool add_file(struct launch_scan *s, const char *path)
{
    char real[PATH_MAX];
    if (!realpath(path, real))
        return false;
    for (size_t i = 0; i < s->real_paths.len; i++)
        if (!strcmp(s->real_paths.items[i], real))
            return true;
    /* a link out of the tree is never read */
    if (!parse_guard_host_file_allowed(s->kernel_path, s->include_dirs, s->ninclude_dirs, path))
        return false;
    if (s->files.len > MAX_FILES || s->total > MAX_TOTAL_BYTES) {
        s->unread++;
        return false;
    }
    const char *err;
    struct source *text = source_read_regular(path, s->max_bytes, &err);
    if (!text)
        return false;
    struct host_file *f = xcalloc(1, sizeof(*f));
    f->path = lexical_path(path);   /* for the notes; what was read is `path` */
    f->src = text;
    f->text = text->text;
    s->total += text->len;
    VEC_PUSH(s->files, f);
    VEC_PUSH(s->real_paths, xstrdup(real));
    return true;
}

struct launch_scan *launch_scan_new(const struct source *src, const struct frontend_options *o)
{
    struct launch_scan *s = xcalloc(1, sizeof(*s));
    struct host_file *own = xcalloc(1, sizeof(*own));
    own->path = xstrdup(src->path);
    own->text = src->text;
    VEC_PUSH(s->files, own);
    s->kernel_path = src->path;
    s->include_dirs = o->include_dirs;
    s->ninclude_dirs = o->ninclude_dirs;
    s->max_bytes = o->max_header_size ? o->max_header_size : DEFAULT_MAX_BYTES;
    s->total = src->len;
    if (!strcmp(src->path, "-"))
        return s;
    char real[PATH_MAX];
    if (realpath(src->path, real))   /* the kernel source itself is read already */
        VEC_PUSH(s->real_paths, xstrdup(real));
    const char *slash = strrchr(src->path, '/');
    char *dir = slash ? xasprintf("%.*s", (int)(slash == src->path ? 1 : slash - src->path),
                                  src->path)
                      : xstrdup(".");
    DIR *d = opendir(dir);
    VEC(char *) names = {0};
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.' && host_file_extension(e->d_name))
            VEC_PUSH(names, xstrdup(e->d_name));
    if (d)
        closedir(d);
    if (names.len > 1)
        qsort(names.items, names.len, sizeof(char *), compare_names);
    for (size_t i = 0; i < names.len; i++) {
        char *path = slash ? xasprintf("%s%s%s", dir, strcmp(dir, "/") ? "/" : "", names.items[i])
                           : xstrdup(names.items[i]);
        add_file(s, path);
        free(path);
        free(names.items[i]);
    }
    VEC_FREE(names);
    free(dir);
    return s;
}

size_t launch_scan_unread(const struct launch_scan *s)
{
    return s->unread;
}

void launch_scan_free(struct launch_scan *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->files.len; i++) {
        free(s->files.items[i]->path);
        source_free(s->files.items[i]->src);
        VEC_FREE(s->files.items[i]->tokens);
        VEC_FREE(s->files.items[i]->functions);
        free(s->files.items[i]);
    }
    VEC_FREE(s->files);
    for (size_t i = 0; i < s->real_paths.len; i++)
        free(s->real_paths.items[i]);
    VEC_FREE(s->real_paths);
    for (size_t i = 0; i < s->mentions.len; i++) {
        free(s->mentions.items[i].word);
        free(s->mentions.items[i].in_file);
    }
    VEC_FREE(s->mentions);
    tree_files_free(s->tree);
    for (size_t i = 0; i < s->widened.len; i++)
        free(s->widened.items[i]);
    VEC_FREE(s->widened);
    free(s);
}
