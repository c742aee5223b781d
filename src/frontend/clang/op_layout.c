/* The operator build's staging, reproduced for the parse (op_layout.h).
 *
 * The hicann op libraries (ops-math, ops-nn; cmake/gen_ops_info.cmake, kernel_src_copy and
 * common_copy) do not compile a kernel where it sits: every operator's op_kernel/ is copied to
 * <stage>/<operator>/, the library's shared kernel headers beside them (common/inc/op_kernel/
 * as <stage>/inc, conv/common/op_kernel/ as <stage>/common, matmul/common/cmct as
 * <stage>/common/cmct), and the kernel is compiled with -I <stage>/common (the generated
 * compile script, asc-devkit cmake/asc/fwk_modules/util/ascendc_impl_build.py). So
 * `#include "../inc/platform.h"` from op_kernel/ (or, through -I <stage>/common, from
 * op_kernel/arch35/) and `#include "../foreach_utils/x.h"` (another operator's kernel
 * directory) name staged files. Nothing is copied here: a clang VFS overlay puts those
 * directories where `..` from op_kernel/ leads, beside op_kernel/ in the operator's own
 * directory, wherever that has no entry of the name; the files keep their real names in
 * clang's locations. */
#include "op_layout.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../util/xalloc.h"

typedef VEC(char *) path_vec;

/* Staged directories besides the operators' own, as (name in the stage, library directory),
 * the more specific first (the overlay takes the first entry that matches). */
static const struct {
    const char *staged, *from;
} staged_dirs[] = {
    {"common/cmct", "matmul/common/cmct"},
    {"common", "conv/common/op_kernel"},
    {"inc", "common/inc/op_kernel"},
};

/* Directories that hold no operator, skipped in the library walk. */
static const char *const not_operators[] = {"tests", "test", "build", "build_out", "output",
                                            "third_party", "docs", "cmake", "scripts"};

/* <category>/<operator>, experimental/<category>/<operator>; and at most this many
 * directories read, so a kernel in a large unrelated tree costs little */
enum { LIBRARY_DEPTH = 4, LIBRARY_DIRS = 5000 };

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* `path` made absolute, with `.`, `..` and repeated slashes removed as text (the build's
 * paths are taken as written, not through symbolic links). */
static char *normal_path(const char *path)
{
    char *full;
    if (path[0] == '/') {
        full = xstrdup(path);
    } else {
        char cwd[4096];
        full = getcwd(cwd, sizeof(cwd)) ? xasprintf("%s/%s", cwd, path) : xstrdup(path);
    }
    char *out = xmalloc(strlen(full) + 2);
    size_t n = 0;
    for (char *p = full; *p;) {
        while (*p == '/')
            p++;
        size_t len = strcspn(p, "/");
        if (len == 0)
            break;
        if (len == 1 && p[0] == '.') {
            /* nothing */
        } else if (len == 2 && p[0] == '.' && p[1] == '.') {
            while (n > 0 && out[n - 1] != '/')
                n--;
            if (n > 0)
                n--;
        } else {
            out[n++] = '/';
            memcpy(out + n, p, len);
            n += len;
        }
        p += len;
    }
    if (n == 0)
        out[n++] = '/';
    out[n] = '\0';
    free(full);
    return out;
}

static char *parent_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash && slash != path ? xasprintf("%.*s", (int)(slash - path), path) : xstrdup("/");
}

/* The library's root: the nearest directory above the operator's with a CMakeLists.txt and a
 * cmake/ directory (the hicann libraries' top level), *found true; else the operator's parent
 * (its siblings are the only other operators looked for). */
static char *library_root(const char *op_dir, bool *found)
{
    *found = false;
    char *dir = parent_of(op_dir);
    for (int up = 0; up < 6 && strcmp(dir, "/") != 0; up++) {
        char *lists = xasprintf("%s/CMakeLists.txt", dir), *cmake = xasprintf("%s/cmake", dir);
        bool top = exists(lists) && is_dir(cmake);
        free(lists);
        free(cmake);
        if (top) {
            *found = true;
            return dir;
        }
        char *next = parent_of(dir);
        free(dir);
        dir = next;
    }
    free(dir);
    return parent_of(op_dir);
}

struct op_entry {
    char *name, *kernel_dir;
};
typedef VEC(struct op_entry) op_vec;

/* How many leading path components a and b share. */
static size_t shared_components(const char *a, const char *b)
{
    size_t n = 0, i = 0;
    for (; a[i] && a[i] == b[i]; i++)
        if (a[i] == '/')
            n++;
    return n;
}

