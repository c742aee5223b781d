/* The Ascend C layer's shared state and helpers (see ascendc_state.h). */
#include "ascendc_state.h"

#include <stdlib.h>
#include <string.h>

struct ascendc *state_of(struct interp *I)
{
    return I->api_data;
}

struct ac_state *new_state(enum ac_kind kind)
{
    struct ac_state *s = xcalloc(1, sizeof(*s));
    s->kind = kind;
    s->refs = 1;
    return s;
}

struct ac_state *api_state(struct value v, enum ac_kind kind)
{
    if (v.kind != VAL_OBJECT || !v.obj || !v.obj->api)
        return NULL;
    struct ac_state *s = v.obj->api;
    return s->kind == kind ? s : NULL;
}

void release_state(void *state)
{
    struct ac_state *s = state;
    if (--s->refs > 0)
        return;
    if (s->kind == AC_PIPE) {
        VEC_FREE(s->u.pipe.pools);
        for (size_t i = 0; i < s->u.pipe.queues.len; i++)
            release_state(s->u.pipe.queues.items[i]);
        VEC_FREE(s->u.pipe.queues);
    }
    free(s);
}

/* ---- emitting PIR ---- */

struct emitter *emitter_of(struct interp *I)
{
    return state_of(I)->out;
}

/* Bytes [offset, offset + len) of the tensor's view. */
struct emit_region tensor_region(const struct tensor_state *t, int64_t len)
{
    return (struct emit_region){t->buffer, t->offset, len};
}

bool tensor_bound(struct interp *I, CXCursor call, const struct ac_state *s, const char *what)
{
    if (s && s->u.tensor.buffer >= 0)
        return true;
    interp_unsupported(I, call, "%s is a tensor the frontend cannot place in memory (not from a "
                       "queue, TBuf, LocalTensor(pos, addr, n) or SetGlobalBuffer)", what);
    return false;
}

/* Splits a HardEvent name "MTE2_V" into the pipes it orders. */
bool event_pipes(const char *event, char src[8], char dst[8])
{
    const char *us = strchr(event, '_');
    if (!us || us - event >= 8 || strlen(us + 1) >= 8)
        return false;
    memcpy(src, event, (size_t)(us - event));
    src[us - event] = '\0';
    strcpy(dst, us + 1);
    return true;
}

/* set_flag / wait_flag for a HardEvent. V_V and FIX_FIX are barriers of their pipe: a set
 * is pipe_barrier, a wait nothing (the framework's SetFlag/WaitFlag). */
void emit_event(struct interp *I, CXCursor call, const char *event, bool set, int64_t id)
{
    char src[8], dst[8];
    if (!event_pipes(event, src, dst)) {
        interp_unsupported(I, call, "event %s is not modelled", event);
        return;
    }
    struct as_loc at = interp_loc(I, call);
    if (!strcmp(src, dst)) {
        if (set)
            emit_barrier(emitter_of(I), at, src);
        return;
    }
    emit_flag(emitter_of(I), at, set, src, dst, id);
}

/* ---- arguments ---- */

const char *template_pipe(struct interp *I, CXCursor fn, CXCursor call, unsigned i)
{
    const char *pipe = interp_template_enum(I, fn, call, i);
    return pipe && strncmp(pipe, "PIPE_", 5) == 0 ? pipe + 5 : NULL;
}

int64_t field_int(struct interp *I, CXCursor call, struct value rec, const char *field,
                  bool *ok)
{
    if (!*ok)
        return 0;   /* reported already */
    if (rec.kind == VAL_OBJECT && rec.obj)
        for (size_t i = 0; i < rec.obj->fields.len; i++)
            if (!strcmp(rec.obj->fields.items[i].name, field)) {
                int64_t v;
                if (interp_int(I, call, rec.obj->fields.items[i].v, field, &v))
                    return v;
                return *ok = false, 0;
            }
    interp_unsupported(I, call, "the parameters have no integer field %s", field);
    return *ok = false, 0;
}

const char *template_event(struct interp *I, CXCursor fn, CXCursor call)
{
    const char *e = interp_template_enum(I, fn, call, 0);
    if (!e)
        interp_unsupported(I, call, "the event of this call is not known");
    return e;
}
