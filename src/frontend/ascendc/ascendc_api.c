/* What the Ascend C API does, for the interpreter (interp.h): the lifecycle of the API's
 * objects, the dispatch of calls, sync statements and the build's own calls (tiling, keys).
 * It dispatches to the feature files below it: TPipe and TQue (ascendc_queues.c), tensors
 * and accesses (ascendc_tensors.c), the cube (ascendc_cube.c), cores (ascendc_cores.c) and
 * unitFlag (ascendc_unit_flag.c); what they share is ascendc_state.h's. */
#include "ascendc_api.h"
#include "ascendc_branch.h"
#include "atomic_copy.h"
#include "tiling_defaults.h"
#include "ascendc_cores.h"
#include "ascendc_cube.h"
#include "ascendc_queues.h"
#include "ascendc_tensors.h"
#include "ascendc_unit_flag.h"

#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"

/* ---- positions from the queue's type: TQue<TPosition::VECIN, 2> ---- */

static int type_positions(const struct model_source *ms, CXType type, const char *out[2],
                          char spelled[2][16])
{
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(type_without_reference(type)));
    const char *text = clang_getCString(s);
    int n = 0;
    for (const char *p = strstr(text, "TPosition::"); p && n < 2; p = strstr(p, "TPosition::")) {
        p += strlen("TPosition::");
        char *name = spelled[n];   /* a local copy: files are checked on several threads */
        size_t len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        if (len >= sizeof(spelled[n]))
            len = sizeof(spelled[n]) - 1;
        memcpy(name, p, len);
        name[len] = '\0';
        const struct position *pos = find_position(ms, name);
        out[n++] = pos ? pos->name : !strcmp(name, "GM") ? "GM" : NULL;   /* GM: a bind's end */
    }
    clang_disposeString(s);
    return n;
}


/* The event of a TQueSync<PIPE_A, PIPE_B> type ("A_B") into out; false if its pipes are not
 * spelled as enumerators. */
static bool sync_event(CXType type, char out[24])
{
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(type_without_reference(type)));
    const char *text = clang_getCString(s);
    char pipes[2][8];
    int n = 0;
    for (const char *p = strstr(text, "PIPE_"); p && n < 2; p = strstr(p, "PIPE_")) {
        p += strlen("PIPE_");
        size_t len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
        if (len == 0 || len >= sizeof(pipes[n]))
            break;
        memcpy(pipes[n], p, len);
        pipes[n++][len] = '\0';
    }
    clang_disposeString(s);
    if (n != 2)
        return false;
    snprintf(out, 24, "%s_%s", pipes[0], pipes[1]);
    return true;
}

static void *construct(struct interp *I, const char *klass, CXType type, const char *name,
                       CXCursor site)
{
    if (!strcmp(klass, "TPipe")) {
        struct ac_state *s = new_state(AC_PIPE);
        if (state_of(I)->current_pipe)
            release_state(state_of(I)->current_pipe);
        state_of(I)->current_pipe = s;
        s->refs++;
        return s;
    }
    if (!strcmp(klass, "TQue") || !strcmp(klass, "TQueBind") || !strcmp(klass, "TBuf")) {
        const char *pos[2] = {NULL, NULL};
        char spelled[2][16] = {"", ""};
        const struct model_source *ms = state_of(I)->source;
        int n = type_positions(ms, type, pos, spelled);
        struct ac_state *s = new_state(AC_QUEUE);
        struct queue_state *q = &s->u.queue;
        q->name = name;
        q->tbuf = !strcmp(klass, "TBuf");
        if (n == 1 && pos[0])
            q->pos = find_position(ms, pos[0]);
        else if (n == 2 && pos[0] && pos[1])
            q->pos = find_bind_position(ms, pos[0], pos[1]);
        if (!q->pos || (!q->tbuf && !q->pos->enque))
            interp_unsupported(I, site, "a %s on %s%s%s is not modelled: the model declares no "
                               "such position%s (its <source> positions; a TQueBind goes from "
                               "VECIN to VECOUT, GM to VECIN or VECOUT to GM)", klass,
                               n ? spelled[0] : "this position", n == 2 ? " to " : "",
                               n == 2 ? spelled[1] : "", q->tbuf ? "" : ", or no queue events");
        return s;
    }
    if (!strcmp(klass, "TQueSync")) {   /* TQueSync<PIPE_A, PIPE_B>: its event is A_B */
        struct ac_state *s = new_state(AC_SYNC);
        if (!sync_event(type, s->u.sync_event))
            interp_unsupported(I, site, "a TQueSync whose pipes the frontend cannot read");
        return s;
    }
    if (!strcmp(klass, "LocalTensor") || !strcmp(klass, "GlobalTensor")) {
        struct ac_state *s = new_state(!strcmp(klass, "LocalTensor") ? AC_LOCAL : AC_GLOBAL);
        s->u.tensor = (struct tensor_state){.buffer = -1, .space = "GM",
                                            .element = interp_element_size(type)};
        return s;
    }
    return NULL;
}

