/* The ISA layer: the meaning of the device compiler's intrinsics (copy_gm_to_ubuf, vadd,
 * set_flag, ...) that the vendor SDK's implementation of Ascend C calls, for reading kernels
 * through the SDK (--sdk). Every API call runs as the SDK implements it; only its intrinsics
 * reach here, and each becomes the PIR access or sync the hardware model describes. */
#ifndef AS_FRONTEND_ASCENDC_ISA_H
#define AS_FRONTEND_ASCENDC_ISA_H

#include <stdbool.h>

#include "../../interp/interp.h"
#include "../../pir/pir_writer.h"

struct model;
struct model_source;

/* One run of an entry. */
struct isa_run {
    bool auto_sync;                     /* the compiler's auto-sync (the model's <auto-sync>) */
    const struct model_source *source;  /* the model's source facts */
    bool acc_register;                  /* the model declares the space ISA_ACC_SPACE */
    const struct model *model;          /* its cross-core modes */
};
/* Where the prelude (sdk/prelude/, the declarations of what the compiler has built in, whose
 * meaning is this layer's) lives inside the parse (libclang's unsaved files). */
#define ISA_PRELUDE_DIR "/accelsync-frontend/ascendc-sdk"
/* The vector unit's accumulator register, as the model names it: a reduction in counter mode
 * leaves its sum there and get_acc_val reads it on the scalar unit (isa_vector.c). */
#define ISA_ACC_SPACE "ACC"
/* Its width: get_acc_val returns 64 bits. */
enum { ISA_ACC_BYTES = 8 };

const struct api_ops *isa_api(void);
void *isa_data_new(struct pir_writer *w, struct isa_run run);
void isa_data_free(void *data);
/* Intrinsics the run met that the layer does not model, counted (0: none). */
int isa_unmodelled(const void *data);
/* What a run showed about the cores it needs. */
struct isa_traits {
    bool core_dependent;    /* it read its block index or count (get_block_idx, ...) */
    bool cross_core;        /* it synchronized cores (ffts_cross_core_sync, wait_flag_dev) */
    bool moved;             /* it accessed memory (moved at least a byte) */
};
struct isa_traits isa_run_traits(const void *data);

#endif
