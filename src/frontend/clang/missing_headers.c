/* Hints for headers not found (missing_headers.h). */
#include "missing_headers.h"

#include <string.h>

/* Names by their start, each with what it is. The opbase package (hicann/opbase) holds the
 * op libraries' shared kernel helpers; ops-math's and ops-nn's build copies its
 * include/op_common/op_kernel and pkg_inc/op_common/atvoss to <stage>/common and compiles
 * with -I <stage>/common (their cmake/gen_ops_info.cmake, atvoss_src_copy). */
static const struct {
    const char *start, *hint;
} hints[] = {
    {"op_kernel/", "it is the opbase package's (hicann/opbase), which the op build stages "
                   "under -I <stage>/common: give -I OPBASE/include/op_common (in an installed "
                   "toolkit <arch>-linux/include/op_common)"},
    {"atvoss/", "it is the opbase package's (hicann/opbase), which the op build stages under "
                "-I <stage>/common: give -I OPBASE/pkg_inc/op_common (in an installed toolkit "
                "<arch>-linux/pkg_inc/op_common)"},
};

const char *missing_header_hint(const char *message)
{
    static const char tail[] = "' file not found";
    size_t n = strlen(message);
    if (message[0] != '\'' || n < sizeof(tail) || strcmp(message + n - (sizeof(tail) - 1), tail))
        return NULL;
    for (size_t i = 0; i < sizeof(hints) / sizeof(hints[0]); i++)
        if (!strncmp(message + 1, hints[i].start, strlen(hints[i].start)))
            return hints[i].hint;
    return NULL;
}
