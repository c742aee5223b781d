/* Tensors, data copies, scalar accesses and vector instructions (ascendc_tensors.c). */
#ifndef AS_FRONTEND_ASCENDC_TENSORS_H
#define AS_FRONTEND_ASCENDC_TENSORS_H

#include "ascendc_state.h"

bool tensor_call(struct interp *I, struct ac_state *s, const char *name, CXCursor fn,
                 CXCursor call, struct value *args, int nargs, struct value *result);
bool data_copy(struct interp *I, const char *name, CXCursor call, struct value *args, int nargs);
/* `*p`, `p[i]` through a pointer into a buffer: the scalar unit's access (api_ops.scalar); a
 * word of the tiling argument read at a known offset is a runtime value. */
struct value scalar_access(struct interp *I, CXCursor at, struct value p, int64_t bytes,
                           bool write);
/* A vector API by name: false if `name` is none. */
bool vector_call_named(struct interp *I, const char *name, CXCursor call, struct value *args,
                       int nargs);

#endif
