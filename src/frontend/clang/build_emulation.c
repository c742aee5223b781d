/* memmem */
#define _GNU_SOURCE
/* Emulates what the vendor's operator build generates for a kernel (see build_emulation.h).
 * The host tiling definitions are read as text: BEGIN_TILING_DATA_DEF(Name) opens a struct,
 * TILING_DATA_FIELD_DEF(type, name), _ARR(type, n, name) and _STRUCT(Type, name) add
 * fields, END_TILING_DATA_DEF closes it, REGISTER_TILING_DATA_CLASS(Op, Name) registers it. */
#include "build_emulation.h"
#include "parse_guard.h"

#include <ctype.h>
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../util/source.h"
#include "../../util/xalloc.h"
#include "../host/host_api.h"
#include "op_dtypes.h"

struct tiling_struct {
    char *name;
    char *body;             /* field declarations */
    VEC(char *) uses;       /* struct types of its fields */
    bool emitted;
};

struct tiling_set {
    const char *kernel;     /* the kernel's path: host headers are read inside its roots only */
    const char *const *include_dirs;
    size_t ninclude_dirs;
    VEC(char *) visited;    /* headers read, so an include cycle ends */
    VEC(struct tiling_struct) structs;
    VEC(char *) registered; /* names registered without a tiling key */
    VEC(char *) keyed;      /* names registered for one tiling key */
    const char *op;         /* the kernel's operator, CamelCase ("ForeachAbs") */
    char *own;              /* the structure registered for exactly that operator */
    char *constants;        /* the headers' constexpr lines (array sizes) */
    char *defines;          /* and their numeric #define lines */
    VEC(char *) constant_names; /* the names defined so far: a later one of a name is dropped */
};

/* The name a constant line or #define line defines; malloc'ed, NULL if none is found. */
static char *defined_name(const char *p, size_t len, bool define)
{
    const char *end = define ? p + 8 : memchr(p, '=', len);
    if (define) {
        while (*end == ' ')
            end++;
        const char *start = end;
        while (isalnum((unsigned char)*end) || *end == '_')
            end++;
        return end > start ? xasprintf("%.*s", (int)(end - start), start) : NULL;
    }
    if (!end)
        return NULL;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    const char *start = end;
    while (start > p && (isalnum((unsigned char)start[-1]) || start[-1] == '_'))
        start--;
    return end > start ? xasprintf("%.*s", (int)(end - start), start) : NULL;
}

/* Whether a constant of `name` was taken already; if not, it is now. */
static bool constant_seen(struct tiling_set *s, char *name)
{
    for (size_t i = 0; i < s->constant_names.len; i++)
        if (!strcmp(s->constant_names.items[i], name)) {
            free(name);
            return true;
        }
    VEC_PUSH(s->constant_names, name);
    return false;
}

/* The comma-separated arguments of the macro call at `p` ('(' ...), trimmed. */
static int macro_args(const char *p, char args[3][128])
{
    if (*p != '(')
        return 0;
    int n = 0, depth = 0;
    size_t len = 0;
    for (p++; *p && n < 3; p++) {
        if (*p == '(' || *p == '<')
            depth++;
        if ((*p == ')' || *p == '>') && depth > 0) {
            depth--;
        } else if ((*p == ',' && depth == 0) || (*p == ')' && depth == 0)) {
            while (len && isspace((unsigned char)args[n][len - 1]))
                len--;
            args[n++][len] = '\0';
            len = 0;
            if (*p == ')')
                break;
            continue;
        }
        if (len == 0 && isspace((unsigned char)*p))
            continue;
        if (len + 1 < 128)
            args[n][len++] = *p;
    }
    return n;
}

static struct tiling_struct *find_struct(struct tiling_set *s, const char *name)
{
    for (size_t i = 0; i < s->structs.len; i++)
        if (strcmp(s->structs.items[i].name, name) == 0)
            return &s->structs.items[i];
    return NULL;
}

static void append(char **text, const char *more)
{
    char *joined = xasprintf("%s%s", *text ? *text : "", more);
    free(*text);
    *text = joined;
}

