/* The BANG C device language's meaning, as the interpreter's api_ops (see interp.h). */
#ifndef AS_FRONTEND_BANGC_API_H
#define AS_FRONTEND_BANGC_API_H

#include <stdbool.h>
#include <stdint.h>

#include "../interp/interp.h"

/* The task quantities a core reads, in the order of the stub's __accelsync_task(which). */
enum bangc_task {
    BANGC_TASK_ID, BANGC_TASK_ID_X, BANGC_TASK_ID_Y, BANGC_TASK_ID_Z, BANGC_TASK_DIM,
    BANGC_TASK_DIM_X, BANGC_TASK_DIM_Y, BANGC_TASK_DIM_Z, BANGC_CORE_ID, BANGC_CORE_DIM,
    BANGC_CLUSTER_ID, BANGC_CLUSTER_DIM, BANGC_NTASK
};

/* One core of the launch: its task values and whether it is the cluster's MPU. */
struct bangc_core {
    int64_t task[BANGC_NTASK];
    bool mpu;
};

const struct api_ops *bangc_api(void);
void *bangc_api_data_new(struct pir_writer *w, const struct bangc_core *core);
/* Frees it; returns how many access lines the run wrote. */
size_t bangc_api_data_free(void *data);

#endif
