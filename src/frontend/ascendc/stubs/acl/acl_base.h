// The AscendCL base types (acl/acl_base.h), declared for accelsync from the public API
// reference (see acl.h).
#ifndef ACCELSYNC_STUB_ACL_BASE_H
#define ACCELSYNC_STUB_ACL_BASE_H
#include <stddef.h>
#include <stdint.h>

typedef int aclError;
static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_NONE = 0;

typedef enum {
    ACL_DT_UNDEFINED = -1, ACL_FLOAT = 0, ACL_FLOAT16 = 1, ACL_INT8 = 2, ACL_INT32 = 3,
    ACL_UINT8 = 4, ACL_INT16 = 6, ACL_UINT16 = 7, ACL_UINT32 = 8, ACL_INT64 = 9,
    ACL_UINT64 = 10, ACL_DOUBLE = 11, ACL_BOOL = 12, ACL_STRING = 13, ACL_COMPLEX64 = 16,
    ACL_COMPLEX128 = 17, ACL_BF16 = 27
} aclDataType;

typedef enum {
    ACL_FORMAT_UNDEFINED = -1, ACL_FORMAT_NCHW = 0, ACL_FORMAT_NHWC = 1, ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3, ACL_FORMAT_FRACTAL_Z = 4, ACL_FORMAT_FRACTAL_NZ = 29
} aclFormat;
#endif