static void add_operator(op_vec *ops, const char *name, const char *op_dir, const char *own)
{
    char *kernel_dir = xasprintf("%s/op_kernel", op_dir);
    for (size_t i = 0; i < ops->len; i++) {
        if (strcmp(ops->items[i].name, name) != 0)
            continue;
        /* two operators of one name (experimental/ and not): the staging of the kernel's
         * own part of the library, the one sharing more of its path */
        if (shared_components(kernel_dir, own) > shared_components(ops->items[i].kernel_dir, own)) {
            free(ops->items[i].kernel_dir);
            ops->items[i].kernel_dir = kernel_dir;
        } else {
            free(kernel_dir);
        }
        return;
    }
    struct op_entry e = {xstrdup(name), kernel_dir};
    VEC_PUSH(*ops, e);
}

static void find_operators(op_vec *ops, const char *dir, int depth, int max_depth, int *budget,
                           const char *own)
{
    if (--*budget < 0)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    path_vec subdirs = {0};
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        bool skip = e->d_name[0] == '.';
        for (size_t i = 0; i < sizeof(not_operators) / sizeof(not_operators[0]) && !skip; i++)
            skip = strcmp(e->d_name, not_operators[i]) == 0;
        if (!skip)
            VEC_PUSH(subdirs, xstrdup(e->d_name));
    }
    closedir(d);
    for (size_t i = 0; i < subdirs.len; i++) {
        char *sub = xasprintf("%s/%s", dir, subdirs.items[i]);
        char *kernels = xasprintf("%s/op_kernel", sub);
        if (is_dir(kernels))
            add_operator(ops, subdirs.items[i], sub, own);
        else if (depth + 1 < max_depth && is_dir(sub))
            find_operators(ops, sub, depth + 1, max_depth, budget, own);
        free(kernels);
        free(sub);
        free(subdirs.items[i]);
    }
    VEC_FREE(subdirs);
}

static void append_text(char **text, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    while (*len + n + 1 > *cap) {
        *cap = *cap ? *cap * 2 : 256;
        *text = xrealloc_array(*text, *cap, 1);
    }
    memcpy(*text + *len, s, n + 1);
    *len += n;
}

/* s as a double-quoted YAML (JSON) string. */
static void append_quoted(char **text, size_t *len, size_t *cap, const char *s)
{
    append_text(text, len, cap, "\"");
    for (const char *p = s; *p; p++) {
        char c[3] = {*p, '\0', '\0'};
        if (*p == '"' || *p == '\\') {
            c[0] = '\\';
            c[1] = *p;
        }
        append_text(text, len, cap, c);
    }
    append_text(text, len, cap, "\"");
}

struct overlay_text {
    char *text;
    size_t len, cap;
    int entries;
};

static void overlay_entry(struct overlay_text *o, const char *name, const char *external)
{
    append_text(&o->text, &o->len, &o->cap, o->entries++ ? ",\n  {\"name\": " : "\n  {\"name\": ");
    append_quoted(&o->text, &o->len, &o->cap, name);
    if (external) {
        append_text(&o->text, &o->len, &o->cap,
                    ", \"type\": \"directory-remap\", \"external-contents\": ");
        append_quoted(&o->text, &o->len, &o->cap, external);
    } else {
        append_text(&o->text, &o->len, &o->cap, ", \"type\": \"directory\", \"contents\": []");
    }
    append_text(&o->text, &o->len, &o->cap, "}");
}

static void add_host_dir(struct op_layout *l, const char *dir);

/* op_host/, op_host/op_tiling/ and their per-architecture parts, of those that exist. */
static void add_host_dirs(struct op_layout *l, const char *op_dir, const char *arch_dir)
{
    const char *host_parts[] = {"op_host", "op_host/op_tiling"};
    for (size_t i = 0; i < 2; i++) {
        char *dir = xasprintf("%s/%s", op_dir, host_parts[i]);
        add_host_dir(l, dir);
        if (arch_dir) {
            char *arch = xasprintf("%s/%s", dir, arch_dir);
            add_host_dir(l, arch);
            free(arch);
        }
        free(dir);
    }
}

/* Whether the text includes from the staged kernel directory of `name` ("../name/"). */
static bool includes_from(const char *text, const char *name)
{
    char *needle = xasprintf("\"../%s/", name);
    bool found = text && strstr(text, needle) != NULL;
    free(needle);
    return found;
}