static void *copy(struct interp *I, void *state)
{
    (void)I;
    struct ac_state *s = state;
    if (s->kind == AC_PIPE || s->kind == AC_QUEUE) {
        s->refs++;
        return s;
    }
    struct ac_state *c = new_state(s->kind);
    c->u = s->u;   /* tensors and syncs are values */
    return c;
}

/* ---- dispatch ---- */

static bool pipe_arg(struct interp *I, CXCursor fn, unsigned i, struct value v, char out[8])
{
    if (v.kind != VAL_INT)
        return false;
    CXCursor decl = clang_getTypeDeclaration(clang_getCursorType(clang_Cursor_getArgument(fn, i)));
    const char *e = interp_enumerator(I, decl, v.num);
    if (!e || strncmp(e, "PIPE_", 5) != 0 || strlen(e + 5) >= 8)
        return false;
    strcpy(out, e + 5);
    return true;
}

static bool build_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                       int nargs, struct value *result)
{
    if (!strcmp(name, "AccelsyncTiling")) {
        *result = interp_runtime_record(I, clang_getCursorType(call), "", TILING_FIELD_WHAT,
                                        tiling_field_default);
        return true;
    }
    if (!strcmp(name, "TILING_KEY_IS")) {
        int64_t key;
        if (nargs != 1 || !interp_int(I, call, args[0], "the tiling key", &key))
            return true;
        int64_t current = interp_runtime(I, "tiling_key", key, "TILING_KEY_IS(), one run per key");
        *result = (struct value){.kind = VAL_INT, .num = current == key, .buffer = -1};
        return true;
    }
    if (!strcmp(name, "GetUserWorkspace")) {
        *result = nargs == 1 ? args[0] : (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        return true;
    }
    if (!strcmp(name, "SetSysWorkspace") && nargs == 1) {   /* where SyncAll keeps its words */
        state_of(I)->sys_workspace = args[0];
        *result = (struct value){.kind = VAL_NONE, .buffer = -1};
        return true;
    }
    if (!strcmp(name, "GetSysWorkSpacePtr")) {
        *result = state_of(I)->sys_workspace;
        if (result->kind == VAL_NONE)
            interp_unsupported(I, call, "GetSysWorkSpacePtr() before SetSysWorkspace: the "
                               "framework's own workspace is not modelled");
        return true;
    }
    return false;
}

/* The stub's scalar math and conversions (kernel_operator.h): abs of a known integer is
 * computed; the rest is a value not known before the kernel runs. AscendC::printf does
 * nothing the kernel can observe. False if `name` is none of them. */
static bool scalar_math(const char *name, struct value *args, int nargs, struct value *result)
{
    static const char *const names[] = {
        "sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tan", "tanh", "floor", "ceil",
        "round", "trunc", "fabs", "erf", "pow", "fmax", "fmin", "isnan", "isinf", "abs",
        "ToFloat", "ToBfloat16"};
    if (!strcmp(name, "printf")) {
        *result = (struct value){.kind = VAL_NONE, .buffer = -1};
        return true;
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(name, names[i]) != 0)
            continue;
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        if (!strcmp(name, "abs") && nargs == 1 && args[0].kind == VAL_INT
            && args[0].num != INT64_MIN)
            *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                     .num = args[0].num < 0 ? -args[0].num : args[0].num};
        return true;
    }
    return false;
}

