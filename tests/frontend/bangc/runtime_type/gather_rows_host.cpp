// host-code: the launch of gather_rows.mlu, its task type asked of the device (no device entry)
#include <cnrt.h>

void KernelGatherRows(cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
                      float *x, float *y);
cnrtFunctionType_t deviceUnionType(cnrtQueue_t queue);

int gatherRows(cnrtQueue_t queue, float *x, float *y) {
  cnrtDim3_t k_dim = {4, 1, 1};
  cnrtFunctionType_t k_type = deviceUnionType(queue);
  KernelGatherRows(k_dim, k_type, queue, x, y);
  return 0;
}
