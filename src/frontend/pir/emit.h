/* What a frontend's API layer writes into a kernel: accesses and sync statements, with the
 * syncs the vendor compiler inserts on its own when auto-sync is on (Ascend C's
 * --cce-auto-sync: a barrier between dependent vector instructions, a flag pair between the
 * scalar unit and V, MTE2 or MTE3 where they touch the same bytes). Those appear in the PIR
 * as ordinary statements marked "auto-sync", so `accelsync lower` shows them. */
#ifndef AS_FRONTEND_EMIT_H
#define AS_FRONTEND_EMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "pir_writer.h"

/* Bytes [offset, offset + length) of writer buffer `buffer`; offset EMIT_WHOLE_BUFFER: any
 * of its bytes (where data decides), written `name[?]`. */
struct emit_region {
    int buffer;
    int64_t offset, length;
};
#define EMIT_WHOLE_BUFFER INT64_MIN

struct emitter;

/* auto_sync: act as the compiler with auto-sync on, as the model's <auto-sync> describes it
 * (ms; none declared or ms NULL: off). */
struct model_source;
struct emitter *emitter_new(struct pir_writer *w, const struct model_source *ms, bool auto_sync);
void emitter_free(struct emitter *e);

/* `UNIT op write <- reads;` (write may be NULL: a read-only access). */
void emit_access(struct emitter *e, struct as_loc at, const char *unit, const char *op,
                 const struct emit_region *write, const struct emit_region *reads, int nreads);
/* `UNIT op row_0, row_1, ... <- reads;`: a write of `rows` rows `pitch` bytes apart, each
 * like `row` (a strided copy's destination, Fixpipe's rows): the rows as regions of their own,
 * so that writes between them do not meet; past EMIT_MAX_ROWS rows, or once a run has written
 * EMIT_MAX_ROWS_IN_ALL rows so, one span from the first to the last (said once in the
 * header). The rows are regions of the PIR's text and of the engine's index: the second
 * bound keeps a loop of large strided copies from growing both without end. */
#define EMIT_MAX_ROWS 4096
#define EMIT_MAX_ROWS_IN_ALL 131072
void emit_access_rows(struct emitter *e, struct as_loc at, const char *unit, const char *op,
                      const struct emit_region *row, int64_t rows, int64_t pitch,
                      const struct emit_region *reads, int nreads);
/* `UNIT op <- read as read__ID;`: a scalar read on the issuer that binds the value it reads
 * (rule 10); returns ID, for pir_writer_use_value where the kernel first needs the value. */
uint32_t emit_value_read(struct emitter *e, struct as_loc at, const char *unit, const char *op,
                         const struct emit_region *read);
void emit_flag(struct emitter *e, struct as_loc at, bool set, const char *src, const char *dst,
               int64_t id);
/* prim(src, dst, id) for a signal or wait of a bank of its own (the model's `bank`, apart
 * from the event ids): auto-sync does not count it as ordering anything. */
void emit_unit_flag(struct emitter *e, struct as_loc at, const char *prim, const char *src,
                    const char *dst, int64_t id);
/* Whether an access written so far moves a byte (a kernel that wrote none is empty). */
bool emitter_moved_bytes(const struct emitter *e);
/* pipe_barrier(UNIT), or pipe_barrier(ALL) for unit "ALL". */
void emit_barrier(struct emitter *e, struct as_loc at, const char *unit);

/* Both sides of a condition on data followed and joined (interp_branch.c, through the API
 * layer's branch hooks): auto-sync's tracking before the first side (emitter_save), back to it
 * with the first side's kept (emitter_take_side), and the second side's joined with it
 * (emitter_join). The joined tracking holds both sides' accesses; a later sync that would
 * depend on which side ran calls the diverged callback with the join's tag (emit_join.c). */
struct emit_saved;
struct emit_side;
struct emit_saved *emitter_save(const struct emitter *e);
struct emit_side *emitter_take_side(struct emitter *e, const struct emit_saved *at);
/* false (nothing changed): the sides cannot be joined (a flag set on one side and not the
 * other, or a join inside a side that changed what was tracked before it). */
bool emitter_join(struct emitter *e, const struct emit_saved *at, const struct emit_side *side,
                  uint32_t tag);
void emit_saved_free(struct emit_saved *s);
void emit_side_free(struct emit_side *s);
void emitter_on_diverged(struct emitter *e, void (*fn)(void *ctx, uint32_t tag), void *ctx);
/* Whether auto-sync orders every conflict of the issuer's accesses within the core, with syncs
 * out of the issuer that hide nothing where a path did not need them (model_source.auto_issuer):
 * a `use` (rule 10) then orders no pair of the core's own accesses that auto-sync leaves
 * unordered. */
bool emitter_orders_issuer(const struct emitter *e);

/* cross_core_set_flag / cross_core_wait_flag(UNIT, MODE, FLAG). */
void emit_cross_flag(struct emitter *e, struct as_loc at, bool set, const char *unit, int64_t mode,
                     int64_t flag);
/* A barrier across cores, the model's cross-barrier `name` (sync_all, sync_all_aiv). */
void emit_sync_all(struct emitter *e, struct as_loc at, const char *name);

#endif
