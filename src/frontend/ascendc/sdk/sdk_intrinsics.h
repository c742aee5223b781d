/* Intrinsics the SDK calls that the prelude does not declare (a newer SDK, a path of the
 * implementation the prelude's list missed), learnt from a parse's errors inside the SDK and
 * declared generically for the next parse: a name clang calls undeclared as returning
 * nothing, and one the SDK then uses where a value is needed (an error about a 'void' value
 * on a line that calls it) as returning an int64_t. Either way, reached, it is unsupported. */
#ifndef AS_FRONTEND_ASCENDC_SDK_INTRINSICS_H
#define AS_FRONTEND_ASCENDC_SDK_INTRINSICS_H

#include <stdbool.h>

#include "../../../util/diag.h"
#include "../../../util/xalloc.h"

struct sdk_intrinsic {
    char *name;
    bool value;                 /* declared returning int64_t, else void */
};

struct sdk_intrinsics {
    VEC(struct sdk_intrinsic) items;
};

/* Learns from the source errors in d whose place is under the SDK's `root`. Returns whether
 * a declaration was added or changed. */
bool sdk_intrinsics_learn(struct sdk_intrinsics *s, const struct diag_list *d, const char *root);
/* The declarations, malloc'ed ("" when none). */
char *sdk_intrinsics_text(const struct sdk_intrinsics *s);
void sdk_intrinsics_free(struct sdk_intrinsics *s);

#endif
