/* Where the vendor's Ascend C SDK is and how its headers are found (--sdk, docs/frontends.md
 * "Reading through the SDK"): an asc-devkit checkout (include/ and impl/ per architecture),
 * its include directories as the vendor's device build lists them, and the header its build
 * generates (kernel_tiling/kernel_tiling.h) when the SDK does not ship it. */
#ifndef AS_FRONTEND_ASCENDC_SDK_LAYOUT_H
#define AS_FRONTEND_ASCENDC_SDK_LAYOUT_H

#include <stdbool.h>

#include "../../../util/diag.h"
#include "../../pir/lowering.h"

/* A header at the path the installed toolkit has and the checkout does not
 * (`ascendc/host_api/tiling/template_argument.h`), forwarding to the checkout's file. */
struct sdk_link {
    char *name;                 /* relative to the prelude's directory */
    char *text;                 /* `#include "<the SDK's file>"` */
};

struct sdk_layout {
    char *root;                 /* the SDK directory, as given */
    struct sdk_link *links;
    size_t nlinks;
    const char *from;           /* what named it: "--sdk", "ASCEND_HOME_PATH", ... */
    char **args;                /* -I arguments in the build's order, NULL-ended */
    char *tiling_header;        /* kernel_tiling/kernel_tiling.h made here, or NULL (shipped) */
};

enum sdk_found { SDK_NONE, SDK_FOUND, SDK_BAD };

/* The SDK to read `path` through: --sdk, else $ASCEND_HOME_PATH, else $ASCEND_TOOLKIT_HOME;
 * SDK_NONE with none of them or --sdk none. A directory named but not an SDK is SDK_BAD, an
 * input-error at the file in diags. */
enum sdk_found sdk_locate(const struct frontend_options *o, const char *path,
                          struct sdk_layout *out, struct diag_list *diags);
void sdk_layout_free(struct sdk_layout *l);

/* kernel_tiling/kernel_tiling.h as the vendor build generates it: every
 * BEGIN_TILING_DATA_DEF ... END_TILING_DATA_DEF of the *tilingdata.h headers under `dir`
 * (sorted by path) as a struct in AscendC::tiling. malloc'ed; NULL if dir cannot be read. */
char *sdk_generate_tiling_header(const char *dir);

#endif
