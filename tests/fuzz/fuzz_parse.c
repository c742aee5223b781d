/* libFuzzer target: the PIR lexer and parser, including the depth walk that runs after a
 * parse. Any bytes must give a tree or diagnostics, never a crash or a leak. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"
#include "ir/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct source *src = source_from_string("fuzz.pir", (const char *)data, size);
    struct diag_list diags;
    diag_list_init(&diags, 100);
    /* Small caps so one input cannot spend the whole run on a single parse. */
    struct parse_limits limits = {.max_tokens = 100000, .max_depth = 200};
    ast_program_free(pir_parse(src, &limits, &diags));
    diag_list_free(&diags);
    source_free(src);
    return 0;
}
