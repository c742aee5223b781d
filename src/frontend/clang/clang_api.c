/* Loads libclang at the first kernel source (see clang_api.h): dlopen of the library the
 * build found, then one dlsym per listed function. */
#include "clang_api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define AS_CLANG_DEFINE(f) __typeof__(f) *as_##f;
AS_CLANG_FUNCTIONS(AS_CLANG_DEFINE)
#undef AS_CLANG_DEFINE

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error;      /* NULL once loaded */
static char load_message[512];

/* dlsym returns void *; a function pointer is assigned through memcpy, which ISO C allows
 * where a cast would not be. */
static bool resolve(void *lib, const char *name, void *slot, size_t size)
{
    void *sym = dlsym(lib, name);
    if (!sym) {
        snprintf(load_message, sizeof(load_message), "%s has no function %s",
                 AS_LIBCLANG_PATH, name);
        return false;
    }
    memcpy(slot, &sym, size);
    return true;
}

static void load(void)
{
    void *lib = dlopen(AS_LIBCLANG_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(load_message, sizeof(load_message), "%s", e ? e : AS_LIBCLANG_PATH);
        load_error = load_message;
        return;
    }
#define AS_CLANG_RESOLVE(f) \
    if (!resolve(lib, #f, &as_##f, sizeof(as_##f))) { \
        load_error = load_message; \
        return; \
    }
    AS_CLANG_FUNCTIONS(AS_CLANG_RESOLVE)
#undef AS_CLANG_RESOLVE
    load_error = NULL;   /* the library stays loaded for the life of the process */
}

bool clang_api_load(const char **why)
{
    pthread_once(&load_once, load);
    *why = load_error;
    return load_error == NULL;
}
