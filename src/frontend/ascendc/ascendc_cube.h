/* The cube path: Mmad, LoadData, Fixpipe, the ND-to-NZ copy (ascendc_cube.c). */
#ifndef AS_FRONTEND_ASCENDC_CUBE_H
#define AS_FRONTEND_ASCENDC_CUBE_H

#include "ascendc_state.h"

/* Mmad, LoadData, Fixpipe, DataCopy(L1, GM, Nd2NzParams); false if `name`
 * is none of them (or a form not declared). */
bool cube_call(struct interp *I, const char *name, CXCursor call, struct value *args, int nargs);

#endif
