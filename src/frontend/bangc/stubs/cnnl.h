/* Host declarations of the CNNL library for accelsync's BANG C frontend: the handle, tensor
 * descriptor and status types and the calls host code of a .mlu file names, written from the
 * public CNNL reference. Never run. */
#ifndef ACCELSYNC_CNNL_H
#define ACCELSYNC_CNNL_H

#include "cnrt.h"

typedef struct cnnlContext *cnnlHandle_t;
typedef struct cnnlTensorStruct *cnnlTensorDescriptor_t;
typedef struct cnnlOpTensorStruct *cnnlOpTensorDesc_t;
typedef enum {
    CNNL_STATUS_SUCCESS = 0, CNNL_STATUS_NOT_INITIALIZED, CNNL_STATUS_ALLOC_FAILED,
    CNNL_STATUS_BAD_PARAM, CNNL_STATUS_INTERNAL_ERROR, CNNL_STATUS_ARCH_MISMATCH,
    CNNL_STATUS_EXECUTION_FAILED, CNNL_STATUS_NOT_SUPPORTED, CNNL_STATUS_NUMERICAL_OVERFLOW
} cnnlStatus_t;

template <typename... A> cnnlStatus_t cnnlCreate(A...);
template <typename... A> cnnlStatus_t cnnlDestroy(A...);
template <typename... A> cnnlStatus_t cnnlSetQueue(A...);
template <typename... A> cnnlStatus_t cnnlCreateTensorDescriptor(A...);
template <typename... A> cnnlStatus_t cnnlDestroyTensorDescriptor(A...);

#endif
