// The host wrapper of partial_sums.mlu (host code: not a kernel).
#ifndef PARTIAL_SUMS_H
#define PARTIAL_SUMS_H
#include <cnrt.h>

void KernelPartialSums(cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
                       float *x, float *ws, float *out);

#endif
