/* Finding the SDK and its include directories (see sdk_layout.h). */
#include "sdk_layout.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../../util/source.h"
#include "../../../util/xalloc.h"

/* The device build's include directories, relative to the SDK root (the vendor's
 * bisheng_intf.cmake and op compile scripts list them; the checkout keeps them under
 * include/ and impl/). */
static const char *const include_dirs[] = {
    "", "include", "include/adv_api", "include/adv_api/matmul", "include/basic_api",
    "include/aicpu_api", "include/c_api", "include/basic_api/reg_compute", "include/simt_api",
    "include/utils", "include/utils/debug", "impl", "impl/adv_api", "impl/basic_api",
    "impl/c_api", "impl/basic_api/reg_compute", "impl/simt_api", "impl/utils",
};

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Directories the toolkit installs under another name: the host tiling API's headers, which
 * kernels include for their tiling-key templates (`ascendc/host_api/tiling/...`), and the
 * high-level API as `lib/` (the toolkit's tikcpp/tikcfw/lib links to asc/include/adv_api,
 * the vendor's impl/adv_api/cmake/kernel_directory.cmake: `#include "lib/matmul_intf.h"`). */
static const struct {
    const char *installed, *checkout;
} linked_dirs[] = {
    {"ascendc/host_api/tiling", "include/utils/tiling"},
    {"lib", "include/adv_api"},
};

/* The install's symbolic links inside the high-level API (file(CREATE_LINK target link) of
 * the vendor's impl/adv_api/cmake/kernel_headers.cmake: `mean/mean.h` to `../reduce/mean.h`,
 * `matrix/matmul` to `../matmul`, `matmul_intf.h` to `matmul/matmul_intf.h`), read from it. */
#define ADV_API "include/adv_api"
#define ADV_API_LINKS "impl/adv_api/cmake/kernel_headers.cmake"

/* Directory levels below a linked directory that are forwarded. */
enum { LINK_DEPTH = 4 };

static void add_link(struct sdk_layout *l, const char *name, const char *path)
{
    for (size_t i = 0; i < l->nlinks; i++)
        if (!strcmp(l->links[i].name, name))
            return;
    l->links = xrealloc_array(l->links, l->nlinks + 1, sizeof(*l->links));
    l->links[l->nlinks++] = (struct sdk_link){xstrdup(name), xasprintf("#include \"%s\"\n", path)};
}

/* Every header under `dir` (to LINK_DEPTH levels) forwarded from the same path under
 * `installed`. */
static void add_links(struct sdk_layout *l, const char *installed, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.')
            continue;
        char *path = xasprintf("%s/%s", dir, e->d_name);
        char *name = xasprintf("%s/%s", installed, e->d_name);
        /* template_argument.h: the selections of tiling-key templates are read from the
         * frontend's own declaration of its macros (tpl_select.h), as without an SDK */
        if (n > 2 && !strcmp(e->d_name + n - 2, ".h") && is_file(path) &&
            strcmp(e->d_name, "template_argument.h") != 0)
            add_link(l, name, path);
        else if (depth < LINK_DEPTH && is_dir(path))
            add_links(l, name, path, depth + 1);
        free(name);
        free(path);
    }
    closedir(d);
}

/* The next word of the cmake text after *p (blanks and newlines skipped), malloc'ed; NULL at
 * a ')' or the end. */
static char *cmake_word(const char **p)
{
    const char *s = *p + strspn(*p, " \t\r\n");
    size_t n = strcspn(s, " \t\r\n()");
    *p = s + n;
    return n ? xasprintf("%.*s", (int)n, s) : NULL;
}

/* `a/b/../c` as `a/c` (the links' targets are relative to the link's directory). */
static char *joined(const char *dir, const char *rel)
{
    char *out = xstrdup(dir);
    while (!strncmp(rel, "../", 3)) {
        char *slash = strrchr(out, '/');
        if (slash)
            *slash = '\0';
        else
            out[0] = '\0';
        rel += 3;
    }
    char *full = *out ? xasprintf("%s/%s", out, rel) : xstrdup(rel);
    free(out);
    return full;
}

/* The high-level API's install links the checkout lacks, each under its installed name and
 * under lib/ (for `#include "mean/mean.h"` through include/adv_api and "lib/mean/mean.h"). */