/* Namespace-scope constants of a host header, which field array sizes use:
 * `constexpr ...;` lines and `#define NAME VALUE` lines. */
static void read_constants(struct tiling_set *s, const char *text)
{
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *p = line;
        while (p < line + len && isspace((unsigned char)*p))
            p++;
        bool constant = (strncmp(p, "constexpr ", 10) == 0 || strncmp(p, "static constexpr ", 17) == 0 ||
                         strncmp(p, "const ", 6) == 0 || strncmp(p, "static const ", 13) == 0) &&
                        memchr(p, '=', (size_t)(line + len - p)) && len > 0 && line[len - 1] == ';';
        /* object-like macros with a numeric value only: function-like ones and host
         * definitions would not parse in a kernel */
        const char *name_end = strncmp(p, "#define ", 8) == 0 ? strpbrk(p + 8, " (") : NULL;
        bool define = name_end && name_end < line + len && *name_end == ' ' &&
                      (isdigit((unsigned char)name_end[1]) || name_end[1] == '(');
        if (constant && (memmem(p, len, "::", 2) || memmem(p, len, "std", 3)))
            constant = false;   /* host types (gert::, ge::, std::string) */
        /* two headers of one name's constant (foreach_norm's and foreach_utils'
         * MAX_CORE_CONT, in namespaces of their own there): the first one read counts */
        char *name = constant || define ? defined_name(p, (size_t)(line + len - p), define) : NULL;
        if (name && constant_seen(s, name))
            constant = define = false;
        if (constant || define) {
            char *copy = xasprintf("%.*s\n", (int)len, line);
            append(define ? &s->defines : &s->constants, copy);
            free(copy);
        }
        if (!end)
            break;
        line = end + 1;
    }
}

