/* libFuzzer target: a kernel source through the frontends, as `accelsync check` reads one:
 * the include guard, libclang's parse, the interpreter and the lowering, then the check of the
 * PIR and the JSON report. The input is written to a file (libclang reads a path) named .mlu
 * when it looks like BANG C, .cpp otherwise; the seeds are the frontend's own test kernels,
 * whose headers are found through -I. The lowering runs in this process (not in the child the
 * tool forks per source) so that the fuzzer sees its coverage, its crashes and its hangs.
 * Caps are small so one input stays fast; hitting one is a normal outcome. */
#include <accelsync/accelsync.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

static FILE *sink;
static char dir[] = "/tmp/accelsync-fuzz-frontend-XXXXXX";
static char mlu[sizeof(dir) + 8], cpp[sizeof(dir) + 8];

static void remove_dir(void)
{
    rmdir(dir);   /* each input's file is removed after it */
}

static void setup(void)
{
    setenv("ACCELSYNC_MODEL_PATH", FUZZ_SOURCE_ROOT "/hwmodels", 1);
    setenv("ACCELSYNC_FRONTEND_IN_PROCESS", "1", 1);
    sink = fopen("/dev/null", "w");
    if (!sink || !mkdtemp(dir))
        abort();
    atexit(remove_dir);
    snprintf(mlu, sizeof(mlu), "%s/k.mlu", dir);
    snprintf(cpp, sizeof(cpp), "%s/k.cpp", dir);
}

static bool looks_like_bangc(const uint8_t *data, size_t size)
{
    static const char word[] = "__mlu";
    for (size_t i = 0; i + sizeof(word) - 1 <= size; i++)
        if (memcmp(data + i, word, sizeof(word) - 1) == 0)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sink)
        setup();
    const char *path = looks_like_bangc(data, size) ? mlu : cpp;
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    struct as_options *o = as_options_new();
    as_options_add_include_dir(o, FUZZ_SOURCE_ROOT "/tests/frontend/ascendc");
    as_options_add_include_dir(o, FUZZ_SOURCE_ROOT "/tests/frontend/bangc");
    as_options_set_limit(o, AS_LIMIT_EVENTS, 20000);
    as_options_set_limit(o, AS_LIMIT_FILE_EVENTS, 100000);
    as_options_set_limit(o, AS_LIMIT_PATHS, 64);
    as_options_set_limit(o, AS_LIMIT_ERRORS, 50);
    as_options_set_limit(o, AS_LIMIT_DEPTH, 200);
    as_options_set_limit(o, AS_LIMIT_TRIP_COUNT, 5000);
    as_options_set_limit(o, AS_LIMIT_CLOCK_SIZE, 2000000);
    as_options_set_limit(o, AS_LIMIT_PAIRS, 200000);
    const char *paths[] = {path};
    struct as_result *r = as_check_files(o, paths, 1);
    as_result_write(r, sink, AS_FORMAT_TEXT, false);
    if (!as_result_write(r, sink, AS_FORMAT_JSON, true))
        abort();   /* the JSON writer must take whatever the frontend produced */
    as_result_free(r);
    as_options_free(o);
    unlink(path);
    return 0;
}
