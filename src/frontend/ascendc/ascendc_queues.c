/* TPipe's bump allocation and event-id pools, and the flags TQue sets and waits (see
 * docs/frontends.md): AllocTensor, EnQue, DeQue, FreeTensor, ~TPipe; TBuf views. */
#include "ascendc_queues.h"

#include <stdlib.h>
#include <string.h>

#include "../clang/cursor_util.h"

const struct position *find_position(const struct model_source *ms, const char *name)
{
    /* the model's <position> has the same fields, in the same order */
    _Static_assert(sizeof(struct position) == sizeof(struct model_source_position),
                   "struct position mirrors struct model_source_position");
    for (int i = 0; ms && i < ms->npositions; i++)
        if (strcmp(ms->positions[i].name, name) == 0)
            return (const struct position *)&ms->positions[i];
    return NULL;
}

/* TQueBind<SRC, DST> of two positions: one buffer the SRC position's producer fills and the
 * DST position's consumer drains, with nothing in between (data copied in by MTE2 and out by
 * MTE3 for VECIN, VECOUT): the hand-on event goes from the one to the other. */
static const struct bind {
    const char *src, *dst;
    struct position pos;
} binds[] = {
    {"VECIN", "VECOUT", {"VECIN->VECOUT", "UB", "MTE2_MTE3", "MTE3_MTE2"}},
    /* the data flow a VECIN (VECOUT) queue stands for, spelt out: the same flags */
    {"GM", "VECIN", {"GM->VECIN", "UB", "MTE2_V", "V_MTE2"}},
    {"VECOUT", "GM", {"VECOUT->GM", "UB", "V_MTE3", "MTE3_V"}},
};

const struct position *find_bind_position(const struct model_source *ms, const char *src,
                                          const char *dst)
{
    if (!strcmp(src, dst))
        return find_position(ms, src);
    for (size_t i = 0; i < sizeof(binds) / sizeof(binds[0]); i++)
        if (!strcmp(binds[i].src, src) && !strcmp(binds[i].dst, dst))
            return &binds[i].pos;
    return NULL;
}

/* The bump pointer of `space` in pipe p (a new one at 0); NULL past MAX_SPACES spaces. */
static int64_t *bump_of(struct pipe_state *p, const char *space)
{
    for (int i = 0; i < p->nbump; i++)
        if (strcmp(p->bump[i].space, space) == 0)
            return &p->bump[i].next;
    if (p->nbump == MAX_SPACES)
        return NULL;
    p->bump[p->nbump].space = space;
    p->bump[p->nbump].next = 0;
    return &p->bump[p->nbump++].next;
}

/* ---- event-id pools ---- */

static struct event_pool *pool_of(struct pipe_state *p, const char *event)
{
    for (size_t i = 0; i < p->pools.len; i++)
        if (p->pools.items[i].event == event || !strcmp(p->pools.items[i].event, event))
            return &p->pools.items[i];
    struct event_pool e = {event, 0};
    VEC_PUSH(p->pools, e);
    return &p->pools.items[p->pools.len - 1];
}

static int lowest_free(const struct event_pool *e)
{
    for (int id = 0; id < MAX_EVENT_IDS; id++)
        if (!(e->used & (1u << id)))
            return id;
    return -1;
}

static int alloc_id(struct interp *I, CXCursor call, struct pipe_state *p, const char *event)
{
    struct event_pool *e = pool_of(p, event);
    int id = lowest_free(e);
    if (id < 0) {
        interp_unsupported(I, call, "all %d ids of event %s are in use: the framework has no id "
                           "to give", MAX_EVENT_IDS, event);
        return 0;
    }
    e->used |= (uint8_t)(1u << id);
    return id;
}

static void release_id(struct pipe_state *p, const char *event, int id)
{
    if (id >= 0 && id < MAX_EVENT_IDS)
        pool_of(p, event)->used &= (uint8_t)~(1u << id);
}

