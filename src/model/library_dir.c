/* The models installed with the library itself (model.h: model_dir_of_library): a program
 * that links libaccelsync finds them from where the library was loaded, as the accelsync
 * binary finds them from its own place, so a relocated or DESTDIR install needs no
 * ACCELSYNC_MODEL_PATH. */
#define _GNU_SOURCE   /* dladdr */
#include "model.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"

static pthread_once_t library_once = PTHREAD_ONCE_INIT;
static char library_models[PATH_MAX];
static bool library_found;
static const char anchor = 0;   /* an address inside the loaded library */

/* LIBDIR/AS_MODELS_FROM_LIBDIR (meson.build: from the installed library's directory to the
 * installed models), or BUILD/hwmodels beside BUILD/src in a build tree. */
static void search_beside_library(void)
{
    Dl_info info;
    char lib[PATH_MAX];
    if (!dladdr(&anchor, &info) || !info.dli_fname || !realpath(info.dli_fname, lib))
        return;
    char *slash = strrchr(lib, '/');
    if (!slash)
        return;
    *slash = '\0';
    static const char *const layouts[] = {"/" AS_MODELS_FROM_LIBDIR, "/../hwmodels"};
    for (size_t i = 0; i < sizeof(layouts) / sizeof(*layouts); i++) {
        char dir[PATH_MAX + 64];
        struct stat st;
        snprintf(dir, sizeof(dir), "%s%s", lib, layouts[i]);
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && realpath(dir, library_models)) {
            library_found = true;
            return;
        }
    }
}

const char *model_dir_of_library(void)
{
    pthread_once(&library_once, search_beside_library);
    return library_found ? library_models : NULL;
}
