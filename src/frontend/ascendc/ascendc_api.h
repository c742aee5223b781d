/* The Ascend C API's meaning, as the interpreter's api_ops (see interp.h). */
#ifndef AS_FRONTEND_ASCENDC_API_H
#define AS_FRONTEND_ASCENDC_API_H

#include "../interp/interp.h"
#include "ascendc_state.h"

const struct api_ops *ascendc_api(void);
void ascendc_entry_facts_init(struct ascendc_entry_facts *f);

/* Per-run state of the layer (the current TPipe, the statements written to w). */
void *ascendc_api_data_new(struct pir_writer *w, struct ascendc_run run);
void ascendc_api_data_free(void *data);
/* The end of a run of the kernel (interp_run_kernel returned): what the run leaves to close
 * (the unitFlag marks no Mmad took back), written at `at`. */
void ascendc_api_end_run(struct interp *I, struct as_loc at);
struct ascendc_traits ascendc_api_traits(const void *data);
/* The kernel's tiling argument is GM buffer `buffer`: words the kernel reads from it by hand
 * are tiling fields (runtime values). */
void ascendc_api_tiling_argument(struct interp *I, int buffer);

#endif
