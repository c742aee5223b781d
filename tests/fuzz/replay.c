/* Replays seed inputs through a fuzz target without libFuzzer, so `meson test` runs every
 * seed under the normal (and the sanitizer) build: each argument is a file, or a directory
 * whose regular files are fed one by one, recursively, in name order.
 *
 * usage: fuzz_TARGET-replay PATH...   exit 0 when every input ran, 1 when one was unreadable */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static size_t replayed;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            cap *= 2;
            unsigned char *grown = realloc(buf, cap);
            if (!grown)
                free(buf);
            buf = grown;
        }
    }
    int failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        free(buf);
        return 1;
    }
    /* A copy of exactly len bytes, so ASan sees a read past the input's end. */
    unsigned char *exact = malloc(len ? len : 1);
    if (!exact)
        abort();
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    replayed++;
    return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return S_ISREG(st.st_mode) ? run_file(path) : 0;
    struct dirent **entries;
    int n = scandir(path, &entries, NULL, by_name);
    if (n < 0) {
        fprintf(stderr, "replay: cannot list %s\n", path);
        return 1;
    }
    int failed = 0;
    for (int i = 0; i < n; i++) {
        const char *name = entries[i]->d_name;
        if (name[0] != '.') {
            size_t size = strlen(path) + strlen(name) + 2;
            char *child = malloc(size);
            if (!child)
                abort();
            snprintf(child, size, "%s/%s", path, name);
            failed |= run_path(child);
            free(child);
        }
        free(entries[i]);
    }
    free(entries);
    return failed;
}

int main(int argc, char **argv)
{
    int failed = 0;
    for (int i = 1; i < argc; i++)
        failed |= run_path(argv[i]);
    printf("replayed %zu inputs\n", replayed);
    return failed;
}
