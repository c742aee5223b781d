/* What the Ascend C API does to buffers and flags, for the interpreter (interp.h): TPipe's
 * bump allocation and event-id pools, TQue's framework flags, tensors as byte ranges of PIR
 * buffers, data copies and vector instructions as accesses, SetFlag/WaitFlag/PipeBarrier as
 * sync. The rules are from the public API documentation (docs/frontends.md lists them). */
#include "ascendc_api.h"

#include <stdlib.h>
#include <string.h>

#include "cursor_util.h"
#include "emit.h"

enum { MAX_EVENT_IDS = 8, MAX_SLOTS = 64 };

/* A logical position: its hardware space, and the flags the framework sets when a buffer is
 * handed on (EnQue/DeQue) and when it is given back (FreeTensor/AllocTensor). */
struct position {
    const char *name, *space, *enque, *free;
};

static const struct position positions[] = {
    {"VECIN", "UB", "MTE2_V", "V_MTE2"},
    {"VECOUT", "UB", "V_MTE3", "MTE3_V"},
    {"VECCALC", "UB", NULL, NULL},
    {"A1", "L1", "MTE2_MTE1", "MTE1_MTE2"},
    {"B1", "L1", "MTE2_MTE1", "MTE1_MTE2"},
    {"C1", "L1", "MTE2_MTE1", "MTE1_MTE2"},
    {"A2", "L0A", "MTE1_M", "M_MTE1"},
    {"B2", "L0B", "MTE1_M", "M_MTE1"},
    {"CO1", "L0C", "M_FIX", "FIX_M"},
};

static const struct position *find_position(const char *name)
{
    for (size_t i = 0; i < sizeof(positions) / sizeof(positions[0]); i++)
        if (strcmp(positions[i].name, name) == 0)
            return &positions[i];
    return NULL;
}

enum ac_kind { AC_PIPE, AC_QUEUE, AC_LOCAL, AC_GLOBAL };

struct event_pool {
    const char *event;      /* HardEvent name */
    uint8_t used;           /* bit per id */
};

struct slot {
    int buffer;
    int free_id;            /* pending FreeTensor flag, -1 none */
    int enque_id;           /* pending EnQue flag, -1 none */
    enum { SLOT_FREE, SLOT_HELD, SLOT_QUEUED } state;
};

struct ac_state;

struct pipe_state {
    int64_t next[8];        /* bump pointer per space (index in spaces[]) */
    VEC(struct event_pool) pools;
    VEC(struct ac_state *) queues;  /* for the destructor's waits */
    bool destroyed;
};

struct queue_state {
    const char *name;
    const struct position *pos;
    bool tbuf;
    struct slot slots[MAX_SLOTS];
    int nslots;
    int64_t slot_len;
    int next_alloc;
    int fifo[MAX_SLOTS], fifo_head, fifo_len;
    struct ac_state *pipe;
};

struct tensor_state {
    int buffer;             /* -1: not bound to memory yet */
    const char *space;
    int64_t offset, length; /* bytes: the tensor's view of the buffer */
    int64_t element;        /* sizeof(T) */
};

struct ac_state {
    enum ac_kind kind;
    int refs;               /* pipes and queues are shared by copies, tensors are values */
    union {
        struct pipe_state pipe;
        struct queue_state queue;
        struct tensor_state tensor;
    } u;
};

