/* Both sides of a condition on data under the ISA layer (api_ops.branch_open, interp.h). The
 * SDK keeps its queues and pools in the program's own objects, which the interpreter joins;
 * the layer keeps the registers the intrinsics set (vector mask, counter mode, CMPMASK,
 * atomic mode, the mode of each cross-core flag) and auto-sync's tracking. The first side's
 * registers are put back for the second, and the sides join when they leave the registers
 * alike; their accesses are joined in the tracking (emit_join.c). The on-chip spaces a side
 * declares stay declared: declaring one is the same on either side. */
#include "isa_branch.h"
#include "isa_internal.h"
#include "../../../util/bytes.h"

#include <stdlib.h>

struct api_branch {
    struct isa_state at_choice;     /* the registers at the choice */
    struct bytes first;             /* ... left by the first side */
    struct emit_saved *at;
    struct emit_side *side;
};

static void put_registers(const struct isa_state *s, struct bytes *b)
{
    BYTES_PUT(b, s->counter_mode);
    BYTES_PUT(b, s->mask[0]);
    BYTES_PUT(b, s->mask[1]);
    BYTES_PUT(b, s->mask_known);
    bytes_put(b, s->cross_mode, sizeof(s->cross_mode));
    BYTES_PUT(b, s->dup.buffer);
    BYTES_PUT(b, s->dup.offset);
    BYTES_PUT(b, s->dup.value);
    BYTES_PUT(b, s->cmpmask_word);
    BYTES_PUT(b, s->cmpmask_known);
    BYTES_PUT(b, s->atomic_op);
}

static void restore_registers(struct isa_state *s, const struct isa_state *from)
{
    s->counter_mode = from->counter_mode;
    memcpy(s->mask, from->mask, sizeof(s->mask));
    s->mask_known = from->mask_known;
    memcpy(s->cross_mode, from->cross_mode, sizeof(s->cross_mode));
    s->dup = from->dup;
    s->cmpmask_word = from->cmpmask_word;
    s->cmpmask_known = from->cmpmask_known;
    s->atomic_op = from->atomic_op;
}

static void diverged(void *ctx, uint32_t tag)
{
    interp_branch_diverged(ctx, tag);
}

struct api_branch *isa_branch_open(struct interp *I)
{
    struct isa_state *s = I->api_data;
    struct api_branch *br = xcalloc(1, sizeof(*br));
    br->at_choice = *s;
    emitter_on_diverged(s->e, diverged, I);
    br->at = emitter_save(s->e);
    return br;
}

bool isa_branch_next(struct interp *I, struct api_branch *br)
{
    struct isa_state *s = I->api_data;
    put_registers(s, &br->first);
    restore_registers(s, &br->at_choice);
    br->side = emitter_take_side(s->e, br->at);
    return true;
}

bool isa_branch_join(struct interp *I, struct api_branch *br, uint32_t tag)
{
    struct isa_state *s = I->api_data;
    struct bytes second = {0};
    put_registers(s, &second);
    bool same = bytes_same(&second, &br->first);
    free(second.items);
    return same && emitter_join(s->e, br->at, br->side, tag);
}

void isa_branch_free(struct api_branch *br)
{
    free(br->first.items);
    emit_saved_free(br->at);
    emit_side_free(br->side);
    free(br);
}

bool isa_side_uses_redundant(struct interp *I)
{
    const struct isa_state *s = I->api_data;
    return emitter_orders_issuer(s->e);
}
