/* Parameter values to check: the ranged params of a file (their bounds evaluated once),
 * enumerated as assignments in lexicographic order, with -D values (and the configuration's
 * defaults for the params a file declares) fixed. */
#ifndef AS_CHECK_PARAMS_H
#define AS_CHECK_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "run.h"

struct param_range {
    const char *name;
    int64_t lo, hi;
};

struct assignments {
    struct param_range *ranges;
    size_t nranges;
    /* The fixed values: every -D, then each configuration default whose param the file
     * declares and no -D fixes (in the planning arena). */
    struct binding *defines;
    size_t ndefines;
};

/* Finds the ranged params and evaluates their bounds in the scope of what is declared
 * before them with a single value; reports -D names that are no param. False on error. */
bool plan_params(struct file_result *r, const struct check_options *o, struct arena *a,
                 struct assignments *out);
/* How many assignments there are (UINT64_MAX when that overflows). */
uint64_t assignment_count(const struct assignments *as);
/* The index-th assignment (last range fastest), plus the -D values. */
struct binding_list assignment_at(const struct assignments *as, uint64_t index, struct arena *a);

#endif