static struct pipe_state *pipe_for(struct interp *I, struct queue_state *q)
{
    struct ac_state *s = q && q->pipe ? q->pipe : state_of(I)->current_pipe;
    return s ? &s->u.pipe : NULL;
}

/* ---- TPipe ---- */

/* Waits the pending flag *id of `event`, if there is one, and gives the id back to the pool
 * (a wait on a same-pipe event is nothing, as WaitFlag<V_V> is). */
static void wait_pending(struct interp *I, struct as_loc at, struct pipe_state *p,
                         const char *event, int *id)
{
    if (*id < 0)
        return;
    char src[8], dst[8];
    if (event_pipes(event, src, dst) && strcmp(src, dst) != 0)
        emit_flag(emitter_of(I), at, false, src, dst, *id);
    release_id(p, event, *id);
    *id = -1;
}

/* The give-back flags of free buffers nobody allocated again (~TPipe, Reset, FreeAllEvent). */
static void wait_pending_frees(struct interp *I, struct as_loc at, struct pipe_state *p,
                               struct queue_state *only)
{
    for (size_t i = 0; i < p->queues.len; i++) {
        struct queue_state *q = &p->queues.items[i]->u.queue;
        for (int k = 0; k < q->nslots && (!only || q == only); k++)
            if (q->slots[k].state == SLOT_FREE)
                wait_pending(I, at, p, q->pos->free, &q->slots[k].free_id);
    }
}

void pipe_teardown(struct interp *I, struct ac_state *s, struct as_loc at, bool barrier)
{
    struct pipe_state *p = &s->u.pipe;
    if (p->destroyed)
        return;
    wait_pending_frees(I, at, p, NULL);
    if (barrier) {
        emit_barrier(emitter_of(I), at, "ALL");
        p->destroyed = true;
    } else {
        p->nbump = 0;
        p->pools.len = 0;
    }
}


static bool init_buffer(struct interp *I, struct ac_state *pipe, CXCursor call, struct value *args,
                        int nargs)
{
    struct ac_state *qs = api_state(args[0], AC_QUEUE);
    if (!qs || !qs->u.queue.pos)
        return false;
    struct queue_state *q = &qs->u.queue;
    int64_t num = 1, len;
    if (!q->tbuf && (nargs != 3 || !interp_int(I, call, args[1], "the buffer count", &num)))
        return false;
    if (!interp_int(I, call, args[nargs - 1], "the buffer length", &len))
        return true;
    /* A TBuf given memory again takes a new place (it has no flags to carry over); tensors
     * got before keep the old one, as on the device. */
    bool again = q->nslots && q->tbuf && q->pipe == pipe;
    if (num < 1 || num > MAX_SLOTS || (q->nslots && !again)) {
        interp_unsupported(I, call, q->nslots ? "a queue initialized twice is not modelled"
                                              : "a buffer count outside 1..64 is not modelled");
        return true;
    }
    len = (len + 31) / 32 * 32;
    int64_t *next = bump_of(&pipe->u.pipe, q->pos->space);
    if (!next) {
        interp_unsupported(I, call, "a TPipe allocating in more than %d spaces", MAX_SPACES);
        return true;
    }
    struct as_loc at = interp_loc(I, call);
    for (int k = 0; k < num; k++) {
        char *name = num > 1 ? xasprintf("%s_%d", q->name, k) : xstrdup(q->name);
        char *what = xasprintf("%s %s buffer %d of %lld", q->tbuf ? "TBuf" : "TQue", q->pos->name,
                               k, (long long)num);
        q->slots[k] = (struct slot){.buffer = pir_writer_buffer(I->w, name, q->pos->space, len,
                                                                *next, at, what),
                                    .free_id = -1, .enque_id = -1, .state = SLOT_FREE};
        *next += len;
        free(name);
        free(what);
    }
    q->nslots = (int)num;
    q->slot_len = len;
    if (again)
        return true;
    q->pipe = pipe;     /* not counted: the pipe holds its queues, not the other way round */
    qs->refs++;
    VEC_PUSH(pipe->u.pipe.queues, qs);
    return true;
}