static const char *const spaces[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C"};

static int space_index(const char *space)
{
    for (int i = 0; i < (int)(sizeof(spaces) / sizeof(spaces[0])); i++)
        if (strcmp(spaces[i], space) == 0)
            return i;
    return 0;
}

struct ascendc {
    struct ac_state *current_pipe;  /* GetTPipePtr() */
    struct emitter *out;            /* the kernel's statements */
};

static void release(void *state);

static struct ascendc *state_of(struct interp *I)
{
    return I->api_data;
}

static struct ac_state *new_state(enum ac_kind kind)
{
    struct ac_state *s = xcalloc(1, sizeof(*s));
    s->kind = kind;
    s->refs = 1;
    return s;
}

static struct ac_state *api_state(struct value v, enum ac_kind kind)
{
    if (v.kind != VAL_OBJECT || !v.obj || !v.obj->api)
        return NULL;
    struct ac_state *s = v.obj->api;
    return s->kind == kind ? s : NULL;
}

/* ---- positions from the queue's type: TQue<TPosition::VECIN, 2> ---- */

static int type_positions(CXType type, const char *out[2])
{
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(type_without_reference(type)));
    const char *text = clang_getCString(s);
    int n = 0;
    for (const char *p = strstr(text, "TPosition::"); p && n < 2; p = strstr(p, "TPosition::")) {
        p += strlen("TPosition::");
        static char names[2][16];
        size_t len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        if (len >= sizeof(names[n]))
            len = sizeof(names[n]) - 1;
        memcpy(names[n], p, len);
        names[n][len] = '\0';
        out[n] = find_position(names[n]) ? find_position(names[n])->name : NULL;
        n++;
    }
    clang_disposeString(s);
    return n;
}


