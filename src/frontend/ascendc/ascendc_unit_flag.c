/* unitFlag (docs/frontends.md, "Cube"): the hardware's hand-off of L0C between Mmad and the
 * Fixpipe that moves its result out, without event ids. The vendor's rule: every Mmad of an
 * accumulation sets unitFlag 2, the last one 3, and the Fixpipe that moves the result out 3;
 * then nothing else is needed between them, either way (the Fixpipe waits until the region
 * is computed, the next Mmad until it is moved out). Written with the model's unit_flag bank:
 *
 *   Mmad, unitFlag 2 or 3:  unit_flag_wait(FIX, M, r) for each region r it overwrites that
 *                           was computed before; after the last one (3):
 *                           unit_flag_set(M, FIX, its region)
 *   Fixpipe, unitFlag 3:    unit_flag_wait(M, FIX, r) for each computed region r it reads;
 *                           its read of L0C, unit_flag_set(FIX, M, r), then its write (the
 *                           next Mmad waits for the bytes to be read, not for them to land)
 *   end of the kernel:      unit_flag_wait(FIX, M, r) for each region still marked moved out
 *
 * A region's id is its first 512-byte fractal in L0C. The hardware hands off fractal by
 * fractal; here the whole Mmad is before the whole Fixpipe and its whole read of L0C before
 * the next Mmad. A later FIX read of bytes handed off this way, without the flag, might run
 * before the Mmad ends on the device and not here: it is reported (docs/frontends.md). */
#include <stdlib.h>

#include "../clang/cursor_util.h"
#include "ascendc_unit_flag.h"

enum { FRACTAL_BYTES = 512, MODE_KEEP = 2, MODE_UPDATE = 3 };

static const char *const SET = "unit_flag_set", *const WAIT = "unit_flag_wait";

/* The L0C bytes of tensor t's first `len` bytes (absolute, from the buffer's place); false
 * (reported) when the buffer has no place or the region does not start on a fractal. */
static bool l0c_span(struct interp *I, CXCursor call, const struct tensor_state *t, int64_t len,
                     struct unit_region *r)
{
    int64_t place = I->w->buffers[t->buffer].place;
    if (place < 0 || t->offset == EMIT_WHOLE_BUFFER || (place + t->offset) % FRACTAL_BYTES) {
        interp_unsupported(I, call, "unitFlag on an L0C region that does not start on a "
                           "512-byte fractal is not modelled");
        return false;
    }
    *r = (struct unit_region){.start = place + t->offset, .end = place + t->offset + len};
    return true;
}

static bool overlap(const struct unit_region *a, const struct unit_region *b)
{
    return a->start < b->end && b->start < a->end;
}

static void remove_region(struct ascendc *a, size_t i)
{
    a->unit_regions.items[i] = a->unit_regions.items[--a->unit_regions.len];
}

bool unit_flag_mode(struct interp *I, CXCursor call, struct value params, const char *api,
                    int64_t *mode)
{
    bool ok = true;
    *mode = field_int(I, call, params, "unitFlag", &ok);
    if (!ok)
        return false;
    bool mmad = !strcmp(api, "Mmad");
    if (*mode == 0 || *mode == MODE_UPDATE || (mmad && *mode == MODE_KEEP))
        return true;
    interp_unsupported(I, call, "%s with unitFlag %lld is not modelled (%s)", api,
                       (long long)*mode, mmad ? "2 or 3 are" : "3 is");
    return false;
}

/* The Mmad waits until every region it overwrites is moved out. One still computed is
 * waited for too: the device's Mmad waits until a Fixpipe moves it out, or for ever. */
bool unit_flag_mmad_begin(struct interp *I, CXCursor call, int64_t mode,
                          const struct tensor_state *c, int64_t len, struct unit_region *r)
{
    if (mode == 0)
        return true;
    if (!l0c_span(I, call, c, len, r))
        return false;
    struct ascendc *a = state_of(I);
    struct as_loc at = interp_loc(I, call);
    for (size_t i = a->unit_regions.len; i-- > 0;) {
        struct unit_region *q = &a->unit_regions.items[i];
        if (!overlap(q, r))
            continue;
        emit_unit_flag(emitter_of(I), at, WAIT, "FIX", "M", q->start / FRACTAL_BYTES);
        if (q->state == UNIT_MOVED)
            remove_region(a, i);
        else
            q->state = UNIT_AWAITED;
    }
    return true;
}