bool pipe_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                      CXCursor call, struct value *args, int nargs, struct value *result)
{
    struct pipe_state *p = &s->u.pipe;
    if (!strcmp(name, "InitBuffer"))
        return init_buffer(I, s, call, args, nargs);
    if (!strcmp(name, "Destroy") || !strcmp(name, "Reset")) {
        pipe_teardown(I, s, interp_loc(I, call), name[0] == 'D');
        return true;
    }
    if (!strcmp(name, "FetchEventID") || !strcmp(name, "AllocEventID") ||
        !strcmp(name, "ReleaseEventID")) {
        const char *event = nargs == 1 && name[0] == 'F' && args[0].kind == VAL_INT
                                ? interp_enumerator(I, clang_getTypeDeclaration(
                                      clang_getCursorType(clang_Cursor_getArgument(fn, 0))),
                                      args[0].num)
                                : template_event(I, fn, call);
        if (!event)
            return true;
        if (name[0] == 'F') {
            *result = (struct value){.kind = VAL_INT, .num = lowest_free(pool_of(p, event)),
                                     .buffer = -1};
        } else if (name[0] == 'A') {
            *result = (struct value){.kind = VAL_INT, .num = alloc_id(I, call, p, event),
                                     .buffer = -1};
        } else {
            int64_t id;
            if (interp_int(I, call, args[0], "the event id", &id))
                release_id(p, event, (int)id);
        }
        return true;
    }
    return false;
}

/* ---- TQue / TBuf ---- */

static struct value slot_tensor(struct interp *I, CXType type, struct queue_state *q, int k,
                                int64_t offset, int64_t length)
{
    struct ac_state *t = new_state(AC_LOCAL);
    t->u.tensor = (struct tensor_state){q->slots[k].buffer, q->pos->space, offset,
                                        length, interp_element_size(type)};
    return interp_api_object(I, type, t);
}

static int slot_of(const struct queue_state *q, const struct ac_state *t)
{
    if (!t)
        return -1;
    for (int k = 0; k < q->nslots; k++)
        if (q->slots[k].buffer == t->u.tensor.buffer)
            return k;
    return -1;
}

/* Stores a returned tensor into a by-reference argument (AllocTensor(t), DeQue(t)). */
static void assign_tensor(struct interp *I, struct value *arg, struct value t)
{
    if (arg->kind == VAL_OBJECT && arg->obj && t.kind == VAL_OBJECT) {
        if (arg->obj->api)
            release_state(arg->obj->api);
        arg->obj->api = t.obj->api;
        t.obj->api = NULL;
    }
    (void)I;
}

static void report_stuck(struct interp *I, CXCursor call, const struct queue_state *q,
                         const char *what)
{
    struct as_loc at = interp_loc(I, call);
    at.file = arena_strdup(&I->diags->arena, at.file ? at.file : "");
    diag_addf(I->diags, CHECK_DEADLOCK, SEV_ERROR, at, "%s on '%s' waits forever: %s", what,
              q->name, !strcmp(what, "DeQue") ? "no tensor was enqueued"
                                              : "every buffer of the queue is in use");
    /* Nothing after this point runs on the device: what came before is the whole kernel,
     * and it is checked as such. */
    I->stopped = true;
}

