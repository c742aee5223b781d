/* Host runtime declarations for accelsync's BANG C frontend: only what a .mlu file's host code
 * needs to parse (launch configuration types and a few calls), written from the public CNRT
 * reference. The frontend never runs host code. */
#ifndef ACCELSYNC_CNRT_H
#define ACCELSYNC_CNRT_H

#include <stddef.h>

typedef struct cnrtQueue *cnrtQueue_t;
typedef struct { unsigned int x, y, z; } cnrtDim3_t;
typedef enum {
    cnrtFuncTypeBlock = 1, cnrtFuncTypeUnion1 = 4, cnrtFuncTypeUnion2 = 8,
    cnrtFuncTypeUnion4 = 16, cnrtFuncTypeUnion8 = 32, cnrtFuncTypeUnion16 = 64,
    cnrtFuncTypeMutable = -1, CNRT_FUNC_TYPE_MUTABLE = -1,
    CNRT_FUNC_TYPE_BLOCK = 1, CNRT_FUNC_TYPE_UNION1 = 4, CNRT_FUNC_TYPE_UNION2 = 8,
    CNRT_FUNC_TYPE_UNION4 = 16, CNRT_FUNC_TYPE_UNION8 = 32, CNRT_FUNC_TYPE_UNION16 = 64
} cnrtFunctionType_t;
typedef enum { cnrtSuccess = 0, CNRT_RET_SUCCESS = 0 } cnrtRet_t;
typedef enum {
    cnrtInvalid, cnrtFloat, cnrtHalf, cnrtBfloat, cnrtDouble, cnrtInt8, cnrtInt16, cnrtInt32,
    cnrtInt64, cnrtUInt8, cnrtUInt16, cnrtUInt32, cnrtUInt64, cnrtBool, cnrtChar
} cnrtDataType_V2_t;
typedef cnrtRet_t cnrtError_t;
/* the older runtime's data types (mmcv's MLU ops); the values are not the runtime's, which
 * no kernel reads */
typedef enum {
    CNRT_INVALID, CNRT_FLOAT16, CNRT_FLOAT32, CNRT_FLOAT64, CNRT_INT4, CNRT_INT8, CNRT_INT16,
    CNRT_INT32, CNRT_INT64, CNRT_AUTO, CNRT_UINT8, CNRT_UINT16, CNRT_UINT32, CNRT_FIX8,
    CNRT_QUANT8, CNRT_BOOL
} cnrtDataType_t;
typedef enum {
    cnrtMemcpyHostToDev, cnrtMemcpyDevToHost, cnrtMemcpyDevToDev, cnrtMemcpyHostToHost,
    CNRT_MEM_TRANS_DIR_HOST2DEV = cnrtMemcpyHostToDev,
    CNRT_MEM_TRANS_DIR_DEV2HOST = cnrtMemcpyDevToHost,
    CNRT_MEM_TRANS_DIR_DEV2DEV = cnrtMemcpyDevToDev,
    CNRT_MEM_TRANS_DIR_HOST2HOST = cnrtMemcpyHostToHost
} cnrtMemTransDir_t;

typedef enum {
    cnrtRounding_rn, cnrtRounding_rz, cnrtRounding_rd, cnrtRounding_ru, cnrtRounding_rm
} cnrtQuantizedRounding_t;
typedef enum { cnrtMemTypeUnregistered, cnrtMemTypeHost, cnrtMemTypeDevice } cnrtMemType_t;
typedef struct {
    cnrtMemType_t type;
    int device;
    void *devicePointer;
    void *hostPointer;
} cnrtPointerAttributes_t;

template <typename... A> cnrtRet_t cnrtCastDataType_V2(A...);
template <typename... A> cnrtRet_t cnrtPointerGetAttributes(A...);
template <typename... A> cnrtRet_t cnrtQueueCreate(A...);
template <typename... A> cnrtRet_t cnrtCreateQueue(A...);
template <typename... A> cnrtRet_t cnrtDestroyQueue(A...);
template <typename... A> cnrtRet_t cnrtSyncQueue(A...);
template <typename... A> cnrtRet_t cnrtQueueDestroy(A...);
template <typename... A> cnrtRet_t cnrtQueueSync(A...);
template <typename... A> cnrtRet_t cnrtMalloc(A...);
template <typename... A> cnrtRet_t cnrtFree(A...);
template <typename... A> cnrtRet_t cnrtMemcpy(A...);
template <typename... A> cnrtRet_t cnrtMemcpyAsync(A...);
template <typename... A> cnrtRet_t cnrtGetLastError(A...);
template <typename... A> cnrtRet_t cnrtPeekAtLastError(A...);
template <typename... A> const char *cnrtGetErrorStr(A...);

#endif