/* Settings of a unit's mode that touch no memory and need no flag of their own (they are
 * issued in program order before the instructions they affect): the atomic mode of copies
 * from UB to GM and the scalar scale of a dequantizing Cast. Under SetAtomicAdd/Max/Min,
 * until SetAtomicNone, such a copy is the model's atomic op (atomic_copy.h; the vendor's
 * SetAtomicAdd example: three cores add into one output); the data type (SetAtomicType)
 * changes nothing of that. SetDeqScale's table form writes a tensor: not a setting. False if
 * `name` is none of them. */
static bool unit_setting(struct interp *I, const char *name, struct value *args, int nargs)
{
    for (int i = 0; i < nargs; i++)
        if (api_state(args[i], AC_LOCAL))
            return false;
    const char *op;
    if (!strncmp(name, "SetAtomic", 9) && atomic_copy_op(name + 9, &op)) {
        state_of(I)->atomic_op = op;
        return true;
    }
    return !strcmp(name, "SetAtomicType") || !strcmp(name, "SetDeqScale");
}

static bool free_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    if (build_call(I, name, call, args, nargs, result))
        return true;
    if (scalar_math(name, args, nargs, result))
        return true;
    if (unit_setting(I, name, args, nargs)) {
        *result = (struct value){.kind = VAL_NONE, .buffer = -1};
        return true;
    }
    if (!strcmp(name, "GetBlockIdx") || !strcmp(name, "get_block_idx") ||
        !strcmp(name, "GetSubBlockIdx")) {
        struct ascendc *a = state_of(I);
        a->traits.core_dependent = true;
        int64_t block = interp_runtime(I, "block_idx", 0, "GetBlockIdx()");
        /* GetSubBlockIdx: the vector core's place in its MIX group; elsewhere the block */
        if (name[3] == 'S' && a->mix && a->core_type == AC_CORE_AIV)
            block %= AC_MIX_VECTOR_CORES;
        *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = block};
        return true;
    }
    if (!strcmp(name, "AccelsyncCurrentCoreType")) {   /* g_coreType */
        state_of(I)->traits.core_type_read = true;
        *result = (struct value){.kind = VAL_INT, .buffer = -1, .num = state_of(I)->core_type};
        return true;
    }
    if (!strcmp(name, "GetTaskRation") || !strcmp(name, "GetTaskRatio")) {
        /* vector cores per cube core in a MIX kernel's group, else 1 */
        struct ascendc *a = state_of(I);
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = a->mix && a->core_type == AC_CORE_AIV ? AC_MIX_VECTOR_CORES
                                                                              : 1};
        return true;
    }
    if (!strcmp(name, "GetBlockNum") || !strcmp(name, "get_block_num")) {
        state_of(I)->traits.core_dependent = true;
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = interp_runtime(I, "block_num", 8, "GetBlockNum()")};
        return true;
    }
    if (!strcmp(name, "GetTPipePtr")) {
        struct ac_state *p = state_of(I)->current_pipe;
        if (!p)
            return false;
        p->refs++;
        *result = interp_api_object(I, clang_getPointeeType(clang_getCursorType(call)), p);
        return true;
    }
    if (!strcmp(name, "SetFlag") || !strcmp(name, "WaitFlag")) {
        const char *event = template_event(I, fn, call);
        int64_t id;
        if (event && nargs == 1 && interp_int(I, call, args[0], "the event id", &id))
            emit_event(I, call, event, name[0] == 'S', id);
        return true;
    }
    if (!strcmp(name, "PipeBarrier")) {
        const char *pipe = template_pipe(I, fn, call, 0);
        if (!pipe)
            return false;
        emit_barrier(emitter_of(I), interp_loc(I, call), pipe);
        return true;
    }
    if (!strcmp(name, "set_flag") || !strcmp(name, "wait_flag")) {
        char src[8], dst[8];
        int64_t id;
        if (nargs != 3 || !pipe_arg(I, fn, 0, args[0], src) || !pipe_arg(I, fn, 1, args[1], dst) ||
            !interp_int(I, call, args[2], "the event id", &id))
            return false;
        emit_flag(emitter_of(I), interp_loc(I, call), name[0] == 's', src, dst, id);
        return true;
    }
    if (!strcmp(name, "pipe_barrier")) {
        char p[8];
        if (nargs != 1 || !pipe_arg(I, fn, 0, args[0], p))
            return false;
        emit_barrier(emitter_of(I), interp_loc(I, call), p);
        return true;
    }
    if (cross_core_call(I, name, fn, call, args, nargs) || cube_call(I, name, call, args, nargs))
        return true;
    if (!strcmp(name, "DataCopy") || !strcmp(name, "DataCopyPad"))
        return data_copy(I, name, call, args, nargs);
    return vector_call_named(I, name, call, args, nargs);
}

