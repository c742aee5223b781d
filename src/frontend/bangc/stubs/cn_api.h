/* Driver API declarations for accelsync's BANG C frontend: the types and constants host code
 * of a .mlu file names, written from the public CNDrv reference. Never run. */
#ifndef ACCELSYNC_CN_API_H
#define ACCELSYNC_CN_API_H

typedef int CNdev;
typedef int CNresult;
typedef struct CNcontext_st *CNcontext;
typedef struct CNqueue_st *CNqueue;
typedef int CNdevice;
typedef enum {
    CN_CTX_CONFIG_VISIBLE_CLUSTER_NUM, CN_CTX_CONFIG_UNION_LIMIT
} CNctxConfigParamType;
typedef union { unsigned int visibleClusterNumber; unsigned int unionLimitation; } CNctxConfigParam;
typedef enum {
    CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_X, CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE,
    CN_DEVICE_ATTRIBUTE_WEIGHT_RAM_SIZE_PER_CORE, CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE,
    CN_DEVICE_ATTRIBUTE_MLU_ISA_VERSION, CN_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
    CN_DEVICE_ATTRIBUTE_MAX_SHARED_RAM_SIZE_PER_CLUSTER,
    CN_DEVICE_ATTRIBUTE_MAX_CORE_COUNT_PER_CLUSTER, CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT
} CNdevice_attribute;
typedef enum {
    CN_KERNEL_CLASS_BLOCK = 1, CN_KERNEL_CLASS_UNION = 4, CN_KERNEL_CLASS_UNION2 = 8,
    CN_KERNEL_CLASS_UNION4 = 16, CN_KERNEL_CLASS_UNION8 = 32, CN_KERNEL_CLASS_UNION16 = 64
} CNkernelClass;
typedef CNkernelClass KernelClass;
enum { CN_SUCCESS = 0, CN_OPS_ERROR_NOT_SUPPORTED = 1 };

template <typename... A> CNresult cnCtxGetCurrent(A...);
template <typename... A> CNresult cnCtxGetDevice(A...);
template <typename... A> CNresult cnDeviceGetAttribute(A...);
template <typename... A> CNresult cnDeviceGetName(A...);
template <typename... A> CNresult cnGetCtxConfigParam(A...);
template <typename... A> CNresult cnSetCtxConfigParam(A...);
template <typename... A> CNresult cnGetCtxMaxParallelUnionTasks(A...);
template <typename... A> CNresult cnGetLibVersion(A...);
template <typename... A> CNresult cnQueueGetContext(A...);
template <typename... A> CNresult cnSharedContextAcquire(A...);
template <typename... A> CNresult cnMallocHost(A...);

#endif
