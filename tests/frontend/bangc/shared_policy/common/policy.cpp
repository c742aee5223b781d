// host-code: the shared launch policy, beside its header (no device entry)
#include "policy.h"

void sharedPolicy(int elements, cnrtDim3_t *k_dim, cnrtFunctionType_t *k_type) {
  k_dim->x = 4;
  k_dim->y = elements > 4096 ? 4 : 1;
  k_dim->z = 1;
  *k_type = cnrtFuncTypeUnion4;
}
