/* What the Ascend C layer's files share, below all of them: the state of the API's objects
 * (pipes, queues, tensors), of a run (struct ascendc), and the helpers every feature file
 * uses to reach it and to write PIR. The dispatcher (ascendc_api.c) and the feature files
 * (queues, tensors, cube, cores, unit flags) import this, never each other's dispatcher.
 * The rules are the public API documentation's (docs/frontends.md lists them). */
#ifndef AS_FRONTEND_ASCENDC_STATE_H
#define AS_FRONTEND_ASCENDC_STATE_H

#include "../clang/clang_api.h"
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../model/model.h"
#include "../interp/interp.h"
#include "../pir/emit.h"

/* What the runs of one kernel entry share: the mode each cross-core flag is set in, read by
 * the waits that do not name one (CrossCoreWaitFlag(f) waits on f's counter whatever set it). */
enum { AC_CROSS_FLAGS = 16, AC_MODE_NONE = -1, AC_MODE_SEVERAL = -2 };
/* The vector cores of a MIX kernel's group (AI core): the vendor's MIX_AIC_1_2 kernel type. */
enum { AC_MIX_VECTOR_CORES = 2 };
struct ascendc_entry_facts {
    int set_mode[AC_CROSS_FLAGS];   /* a mode, AC_MODE_NONE or AC_MODE_SEVERAL */
};
/* How a run is lowered: on a vector core, or on the cube core (cube_core) where g_coreType is
 * AIC; mix: the run is one core of a MIX kernel's group. auto_sync: add the syncs the compiler
 * adds under --cce-auto-sync (never on the cube core). */
struct ascendc_run {
    bool auto_sync, cube_core, mix;
    bool probe;             /* a run that only asks what the cube core does (thrown away) */
    struct ascendc_entry_facts *facts;
    const struct model_source *source;  /* the model's frontend data (positions) */
};
/* What a run of the kernel showed about the cores it needs. */
struct ascendc_traits {
    bool cross_core;        /* it synchronized cores: SyncAll, a cross-core flag */
    bool core_dependent;    /* it read GetBlockIdx(), GetBlockNum() or GetSubBlockIdx() */
    bool cube;              /* it used the cube: Mmad, LoadData, Fixpipe, ND-to-NZ copies */
    bool cube_link;         /* it linked vector and cube cores: mode-2 flags, SyncAll<false> */
    bool core_type_read;    /* it read g_coreType */
    bool vector_on_cube;    /* a probe on the cube core reached a vector API (not lowered) */
};
enum { MAX_EVENT_IDS = 8, MAX_SLOTS = 64, MAX_SPACES = 16 };

/* A logical position (TPosition): its hardware space, and the flags the framework sets when a
 * buffer is handed on (EnQue/DeQue) and when it is given back (FreeTensor/AllocTensor): the
 * model's <position> data (hwmodels/), or a TQueBind's. */
struct position {
    const char *name, *space, *enque, *free;
};
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
    const char *atomic_op;          /* SetAtomicAdd/Max/Min's op for copies from UB to GM
                                     * (copy_atomic_add, ...), until SetAtomicNone; NULL */
};

/* The layer's state for the run I is in. */
struct ascendc *state_of(struct interp *I);
struct ac_state *new_state(enum ac_kind kind);
struct ac_state *api_state(struct value v, enum ac_kind kind);   /* NULL if not of that kind */
/* Drops a reference (api_ops.release): pipes and queues are shared, freed with the last. */
void release_state(void *state);
/* Where the run's statements are written. */
struct emitter *emitter_of(struct interp *I);
/* Bytes [offset, offset + len) of the tensor's view. */
struct emit_region tensor_region(const struct tensor_state *t, int64_t len);
/* Whether s is a tensor placed in memory; reported (naming `what`) when it is not. */
bool tensor_bound(struct interp *I, CXCursor call, const struct ac_state *s, const char *what);
/* Splits a HardEvent name "MTE2_V" into the pipes it orders. */
bool event_pipes(const char *event, char src[8], char dst[8]);
void emit_event(struct interp *I, CXCursor call, const char *event, bool set, int64_t id);
/* PIPE_X as the template argument i of fn: "X", or NULL. */
const char *template_pipe(struct interp *I, CXCursor fn, CXCursor call, unsigned i);
/* Integer field `field` of a parameter struct; reports it (unknown or missing) and clears
 * *ok when it cannot be read; nothing once *ok is false. */
int64_t field_int(struct interp *I, CXCursor call, struct value rec, const char *field, bool *ok);
/* The HardEvent that fn's first template argument names (SetFlag<HardEvent::MTE2_V>:
 * "MTE2_V"); NULL, reported, when it is not known. */
const char *template_event(struct interp *I, CXCursor fn, CXCursor call);

#endif