static void add_host_dir(struct op_layout *l, const char *dir)
{
    if (!is_dir(dir))
        return;
    l->host_dirs = xrealloc_array(l->host_dirs, l->nhost_dirs + 1, sizeof(char *));
    l->host_dirs[l->nhost_dirs++] = xstrdup(dir);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first *_def.cpp of dir by name, malloc'ed, or NULL. */
static char *definition_in(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    VEC(char *) names = {0};
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n > 8 && !strcmp(e->d_name + n - 8, "_def.cpp"))
            VEC_PUSH(names, xstrdup(e->d_name));
    }
    closedir(d);
    char *path = NULL;
    if (names.len) {
        qsort(names.items, names.len, sizeof(char *), compare_names);
        path = xasprintf("%s/%s", dir, names.items[0]);
    }
    for (size_t i = 0; i < names.len; i++)
        free(names.items[i]);
    VEC_FREE(names);
    return path;
}

char *op_layout_definition(const char *const *host_dirs, size_t nhost_dirs)
{
    char *path = NULL;
    for (size_t i = 0; i < nhost_dirs && !path; i++)
        path = definition_in(host_dirs[i]);
    return path;
}

const char *op_layout_shown(const char *path)
{
    const char *host = strstr(path, "/op_host/");
    if (!host)
        return path;
    const char *op = host;
    while (op > path && op[-1] != '/')
        op--;
    return op;
}

char *op_layout_arch_dir(const char *npu_arch)
{
    if (!npu_arch || strlen(npu_arch) < 2 || strspn(npu_arch, "0123456789") != strlen(npu_arch))
        return NULL;
    return xasprintf("arch%.2s", npu_arch);
}

void op_layout_find_host(const char *kernel_path, const char *arch_dir, struct op_layout *out)
{
    memset(out, 0, sizeof(*out));
    char *path = normal_path(kernel_path);
    char *at = strstr(path, "/op_kernel/");
    for (char *next = at; next; next = strstr(next + 1, "/op_kernel/"))
        at = next;
    if (!at) {   /* not an operator's kernel: the host side beside it, as before */
        char *dir = parent_of(path), *host = xasprintf("%s/../op_host", dir);
        add_host_dir(out, host);
        free(host);
        free(dir);
    } else {
        out->op_dir = xasprintf("%.*s", (int)(at - path), path);
        /* The tiling definitions: op_host/ and its per-architecture and op_tiling/ parts. */
        add_host_dirs(out, out->op_dir, arch_dir);
    }
    free(path);
}

void op_layout_find(const char *kernel_path, const char *text, const char *arch_dir,
                    struct op_layout *out)
{
    op_layout_find_host(kernel_path, arch_dir, out);
    if (!out->op_dir)
        return;
    /* The staging, beside op_kernel/: the shared directories, then every operator's kernel
     * directory under its name. */
    bool library_top;
    char *root = library_root(out->op_dir, &library_top);
    struct overlay_text o = {0};
    append_text(&o.text, &o.len, &o.cap,
                "{\"version\": 0, \"case-sensitive\": \"true\", \"roots\": [");
    char *own_kernels = xasprintf("%s/op_kernel", out->op_dir);
    bool common_staged = false;
    for (size_t i = 0; i < sizeof(staged_dirs) / sizeof(staged_dirs[0]); i++) {
        char *from = xasprintf("%s/%s", root, staged_dirs[i].from);
        char *name = xasprintf("%s/%s", out->op_dir, staged_dirs[i].staged);
        char *top = xasprintf("%s/%.*s", out->op_dir, (int)strcspn(staged_dirs[i].staged, "/"),
                              staged_dirs[i].staged);
        if (is_dir(from) && !exists(top)) {
            overlay_entry(&o, name, from);
            common_staged |= strcmp(staged_dirs[i].staged, "common") == 0;
        }
        free(top);
        free(name);
        free(from);
    }
    char *common = xasprintf("%s/common", out->op_dir);
    if (!exists(common)) {
        /* the build's -I <stage>/common, empty where the library stages nothing there: it
         * still leads `../inc/...` to the staged inc/ */
        if (!common_staged)
            overlay_entry(&o, common, NULL);
        out->include_dirs = xmalloc(sizeof(char *));
        out->include_dirs[out->ninclude_dirs++] = xstrdup(common);
    }
    free(common);
    op_vec ops = {0};
    int budget = LIBRARY_DIRS;
    find_operators(&ops, root, 0, library_top ? LIBRARY_DEPTH : 1, &budget, own_kernels);
    for (size_t i = 0; i < ops.len; i++) {
        char *name = xasprintf("%s/%s", out->op_dir, ops.items[i].name);
        if (!exists(name))
            overlay_entry(&o, name, ops.items[i].kernel_dir);
        /* a kernel built on another operator's kernel code (dynamic_quant_v2 on
         * ../dynamic_quant/) has its tiling where that operator's host side keeps it */
        char *other = parent_of(ops.items[i].kernel_dir);
        if (strcmp(other, out->op_dir) != 0 && includes_from(text, ops.items[i].name)) {
            add_host_dirs(out, other, arch_dir);
            out->kernel_dirs = xrealloc_array(out->kernel_dirs, out->nkernel_dirs + 1,
                                              sizeof(char *));
            out->kernel_dirs[out->nkernel_dirs++] = xstrdup(ops.items[i].kernel_dir);
        }
        free(other);
        free(name);
        free(ops.items[i].name);
        free(ops.items[i].kernel_dir);
    }
    VEC_FREE(ops);
    append_text(&o.text, &o.len, &o.cap, "\n]}\n");
    if (o.entries)
        out->overlay = o.text;
    else
        free(o.text);
    free(own_kernels);
    free(root);
}

