/* Both sides of a condition on data under the Ascend C layer (api_ops.branch_open, interp.h):
 * a side may be joined with the other when it left the layer's objects (pipes, queues,
 * tensors) and the run's state (the current pipe, atomic mode, unit-flag regions) as they
 * were, whatever accesses it made: those are joined in auto-sync's tracking (emit_join.c).
 * A side that allocated, queued or freed a buffer, or set an atomic mode, is a run of its own
 * (interp_branch.c). The constants placed in GM are not state: placing one is the same on
 * either side. */
#include "ascendc_branch.h"
#include "ascendc_state.h"
#include "../../util/bytes.h"

#include <stdlib.h>

struct api_branch {
    size_t nobjects;            /* the objects there were: those made since die with the side */
    struct bytes state;         /* the layer's state at the choice */
    struct emit_saved *at;      /* auto-sync's tracking at the choice */
    struct emit_side *side;     /* ... at the end of the first side */
};

static void put_value(struct bytes *b, struct value v)
{
    BYTES_PUT(b, v.kind);
    BYTES_PUT(b, v.num);
    BYTES_PUT(b, v.buffer);
    BYTES_PUT(b, v.obj);
}

static void put_object_state(struct bytes *b, const struct ac_state *s)
{
    BYTES_PUT(b, s);
    if (!s)
        return;
    BYTES_PUT(b, s->kind);
    switch (s->kind) {
    case AC_PIPE: {
        const struct pipe_state *p = &s->u.pipe;
        BYTES_PUT(b, p->nbump);
        for (int i = 0; i < p->nbump; i++) {
            BYTES_PUT(b, p->bump[i].space);
            BYTES_PUT(b, p->bump[i].next);
        }
        BYTES_PUT(b, p->pools.len);
        for (size_t i = 0; i < p->pools.len; i++) {
            BYTES_PUT(b, p->pools.items[i].event);
            BYTES_PUT(b, p->pools.items[i].used);
        }
        BYTES_PUT(b, p->queues.len);
        BYTES_PUT(b, p->destroyed);
        break;
    }
    case AC_QUEUE: {
        const struct queue_state *q = &s->u.queue;
        BYTES_PUT(b, q->pos);
        BYTES_PUT(b, q->nslots);
        for (int i = 0; i < q->nslots && i < MAX_SLOTS; i++) {
            BYTES_PUT(b, q->slots[i].buffer);
            BYTES_PUT(b, q->slots[i].free_id);
            BYTES_PUT(b, q->slots[i].enque_id);
            BYTES_PUT(b, q->slots[i].state);
        }
        BYTES_PUT(b, q->slot_len);
        BYTES_PUT(b, q->next_alloc);
        BYTES_PUT(b, q->fifo_head);
        BYTES_PUT(b, q->fifo_len);
        for (int i = 0; i < q->fifo_len && i < MAX_SLOTS; i++)
            BYTES_PUT(b, q->fifo[(q->fifo_head + i) % MAX_SLOTS]);
        BYTES_PUT(b, q->pipe);
        break;
    }
    case AC_LOCAL:
    case AC_GLOBAL: {
        const struct tensor_state *t = &s->u.tensor;
        BYTES_PUT(b, t->buffer);
        BYTES_PUT(b, t->space);
        BYTES_PUT(b, t->offset);
        BYTES_PUT(b, t->length);
        BYTES_PUT(b, t->element);
        break;
    }
    case AC_SYNC:
        bytes_put(b, s->u.sync_event, sizeof(s->u.sync_event));
        break;
    }
}

/* The layer's state that a side must leave as it found it. */
static void put_state(struct interp *I, size_t nobjects, struct bytes *b)
{
    const struct ascendc *a = state_of(I);
    BYTES_PUT(b, a->current_pipe);
    BYTES_PUT(b, a->tiling_buffer);
    BYTES_PUT(b, a->core_type);
    put_value(b, a->sys_workspace);
    BYTES_PUT(b, a->atomic_op);
    BYTES_PUT(b, a->unit_regions.len);
    for (size_t i = 0; i < a->unit_regions.len; i++) {
        BYTES_PUT(b, a->unit_regions.items[i].start);
        BYTES_PUT(b, a->unit_regions.items[i].end);
        BYTES_PUT(b, a->unit_regions.items[i].state);
    }
    for (size_t i = 0; i < nobjects; i++)
        put_object_state(b, I->objects.items[i]->api);
}

/* Whether the layer's state is the one at the choice. */
static bool unchanged(struct interp *I, const struct api_branch *br)
{
    struct bytes now = {0};
    put_state(I, br->nobjects, &now);
    bool same = bytes_same(&now, &br->state);
    free(now.items);
    return same;
}

static void diverged(void *ctx, uint32_t tag)
{
    interp_branch_diverged(ctx, tag);
}

struct api_branch *ascendc_branch_open(struct interp *I)
{
    struct api_branch *br = xcalloc(1, sizeof(*br));
    br->nobjects = I->objects.len;
    put_state(I, br->nobjects, &br->state);
    emitter_on_diverged(emitter_of(I), diverged, I);
    br->at = emitter_save(emitter_of(I));
    return br;
}

bool ascendc_branch_next(struct interp *I, struct api_branch *br)
{
    if (!unchanged(I, br))
        return false;
    br->side = emitter_take_side(emitter_of(I), br->at);
    return true;
}

bool ascendc_branch_join(struct interp *I, struct api_branch *br, uint32_t tag)
{
    return unchanged(I, br) && emitter_join(emitter_of(I), br->at, br->side, tag);
}

void ascendc_branch_free(struct api_branch *br)
{
    free(br->state.items);
    emit_saved_free(br->at);
    emit_side_free(br->side);
    free(br);
}

bool ascendc_side_uses_redundant(struct interp *I)
{
    return emitter_orders_issuer(emitter_of(I));
}
