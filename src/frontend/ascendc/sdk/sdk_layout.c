/* Finding the SDK and its include directories (see sdk_layout.h). */
#include "sdk_layout.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
 * kernels include for their tiling-key templates (`ascendc/host_api/tiling/...`). */
static const struct {
    const char *installed, *checkout;
} linked_dirs[] = {
    {"ascendc/host_api/tiling", "include/utils/tiling"},
};

static void add_links(struct sdk_layout *l, const char *installed, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        char *path = xasprintf("%s/%s", dir, e->d_name);
        /* template_argument.h: the selections of tiling-key templates are read from the
         * frontend's own declaration of its macros (tpl_select.h), as without an SDK */
        if (n > 2 && !strcmp(e->d_name + n - 2, ".h") && is_file(path) &&
            strcmp(e->d_name, "template_argument.h") != 0) {
            l->links = xrealloc_array(l->links, l->nlinks + 1, sizeof(*l->links));
            l->links[l->nlinks++] = (struct sdk_link){xasprintf("%s/%s", installed, e->d_name),
                                                      xasprintf("#include \"%s\"\n", path)};
        }
        free(path);
    }
    closedir(d);
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
            add_links(out, linked_dirs[i].installed, checkout);
        free(installed);
        free(checkout);
    }
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
