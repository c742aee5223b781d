/* The atomic mode of copies from UB to GM, as both Ascend C readings name it: the API's
 * SetAtomicAdd/Max/Min/None (ascendc_api.c) and the intrinsics the SDK calls for them,
 * set_atomic_add/max/min/none (isa/isa_scalar.c). Under a mode, such a copy is the model's
 * atomic op of that name: a read-modify-write of each element that never races with another
 * one (the vendor's SetAtomicAdd page). */
#ifndef AS_FRONTEND_ASCENDC_ATOMIC_COPY_H
#define AS_FRONTEND_ASCENDC_ATOMIC_COPY_H

#include <stdbool.h>
#include <strings.h>

/* The model op a copy to GM is under mode `kind` ("add", "Max", ...: case aside), into *op
 * (NULL for "none": plain copies again); false if kind is no mode. */
static inline bool atomic_copy_op(const char *kind, const char **op)
{
    static const struct {
        const char *kind, *op;
    } modes[] = {{"add", "copy_atomic_add"}, {"max", "copy_atomic_max"},
                 {"min", "copy_atomic_min"}, {"none", NULL}};
    for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
        if (!strcasecmp(kind, modes[i].kind)) {
            *op = modes[i].op;
            return true;
        }
    return false;
}

#endif
