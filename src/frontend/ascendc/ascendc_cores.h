/* Synchronization between cores: SyncAll and the cross-core flags (ascendc_cores.c). */
#ifndef AS_FRONTEND_ASCENDC_CORES_H
#define AS_FRONTEND_ASCENDC_CORES_H

#include "ascendc_state.h"

/* SyncAll, CrossCoreSetFlag, CrossCoreWaitFlag; false if `name` is none of
 * them (or a form not declared). */
bool cross_core_call(struct interp *I, const char *name, CXCursor fn, CXCursor call,
                     struct value *args, int nargs);

#endif