static void read_definitions(struct tiling_set *s, const char *text)
{
    read_constants(s, text);
    struct tiling_struct *open = NULL;
    for (const char *p = text; *p; p++) {
        if (p != text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
            continue;
        char a[3][128];
        if (strncmp(p, "BEGIN_TILING_DATA_DEF", 21) == 0 && macro_args(p + 21, a) == 1) {
            if (find_struct(s, a[0])) {
                open = NULL;   /* defined twice (per arch): the first one counts */
                continue;
            }
            struct tiling_struct t = {.name = xstrdup(a[0]), .body = xstrdup("")};
            VEC_PUSH(s->structs, t);
            open = &s->structs.items[s->structs.len - 1];
        } else if (strncmp(p, "END_TILING_DATA_DEF", 19) == 0) {
            open = NULL;
        } else if (open && strncmp(p, "TILING_DATA_FIELD_DEF_ARR", 25) == 0 &&
                   macro_args(p + 25, a) == 3) {
            char *field = xasprintf("    %s %s[%s];\n", a[0], a[2], a[1]);
            append(&open->body, field);
            free(field);
        } else if (open && strncmp(p, "TILING_DATA_FIELD_DEF_STRUCT", 28) == 0 &&
                   macro_args(p + 28, a) == 2) {
            char *field = xasprintf("    %s %s;\n", a[0], a[1]);
            append(&open->body, field);
            free(field);
            char *use = xstrdup(a[0]);
            VEC_PUSH(open->uses, use);
        } else if (open && strncmp(p, "TILING_DATA_FIELD_DEF", 21) == 0 &&
                   macro_args(p + 21, a) == 2) {
            char *field = xasprintf("    %s %s;\n", a[0], a[1]);
            append(&open->body, field);
            free(field);
        } else if (strncmp(p, "REGISTER_TILING_DATA_CLASS", 26) == 0 &&
                   macro_args(p + 26, a) == 2) {
            /* Op_KEY registers the structure of one tiling key; Op alone the default */
            const char *us = strrchr(a[0], '_');
            bool keyed = us && us[1] && strspn(us + 1, "0123456789") == strlen(us + 1);
            if (!s->own && s->op && strcmp(a[0], s->op) == 0)
                s->own = xstrdup(a[1]);
            char *name = xstrdup(a[1]);
            if (keyed)
                VEC_PUSH(s->keyed, name);
            else
                VEC_PUSH(s->registered, name);
        }
    }
}

static void emit_struct(struct tiling_set *s, struct tiling_struct *t, char **out)
{
    if (t->emitted)
        return;
    t->emitted = true;
    for (size_t i = 0; i < t->uses.len; i++) {
        struct tiling_struct *dep = find_struct(s, t->uses.items[i]);
        if (dep)
            emit_struct(s, dep, out);
    }
    char *decl = xasprintf("struct %s {\n%s};\n", t->name, t->body);
    append(out, decl);
    free(decl);
}

/* Only regular files: a committed FIFO or a link to /proc/self/fd/1 would block an open. */
static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static void read_header(struct tiling_set *s, const char *path, int depth, const char *needle);

/* The quoted includes of a host header: beside it, else in the include directories. */
static void follow_includes(struct tiling_set *s, const char *path, const char *text, int depth)
{
    char *copy = xstrdup(path);
    const char *dir = dirname(copy);
    for (const char *p = strstr(text, "#include \""); p; p = strstr(p + 1, "#include \"")) {
        const char *name = p + 10, *end = strchr(name, '"');
        if (!end || memchr(name, '\n', (size_t)(end - name)))
            continue;
        char *rel = xasprintf("%.*s", (int)(end - name), name);
        char *found = xasprintf("%s/%s", dir, rel);
        for (size_t i = 0; !file_exists(found) && i < s->ninclude_dirs; i++) {
            free(found);
            found = xasprintf("%s/%s", s->include_dirs[i], rel);
        }
        if (file_exists(found))
            read_header(s, found, depth + 1, NULL);
        free(found);
        free(rel);
    }
    free(copy);
}

/* Reads a host header (with `needle`, only if its text contains it) and the headers it
 * includes, each once. */
static void read_header(struct tiling_set *s, const char *path, int depth, const char *needle)
{
    if (depth > 8)
        return;
    char real[PATH_MAX];   /* one header reached by two spellings (a/../b) is read once */
    if (realpath(path, real))
        path = real;
    for (size_t i = 0; i < s->visited.len; i++)
        if (strcmp(s->visited.items[i], path) == 0)
            return;
    const char *err;
    if (!parse_guard_host_file_allowed(s->kernel, s->include_dirs, s->ninclude_dirs, path))
        return;   /* outside the roots (a committed link out of the tree): never read */
    struct source *src = source_read_regular(path, 4 * 1024 * 1024, &err);
    if (!src)
        return;
    if (needle && !strstr(src->text, needle)) {
        source_free(src);
        return;
    }
    char *seen = xstrdup(path);
    VEC_PUSH(s->visited, seen);
    follow_includes(s, path, src->text, depth);   /* what it uses first */
    if (strstr(src->text, "BEGIN_TILING_DATA_DEF") || strstr(src->text, "REGISTER_TILING_DATA_CLASS"))
        read_definitions(s, src->text);
    source_free(src);
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

struct string_list {
    char **items;
    size_t len, cap;
};

/* The paths of the headers (.h; with also_hpp, .hpp too) of `dir`, sorted so that nothing
 * depends on the directory's order. */
static struct string_list headers_of(const char *dir, bool also_hpp)
{
    struct string_list paths = {0};
    DIR *d = opendir(dir);
    if (!d)
        return paths;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if ((n > 2 && strcmp(e->d_name + n - 2, ".h") == 0) ||
            (also_hpp && n > 4 && strcmp(e->d_name + n - 4, ".hpp") == 0)) {
            char *path = xasprintf("%s/%s", dir, e->d_name);
            VEC_PUSH(paths, path);
        }
    }
    closedir(d);
    if (paths.len > 1)
        qsort(paths.items, paths.len, sizeof(char *), compare_strings);
    return paths;
}

static void free_strings(struct string_list *l)
{
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i]);
    VEC_FREE(*l);
}

/* The headers of `dir`; with `needle`, only those whose text contains it. */
static void read_host_directory(struct tiling_set *s, const char *dir, const char *needle)
{
    struct string_list paths = headers_of(dir, false);
    for (size_t i = 0; i < paths.len; i++)
        read_header(s, paths.items[i], 0, needle);
    free_strings(&paths);
}

