/* The Ascend C API's meaning, as the interpreter's api_ops (see interp.h). */
#ifndef AS_FRONTEND_ASCENDC_API_H
#define AS_FRONTEND_ASCENDC_API_H

#include "interp.h"

const struct api_ops *ascendc_api(void);
/* Per-kernel state of the layer (the current TPipe, the statements written to w); auto_sync:
 * add the syncs the compiler adds under --cce-auto-sync. */
void *ascendc_api_data_new(struct pir_writer *w, bool auto_sync);
void ascendc_api_data_free(void *data);
/* Whether what the kernel does depends on its core (it read GetBlockIdx() or GetBlockNum())
 * or it synchronized with other cores (SyncAll, cross-core flags): then it is lowered on
 * every core it is launched on. */
bool ascendc_api_multi_core(const void *data);
/* The kernel's tiling argument is GM buffer `buffer`: words the kernel reads from it by hand
 * are tiling fields (runtime values). */
void ascendc_api_tiling_argument(struct interp *I, int buffer);


#endif