void unit_flag_mmad_end(struct interp *I, CXCursor call, int64_t mode, const struct unit_region *r)
{
    if (mode != MODE_UPDATE)
        return;
    struct ascendc *a = state_of(I);
    struct unit_region computed = *r;
    computed.state = UNIT_COMPUTED;
    VEC_PUSH(a->unit_regions, computed);
    emit_unit_flag(emitter_of(I), interp_loc(I, call), SET, "M", "FIX", r->start / FRACTAL_BYTES);
}

bool unit_flag_fixpipe_begin(struct interp *I, CXCursor call, int64_t mode,
                             const struct tensor_state *src, const struct tensor_state *dst,
                             int64_t len, struct unit_region *r)
{
    if (mode == 0)
        return true;
    if (strcmp(dst->space, "GM")) {
        interp_unsupported(I, call, "Fixpipe with unitFlag into %s is not modelled (into GM is)",
                           dst->space);
        return false;
    }
    if (!l0c_span(I, call, src, len, r))
        return false;
    struct ascendc *a = state_of(I);
    for (size_t i = 0; i < a->unit_regions.len; i++) {   /* before anything is written */
        const struct unit_region *q = &a->unit_regions.items[i];
        if (q->state != UNIT_MOVED && overlap(q, r) && (q->start < r->start || q->end > r->end)) {
            interp_unsupported(I, call, "Fixpipe with unitFlag moving out part of the L0C "
                               "region an Mmad computed is not modelled");
            return false;
        }
    }
    struct as_loc at = interp_loc(I, call);
    bool any = false;
    for (size_t i = 0; i < a->unit_regions.len; i++) {
        const struct unit_region *q = &a->unit_regions.items[i];
        if (q->state == UNIT_MOVED || !overlap(q, r))
            continue;
        emit_unit_flag(emitter_of(I), at, WAIT, "M", "FIX", q->start / FRACTAL_BYTES);
        any = true;
    }
    /* No Mmad marked these bytes computed: the device's Fixpipe waits for ever, and so does
     * this wait (a deadlock finding at the Fixpipe). */
    if (!any)
        emit_unit_flag(emitter_of(I), at, WAIT, "M", "FIX", r->start / FRACTAL_BYTES);
    return true;
}

void unit_flag_fixpipe_end(struct interp *I, CXCursor call, int64_t mode,
                           const struct unit_region *r)
{
    if (mode == 0)
        return;
    struct ascendc *a = state_of(I);
    struct as_loc at = interp_loc(I, call);
    for (size_t i = a->unit_regions.len; i-- > 0;) {
        struct unit_region *q = &a->unit_regions.items[i];
        if (q->state == UNIT_MOVED || !overlap(q, r))
            continue;
        emit_unit_flag(emitter_of(I), at, SET, "FIX", "M", q->start / FRACTAL_BYTES);
        if (q->state == UNIT_AWAITED)
            remove_region(a, i);    /* the Mmad waiting for it takes the mark */
        else
            q->state = UNIT_MOVED;
    }
}

bool unit_flag_plain_read(struct interp *I, CXCursor call, const struct tensor_state *src,
                          int64_t len)
{
    struct ascendc *a = state_of(I);
    if (!a->unit_regions.len || strcmp(src->space, "L0C"))
        return true;
    struct unit_region r;
    if (!l0c_span(I, call, src, len, &r))
        return false;
    for (size_t i = 0; i < a->unit_regions.len; i++)
        if (a->unit_regions.items[i].state == UNIT_MOVED && overlap(&a->unit_regions.items[i], &r)) {
            interp_unsupported(I, call, "reading L0C bytes a Fixpipe with unitFlag moved out "
                               "again, without unitFlag, is not modelled");
            return false;
        }
    return true;
}

void unit_flag_end_kernel(struct interp *I, struct as_loc at)
{
    struct ascendc *a = state_of(I);
    for (size_t i = 0; i < a->unit_regions.len; i++)
        if (a->unit_regions.items[i].state == UNIT_MOVED)
            emit_unit_flag(emitter_of(I), at, WAIT, "FIX", "M",
                           a->unit_regions.items[i].start / FRACTAL_BYTES);
    a->unit_regions.len = 0;
}
