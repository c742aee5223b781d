// The kernel of mpu_only_sync.mlu as its host program sees it (host code: not a kernel).
#ifndef MPU_ONLY_SYNC_H
#define MPU_ONLY_SYNC_H
#include <cnrt.h>

__mlu_global__ void scale_rows(float *x, float *y, int rows);

#endif
