/* Synchronization intrinsics: set_flag/wait_flag(src pipe, dst pipe, event) and
 * pipe_barrier(pipe), the ISA's own ordering, written as the PIR statements of the same
 * names. */
#include "isa_internal.h"

static bool pipe_arg(struct interp *I, CXCursor call, const char *name, struct value *args,
                     int nargs, int i, const char **unit)
{
    int64_t pipe;
    if (!isa_int(I, call, name, args, nargs, i, &pipe))
        return false;
    *unit = isa_pipe_unit(pipe);
    if (!*unit)
        interp_unsupported(I, call, "'%s': pipe %lld is not one the ISA layer knows", name,
                           (long long)pipe);
    return *unit != NULL;
}

static bool flag(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                 struct value *args, int nargs, struct value *result)
{
    (void)result;
    const char *src, *dst;
    int64_t id;
    if (!pipe_arg(I, call, name, args, nargs, 0, &src) ||
        !pipe_arg(I, call, name, args, nargs, 1, &dst) ||
        !isa_int(I, call, name, args, nargs, 2, &id))
        return true;
    emit_flag(s->e, interp_loc(I, call), name[0] == 's', src, dst, id);
    return true;
}

static bool barrier(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                    struct value *args, int nargs, struct value *result)
{
    (void)result;
    const char *unit;
    if (pipe_arg(I, call, name, args, nargs, 0, &unit))
        emit_barrier(s->e, interp_loc(I, call), unit);
    return true;
}

const struct isa_entry isa_sync_table[] = {
    {"set_flag", flag},
    {"wait_flag", flag},
    {"pipe_barrier", barrier},
    {NULL, NULL},
};