static bool call(struct interp *I, const char *klass, const char *name, CXCursor fn,
                 struct object *self, CXCursor call_site, struct value *args, int nargs,
                 struct value *result)
{
    if (klass && (!strcmp(klass, "half") || !strcmp(klass, "bfloat16_t"))) {
        *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};   /* scalar arithmetic */
        return true;
    }
    if (!klass)
        return free_call(I, name, fn, call_site, args, nargs, result);
    struct ac_state *s = self ? self->api : NULL;
    if (!s)
        return false;
    switch (s->kind) {
    case AC_PIPE:
        return pipe_call(I, s, name, fn, call_site, args, nargs, result);
    case AC_QUEUE:
        return queue_call(I, s, name, fn, call_site, args, nargs, result);
    case AC_LOCAL:
    case AC_GLOBAL:
        return tensor_call(I, s, name, fn, call_site, args, nargs, result);
    case AC_SYNC: {
        int64_t id;
        if ((strcmp(name, "SetFlag") && strcmp(name, "WaitFlag")) || nargs != 1)
            return false;
        if (s->u.sync_event[0] && interp_int(I, call_site, args[0], "the event id", &id))
            emit_event(I, call_site, s->u.sync_event, name[0] == 'S', id);
        return true;
    }
    }
    return false;
}

static void destroy(struct interp *I, void *state, struct as_loc at)
{
    struct ac_state *s = state;
    if (s->kind == AC_PIPE)
        pipe_teardown(I, s, at, true);   /* ~TPipe: Destroy() */
}

static const struct api_ops ascendc_ops = {
    .name = "Ascend C", .stateful = true, .construct = construct, .copy = copy, .destroy = destroy,
    .release = release_state, .call = call, .scalar = scalar_access,
    .branch_open = ascendc_branch_open, .branch_next = ascendc_branch_next,
    .branch_join = ascendc_branch_join, .branch_free = ascendc_branch_free,
    .side_uses_redundant = ascendc_side_uses_redundant};


const struct api_ops *ascendc_api(void)
{
    return &ascendc_ops;
}

void ascendc_api_tiling_argument(struct interp *I, int buffer)
{
    state_of(I)->tiling_buffer = buffer;
}

void ascendc_entry_facts_init(struct ascendc_entry_facts *f)
{
    for (int i = 0; i < AC_CROSS_FLAGS; i++)
        f->set_mode[i] = AC_MODE_NONE;
}

void *ascendc_api_data_new(struct pir_writer *w, struct ascendc_run run)
{
    struct ascendc *a = xcalloc(1, sizeof(*a));
    /* cube code: as written */
    a->out = emitter_new(w, run.source, run.auto_sync && !run.cube_core);
    a->core_type = run.cube_core ? AC_CORE_AIC : AC_CORE_AIV;
    a->mix = run.mix;
    a->probe = run.probe;
    a->facts = run.facts;
    a->source = run.source;
    a->tiling_buffer = -1;
    a->sys_workspace = (struct value){.kind = VAL_NONE, .buffer = -1};
    return a;
}

void ascendc_api_end_run(struct interp *I, struct as_loc at)
{
    unit_flag_end_kernel(I, at);
}

struct ascendc_traits ascendc_api_traits(const void *data)
{
    const struct ascendc *a = data;
    return a->traits;
}

void ascendc_api_data_free(void *data)
{
    struct ascendc *a = data;
    if (!a)
        return;
    if (a->current_pipe)
        release_state(a->current_pipe);
    emitter_free(a->out);
    VEC_FREE(a->constants);
    VEC_FREE(a->unit_regions);
    free(a);
}
