/* Synchronization between cores in Ascend C: SyncAll and the cross-core flags
 * (CrossCoreSetFlag / CrossCoreWaitFlag). A kernel that calls one is lowered on every core it
 * runs on (ascendc.c), each with its own GetBlockIdx(); one that links vector cores with the
 * cube core (mode 2, SyncAll<false>) as a MIX kernel. Modes and scopes are model data
 * (hwmodels/ascend910b2.xml <cross-flags>). */
#include "../clang/clang_api.h"
#include <string.h>

#include "ascendc_cores.h"
#include "cross_flag_ids.h"

/* The cross-core flag mode that links the cube core to the vector cores (the model's mode
 * with scope cross-type): the kernel is a MIX kernel. */
enum { MODE_CUBE_VECTOR = 2 };

bool cross_core_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                     struct value *args, int nargs)
{
    struct ascendc *a = state_of(I);
    if (!strcmp(name, "SyncAll") && nargs > 0) {
        interp_unsupported(I, call, "SyncAll with a GM and a UB workspace (the software "
                           "barrier, whose own copies use the workspaces) is not modelled");
        return true;
    }
    if (!strcmp(name, "SyncAll")) {
        int64_t vector_only = 1;
        interp_template_int(fn, 0, &vector_only);
        a->traits.cross_core = true;
        a->traits.cube_link |= !vector_only;
        emit_sync_all(emitter_of(I), interp_loc(I, call), vector_only ? "sync_all_aiv" : "sync_all");
        return true;
    }
    bool set = !strcmp(name, "CrossCoreSetFlag");
    if ((!set && strcmp(name, "CrossCoreWaitFlag")) || nargs != 1)
        return false;
    int64_t mode = AC_MODE_NONE, flag;
    const char *pipe = "S";   /* a wait that names no pipe holds the scalar unit's issue */
    bool named = interp_template_int(fn, 0, &mode);
    if (named && !(pipe = template_pipe(I, fn, call, 1)))
        return false;
    if (!named && set)
        return false;
    if (!interp_int(I, call, args[0], "the cross-core flag id", &flag))
        return true;
    if (flag < 0 || flag >= AC_CROSS_FLAGS) {
        interp_unsupported(I, call, "cross-core flag %lld: the flags are 0 to %d", (long long)flag,
                           AC_CROSS_FLAGS - 1);
        return true;
    }
    cross_flag_check_own(I->diags, interp_loc(I, call), name, flag,
                         a->source ? a->source->cross_user_flags : 0);
    int *known = &a->facts->set_mode[flag];
    if (set)
        *known = *known == AC_MODE_NONE || *known == mode ? (int)mode : AC_MODE_SEVERAL;
    else if (!named && *known == AC_MODE_SEVERAL) {
        interp_unsupported(I, call, "CrossCoreWaitFlag(%lld) names no mode and flag %lld is set "
                           "in several modes", (long long)flag, (long long)flag);
        return true;
    } else if (!named)   /* the mode its sets use; none: nothing sets it, any mode waits forever */
        mode = *known == AC_MODE_NONE ? 0 : *known;
    a->traits.cross_core = true;
    a->traits.cube_link |= mode == MODE_CUBE_VECTOR;
    emit_cross_flag(emitter_of(I), interp_loc(I, call), set, pipe, mode, flag);
    return true;
}
