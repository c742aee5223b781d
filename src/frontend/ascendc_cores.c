/* Synchronization between cores in Ascend C: SyncAll and the cross-core flags
 * (CrossCoreSetFlag / CrossCoreWaitFlag). A kernel that calls one is lowered on every core it
 * runs on (ascendc.c), each with its own GetBlockIdx(). Modes and scopes are model data
 * (hwmodels/ascend910b2.xml <cross-flags>); what is refused here is what the lowering cannot
 * give the engine: the cube side of a MIX kernel. */
#include "clang_api.h"
#include <string.h>

#include "ascendc_internal.h"

/* The cross-core flag mode that links the cube core to the vector cores (the model's mode
 * with scope cross-type): a kernel lowered on vector cores only has no core to pair it with. */
enum { MODE_CUBE_VECTOR = 2 };

static const char *template_pipe(struct interp *I, CXCursor fn, CXCursor call, unsigned i)
{
    const char *pipe = interp_template_enum(I, fn, call, i);
    return pipe && strncmp(pipe, "PIPE_", 5) == 0 ? pipe + 5 : NULL;
}

static void mix_unsupported(struct interp *I, CXCursor call, const char *what)
{
    interp_unsupported(I, call, "%s between the cube and the vector cores (a MIX kernel): the "
                       "cube side is not lowered yet", what);
}

bool cross_core_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                     struct value *args, int nargs)
{
    struct ascendc *a = state_of(I);
    if (!strcmp(name, "SyncAll")) {
        int64_t vector_only = 1;
        interp_template_int(fn, 0, &vector_only);
        if (!vector_only) {
            mix_unsupported(I, call, "SyncAll<false>, a barrier");
            return true;
        }
        a->cross_core = true;
        emit_sync_all(out(I), interp_loc(I, call));
        return true;
    }
    bool set = !strcmp(name, "CrossCoreSetFlag");
    if (!set && strcmp(name, "CrossCoreWaitFlag"))
        return false;
    int64_t mode, flag;
    const char *pipe = template_pipe(I, fn, call, 1);
    if (!interp_template_int(fn, 0, &mode) || !pipe || nargs != 1)
        return false;
    if (!interp_int(I, call, args[0], "the cross-core flag id", &flag))
        return true;
    if (mode == MODE_CUBE_VECTOR) {
        mix_unsupported(I, call, set ? "CrossCoreSetFlag, a flag" : "CrossCoreWaitFlag, a flag");
        return true;
    }
    a->cross_core = true;
    emit_cross_flag(out(I), interp_loc(I, call), set, pipe, mode, flag);
    return true;
}
