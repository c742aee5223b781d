/* What the Ascend C API layer's files share (ascendc_api.c: lifecycle, dispatch and sync;
 * ascendc_queues.c: TPipe, event-id pools, TQue and TBuf; ascendc_tensors.c: tensors, data
 * copies, vector instructions). The rules are the public API documentation's
 * (docs/frontends.md lists them). */
#ifndef AS_FRONTEND_ASCENDC_INTERNAL_H
#define AS_FRONTEND_ASCENDC_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "../../model/model.h"
#include "ascendc_api.h"
#include "../pir/emit.h"

enum { MAX_EVENT_IDS = 8, MAX_SLOTS = 64, MAX_SPACES = 16 };

/* A logical position (TPosition): its hardware space, and the flags the framework sets when a
 * buffer is handed on (EnQue/DeQue) and when it is given back (FreeTensor/AllocTensor): the
 * model's <position> data (hwmodels/), or a TQueBind's. */
struct position {
    const char *name, *space, *enque, *free;
};
/* The model's position `name`, or NULL (not declared for this model). */
const struct position *find_position(const struct model_source *ms, const char *name);
/* The position of a TQueBind<src, dst> (src's itself when they are the same), or NULL. */
const struct position *find_bind_position(const struct model_source *ms, const char *src,
                                          const char *dst);

enum ac_kind { AC_PIPE, AC_QUEUE, AC_LOCAL, AC_GLOBAL, AC_SYNC };

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
    struct {
        const char *space;
        int64_t next;
    } bump[MAX_SPACES];     /* the bump pointer of each space allocated from */
    int nbump;
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
    int64_t offset, length; /* bytes: the tensor's view of the buffer; offset
                             * EMIT_WHOLE_BUFFER: a GM view at a place data decides */
    int64_t element;        /* sizeof(T) */
};

struct ac_state {
    enum ac_kind kind;
    int refs;               /* pipes and queues are shared by copies, tensors are values */
    union {
        struct pipe_state pipe;
        struct queue_state queue;
        struct tensor_state tensor;
        char sync_event[24];        /* AC_SYNC: TQueSync<PIPE_A, PIPE_B>'s event, "A_B" */
    } u;
};

/* A constant array of the source placed in GM, and its buffer. */
struct gm_constant {
    CXCursor decl;
    int buffer;
};

/* g_coreType's values (the stub's AccelsyncCoreType). */
enum { AC_CORE_AIC = 1, AC_CORE_AIV = 2 };

/* L0C bytes [start, end) under the unitFlag hand-off (ascendc_unit_flag.c). */
struct unit_region {
    int64_t start, end;
    enum {
        UNIT_COMPUTED,      /* an Mmad marked it computed, no Fixpipe moved it out yet */
        UNIT_AWAITED,       /* computed, and an Mmad already waits for it to be moved out */
        UNIT_MOVED,         /* moved out, no Mmad has waited for that yet */
    } state;
};

struct ascendc {
    struct ac_state *current_pipe;  /* GetTPipePtr() */
    struct emitter *out;            /* the kernel's statements */
    int tiling_buffer;              /* the tiling argument's GM buffer, or -1 */
    VEC(struct gm_constant) constants;
    struct ascendc_traits traits;   /* what the run showed about the cores it needs */
    int core_type;                  /* g_coreType's value here, AC_CORE_AIC or AC_CORE_AIV */
    bool mix;                       /* lowered as a MIX kernel: one cube and two vector cores */
    bool probe;                     /* a thrown-away run asking what the cube core does */
    struct ascendc_entry_facts *facts;
    const struct model_source *source;  /* the model's frontend data: positions */
    struct value sys_workspace;     /* SetSysWorkspace's pointer, VAL_NONE before */
    VEC(struct unit_region) unit_regions;
};

