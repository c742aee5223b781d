// The launch policy the operators of this library share (host code: not a kernel).
#ifndef SHARED_POLICY_H
#define SHARED_POLICY_H
#include <cnrt.h>

void sharedPolicy(int elements, cnrtDim3_t *k_dim, cnrtFunctionType_t *k_type);

#endif
