// host-code: the host side of kernels/scale_rows.mlu, in a directory of its own: the policy
// picks the task type and the binding passes it to the launcher (no device entry)
#include <cnrt.h>

void KernelScaleRows(cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue, float *x,
                     float *y);

static void policy(cnrtDim3_t *k_dim, cnrtFunctionType_t *k_type) {
  *k_type = cnrtFuncTypeUnion2;
  k_dim->x = 8;
  k_dim->y = 1;
  k_dim->z = 1;
}

void scale_rows_binding(cnrtQueue_t queue, float *x, float *y) {
  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  policy(&k_dim, &k_type);
  KernelScaleRows(k_dim, k_type, queue, x, y);
}