/* ascendc_api.c */
/* PIPE_X as the template argument i of fn: "X", or NULL. */
const char *template_pipe(struct interp *I, CXCursor fn, CXCursor call, unsigned i);
struct ascendc *state_of(struct interp *I);
struct ac_state *new_state(enum ac_kind kind);
struct ac_state *api_state(struct value v, enum ac_kind kind);   /* NULL if not of that kind */
void release(void *state);
struct emitter *out(struct interp *I);
struct emit_region region(const struct tensor_state *t, int64_t len);
bool bound(struct interp *I, CXCursor call, const struct ac_state *s, const char *what);
bool event_pipes(const char *event, char src[8], char dst[8]);
void emit_event(struct interp *I, CXCursor call, const char *event, bool set, int64_t id);
const char *template_event(struct interp *I, CXCursor fn, CXCursor call);

/* ascendc_cores.c: SyncAll, CrossCoreSetFlag, CrossCoreWaitFlag; false if `name` is none of
 * them (or a form not declared). */
bool cross_core_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                     struct value *args, int nargs);

/* ascendc_cube.c: Mmad, LoadData, Fixpipe, DataCopy(L1, GM, Nd2NzParams); false if `name`
 * is none of them (or a form not declared). */
bool cube_call(struct interp *I, const char *name, CXCursor call, struct value *args, int nargs);

/* ascendc_unit_flag.c: the unitFlag hand-off around an Mmad (writing len bytes of c) and a
 * Fixpipe (reading src into dst). unit_flag_mode reads the field (false: reported); the
 * _begin functions write the waits before the access (false: reported, nothing written), the
 * _end functions the sets after it (after a Fixpipe's read of L0C, before its write). */
bool unit_flag_mode(struct interp *I, CXCursor call, struct value params, const char *api,
                    int64_t *mode);
bool unit_flag_mmad_begin(struct interp *I, CXCursor call, int64_t mode,
                          const struct tensor_state *c, int64_t len, struct unit_region *r);
void unit_flag_mmad_end(struct interp *I, CXCursor call, int64_t mode, const struct unit_region *r);
bool unit_flag_fixpipe_begin(struct interp *I, CXCursor call, int64_t mode,
                             const struct tensor_state *src, const struct tensor_state *dst,
                             int64_t len, struct unit_region *r);
void unit_flag_fixpipe_end(struct interp *I, CXCursor call, int64_t mode,
                           const struct unit_region *r);
/* A copy reading len bytes of src without unitFlag: reported (false) when they are L0C
 * bytes a Fixpipe with unitFlag moved out, which the device may read before the Mmad ends. */
bool unit_flag_plain_read(struct interp *I, CXCursor call, const struct tensor_state *src,
                          int64_t len);
/* The kernel's end: waits the moved-out marks no Mmad took back. */
void unit_flag_end_kernel(struct interp *I, struct as_loc at);

/* ascendc_queues.c */
void pipe_teardown(struct interp *I, struct ac_state *s, struct as_loc at, bool barrier);
bool pipe_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
               CXCursor call, struct value *args, int nargs, struct value *result);
bool queue_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                CXCursor call, struct value *args, int nargs, struct value *result);

/* ascendc_tensors.c */
bool tensor_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                 CXCursor call, struct value *args, int nargs, struct value *result);
bool data_copy(struct interp *I, const char *name, CXCursor call, struct value *args, int nargs);
/* Integer field `field` of a parameter struct; reports it (unknown or missing) and clears
 * *ok when it cannot be read; nothing once *ok is false. */
int64_t field_int(struct interp *I, CXCursor call, struct value rec, const char *field, bool *ok);
/* `*p`, `p[i]` through a pointer into a buffer: the scalar unit's access (api_ops.scalar); a
 * word of the tiling argument read at a known offset is a runtime value. */
struct value scalar_access(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                           bool write);
/* A vector API by name: false if `name` is none. */
bool vector_call_named(struct interp *I, const char *name, CXCursor call, struct value *args,
                       int nargs);

#endif
