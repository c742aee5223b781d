// host-code: the operator's host side (no device entry)
#include <cnrt.h>
#include "../common/policy.h"

void KernelCopyRows(cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue, float *x,
                    float *y);

int copyRows(cnrtQueue_t queue, int elements, float *x, float *y) {
  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  sharedPolicy(elements, &k_dim, &k_type);
  KernelCopyRows(k_dim, k_type, queue, x, y);
  return 0;
}