static void add_install_links(struct sdk_layout *l, const char *root)
{
    char *cmake = xasprintf("%s/%s", root, ADV_API_LINKS);
    const char *err;
    struct source *src = source_read_regular(cmake, 1 << 20, &err);
    free(cmake);
    if (!src)
        return;
    const char *text = src->text;
    static const char anchor[] = "/" ADV_API "/";
    for (const char *p = text; (p = strstr(p, "CREATE_LINK")) != NULL;) {
        p += strlen("CREATE_LINK");
        char *target = cmake_word(&p), *link = target ? cmake_word(&p) : NULL;
        const char *at = link ? strstr(link, anchor) : NULL;
        if (at) {
            const char *rel = at + strlen(anchor);      /* mean/mean.h */
            const char *slash = strrchr(rel, '/');
            char *link_dir = slash ? xasprintf("%.*s", (int)(slash - rel), rel) : xstrdup("");
            char *to = joined(link_dir, target);        /* reduce/mean.h */
            char *real = xasprintf("%s/%s/%s", root, ADV_API, to);
            char *installed = xasprintf("%s/%s/%s", root, ADV_API, rel);
            char *lib = xasprintf("lib/%s", rel);
            if (!is_file(installed) && !is_dir(installed)) {
                if (is_file(real)) {
                    add_link(l, rel, real);
                    add_link(l, lib, real);
                } else if (is_dir(real)) {
                    add_links(l, rel, real, 0);
                    add_links(l, lib, real, 0);
                }
            }
            free(lib);
            free(installed);
            free(real);
            free(to);
            free(link_dir);
        }
        free(target);
        free(link);
    }
    source_free(src);
}

/* Each architecture's implementation as impl/<arch>/: the toolkit's tikcpp/tikcfw, on the
 * device build's include path, links impl to ascendc/include/basic_api/impl, where each
 * dav_* links to asc/impl/basic_api/dav_* (the vendor's impl/basic_api/CMakeLists.txt), so
 * kernels include `impl/dav_c220/kernel_operator_reg_others_impl.h` (ops-nn's deep_norm). */
static void add_arch_links(struct sdk_layout *l, const char *root)
{
    char *basic = xasprintf("%s/impl/basic_api", root);
    DIR *d = opendir(basic);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (strncmp(e->d_name, "dav_", 4) != 0)
            continue;
        char *checkout = xasprintf("%s/%s", basic, e->d_name);
        char *installed = xasprintf("impl/%s", e->d_name);
        char *beside = xasprintf("%s/%s", root, installed);
        if (is_dir(checkout) && !is_dir(beside))
            add_links(l, installed, checkout, 0);
        free(beside);
        free(installed);
        free(checkout);
    }
    if (d)
        closedir(d);
    free(basic);
}

enum sdk_found sdk_locate(const struct frontend_options *o, const char *path,
                          struct sdk_layout *out, struct diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    const char *dir = o->sdk, *from = "--sdk";
    if (!dir && (dir = getenv("ASCEND_HOME_PATH")) && *dir)
        from = "ASCEND_HOME_PATH";
    else if (!o->sdk && (dir = getenv("ASCEND_TOOLKIT_HOME")) && *dir)
        from = "ASCEND_TOOLKIT_HOME";
    if (!dir || !*dir || strcmp(dir, "none") == 0)
        return SDK_NONE;
    char *marker = xasprintf("%s/include/kernel_operator.h", dir);
    bool ok = is_file(marker);
    free(marker);
    if (!ok) {
        diag_addf(diags, CHECK_INPUT_ERROR, SEV_ERROR,
                  (struct as_loc){arena_strdup(&diags->arena, path), 0, 0, 1},
                  "%s names %s, which is not an Ascend C SDK (no include/kernel_operator.h; "
                  "an asc-devkit checkout is; --sdk none reads the source with the built-in "
                  "declarations)", from, dir);
        return SDK_BAD;
    }
    out->root = xstrdup(dir);
    out->from = from;
    size_t n = sizeof(include_dirs) / sizeof(include_dirs[0]);
    out->args = xcalloc(n + 1, sizeof(char *));
    for (size_t i = 0; i < n; i++)
        out->args[i] = xasprintf("-I%s%s%s", dir, *include_dirs[i] ? "/" : "", include_dirs[i]);
    for (size_t i = 0; i < sizeof(linked_dirs) / sizeof(linked_dirs[0]); i++) {
        char *installed = xasprintf("%s/%s", dir, linked_dirs[i].installed);
        char *checkout = xasprintf("%s/%s", dir, linked_dirs[i].checkout);
        if (!is_dir(installed))
            add_links(out, linked_dirs[i].installed, checkout, 0);
        free(installed);
        free(checkout);
    }
    add_arch_links(out, dir);
    add_install_links(out, dir);
    char *shipped = xasprintf("%s/include/kernel_tiling/kernel_tiling.h", dir);
    if (!is_file(shipped)) {   /* made from the SDK's definitions (none: an empty one) */
        char *adv = xasprintf("%s/include/adv_api", dir);
        out->tiling_header = sdk_generate_tiling_header(adv);
        free(adv);
    }
    free(shipped);
    return SDK_FOUND;
}

void sdk_layout_free(struct sdk_layout *l)
{
    for (char **a = l->args; a && *a; a++)
        free(*a);
    free(l->args);
    free(l->root);
    free(l->tiling_header);
    for (size_t i = 0; i < l->nlinks; i++) {
        free(l->links[i].name);
        free(l->links[i].text);
    }
    free(l->links);
    memset(l, 0, sizeof(*l));
}