/* The tiling sources of an operator's host directory (op_host/arch22/x_tiling.cpp): the
 * headers they include (not their own code), where an operator that shares another's tiling
 * structure finds it
 * (foreach_utils/op_host/foreach_tiling_def.h registers every foreach operator's). */
static void read_host_sources(struct tiling_set *s, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct string_list paths = {0};
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".cpp") == 0)
            VEC_PUSH(paths, xasprintf("%s/%s", dir, e->d_name));
    }
    closedir(d);
    if (paths.len > 1)
        qsort(paths.items, paths.len, sizeof(char *), compare_strings);
    for (size_t i = 0; i < paths.len; i++) {   /* what they include, not their own code */
        const char *err;
        struct source *src = source_read(paths.items[i], 4 * 1024 * 1024, &err);
        if (src)
            follow_includes(s, paths.items[i], src->text, 0);
        source_free(src);
    }
    free_strings(&paths);
}

/* foreach_abs.cpp -> ForeachAbs, the operator name registrations use. */
static char *operator_name(const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strcspn(base, ".");
    char *out = xmalloc(n + 1);
    size_t k = 0;
    bool upper = true;
    for (size_t i = 0; i < n; i++) {
        if (base[i] == '_') {
            upper = true;
            continue;
        }
        out[k++] = upper ? (char)toupper((unsigned char)base[i]) : base[i];
        upper = false;
    }
    out[k] = '\0';
    return out;
}

char *tiling_declarations(const char *path, const char *const *host_dirs, size_t nhost_dirs,
                          const char *const *include_dirs, size_t ninclude_dirs)
{
    char *op = operator_name(path);
    struct tiling_set s = {.kernel = path, .include_dirs = include_dirs,
                           .ninclude_dirs = ninclude_dirs, .op = op};
    for (size_t i = 0; i < nhost_dirs; i++)
        read_host_directory(&s, host_dirs[i], NULL);
    for (size_t i = 0; i < nhost_dirs && !s.own; i++)
        read_host_sources(&s, host_dirs[i]);
    /* definitions shared by several operators live in the include directories: a header
     * there is read only when it registers this operator */
    if (!s.own) {
        char *wanted = xasprintf("REGISTER_TILING_DATA_CLASS(%s,", op);
        for (size_t i = 0; i < ninclude_dirs && !s.own; i++)
            read_host_directory(&s, include_dirs[i], wanted);
        free(wanted);
    }
    /* The host constants and the structures in a namespace of their own, the structures
     * brought out by name: a kernel may define a constant of the same name (the real build's
     * generated header has only the structures, with their array sizes as numbers). */
    char *out = xasprintf("%snamespace accelsync_host {\n%s", s.defines ? s.defines : "",
                          s.constants ? s.constants : "");
    for (size_t i = 0; i < s.structs.len; i++)
        emit_struct(&s, &s.structs.items[i], &out);
    append(&out, "}\n");
    for (size_t i = 0; i < s.structs.len; i++) {
        char *use = xasprintf("using accelsync_host::%s;\n", s.structs.items[i].name);
        append(&out, use);
        free(use);
    }
    /* GET_TILING_DATA reads the structure registered without a key, else the first keyed
     * one; with none registered in the headers (a .cpp registers it), the one named after
     * the operator (OpTilingData) */
    char *by_name = op ? xasprintf("%sTilingData", op) : NULL;
    const char *fallback = s.own ? s.own : s.registered.len ? s.registered.items[0]
                         : s.keyed.len ? s.keyed.items[0] : by_name;
    if (fallback && find_struct(&s, fallback)) {
        char *alias = xasprintf("using AccelsyncDefaultTiling = %s;\n", fallback);
        append(&out, alias);
        free(alias);
    }
    free(by_name);
    free(s.constants);
    free(s.defines);
    for (size_t i = 0; i < s.constant_names.len; i++)
        free(s.constant_names.items[i]);
    VEC_FREE(s.constant_names);
    free(s.own);
    free(op);
    for (size_t i = 0; i < s.structs.len; i++) {
        struct tiling_struct *t = &s.structs.items[i];
        free(t->name);
        free(t->body);
        for (size_t k = 0; k < t->uses.len; k++)
            free(t->uses.items[k]);
        VEC_FREE(t->uses);
    }
    VEC_FREE(s.structs);
    for (size_t i = 0; i < s.registered.len; i++)
        free(s.registered.items[i]);
    VEC_FREE(s.registered);
    for (size_t i = 0; i < s.keyed.len; i++)
        free(s.keyed.items[i]);
    VEC_FREE(s.keyed);
    for (size_t i = 0; i < s.visited.len; i++)
        free(s.visited.items[i]);
    VEC_FREE(s.visited);
    return out;
}

