/* Synchronization intrinsics: set_flag/wait_flag(src pipe, dst pipe, event) and
 * pipe_barrier(pipe), the ISA's own ordering, written as the PIR statements of the same
 * names. */
#include "isa_internal.h"
#include "../cross_flag_ids.h"
#include "../../../model/model.h"

#include <string.h>

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

/* Whether the model's cross-core mode `mode` links cores of two types (the cube and the
 * vector cores of a MIX kernel). */
static bool links_core_types(const struct isa_state *s, int64_t mode)
{
    const struct model_xmode *m = s->model ? model_xmode_find(s->model, mode) : NULL;
    return m && m->scope == XMODE_CROSS_TYPE;
}

/* ffts_cross_core_sync(pipe, config): once `pipe` is done, counts one on a cross-core flag
 * for the cores the mode reaches; config = 1 | mode << 4 | flag << 8 (the ISA's packing, as
 * the SDK's GetffstMsg builds it). wait_flag_dev(flag): the core waits until its count of the
 * flag is non-zero and takes one; the mode is the one the flag was set in on this core (a
 * flag this core never set: mode 0, all cores). */
static bool cross_core(struct interp *I, struct isa_state *s, const char *name, CXCursor call,
                       struct value *args, int nargs, struct value *result)
{
    (void)result;
    s->traits.cross_core = true;
    const char *unit = "S";
    int64_t config, flag, mode = 0;
    bool set = !strcmp(name, "ffts_cross_core_sync");
    if (set) {
        if (!pipe_arg(I, call, name, args, nargs, 0, &unit) ||
            !isa_int(I, call, name, args, nargs, 1, &config))
            return true;
        mode = (config >> 4) & 3;
        flag = (config >> 8) & 0xf;
        if (links_core_types(s, mode)) {
            interp_unsupported(I, call, "a cross-core flag in mode %lld links the vector cores "
                               "with the cube core: read through the SDK, only the vector "
                               "cores of a kernel run (MIX kernels are not read yet), so the "
                               "flag would reach no core", (long long)mode);
            return true;
        }
        s->cross_mode[flag] = (int8_t)mode;
    } else {
        if (!isa_int(I, call, name, args, nargs, 0, &flag))
            return true;
        if (flag < 0 || flag > 15) {
            interp_unsupported(I, call, "wait_flag_dev(%lld): the cross-core flags are 0 to 15",
                               (long long)flag);
            return true;
        }
        mode = s->cross_mode[flag] >= 0 ? s->cross_mode[flag] : 0;
    }
    /* a flag the kernel's own code names (CrossCoreSetFlag / CrossCoreWaitFlag called from
     * outside the SDK), not one of the SDK's own calls (SyncAll, the matmul server) */
    struct as_loc site;
    const char *api = pir_writer_user_call(s->w, &site);
    if (api && (!strcmp(api, "CrossCoreSetFlag") || !strcmp(api, "CrossCoreWaitFlag")))
        cross_flag_check_own(I->diags, site, api, flag, s->cross_user_flags);
    emit_cross_flag(s->e, interp_loc(I, call), set, unit, mode, flag);
    return true;
}

const struct isa_entry isa_sync_table[] = {
    {"ffts_cross_core_sync", cross_core},
    {"wait_flag_dev", cross_core},
    {"set_flag", flag},
    {"wait_flag", flag},
    {"pipe_barrier", barrier},
    {NULL, NULL},
};