static void *construct(struct interp *I, const char *klass, CXType type, const char *name,
                       CXCursor site)
{
    if (!strcmp(klass, "TPipe")) {
        struct ac_state *s = new_state(AC_PIPE);
        if (state_of(I)->current_pipe)
            release(state_of(I)->current_pipe);
        state_of(I)->current_pipe = s;
        s->refs++;
        return s;
    }
    if (!strcmp(klass, "TQue") || !strcmp(klass, "TQueBind") || !strcmp(klass, "TBuf")) {
        const char *pos[2] = {NULL, NULL};
        int n = type_positions(type, pos);
        struct ac_state *s = new_state(AC_QUEUE);
        struct queue_state *q = &s->u.queue;
        q->name = name;
        q->tbuf = !strcmp(klass, "TBuf");
        if (n >= 1 && pos[0] && (n == 1 || (pos[1] && !strcmp(pos[0], pos[1]))))
            q->pos = find_position(pos[0]);
        if (!q->pos || (!q->tbuf && !q->pos->enque))
            interp_unsupported(I, site, "a %s on this position is not modelled (supported: "
                               "VECIN, VECOUT, A1, B1, C1, A2, B2, CO1; TBuf on any of them and VECCALC)",
                               klass);
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
    c->u.tensor = s->u.tensor;
    return c;
}

static void release(void *state)
{
    struct ac_state *s = state;
    if (--s->refs > 0)
        return;
    if (s->kind == AC_PIPE) {
        VEC_FREE(s->u.pipe.pools);
        for (size_t i = 0; i < s->u.pipe.queues.len; i++)
            release(s->u.pipe.queues.items[i]);
        VEC_FREE(s->u.pipe.queues);
    }
    free(s);
}

/* ---- emitting PIR ---- */

static struct emitter *out(struct interp *I)
{
    return state_of(I)->out;
}

/* Bytes [offset, offset + len) of the tensor's view. */
static struct emit_region region(const struct tensor_state *t, int64_t len)
{
    return (struct emit_region){t->buffer, t->offset, len};
}

static bool bound(struct interp *I, CXCursor call, const struct ac_state *s, const char *what)
{
    if (s && s->u.tensor.buffer >= 0)
        return true;
    interp_unsupported(I, call, "%s is a tensor the frontend cannot place in memory (not from a "
                       "queue, TBuf, LocalTensor(pos, addr, n) or SetGlobalBuffer)", what);
    return false;
}

/* Splits a HardEvent name "MTE2_V" into the pipes it orders. */
static bool event_pipes(const char *event, char src[8], char dst[8])
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
static void emit_event(struct interp *I, CXCursor call, const char *event, bool set, int64_t id)
{
    char src[8], dst[8];
    if (!event_pipes(event, src, dst)) {
        interp_unsupported(I, call, "event %s is not modelled", event);
        return;
    }
    struct as_loc at = interp_loc(I, call);
    if (!strcmp(src, dst)) {
        if (set)
            emit_barrier(out(I), at, src);
        return;
    }
    emit_flag(out(I), at, set, src, dst, id);
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

static void wait_pending_frees(struct interp *I, CXCursor at_call, struct as_loc at,
                               struct pipe_state *p)
{
    (void)at_call;
    for (size_t i = 0; i < p->queues.len; i++) {
        struct queue_state *q = &p->queues.items[i]->u.queue;
        for (int k = 0; k < q->nslots; k++) {
            struct slot *s = &q->slots[k];
            if (s->state != SLOT_FREE || s->free_id < 0)
                continue;
            char src[8], dst[8];
            if (event_pipes(q->pos->free, src, dst))
                emit_flag(out(I), at, false, src, dst, s->free_id);
            release_id(p, q->pos->free, s->free_id);
            s->free_id = -1;
        }
    }
}

static void pipe_teardown(struct interp *I, struct ac_state *s, struct as_loc at, bool barrier)
{
    struct pipe_state *p = &s->u.pipe;
    if (p->destroyed)
        return;
    wait_pending_frees(I, clang_getNullCursor(), at, p);
    if (barrier) {
        emit_barrier(out(I), at, "ALL");
        p->destroyed = true;
    } else {
        memset(p->next, 0, sizeof(p->next));
        p->pools.len = 0;
    }
}

static void destroy(struct interp *I, void *state, struct as_loc at)
{
    struct ac_state *s = state;
    if (s->kind == AC_PIPE)
        pipe_teardown(I, s, at, true);   /* ~TPipe: Destroy() */
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
    if (num < 1 || num > MAX_SLOTS || q->nslots) {
        interp_unsupported(I, call, q->nslots ? "a queue initialized twice is not modelled"
                                              : "a buffer count outside 1..64 is not modelled");
        return true;
    }
    len = (len + 31) / 32 * 32;
    int sp = space_index(q->pos->space);
    struct as_loc at = interp_loc(I, call);
    for (int k = 0; k < num; k++) {
        char *name = num > 1 ? xasprintf("%s_%d", q->name, k) : xstrdup(q->name);
        char *what = xasprintf("%s %s buffer %d of %lld", q->tbuf ? "TBuf" : "TQue", q->pos->name,
                               k, (long long)num);
        q->slots[k] = (struct slot){.buffer = pir_writer_buffer(I->w, name, q->pos->space, len,
                                                                pipe->u.pipe.next[sp], at, what),
                                    .free_id = -1, .enque_id = -1, .state = SLOT_FREE};
        pipe->u.pipe.next[sp] += len;
        free(name);
        free(what);
    }
    q->nslots = (int)num;
    q->slot_len = len;
    q->pipe = pipe;     /* not counted: the pipe holds its queues, not the other way round */
    qs->refs++;
    VEC_PUSH(pipe->u.pipe.queues, qs);
    return true;
}

static const char *template_event(struct interp *I, CXCursor fn, CXCursor call)
{
    const char *e = interp_template_enum(I, fn, call, 0);
    if (!e)
        interp_unsupported(I, call, "the event of this call is not known");
    return e;
}

static bool pipe_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
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
            release(arg->obj->api);
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

static bool queue_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
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
        if (sl->free_id >= 0) {
            emit_event(I, call, q->pos->free, false, sl->free_id);
            release_id(p, q->pos->free, sl->free_id);
            sl->free_id = -1;
        }
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
        if (sl->enque_id >= 0) {
            emit_event(I, call, q->pos->enque, false, sl->enque_id);
            release_id(p, q->pos->enque, sl->enque_id);
            sl->enque_id = -1;
        }
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
        for (int k = 0; k < q->nslots; k++)
            if (q->slots[k].state == SLOT_FREE && q->slots[k].free_id >= 0) {
                emit_event(I, call, q->pos->free, false, q->slots[k].free_id);
                release_id(p, q->pos->free, q->slots[k].free_id);
                q->slots[k].free_id = -1;
            }
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

/* ---- tensors ---- */

static bool tensor_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                        CXCursor call, struct value *args, int nargs, struct value *result)
{
    (void)fn;
    struct tensor_state *t = &s->u.tensor;
    CXType type = clang_getCursorType(call);
    if (!strcmp(name, "LocalTensor") && nargs == 3) {   /* LocalTensor(pos, addr, n) */
        int64_t pos, addr, n;
        if (!interp_int(I, call, args[0], "the position", &pos) ||
            !interp_int(I, call, args[1], "the address", &addr) ||
            !interp_int(I, call, args[2], "the length", &n))
            return true;
        CXCursor enum_decl = clang_getTypeDeclaration(clang_getCursorType(
            clang_Cursor_getArgument(fn, 0)));
        const char *pname = interp_enumerator(I, enum_decl, pos);
        const struct position *p = pname ? find_position(pname) : NULL;
        if (!p) {
            interp_unsupported(I, call, "a LocalTensor on position %s is not modelled",
                               pname ? pname : "?");
            return true;
        }
        int64_t bytes = n * (t->element ? t->element : 1);
        char *name_s = xasprintf("%s_%llx", p->space, (unsigned long long)addr);
        t->buffer = pir_writer_buffer(I->w, name_s, p->space, bytes, addr, interp_loc(I, call),
                                      "LocalTensor");
        free(name_s);
        t->space = p->space;
        t->offset = 0;
        t->length = bytes;
        return true;
    }
    if (!strcmp(name, "SetGlobalBuffer")) {
        if (nargs < 1 || args[0].kind != VAL_POINTER) {
            interp_unsupported(I, call, "SetGlobalBuffer of an address the frontend cannot trace "
                               "to a kernel argument");
            return true;
        }
        int64_t n = -1;   /* a size not known (or not given): the buffer's rest */
        if (nargs == 2 && args[1].kind == VAL_INT)
            n = args[1].num;
        t->buffer = args[0].buffer;
        t->space = "GM";
        t->offset = args[0].num;
        t->length = n >= 0 ? n * (t->element ? t->element : 1) : INT64_MAX / 4;
        return true;
    }
    if (!strcmp(name, "operator[]")) {
        int64_t i;
        if (!bound(I, call, s, "the indexed tensor") ||
            !interp_int(I, call, args[0], "the index", &i))
            return true;
        struct ac_state *c = new_state(s->kind);
        c->u.tensor = *t;
        c->u.tensor.offset += i * t->element;
        c->u.tensor.length -= i * t->element;
        *result = interp_api_object(I, type, c);
        return true;
    }
    if (!strcmp(name, "ReinterpretCast")) {
        struct ac_state *c = new_state(s->kind);
        c->u.tensor = *t;
        c->u.tensor.element = interp_element_size(type);
        *result = interp_api_object(I, type, c);
        return true;
    }
    if (!strcmp(name, "GetValue") || !strcmp(name, "SetValue")) {
        int64_t i;
        if (!bound(I, call, s, "the tensor") || !interp_int(I, call, args[0], "the index", &i))
            return true;
        struct tensor_state at = *t;
        at.offset += i * t->element;
        struct emit_region r = region(&at, t->element);
        if (name[0] == 'G') {
            emit_access(out(I), interp_loc(I, call), "S", "get_value", NULL, &r, 1);
            *result = (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        } else {
            emit_access(out(I), interp_loc(I, call), "S", "set_value", &r, NULL, 0);
        }
        return true;
    }
    if (!strcmp(name, "GetSize") || !strcmp(name, "GetLength")) {
        int64_t es = t->element ? t->element : 1;
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = name[3] == 'S' ? t->length / es : t->length};
        return true;
    }
    if (!strcmp(name, "SetSize")) {
        int64_t n;
        if (interp_int(I, call, args[0], "the size", &n))
            t->length = n * (t->element ? t->element : 1);
        return true;
    }
    if (!strcmp(name, "GetPhyAddr")) {
        *result = s->kind == AC_GLOBAL
                      ? (struct value){.kind = VAL_POINTER, .buffer = t->buffer, .num = t->offset}
                      : (struct value){.kind = VAL_UNKNOWN, .buffer = -1};
        return true;
    }
    return false;
}

/* ---- data copies and vector instructions ---- */

/* The pipe that moves data from one space to another. */
static const char *copy_unit(const char *from, const char *to, const char **op)
{
    static const struct { const char *from, *to, *unit, *op; } table[] = {
        {"GM", "UB", "MTE2", "copy"}, {"UB", "GM", "MTE3", "copy"},
        {"UB", "UB", "V", "copy_ubuf_to_ubuf"}, {"GM", "L1", "MTE2", "copy"},
        {"GM", "L0A", "MTE2", "load"}, {"GM", "L0B", "MTE2", "load"}, {"UB", "L1", "MTE3", "copy"},
        {"L1", "UB", "MTE1", "copy"}, {"L0C", "GM", "FIX", "fixpipe"}, {"L0C", "L1", "FIX", "fixpipe"},
    };
    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
        if (!strcmp(table[i].from, from) && !strcmp(table[i].to, to)) {
            *op = table[i].op;
            return table[i].unit;
        }
    return NULL;
}

static int64_t field_int(struct interp *I, CXCursor call, struct value rec, const char *field,
                         bool *ok)
{
    if (rec.kind != VAL_OBJECT || !rec.obj)
        return *ok = false, 0;
    for (size_t i = 0; i < rec.obj->fields.len; i++)
        if (!strcmp(rec.obj->fields.items[i].name, field)) {
            int64_t v;
            if (interp_int(I, call, rec.obj->fields.items[i].v, field, &v))
                return v;
        }
    return *ok = false, 0;
}

static bool data_copy(struct interp *I, const char *name, CXCursor call, struct value *args,
                      int nargs)
{
    struct ac_state *dst = nargs >= 2 ? (struct ac_state *)(args[0].kind == VAL_OBJECT && args[0].obj ? args[0].obj->api : NULL) : NULL;
    struct ac_state *src = nargs >= 2 ? (struct ac_state *)(args[1].kind == VAL_OBJECT && args[1].obj ? args[1].obj->api : NULL) : NULL;
    if (!dst || !src || dst->kind == AC_PIPE || dst->kind == AC_QUEUE || src->kind == AC_PIPE ||
        src->kind == AC_QUEUE)
        return false;
    if (!bound(I, call, dst, "the destination") || !bound(I, call, src, "the source"))
        return true;
    const struct tensor_state *d = &dst->u.tensor, *s = &src->u.tensor;
    const char *op;
    const char *unit = copy_unit(s->space, d->space, &op);
    if (!unit) {
        interp_unsupported(I, call, "%s from %s to %s is not modelled", name, s->space, d->space);
        return true;
    }
    int64_t dst_bytes, src_bytes;
    bool ok = true;
    if (!strcmp(name, "DataCopy") && nargs == 3 && args[2].kind == VAL_INT) {
        /* count form: whole 32-byte blocks of count elements */
        dst_bytes = src_bytes = args[2].num * s->element / 32 * 32;
    } else if (!strcmp(name, "DataCopy") && nargs == 3) {
        int64_t count = field_int(I, call, args[2], "blockCount", &ok);
        int64_t len = field_int(I, call, args[2], "blockLen", &ok) * 32;
        int64_t sgap = field_int(I, call, args[2], "srcStride", &ok) * 32;
        int64_t dgap = field_int(I, call, args[2], "dstStride", &ok) * 32;
        if (!ok)
            return true;
        src_bytes = count > 0 ? count * len + (count - 1) * sgap : 0;
        dst_bytes = count > 0 ? count * len + (count - 1) * dgap : 0;
    } else if (!strcmp(name, "DataCopyPad") && nargs >= 3) {
        /* blockLen and the GM-side gap in bytes; UB bursts padded to 32 bytes, UB gap in blocks */
        int64_t count = field_int(I, call, args[2], "blockCount", &ok);
        int64_t len = field_int(I, call, args[2], "blockLen", &ok);
        int64_t sgap = field_int(I, call, args[2], "srcStride", &ok);
        int64_t dgap = field_int(I, call, args[2], "dstStride", &ok);
        if (!ok)
            return true;
        int64_t padded = (len + 31) / 32 * 32;
        bool to_local = strcmp(d->space, "GM") != 0;
        src_bytes = count > 0 ? count * (to_local ? len : padded) +
                                    (count - 1) * (to_local ? sgap : sgap * 32) : 0;
        dst_bytes = count > 0 ? count * (to_local ? padded : len) +
                                    (count - 1) * (to_local ? dgap * 32 : dgap) : 0;
    } else {
        if (args[2].kind != VAL_INT && args[2].kind != VAL_OBJECT)
            interp_int(I, call, args[2], "the element count", &(int64_t){0});
        return args[2].kind == VAL_UNKNOWN;
    }
    if (dst_bytes <= 0 || src_bytes <= 0)
        return true;   /* copies nothing */
    struct emit_region from = region(s, src_bytes), to = region(d, dst_bytes);
    emit_access(out(I), interp_loc(I, call), unit, op, &to, &from, 1);
    return true;
}

enum vector_shape { VEC_BINARY, VEC_UNARY, VEC_SCALAR, VEC_DUP, VEC_CAST };

/* Each vector API with the model's op name for it (the API's own name is in the PIR
 * line's comment). */
static const struct vector_api {
    const char *name, *op;
    enum vector_shape shape;
} vector_apis[] = {
    {"Add", "vadd", VEC_BINARY}, {"Sub", "vsub", VEC_BINARY}, {"Mul", "vmul", VEC_BINARY},
    {"Div", "vdiv", VEC_BINARY}, {"Max", "vmax", VEC_BINARY}, {"Min", "vmin", VEC_BINARY},
    {"And", "vand", VEC_BINARY}, {"Or", "vor", VEC_BINARY},
    {"Exp", "vexp", VEC_UNARY}, {"Ln", "vln", VEC_UNARY}, {"Abs", "vabs", VEC_UNARY},
    {"Reciprocal", "vrec", VEC_UNARY}, {"Sqrt", "vsqrt", VEC_UNARY},
    {"Rsqrt", "vrsqrt", VEC_UNARY}, {"Relu", "vrelu", VEC_UNARY}, {"Not", "vnot", VEC_UNARY},
    {"Adds", "vadds", VEC_SCALAR}, {"Muls", "vmuls", VEC_SCALAR}, {"Maxs", "vmaxs", VEC_SCALAR},
    {"Mins", "vmins", VEC_SCALAR}, {"LeakyRelu", "vop", VEC_SCALAR},
    {"Duplicate", "vdup", VEC_DUP}, {"Cast", "vconv", VEC_CAST},
};

static bool vector_call(struct interp *I, const struct vector_api *api, CXCursor call,
                        struct value *args, int nargs)
{
    /* operands that are tensors, and the count-form arity */
    int ntensors = api->shape == VEC_BINARY ? 3 : api->shape == VEC_DUP ? 1 : 2;
    int count_arity = api->shape == VEC_BINARY ? 4 : api->shape == VEC_UNARY ? 3
                    : api->shape == VEC_SCALAR ? 4 : api->shape == VEC_DUP ? 3 : 4;
    struct ac_state *t[3] = {NULL, NULL, NULL};
    for (int i = 0; i < ntensors; i++) {
        t[i] = i < nargs ? api_state(args[i], AC_LOCAL) : NULL;
        if (!bound(I, call, t[i], i == 0 ? "the destination" : "a source"))
            return true;
    }
    int64_t count = -1;
    if (nargs == count_arity &&
        !interp_int(I, call, args[nargs - 1], "the element count", &count))
        return true;
    struct emit_region regions[3];
    for (int i = 0; i < ntensors; i++) {
        const struct tensor_state *ts = &t[i]->u.tensor;
        /* repeat form: the rest of the tensor (its mask and strides are not evaluated) */
        regions[i] = region(ts, count >= 0 ? count * ts->element : ts->length);
    }
    emit_access(out(I), interp_loc(I, call), "V", api->op, &regions[0], regions + 1,
                ntensors - 1);
    return true;
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

/* A tiling field's value when no -D gives one: positions (start, end, index) 0, counts
 * (loops, cores, tiles) small, sizes large enough that a copy moves whole 32-byte blocks. */
static int64_t tiling_default(const char *name)
{
    static const char *const position_words[] = {"start", "Start", "end", "End", "idx", "Idx",
                                            "index", "Index", "offset", "Offset", "begin",
                                            "Begin"};
    for (size_t i = 0; i < sizeof(position_words) / sizeof(position_words[0]); i++)
        if (strstr(name, position_words[i]))
            return 0;
    static const char *const counts[] = {"num", "Num", "NUM", "count", "Count", "loop", "Loop",
                                         "times", "Times", "core", "Core", "key", "Key", "mode",
                                         "Mode", "flag", "Flag", "type", "Type"};
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
        if (strstr(name, counts[i]))
            return 2;
    return 256;
}

static bool build_call(struct interp *I, const char *name, CXCursor call, struct value *args,
                       int nargs, struct value *result)
{
    if (!strcmp(name, "AccelsyncTiling")) {
        *result = interp_runtime_record(I, clang_getCursorType(call), "tiling field", tiling_default);
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
    return false;
}

static bool free_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                      struct value *args, int nargs, struct value *result)
{
    if (build_call(I, name, call, args, nargs, result))
        return true;
    if (!strcmp(name, "GetBlockIdx") || !strcmp(name, "get_block_idx")) {
        *result = (struct value){.kind = VAL_INT, .buffer = -1,
                                 .num = interp_runtime(I, "block_idx", 0, "GetBlockIdx()")};
        return true;
    }
    if (!strcmp(name, "GetBlockNum") || !strcmp(name, "get_block_num")) {
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
        const char *pipe = interp_template_enum(I, fn, call, 0);
        if (!pipe || strncmp(pipe, "PIPE_", 5) != 0)
            return false;
        emit_barrier(out(I), interp_loc(I, call), pipe + 5);
        return true;
    }
    if (!strcmp(name, "set_flag") || !strcmp(name, "wait_flag")) {
        char src[8], dst[8];
        int64_t id;
        if (nargs != 3 || !pipe_arg(I, fn, 0, args[0], src) || !pipe_arg(I, fn, 1, args[1], dst) ||
            !interp_int(I, call, args[2], "the event id", &id))
            return false;
        emit_flag(out(I), interp_loc(I, call), name[0] == 's', src, dst, id);
        return true;
    }
    if (!strcmp(name, "pipe_barrier")) {
        char p[8];
        if (nargs != 1 || !pipe_arg(I, fn, 0, args[0], p))
            return false;
        emit_barrier(out(I), interp_loc(I, call), p);
        return true;
    }
    if (!strcmp(name, "DataCopy") || !strcmp(name, "DataCopyPad"))
        return data_copy(I, name, call, args, nargs);
    for (size_t i = 0; i < sizeof(vector_apis) / sizeof(vector_apis[0]); i++)
        if (!strcmp(name, vector_apis[i].name))
            return vector_call(I, &vector_apis[i], call, args, nargs);
    return false;
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
    }
    return false;
}

static const struct api_ops ascendc_ops = {construct, copy, destroy, release, call};


const struct api_ops *ascendc_api(void)
{
    return &ascendc_ops;
}

void *ascendc_api_data_new(struct pir_writer *w, bool auto_sync)
{
    struct ascendc *a = xcalloc(1, sizeof(*a));
    a->out = emitter_new(w, auto_sync);
    return a;
}

void ascendc_api_data_free(void *data)
{
    struct ascendc *a = data;
    if (!a)
        return;
    if (a->current_pipe)
        release(a->current_pipe);
    emitter_free(a->out);
    free(a);
}
