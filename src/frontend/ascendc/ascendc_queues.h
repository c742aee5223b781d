/* TPipe, its event-id pools, TQue, TQueBind and TBuf (ascendc_queues.c). */
#ifndef AS_FRONTEND_ASCENDC_QUEUES_H
#define AS_FRONTEND_ASCENDC_QUEUES_H

#include "ascendc_state.h"

/* The model's position `name`, or NULL (not declared for this model). */
const struct position *find_position(const struct model_source *ms, const char *name);
/* The position of a TQueBind<src, dst> (src's itself when they are the same), or NULL. */
const struct position *find_bind_position(const struct model_source *ms, const char *src,
                                          const char *dst);

void pipe_teardown(struct interp *I, struct ac_state *s, struct as_loc at, bool barrier);
bool pipe_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
               CXCursor call, struct value *args, int nargs, struct value *result);
bool queue_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                CXCursor call, struct value *args, int nargs, struct value *result);

#endif
