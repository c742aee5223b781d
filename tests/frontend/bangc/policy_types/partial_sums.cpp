// host-code: the op's host side: a policy function chooses the launch (no device entry)
#include "partial_sums.h"

static void policyFunc(int elements, cnrtDim3_t *k_dim, cnrtFunctionType_t *k_type) {
  if (elements > 1024) {
    *k_type = CNRT_FUNC_TYPE_UNION2;
    k_dim->x = 4;
    k_dim->y = 2;
  } else {
    *k_type = cnrtFuncTypeBlock;
    k_dim->x = 1;
    k_dim->y = 1;
  }
  k_dim->z = 1;
}

int partialSums(cnrtQueue_t queue, int elements, float *x, float *ws, float *out) {
  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  policyFunc(elements, &k_dim, &k_type);
  KernelPartialSums(k_dim, k_type, queue, x, ws, out);
  return 0;
}