void op_layout_free(struct op_layout *l)
{
    for (size_t i = 0; i < l->nhost_dirs; i++)
        free(l->host_dirs[i]);
    for (size_t i = 0; i < l->ninclude_dirs; i++)
        free(l->include_dirs[i]);
    for (size_t i = 0; i < l->nkernel_dirs; i++)
        free(l->kernel_dirs[i]);
    free(l->kernel_dirs);
    free(l->host_dirs);
    free(l->include_dirs);
    free(l->op_dir);
    free(l->overlay);
    memset(l, 0, sizeof(*l));
}

bool op_overlay_write(const char *yaml, struct op_overlay *out)
{
    memset(out, 0, sizeof(*out));
    out->fd = -1;
    const char *tmp = getenv("TMPDIR");
    char *name = xasprintf("%s/accelsync-layout-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(name);
    if (fd < 0) {
        free(name);
        return false;
    }
    size_t len = strlen(yaml), done = 0;
    while (done < len) {
        ssize_t n = write(fd, yaml + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    if (done < len) {
        close(fd);
        unlink(name);
        free(name);
        return false;
    }
    out->fd = fd;
    /* read through the open descriptor where the system names one: nothing is left behind
     * even if the parse never returns */
    char *by_fd = xasprintf("/proc/self/fd/%d", fd);
    if (access(by_fd, R_OK) == 0) {
        unlink(name);
        free(name);
        out->path = by_fd;
    } else {
        free(by_fd);
        out->path = xstrdup(name);
        out->remove = name;
    }
    return true;
}

const char *op_overlay_toolchain(void)
{
    return is_dir("/usr/lib/gcc") ? "--gcc-toolchain=/usr" : NULL;
}

void op_overlay_close(struct op_overlay *o)
{
    if (o->remove)
        unlink(o->remove);
    if (o->fd >= 0)
        close(o->fd);
    free(o->path);
    free(o->remove);
    memset(o, 0, sizeof(*o));
    o->fd = -1;
}

void op_staging_init(struct op_staging *s, const char *path, const char *text,
                     const char *npu_arch, const char *const *dirs, size_t ndirs)
{
    memset(s, 0, sizeof(*s));
    char *arch_dir = op_layout_arch_dir(npu_arch);
    op_layout_find(path, text, arch_dir, &s->layout);
    free(arch_dir);
    s->overlay = (struct op_overlay){.fd = -1};
    if (s->layout.overlay)
        op_overlay_write(s->layout.overlay, &s->overlay);
    size_t staged = s->overlay.path ? s->layout.ninclude_dirs : 0;
    s->include_dirs = xmalloc((ndirs + staged + 1) * sizeof(char *));
    for (size_t i = 0; i < ndirs; i++)
        s->include_dirs[s->ninclude_dirs++] = dirs[i];
    for (size_t i = 0; i < staged; i++)
        s->include_dirs[s->ninclude_dirs++] = s->layout.include_dirs[i];
    s->type_dirs = xmalloc((s->ninclude_dirs + s->layout.nkernel_dirs + 1) * sizeof(char *));
    for (size_t i = 0; i < s->ninclude_dirs; i++)
        s->type_dirs[s->ntype_dirs++] = s->include_dirs[i];
    for (size_t i = 0; i < s->layout.nkernel_dirs; i++)
        s->type_dirs[s->ntype_dirs++] = s->layout.kernel_dirs[i];
    if (s->overlay.path) {
        s->args[s->nargs++] = "-ivfsoverlay";
        s->args[s->nargs++] = s->overlay.path;
        if (op_overlay_toolchain())
            s->args[s->nargs++] = op_overlay_toolchain();
    }
    s->args[s->nargs] = NULL;
}

void op_staging_free(struct op_staging *s)
{
    free(s->include_dirs);
    free(s->type_dirs);
    op_overlay_close(&s->overlay);
    op_layout_free(&s->layout);
    memset(s, 0, sizeof(*s));
    s->overlay.fd = -1;
}
