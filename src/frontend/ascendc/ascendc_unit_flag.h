/* The unitFlag hand-off between Mmad and Fixpipe in L0C (ascendc_unit_flag.c). */
#ifndef AS_FRONTEND_ASCENDC_UNIT_FLAG_H
#define AS_FRONTEND_ASCENDC_UNIT_FLAG_H

#include "ascendc_state.h"

/* The unitFlag hand-off around an Mmad (writing len bytes of c) and a
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

#endif