/* Whether a tensor named `name` (the part after DTYPE_) holds indices, which are integers:
 * pointer arithmetic with them does not compile with a float. */
static bool index_tensor(const char *name, size_t len)
{
    static const char *const words[] = {"INDICE", "INDEX", "IDX", "ARGMAX"};
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (memmem(name, len, words[i], strlen(words[i])))
            return true;
    return false;
}

/* Whether the text defines `name` itself (`#define NAME`, `int NAME = 4`): then it is the
 * kernel's own name, not one the build supplies. */
static bool defined_in(const char *text, const char *name, size_t len)
{
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if ((p != text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
            isalnum((unsigned char)p[len]) || p[len] == '_')
            continue;
        const char *after = p + len;
        while (*after == ' ' || *after == '\t')
            after++;
        if (after[0] == '=' && after[1] != '=')
            return true;
        const char *line = p;
        while (line > text && line[-1] != '\n')
            line--;
        while (*line == ' ' || *line == '\t')
            line++;
        if (!strncmp(line, "#define", 7)) {   /* the name the line defines, not its value */
            const char *defined = line + 7;
            while (*defined == ' ' || *defined == '\t')
                defined++;
            if (defined == p)
                return true;
        }
    }
    return false;
}

static const struct {
    const char *prefix, *value;
} type_kinds[] = {{"ORIG_DTYPE_", "0"}, {"DTYPE_", "float"}, {"FORMAT_", "0"}};

/* Whether the name at p is declared there: written after a type (`uint32_t DTYPE_MODE`, a
 * template parameter; `typename NAME`), so a name of the op's own code. */
