/* The search for tiling guesses the host could produce: an entry lowered again under smaller
 * guesses while what it asks of the model's memories does not fit (docs/frontends.md,
 * "Guessed tiling values"). Shared by both readings of Ascend C: the built-in declarations'
 * and the SDK's. */
#ifndef AS_FRONTEND_ASCENDC_TILING_SEARCH_H
#define AS_FRONTEND_ASCENDC_TILING_SEARCH_H

#include <stdbool.h>

#include "../clang/clang_api.h"
#include "../../model/model.h"
#include "../interp/interp.h"
#include "../pir/pir_writer.h"

struct tiling_search {
    struct interp *I;       /* the parse the entry runs in; its diagnostics are the entry's */
    struct interp *J;       /* a second parse whose guesses go with I's (the cube core's), or
                             * NULL */
    CXCursor entry;         /* where "no guess fits" is reported */
    struct pir_writer *w;
    const struct model *m;
    bool keep_incomplete;   /* `lower`: keep the last lowering tried when no guess fits */
    /* One lowering of the entry as a whole PIR kernel block under the runtime values as they
     * are; returns whether something was not modelled (the kernel is incomplete). */
    bool (*lower)(void *ctx);
    void *ctx;
};

/* Lowers the entry as kernel `name` under guesses that fit, amending the kernel's opening
 * line with the guesses read (`guessed(...)`); when no guess fits, reports the entry
 * unsupported and returns true (incomplete), as when the lowering itself is incomplete. */
bool tiling_search_lower(const struct tiling_search *s, const char *name);

#endif
