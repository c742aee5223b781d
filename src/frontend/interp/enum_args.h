/* An entry's arguments of enum type (a data type, a partition mode). One value holds on
 * every core of a launch, while a value the frontend does not know is a choice of its own on
 * each core: a UNION kernel that dispatches on its data type would be checked with one core
 * taking `half` and another `float`. So such an argument is checked once per enumerator the
 * source names (a case label, a comparison), and, when its type has enumerators the source
 * does not name, once more for all of those together: a value known to differ from each
 * named one (struct unnamed_values), which takes every comparison's "no" and a switch's
 * default, and is unknown to anything else (a copy direction: unsupported at the call).
 * One kernel per combination, named with the enumerators ("_MLUOP_DTYPE_HALF") or
 * "_NAME_other". */
#ifndef AS_FRONTEND_INTERP_ENUM_ARGS_H
#define AS_FRONTEND_INTERP_ENUM_ARGS_H

#include "interp.h"

/* More combinations than this, and the enum arguments stay unknown, a choice on each core. */
enum { ENUM_ARGS_MAX_KERNELS = 16 };

struct enum_arg {
    char *name;                     /* the parameter */
    VEC(int64_t) values;            /* the enumerators the source names, distinct */
    VEC(char *) spellings;          /* ... and their names */
    bool other;                     /* the type has enumerators the source does not name */
    struct unnamed_values unlike;   /* values.items, for the kernel of the others */
    char *what;                     /* what the header says the runtime value stands for */
    size_t pick;                    /* in the combination last applied: an index of values,
                                     * or values.len for the others */
};

struct enum_args {
    VEC(struct enum_arg) args;
};

/* The enum parameters of entry that no -D gives, each with the enumerators named in the
 * translation unit outside system headers and the frontend's own declarations. */
void enum_args_find(struct interp *I, CXCursor entry, struct enum_args *out);
/* How many kernels their values make (1 without any). */
uint64_t enum_args_count(const struct enum_args *a);
/* Picks combination k (0 .. count - 1, the last argument varying fastest): the named values
 * become runtime values of I; returns the kernel-name suffix, malloc'ed. */
char *enum_args_apply(struct interp *I, struct enum_args *a, uint64_t k);
/* Whether `name` is one of a's parameters; then *other says whether the combination last
 * applied gives it the values the source does not name (*unlike: those it does), else it is
 * read as the runtime value enum_args_apply set. */
bool enum_args_other(const struct enum_args *a, const char *name, bool *other,
                     const struct unnamed_values **unlike);
/* The first parameter to which the combination last applied gives the values the source does
 * not name, or NULL. */
const char *enum_args_other_name(const struct enum_args *a);
void enum_args_free(struct enum_args *a);

#endif