bool queue_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                       CXCursor call, struct value *args, int nargs, struct value *result)
{
    (void)fn;
    struct queue_state *q = &s->u.queue;
    if (!q->pos)
        return true;   /* reported at its declaration */
    if (q->nslots == 0) {
        interp_unsupported(I, call, "'%s' is used before TPipe::InitBuffer gave it memory",
                           q->name);
        return true;
    }
    CXType type = clang_getCursorType(call);
    if (q->tbuf) {
        if (!strcmp(name, "Get") || !strcmp(name, "GetWithOffset") || !strcmp(name, "AllocTensor") ||
            !strcmp(name, "DeQue")) {
            int64_t es = interp_element_size(type), n = 0, off = 0;
            if (nargs >= 1 && !interp_int(I, call, args[0], "the tensor length", &n))
                return true;
            if (nargs >= 2 && !interp_int(I, call, args[1], "the offset", &off))
                return true;
            *result = slot_tensor(I, type, q, 0, off, nargs >= 1 ? n * (es ? es : 1)
                                                                  : q->slot_len - off);
            return true;
        }
        return !strcmp(name, "EnQue") || !strcmp(name, "FreeTensor");   /* no sync on a TBuf */
    }
    struct pipe_state *p = pipe_for(I, q);
    if (!strcmp(name, "AllocTensor")) {
        int k = -1;
        for (int i = 0; i < q->nslots && k < 0; i++) {
            int c = (q->next_alloc + i) % q->nslots;
            if (q->slots[c].state == SLOT_FREE)
                k = c;
        }
        if (k < 0) {
            report_stuck(I, call, q, "AllocTensor");
            return true;
        }
        q->next_alloc = (k + 1) % q->nslots;
        struct slot *sl = &q->slots[k];
        wait_pending(I, interp_loc(I, call), p, q->pos->free, &sl->free_id);
        sl->state = SLOT_HELD;
        if (nargs == 1) {
            struct value t = slot_tensor(I, clang_getCursorType(clang_Cursor_getArgument(call, 0)),
                                         q, k, 0, q->slot_len);
            assign_tensor(I, &args[0], t);
        } else {
            *result = slot_tensor(I, type, q, k, 0, q->slot_len);
        }
        return true;
    }
    if (!strcmp(name, "EnQue") || !strcmp(name, "FreeTensor")) {
        int k = nargs == 1 ? slot_of(q, api_state(args[0], AC_LOCAL)) : -1;
        if (k < 0) {
            interp_unsupported(I, call, "%s of a tensor that is not a buffer of '%s'", name,
                               q->name);
            return true;
        }
        struct slot *sl = &q->slots[k];
        bool enque = name[0] == 'E';
        const char *event = enque ? q->pos->enque : q->pos->free;
        int id = alloc_id(I, call, p, event);
        emit_event(I, call, event, true, id);
        if (enque) {
            sl->enque_id = id;
            sl->state = SLOT_QUEUED;
            q->fifo[(q->fifo_head + q->fifo_len++) % MAX_SLOTS] = k;
            *result = (struct value){.kind = VAL_INT, .num = 1, .buffer = -1};
        } else {
            sl->free_id = id;
            sl->state = SLOT_FREE;
        }
        return true;
    }
    if (!strcmp(name, "DeQue")) {
        if (q->fifo_len == 0) {
            report_stuck(I, call, q, "DeQue");
            return true;
        }
        int k = q->fifo[q->fifo_head];
        q->fifo_head = (q->fifo_head + 1) % MAX_SLOTS;
        q->fifo_len--;
        struct slot *sl = &q->slots[k];
        wait_pending(I, interp_loc(I, call), p, q->pos->enque, &sl->enque_id);
        sl->state = SLOT_HELD;
        if (nargs == 1)
            assign_tensor(I, &args[0], slot_tensor(I, clang_getCursorType(
                                                          clang_Cursor_getArgument(call, 0)),
                                                  q, k, 0, q->slot_len));
        else
            *result = slot_tensor(I, type, q, k, 0, q->slot_len);
        return true;
    }
    if (!strcmp(name, "FreeAllEvent")) {
        wait_pending_frees(I, interp_loc(I, call), p, q);
        return true;
    }
    if (!strcmp(name, "VacantInQue") || !strcmp(name, "HasTensorInQue") ||
        !strcmp(name, "GetTensorCountInQue")) {
        int64_t v = name[0] == 'V' ? q->fifo_len < q->nslots
                  : name[0] == 'H' ? q->fifo_len > 0 : q->fifo_len;
        *result = (struct value){.kind = VAL_INT, .num = v, .buffer = -1};
        return true;
    }
    return false;
}