static bool declared_at(const char *text, const char *p)
{
    const char *end = p;
    while (end > text && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    if (end == p)
        return false;
    const char *word = end;
    while (word > text && (isalnum((unsigned char)word[-1]) || word[-1] == '_'))
        word--;
    size_t n = (size_t)(end - word);
    static const char *const types[] = {"int", "unsigned", "long", "short", "char", "bool",
                                        "auto", "typename", "class"};
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
        if (n == strlen(types[i]) && !strncmp(word, types[i], n))
            return true;
    return n > 2 && word[n - 2] == '_' && word[n - 1] == 't';   /* uint32_t, size_t */
}

/* Calls fn for each use of a type macro's name in text: DTYPE_X, ORIG_DTYPE_X, FORMAT_X (the
 * prefix then a capital), with the kind and the name's length. */
static void each_type_name(const char *text, void (*fn)(void *ctx, const char *text,
                                                        const char *p, size_t len, size_t kind),
                           void *ctx)
{
    for (const char *p = text; *p; p++) {
        if (p != text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
            continue;
        for (size_t k = 0; k < sizeof(type_kinds) / sizeof(type_kinds[0]); k++) {
            size_t n = strlen(type_kinds[k].prefix);
            if (strncmp(p, type_kinds[k].prefix, n) != 0 || !isupper((unsigned char)p[n]))
                continue;
            size_t len = n + strspn(p + n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
            fn(ctx, text, p, len, k);
            p += len - 1;
            break;
        }
    }
}

static bool listed(const struct string_list *l, const char *name, size_t len)
{
    for (size_t i = 0; i < l->len; i++)
        if (strlen(l->items[i]) == len && !strncmp(l->items[i], name, len))
            return true;
    return false;
}

/* A name the op's own code defines or declares somewhere (`#define NAME`, `int NAME = 4`,
 * `uint32_t NAME` as a template parameter): not one the build supplies, in any of its files. */
static void note_own(void *ctx, const char *text, const char *p, size_t len, size_t kind)
{
    (void)kind;
    struct string_list *own = ctx;
    if (listed(own, p, len))
        return;
    char *name = xasprintf("%.*s", (int)len, p);
    if (defined_in(text, name, len) || declared_at(text, p))
        VEC_PUSH(*own, name);
    else
        free(name);
}

struct type_macros {
    struct string_list *args;
    const struct string_list *own;
};

static void add_type_macro(void *ctx, const char *text, const char *p, size_t len, size_t kind)
{
    (void)text;
    struct type_macros *t = ctx;
    if (listed(t->own, p, len))
        return;
    size_t n = strlen(type_kinds[kind].prefix);
    char *arg = xasprintf("-D%.*s=%s", (int)len, p,
                          !strcmp(type_kinds[kind].prefix, "DTYPE_") && index_tensor(p + n, len - n)
                              ? "int32_t" : type_kinds[kind].value);
    /* a name given once, by the op's definition or the first use */
    size_t named = strcspn(arg, "=") + 1;
    bool seen = false;
    for (size_t i = 0; i < t->args->len && !seen; i++)
        seen = strncmp(t->args->items[i], arg, named) == 0;
    if (seen)
        free(arg);
    else
        VEC_PUSH(*t->args, arg);
}

typedef VEC(const char *) text_list;
typedef VEC(struct source *) source_list;

/* The headers of dir read into texts (the sources kept in keep, to free). */
static void read_directory(text_list *texts, source_list *keep, const char *dir)
{
    struct string_list paths = headers_of(dir, true);
    for (size_t i = 0; i < paths.len; i++) {
        const char *err;
        struct source *src = source_read(paths.items[i], 4 * 1024 * 1024, &err);
        if (!src)
            continue;
        VEC_PUSH(*keep, src);
        VEC_PUSH(*texts, src->text);
    }
    free_strings(&paths);
}

char **type_macro_arguments(const char *path, const char *text, const char *const *include_dirs,
                            size_t ninclude_dirs, const struct op_dtypes *dtypes)
{
    struct string_list args = {0};
    for (size_t i = 0; dtypes && i < dtypes->tensors.len; i++) {
        const struct op_dtype *t = &dtypes->tensors.items[i];
        int type = t->types[dtypes->column];
        VEC_PUSH(args, xasprintf("-DDTYPE_%s=%s", t->name, host_dtype_device_type(type)));
        VEC_PUSH(args, xasprintf("-DORIG_DTYPE_%s=%d", t->name, type));
    }
    /* the source and the headers beside it and in the include directories: a name declared
     * in any of them is the op's own in all */
    struct string_list own = {0};
    text_list texts = {0};
    source_list keep = {0};
    VEC_PUSH(texts, text);
    char *copy = xstrdup(path);
    read_directory(&texts, &keep, dirname(copy));
    free(copy);
    for (size_t i = 0; i < ninclude_dirs; i++)
        read_directory(&texts, &keep, include_dirs[i]);
    for (size_t i = 0; i < texts.len; i++)
        each_type_name(texts.items[i], note_own, &own);
    struct type_macros t = {&args, &own};
    for (size_t i = 0; i < texts.len; i++)
        each_type_name(texts.items[i], add_type_macro, &t);
    for (size_t i = 0; i < keep.len; i++)
        source_free(keep.items[i]);
    VEC_FREE(keep);
    VEC_FREE(texts);
    free_strings(&own);
    if (args.len > 1)   /* sorted: the arguments do not depend on the directories' order */
        qsort(args.items, args.len, sizeof(char *), compare_strings);
    VEC_PUSH(args, NULL);
    return args.items;
}

void free_arguments(char **args)
{
    for (char **a = args; a && *a; a++)
        free(*a);
    free(args);
}
