/* libFuzzer target: the whole pipeline through the public API, as a user runs it: parse,
 * load the declared model, enumerate params and `if (?)` paths, lower, run the engine and
 * the checks, then write the text and the JSON report. Caps are small so that a single
 * input stays fast; hitting one must still be a clean limit-exceeded finding. */
#include <accelsync/accelsync.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

static FILE *sink;

static void setup(void)
{
    /* Model declarations name the shipped models; the fuzzer must not depend on an
     * installed copy. */
    setenv("ACCELSYNC_MODEL_PATH", FUZZ_SOURCE_ROOT "/hwmodels", 1);
    sink = fopen("/dev/null", "w");
    if (!sink)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sink)
        setup();
    struct as_options *o = as_options_new();
    as_options_set_limit(o, AS_LIMIT_EVENTS, 20000);
    as_options_set_limit(o, AS_LIMIT_PATHS, 64);
    as_options_set_limit(o, AS_LIMIT_ERRORS, 50);
    as_options_set_limit(o, AS_LIMIT_TOKENS, 100000);
    as_options_set_limit(o, AS_LIMIT_DEPTH, 200);
    as_options_set_limit(o, AS_LIMIT_TRIP_COUNT, 5000);
    as_options_set_limit(o, AS_LIMIT_CLOCK_SIZE, 2000000);
    as_options_set_limit(o, AS_LIMIT_PAIRS, 200000);
    struct as_result *r = as_check_text(o, "fuzz.pir", (const char *)data, size);
    as_result_write(r, sink, AS_FORMAT_TEXT, false);
    /* The JSON writer must never fail on what the checker produced (e.g. bytes that are not
     * UTF-8 reaching a message): a failure here is a bug, so it crashes the run. */
    if (!as_result_write(r, sink, AS_FORMAT_JSON, true))
        abort();
    (void)as_result_exit_code(r, true);
    as_result_free(r);
    as_options_free(o);
    return 0;
}
