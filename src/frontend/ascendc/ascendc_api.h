/* The Ascend C API's meaning, as the interpreter's api_ops (see interp.h). */
#ifndef AS_FRONTEND_ASCENDC_API_H
#define AS_FRONTEND_ASCENDC_API_H

#include "../interp/interp.h"

const struct api_ops *ascendc_api(void);
/* What the runs of one kernel entry share: the mode each cross-core flag is set in, read by
 * the waits that do not name one (CrossCoreWaitFlag(f) waits on f's counter whatever set it). */
enum { AC_CROSS_FLAGS = 16, AC_MODE_NONE = -1, AC_MODE_SEVERAL = -2 };
/* The vector cores of a MIX kernel's group (AI core): the vendor's MIX_AIC_1_2 kernel type. */
enum { AC_MIX_VECTOR_CORES = 2 };
struct ascendc_entry_facts {
    int set_mode[AC_CROSS_FLAGS];   /* a mode, AC_MODE_NONE or AC_MODE_SEVERAL */
};
void ascendc_entry_facts_init(struct ascendc_entry_facts *f);

/* How a run is lowered: on a vector core, or on the cube core (cube_core) where g_coreType is
 * AIC; mix: the run is one core of a MIX kernel's group. auto_sync: add the syncs the compiler
 * adds under --cce-auto-sync (never on the cube core). */
struct ascendc_run {
    bool auto_sync, cube_core, mix;
    bool probe;             /* a run that only asks what the cube core does (thrown away) */
    struct ascendc_entry_facts *facts;
    const struct model_source *source;  /* the model's frontend data (positions) */
};
/* Per-run state of the layer (the current TPipe, the statements written to w). */
void *ascendc_api_data_new(struct pir_writer *w, struct ascendc_run run);
void ascendc_api_data_free(void *data);
/* What a run of the kernel showed about the cores it needs. */
struct ascendc_traits {
    bool cross_core;        /* it synchronized cores: SyncAll, a cross-core flag */
    bool core_dependent;    /* it read GetBlockIdx(), GetBlockNum() or GetSubBlockIdx() */
    bool cube;              /* it used the cube: Mmad, LoadData, Fixpipe, ND-to-NZ copies */
    bool cube_link;         /* it linked vector and cube cores: mode-2 flags, SyncAll<false> */
    bool core_type_read;    /* it read g_coreType */
    bool vector_on_cube;    /* a probe on the cube core reached a vector API (not lowered) */
};
/* The end of a run of the kernel (interp_run_kernel returned): what the run leaves to close
 * (the unitFlag marks no Mmad took back), written at `at`. */
void ascendc_api_end_run(struct interp *I, struct as_loc at);
struct ascendc_traits ascendc_api_traits(const void *data);
/* The kernel's tiling argument is GM buffer `buffer`: words the kernel reads from it by hand
 * are tiling fields (runtime values). */
void ascendc_api_tiling_argument(struct interp *I, int buffer);


#endif
