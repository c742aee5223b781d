// The AscendCL runtime API (acl/acl_rt.h): devices, contexts, streams, events, memory;
// declared for accelsync from the public API reference (see acl.h).
#ifndef ACCELSYNC_STUB_ACL_RT_H
#define ACCELSYNC_STUB_ACL_RT_H
#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif
typedef void *aclrtContext;
typedef void *aclrtStream;
typedef void *aclrtEvent;

typedef enum aclrtRunMode { ACL_DEVICE, ACL_HOST } aclrtRunMode;

typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST,
    ACL_MEMCPY_HOST_TO_DEVICE,
    ACL_MEMCPY_DEVICE_TO_HOST,
    ACL_MEMCPY_DEVICE_TO_DEVICE,
    ACL_MEMCPY_DEFAULT,
    ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE,
    ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
    ACL_MEMCPY_INTER_DEVICE_TO_DEVICE
} aclrtMemcpyKind;

typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST,
    ACL_MEM_MALLOC_HUGE_ONLY,
    ACL_MEM_MALLOC_NORMAL_ONLY,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P,
    ACL_MEM_MALLOC_HUGE_ONLY_P2P,
    ACL_MEM_MALLOC_NORMAL_ONLY_P2P
} aclrtMemMallocPolicy;

typedef enum aclrtDevAttr {
    ACL_DEV_ATTR_AICPU_CORE_NUM = 1,
    ACL_DEV_ATTR_AICORE_CORE_NUM = 101,
    ACL_DEV_ATTR_VECTOR_CORE_NUM = 201
} aclrtDevAttr;

aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtResetDevice(int32_t deviceId);
aclError aclrtGetDevice(int32_t *deviceId);
aclError aclrtGetDeviceCount(uint32_t *count);
aclError aclrtGetRunMode(aclrtRunMode *runMode);
aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value);
aclError aclrtSynchronizeDevice(void);
aclError aclrtGetLastError(int level);

aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId);
aclError aclrtDestroyContext(aclrtContext context);
aclError aclrtSetCurrentContext(aclrtContext context);
aclError aclrtGetCurrentContext(aclrtContext *context);

aclError aclrtCreateStream(aclrtStream *stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);
aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);

aclError aclrtCreateEvent(aclrtEvent *event);
aclError aclrtDestroyEvent(aclrtEvent event);
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
aclError aclrtSynchronizeEvent(aclrtEvent event);

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMallocHost(void **hostPtr, size_t size);
aclError aclrtFree(void *devPtr);
aclError aclrtFreeHost(void *hostPtr);
aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                     aclrtMemcpyKind kind);
aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count,
                          aclrtMemcpyKind kind, aclrtStream stream);
aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count);
aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count,
                          aclrtStream stream);
#ifdef __cplusplus
}
#endif
#endif
