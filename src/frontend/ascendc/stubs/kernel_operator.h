// accelsync's model of the Ascend C kernel API: declarations only, written for accelsync from
// the public API reference (signatures, enumerator names), never from vendor sources. The
// frontend (src/frontend/ascendc/ascendc_api.c) gives every mapped function its meaning; a call to a
// function declared here without a mapping is reported as `unsupported`, never skipped.
#ifndef ACCELSYNC_STUB_KERNEL_OPERATOR_H
#define ACCELSYNC_STUB_KERNEL_OPERATOR_H


#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

// Function qualifiers. `annotate` leaves a mark libclang can see: the frontend finds kernel
// entries by the `global` mark and inlines everything else it calls.
#define __global__ __attribute__((annotate("accelsync:global")))
#define __aicore__ __attribute__((annotate("accelsync:aicore")))
// Host-and-device functions (the device compiler's [host, aicore]) and its forced inlining,
// which header libraries (catlass) write before an execution-space list the frontend blanks.
#define __host_aicore__ __aicore__
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#define __vector__ __attribute__((annotate("accelsync:vector")))
#define __cube__ __attribute__((annotate("accelsync:cube")))
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __inout_pipe__(p)
#define __in_pipe__(p)
#define __out_pipe__(p)
#define GM_ADDR __gm__ uint8_t *
#define ASSERT(cond)
#define ASSERT_MSG(cond, ...)
#define likely(x) (x)
#define unlikely(x) (x)

// 16-bit floats as classes: the host compiler has no usable half type, and the frontend needs
// only their size.
struct half {   // a literal type, as the device compiler's: kernels declare constexpr halves
    uint16_t bits;
    __aicore__ constexpr half() : bits(0) {}
    __aicore__ constexpr half(float) : bits(0) {}
    __aicore__ operator float() const;
};
using float32_t = float;
struct bfloat16_t {
    uint16_t bits;
    __aicore__ bfloat16_t();
    __aicore__ bfloat16_t(float v);
    __aicore__ operator float() const;
};

// Hardware pipes and flags of the raw intrinsics. The frontend reads enumerator names (PIPE_V
// is unit V of the model), not values.
enum pipe_t { PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4,
              PIPE_MTE5, PIPE_V2, PIPE_FIX };
enum event_t { EVENT_ID0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6,
               EVENT_ID7 };
__aicore__ void set_flag(pipe_t pipe, pipe_t tpipe, event_t id);
__aicore__ void wait_flag(pipe_t pipe, pipe_t tpipe, event_t id);
__aicore__ void set_flag(pipe_t pipe, pipe_t tpipe, int id);
__aicore__ void wait_flag(pipe_t pipe, pipe_t tpipe, int id);
__aicore__ void pipe_barrier(pipe_t pipe);
__aicore__ int64_t get_block_idx();
__aicore__ int64_t get_block_num();

using float16_t = half;
// Four-bit integers, two to a byte. A declaration only: the frontend's extents count whole
// bytes per element, so a kernel that reaches a tensor of them is reported, never measured.
struct int4b_t;

// Scalar math of the device compiler. Templates, not functions: a template neither clashes
// with the C library's extern "C" sqrt(double) nor with the std:: overloads that <cmath> and
// <cstdlib> bring in by using-declarations, so a kernel may include those before or after this
// header; and a kernel entry may itself be named exp, sin or sqrt. The trailing pack makes
// each the least specialized candidate: where the C or C++ library has a function or template
// for the call (`using namespace std;`, <math.h>), the library's is taken. The frontend
// computes abs of a known integer; every other result is a value not known before the kernel
// runs (no memory is touched).
#define ACCELSYNC_SCALAR_MATH(name) template <typename T, typename... U> __aicore__ T name(T, U...);
ACCELSYNC_SCALAR_MATH(sqrt) ACCELSYNC_SCALAR_MATH(exp) ACCELSYNC_SCALAR_MATH(log)
ACCELSYNC_SCALAR_MATH(log2) ACCELSYNC_SCALAR_MATH(log10) ACCELSYNC_SCALAR_MATH(sin)
ACCELSYNC_SCALAR_MATH(cos) ACCELSYNC_SCALAR_MATH(tan) ACCELSYNC_SCALAR_MATH(tanh)
ACCELSYNC_SCALAR_MATH(floor) ACCELSYNC_SCALAR_MATH(ceil) ACCELSYNC_SCALAR_MATH(round)
ACCELSYNC_SCALAR_MATH(trunc) ACCELSYNC_SCALAR_MATH(fabs) ACCELSYNC_SCALAR_MATH(erf)
ACCELSYNC_SCALAR_MATH(abs) ACCELSYNC_SCALAR_MATH(pow) ACCELSYNC_SCALAR_MATH(fmax)
ACCELSYNC_SCALAR_MATH(fmin)
#undef ACCELSYNC_SCALAR_MATH
template <typename T, typename... U> __aicore__ bool isnan(T, U...);
template <typename T, typename... U> __aicore__ bool isinf(T, U...);
// The device compiler's scalar min and max, which kernels call unqualified (with bodies: the
// frontend runs them). The trailing pack, as above, leaves the call to std::min and std::max
// under `using namespace std;`.
template <typename T, typename... U> __aicore__ inline constexpr T min(T a, T b, U...)
{
    return a < b ? a : b;
}
template <typename T, typename... U> __aicore__ inline constexpr T max(T a, T b, U...)
{
    return a < b ? b : a;
}

// Data type codes the operator build compares ORIG_DTYPE_* with, in #if as well as in code:
// macros, with the values of the documented ge::DataType enumeration. The frontend's build
// emulation sets every ORIG_DTYPE_* to DT_FLOAT (0), matching DTYPE_* = float.
#define DT_FLOAT 0
#define DT_FLOAT16 1
#define DT_INT8 2
#define DT_INT32 3
#define DT_UINT8 4
#define DT_INT16 6
#define DT_UINT16 7
#define DT_UINT32 8
#define DT_INT64 9
#define DT_UINT64 10
#define DT_DOUBLE 11
#define DT_BOOL 12
#define DT_BF16 27
#define DT_INT4 29

namespace AscendC {

// Scalar conversions (values not known before the kernel runs) and the debug printf, which
// writes to a debug area of GM nothing in the kernel reads: nothing to order.
__aicore__ float ToFloat(const bfloat16_t &v);
__aicore__ bfloat16_t ToBfloat16(const float &v);
template <typename... Args> __aicore__ void printf(const char *fmt, Args... args);

// Small helpers kernels call unqualified: they have bodies, so the frontend runs them.
template <typename T, typename U> __aicore__ inline constexpr T AlignUp(T value, U align)
{
    return align == 0 ? value : (value + align - 1) / align * align;
}
// What single-source kernels call first: it sets the core's mode registers (masks, atomic
// mode) to their defaults. It touches no memory and sets no flag, so its body is empty.
__aicore__ inline void InitSocState() {}
// CeilDivision as documented (0 for a divisor of 0). There is no AscendC::CeilDiv: kernels
// define their own and call it unqualified under `using namespace AscendC`.
__aicore__ constexpr inline int32_t CeilDivision(int32_t num1, int32_t num2)
{
    return num2 == 0 ? 0 : (num1 + num2 - 1) / num2;
}
template <typename T, typename U> __aicore__ inline constexpr T DivCeil(T value, U divisor)
{
    return divisor == 0 ? value : (value + divisor - 1) / divisor;
}
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr int32_t MAX_REPEAT_TIMES = 255;
enum class MaskMode : uint8_t { NORMAL, COUNTER };

constexpr int32_t ONE_BLK_SIZE = 32;
// The size of a data block (32 bytes on the chips the models describe: eight of them make a
// repeat of 256 bytes, per the API reference's example).
__aicore__ inline constexpr int16_t GetDataBlockSizeInBytes()
{
    return ONE_BLK_SIZE;
}
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_REPEAT_STRIDE = 8;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t BLOCK_CUBE = 16;
template <typename T, typename U> struct IsSameType { static constexpr bool value = false; };
template <typename T> struct IsSameType<T, T> { static constexpr bool value = true; };
struct TrueType { static constexpr bool value = true; };
struct FalseType { static constexpr bool value = false; };
// The core a kernel body runs on (g_coreType) and its index (block_idx): variables of the
// vendor runtime, read here through calls the API layer answers (AIC on the cube core, AIV on
// a vector core; block_idx is the core's GetBlockIdx()).
enum AccelsyncCoreType { AIC = 1, AIV = 2, MIX = 3 };
__aicore__ AccelsyncCoreType AccelsyncCurrentCoreType();
#define g_coreType AscendC::AccelsyncCurrentCoreType()
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AscendC::AIV)
// The scalar operand of a vector API takes the tensors' element type (a non-deduced context,
// so `Muls(halfTensor, halfTensor, 2.0f, n)` converts the float).
template <typename T> struct AccelsyncIdentity { using type = T; };
template <typename T> using AccelsyncScalar = typename AccelsyncIdentity<T>::type;

// Logical positions; the frontend maps each to a hardware space (VECIN/VECOUT/VECCALC -> UB,
// A1/B1/C1 -> L1, A2 -> L0A, B2 -> L0B, CO1 -> L0C, CO2 -> GM or UB per arch).
enum class TPosition : uint8_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC,
                                 LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM, C2PIPE2LOCAL,
                                 MAX };
using QuePosition = TPosition;

// Ordered pairs of pipes: SRC_DST. The frontend splits the name at '_'.
enum class HardEvent : uint8_t {
    MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V,
    MTE3_MTE1, MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3,
    S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S, MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3,
    MTE1_FIX, FIX_MTE1, FIX_FIX, MAX
};
using TEventID = int8_t;
// A flag pair between two pipes: SetFlag(id) on the first, WaitFlag(id) on the second.
template <pipe_t src, pipe_t dst> class TQueSync {
public:
    __aicore__ void SetFlag(TEventID id);
    __aicore__ void WaitFlag(TEventID id);
};

template <typename T> class GlobalTensor;

template <typename T> class LocalTensor {
public:
    using PrimType = T;
    __aicore__ LocalTensor();
    __aicore__ LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize);
    __aicore__ LocalTensor<T> operator[](uint32_t offset) const;
    template <typename U> __aicore__ LocalTensor<U> ReinterpretCast() const;
    __aicore__ T GetValue(uint32_t index) const;
    __aicore__ void SetValue(uint32_t index, T value) const;
    __aicore__ uint32_t GetSize() const;
    __aicore__ void SetSize(uint32_t size);
    __aicore__ int32_t GetPosition() const;
    __aicore__ uint64_t GetPhyAddr() const;
    __aicore__ uint64_t GetLength() const;
};

template <typename T> class GlobalTensor {
public:
    using PrimType = T;
    __aicore__ GlobalTensor();
    __aicore__ void SetGlobalBuffer(__gm__ T *buffer, uint64_t bufferSize);
    __aicore__ void SetGlobalBuffer(__gm__ T *buffer);
    __aicore__ GlobalTensor<T> operator[](uint64_t offset) const;
    __aicore__ T GetValue(uint64_t offset) const;
    __aicore__ void SetValue(uint64_t offset, T value);
    __aicore__ uint64_t GetSize() const;
    __aicore__ __gm__ T *GetPhyAddr() const;
};

// A queue's configuration (a constant a TQue may take by address as its third argument),
// with the fields the API reference lists; the frontend reads none of them.
struct TQueConfig {
    bool nd2nz = false;
    bool nz2nd = false;
    bool scmBlockGroup = false;
    uint32_t bufferLen = 0;
    uint32_t bufferNumber = 0;
    uint32_t consumerSize = 0;
    TPosition consumer[8] = {};
};

// A queue between a producer and a consumer position, and its single-position form.
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0> class TQueBind {
public:
    static constexpr TPosition accelsync_src = src;
    static constexpr TPosition accelsync_dst = dst;
    __aicore__ TQueBind();
    template <typename T> __aicore__ LocalTensor<T> AllocTensor();
    template <typename T> __aicore__ void AllocTensor(LocalTensor<T> &tensor);
    template <typename T> __aicore__ void FreeTensor(LocalTensor<T> &tensor);
    template <typename T> __aicore__ bool EnQue(const LocalTensor<T> &tensor);
    template <typename T> __aicore__ LocalTensor<T> DeQue();
    template <typename T> __aicore__ void DeQue(LocalTensor<T> &tensor);
    __aicore__ bool VacantInQue();
    __aicore__ bool HasTensorInQue();
    __aicore__ int32_t GetTensorCountInQue();
    __aicore__ void FreeAllEvent();
};
template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {
public:
    __aicore__ TQue();
};

template <TPosition pos = TPosition::VECCALC> class TBuf {
public:
    static constexpr TPosition accelsync_src = pos;
    static constexpr TPosition accelsync_dst = pos;
    __aicore__ TBuf();
    template <typename T> __aicore__ LocalTensor<T> Get();
    template <typename T> __aicore__ LocalTensor<T> Get(uint32_t len);
    template <typename T> __aicore__ LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);
    // The queue calls are accepted on a TBuf and do nothing there.
    template <typename T> __aicore__ LocalTensor<T> AllocTensor();
    template <typename T> __aicore__ void FreeTensor(LocalTensor<T> &tensor);
    template <typename T> __aicore__ bool EnQue(const LocalTensor<T> &tensor);
    template <typename T> __aicore__ LocalTensor<T> DeQue();
};

class TPipe {
public:
    __aicore__ TPipe();
    __aicore__ ~TPipe();
    template <class T> __aicore__ bool InitBuffer(T &que, uint8_t num, uint32_t len);
    template <TPosition pos> __aicore__ bool InitBuffer(TBuf<pos> &buf, uint32_t len);
    template <class T> __aicore__ bool InitBuffer(T &que, uint32_t len);
    __aicore__ void Reset();
    __aicore__ void Destroy();
    template <HardEvent evt> __aicore__ TEventID FetchEventID();
    __aicore__ TEventID FetchEventID(HardEvent evt);
    template <HardEvent evt> __aicore__ TEventID AllocEventID();
    template <HardEvent evt> __aicore__ void ReleaseEventID(TEventID id);
};
__aicore__ TPipe *GetTPipePtr();

__aicore__ int64_t GetBlockIdx();
#define block_idx AscendC::GetBlockIdx()
__aicore__ int64_t GetBlockNum();
__aicore__ int64_t GetSubBlockIdx();
__aicore__ int64_t GetTaskRation();

template <HardEvent evt> __aicore__ void SetFlag(int32_t eventID);
template <HardEvent evt> __aicore__ void WaitFlag(int32_t eventID);
template <pipe_t pipe> __aicore__ void PipeBarrier();
template <uint8_t modeId, pipe_t pipe> __aicore__ void CrossCoreSetFlag(uint16_t flagId);
// The wait's older form names no mode: it waits on the flag's counter whatever mode set it.
template <uint8_t modeId, pipe_t pipe> __aicore__ void CrossCoreWaitFlag(uint16_t flagId);
__aicore__ void CrossCoreWaitFlag(uint16_t flagId);
template <bool isAIVOnly = true> __aicore__ void SyncAll();
// The software barrier through a GM and a UB workspace (declared; reported where called).
template <bool isAIVOnly = true>
__aicore__ void SyncAll(const GlobalTensor<int32_t> &gmWorkspace,
                        const LocalTensor<int32_t> &ubWorkspace, const int32_t usedCores = 0);

// Data movement. Parameter structs are aggregates: `DataCopyParams p{1, len, 0, 0};`.
struct DataCopyParams {
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;      // in 32-byte blocks
    uint16_t srcStride = 0;     // in 32-byte blocks
    uint16_t dstStride = 0;
};
struct DataCopyExtParams {
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;      // in bytes
    uint32_t srcStride = 0;
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
};
template <typename T> struct DataCopyPadExtParams {
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = 0;
};
template <typename T> __aicore__ void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src, uint32_t count);
template <typename T> __aicore__ void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src, uint32_t count);
template <typename T> __aicore__ void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src, uint32_t count);
template <typename T> __aicore__ void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src, const DataCopyParams &params);
template <typename T> __aicore__ void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src, const DataCopyParams &params);
template <typename T> __aicore__ void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src, const DataCopyParams &params);
// ND to NZ (GM to L1, the cube's input layout).
struct Nd2NzParams {
    uint16_t ndNum = 1;
    uint16_t nValue = 0;
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 0;
    uint16_t srcDValue = 0;
    uint16_t dstNzC0Stride = 0;
    uint16_t dstNzNStride = 0;
    uint16_t dstNzMatrixStride = 0;
};
template <typename T> __aicore__ void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src, const Nd2NzParams &params);
template <typename T> __aicore__ void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src, const DataCopyExtParams &params, const DataCopyPadExtParams<T> &pad);
template <typename T> __aicore__ void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src, const DataCopyExtParams &params);
// The older form: DataCopyParams with blockLen in bytes, and its padding parameters.
struct DataCopyPadParams {
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};
template <typename T> __aicore__ void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src, const DataCopyParams &params, const DataCopyPadParams &pad);
template <typename T> __aicore__ void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src, const DataCopyParams &params);

// Vector instructions: count form (calCount elements) and repeat form (mask, repeatTimes,
// strides; the frontend over-approximates its extent to the rest of the tensor).
struct BinaryRepeatParams {
    uint8_t dstBlkStride = 1, src0BlkStride = 1, src1BlkStride = 1;
    uint8_t dstRepStride = 8, src0RepStride = 8, src1RepStride = 8;
};
struct UnaryRepeatParams {
    uint16_t dstBlkStride = 1, srcBlkStride = 1;
    uint8_t dstRepStride = 8, srcRepStride = 8;
};
struct CopyRepeatParams {
    uint16_t dstStride = 1, srcStride = 1, dstRepeatSize = 8, srcRepeatSize = 8;
};
// Copy: a vector instruction (V) from one local tensor to another, repeat form only.
template <typename T, bool isSetMask = true>
__aicore__ void Copy(const LocalTensor<T> &dst, const LocalTensor<T> &src, uint64_t mask,
                     uint8_t repeatTimes, const CopyRepeatParams &repeatParams);
template <typename T, bool isSetMask = true>
__aicore__ void Copy(const LocalTensor<T> &dst, const LocalTensor<T> &src, uint64_t mask[],
                     uint8_t repeatTimes, const CopyRepeatParams &repeatParams);
enum class RoundMode { CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD };

#define ACCELSYNC_BINARY(name)                                                                 \
    template <typename T> __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src0, \
                                               const LocalTensor<T> &src1, const int32_t &calCount); \
    template <typename T, bool isSetMask = true>                                              \
    __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src0,               \
                         const LocalTensor<T> &src1, uint64_t mask, uint8_t repeatTimes,      \
                         const BinaryRepeatParams &params); \
    template <typename T, bool isSetMask = true>                                              \
    __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src0,               \
                         const LocalTensor<T> &src1, const uint64_t mask[], uint8_t repeatTimes, \
                         const BinaryRepeatParams &params);
#define ACCELSYNC_UNARY(name)                                                                  \
    template <typename T> __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src, \
                                               const int32_t &calCount);                      \
    template <typename T, bool isSetMask = true>                                              \
    __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src, uint64_t mask, \
                         uint8_t repeatTimes, const UnaryRepeatParams &params); \
    template <typename T, bool isSetMask = true>                                              \
    __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                \
                         const uint64_t mask[], uint8_t repeatTimes,                          \
                         const UnaryRepeatParams &params);
#define ACCELSYNC_SCALAR(name)                                                                 \
    template <typename T, bool isSetMask = true> __aicore__ void name(const LocalTensor<T> &dst, \
        const LocalTensor<T> &src, const AccelsyncScalar<T> &scalar, const int32_t &calCount); \
    template <typename T, bool isSetMask = true>                                              \
    __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                \
                         const AccelsyncScalar<T> &scalar, uint64_t mask, uint8_t repeatTimes, \
                         const UnaryRepeatParams &params); \
    template <typename T, bool isSetMask = true>                                              \
    __aicore__ void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                \
                         const AccelsyncScalar<T> &scalar, const uint64_t mask[],             \
                         uint8_t repeatTimes, const UnaryRepeatParams &params);
ACCELSYNC_BINARY(Add) ACCELSYNC_BINARY(Sub) ACCELSYNC_BINARY(Mul) ACCELSYNC_BINARY(Div)
ACCELSYNC_BINARY(Max) ACCELSYNC_BINARY(Min) ACCELSYNC_BINARY(And) ACCELSYNC_BINARY(Or)
ACCELSYNC_UNARY(Exp) ACCELSYNC_UNARY(Ln) ACCELSYNC_UNARY(Abs) ACCELSYNC_UNARY(Reciprocal)
ACCELSYNC_UNARY(Sqrt) ACCELSYNC_UNARY(Rsqrt) ACCELSYNC_UNARY(Relu) ACCELSYNC_UNARY(Not)
ACCELSYNC_SCALAR(Adds) ACCELSYNC_SCALAR(Muls) ACCELSYNC_SCALAR(Maxs) ACCELSYNC_SCALAR(Mins)
ACCELSYNC_SCALAR(LeakyRelu) ACCELSYNC_SCALAR(ShiftLeft) ACCELSYNC_SCALAR(ShiftRight)
#undef ACCELSYNC_BINARY
#undef ACCELSYNC_UNARY
#undef ACCELSYNC_SCALAR
template <typename T, bool isSetMask = true> __aicore__ void Duplicate(const LocalTensor<T> &dst, const AccelsyncScalar<T> &scalar, const int32_t &calCount);
template <typename T, bool isSetMask = true> __aicore__ void Duplicate(const LocalTensor<T> &dst, const AccelsyncScalar<T> &scalar, uint64_t mask, uint8_t repeatTimes, uint16_t dstBlockStride, uint8_t dstRepeatStride);
template <typename T, bool isSetMask = true> __aicore__ void Duplicate(const LocalTensor<T> &dst, const AccelsyncScalar<T> &scalar, const uint64_t mask[], uint8_t repeatTimes, uint16_t dstBlockStride, uint8_t dstRepeatStride);
template <typename T, typename U> __aicore__ void Cast(const LocalTensor<T> &dst, const LocalTensor<U> &src, const RoundMode &mode, const uint32_t &calCount);
// dst = src * scalar + dst (dst read and written)
template <typename T, typename U, bool isSetMask = true> __aicore__ void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src, const AccelsyncScalar<U> &scalar, const int32_t &calCount);
template <typename T, typename U, bool isSetMask = true> __aicore__ void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src, const AccelsyncScalar<U> &scalar, uint64_t mask, const uint8_t repeatTimes, const UnaryRepeatParams &params);

// Gather: dst[i] = the element at byte srcBaseAddr + srcOffset[i] of src (V). Count form and
// repeat form.
template <typename T>
__aicore__ void Gather(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                       const LocalTensor<uint32_t> &srcOffset, const uint32_t srcBaseAddr,
                       const uint32_t count);
template <typename T>
__aicore__ void Gather(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                       const LocalTensor<uint32_t> &srcOffset, const uint32_t srcBaseAddr,
                       const uint64_t mask, const uint8_t repeatTimes, const uint16_t dstRepStride);
// GatherMask: the elements of src0 a pattern selects (a tensor of bits, or one of the built-in
// patterns by number), packed into dst (V); rsvdCnt receives how many were kept.
struct GatherMaskParams {
    uint8_t src0BlockStride = 1;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = 0;
    uint8_t src1RepeatStride = 0;
};
template <typename T, typename U>
__aicore__ void GatherMask(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                           const LocalTensor<U> &src1Pattern, const bool reduceMode,
                           const uint32_t mask, const GatherMaskParams &params, uint64_t &rsvdCnt);
template <typename T>
__aicore__ void GatherMask(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                           const uint8_t src1Pattern, const bool reduceMode, const uint32_t mask,
                           const GatherMaskParams &params, uint64_t &rsvdCnt);

// High-level APIs whose synchronization lives inside the vendor library: declared so a kernel
// that calls them parses, and reported as `unsupported` where they are called.
// Explicit template arguments are allowed: a type then values (Op<T, true>(...)), or two types
// then values (Op<T, U>(...)).
#define ACCELSYNC_UNMODELLED(name)                                                            \
    template <typename T1 = void, auto... V, typename... Args>                               \
    __aicore__ void name(Args &&...args);                                                    \
    template <typename T1, typename T2, auto... V, typename... Args>                         \
    __aicore__ void name(Args &&...args);
ACCELSYNC_UNMODELLED(SoftMax) ACCELSYNC_UNMODELLED(LayerNorm) ACCELSYNC_UNMODELLED(ReduceSum)
ACCELSYNC_UNMODELLED(ReduceMax) ACCELSYNC_UNMODELLED(ReduceMin) ACCELSYNC_UNMODELLED(WholeReduceSum)
ACCELSYNC_UNMODELLED(WholeReduceMax) ACCELSYNC_UNMODELLED(BlockReduceSum)
ACCELSYNC_UNMODELLED(Transpose)
ACCELSYNC_UNMODELLED(Sort) ACCELSYNC_UNMODELLED(SetVectorMask) ACCELSYNC_UNMODELLED(ResetMask)
// The cube path: the forms below are modelled; other parameter structs reach the catch-all
// and are reported where called.
ACCELSYNC_UNMODELLED(Mmad) ACCELSYNC_UNMODELLED(LoadData) ACCELSYNC_UNMODELLED(Fixpipe)
struct MmadParams {
    uint16_t m = 0;
    uint16_t n = 0;
    uint16_t k = 0;
    bool isBias = false;
    int32_t fmOffset = 0;
    bool enSsparse = false;
    bool enWinogradA = false;
    bool enWinogradB = false;
    uint8_t unitFlag = 0;
    bool kDirectionAlign = false;
    bool cmatrixSource = false;
    bool cmatrixInitVal = true;
};
template <typename T, typename U, typename S>
__aicore__ void Mmad(const LocalTensor<T> &dst, const LocalTensor<U> &fm,
                     const LocalTensor<S> &filter, const MmadParams &params);
template <typename T, typename U, typename S, typename B>
__aicore__ void Mmad(const LocalTensor<T> &dst, const LocalTensor<U> &fm,
                     const LocalTensor<S> &filter, const LocalTensor<B> &bias,
                     const MmadParams &params);
struct LoadData2DParams {
    uint16_t startIndex = 0;
    uint8_t repeatTimes = 0;
    uint16_t srcStride = 0;
    uint8_t sid = 0;
    uint16_t dstGap = 0;
    bool ifTranspose = false;
    uint8_t addrMode = 0;
};
using LoadData2dParams = LoadData2DParams;
template <typename T>
__aicore__ void LoadData(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                         const LoadData2DParams &params);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                         const LoadData2DParams &params);
enum QuantMode_t { NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE,
                   REQ8, VREQ8 };
enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
    CO2Layout format;
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
struct FixpipeParamsV220 {
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint16_t srcStride = 0;
    uint32_t dstStride = 0;
    QuantMode_t quantPre = QuantMode_t::NoQuant;
    uint64_t deqScalar = 0;
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;
    uint16_t dstNdStride = 0;
    bool reluEn = false;
    uint8_t unitFlag = 0;
    bool isChannelSplit = false;
};
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src,
                        const FixpipeParamsV220 &params);
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                        const FixpipeParamsV220 &params);
// The math and activation library (high-level APIs with temporary buffers of their own).
ACCELSYNC_UNMODELLED(Power) ACCELSYNC_UNMODELLED(Sin) ACCELSYNC_UNMODELLED(Cos)
ACCELSYNC_UNMODELLED(Asin) ACCELSYNC_UNMODELLED(Acos) ACCELSYNC_UNMODELLED(Atan)
ACCELSYNC_UNMODELLED(Tanh) ACCELSYNC_UNMODELLED(Sigmoid) ACCELSYNC_UNMODELLED(Erf)
ACCELSYNC_UNMODELLED(Log) ACCELSYNC_UNMODELLED(Floor) ACCELSYNC_UNMODELLED(Ceil)
ACCELSYNC_UNMODELLED(Round) ACCELSYNC_UNMODELLED(Trunc) ACCELSYNC_UNMODELLED(Sign)
ACCELSYNC_UNMODELLED(Sum) ACCELSYNC_UNMODELLED(Mean)
// The shape a Sum or Mean reduces: outter rows of n elements, inner (n padded to 32 bytes)
// apart.
struct SumParams {
    uint32_t outter = 1;
    uint32_t inner = 0;
    uint32_t n = 0;
};
using MeanParams = SumParams;
// Settings of a unit's mode that touch no memory: the frontend accepts them and emits nothing
// (atomics change how copies to GM combine, not which bytes they write; SetDeqScale with
// scalars sets the dequantizing Cast's scale; SetSysWorkspace gives SyncAll its scratch GM).
ACCELSYNC_UNMODELLED(SetAtomicNone) ACCELSYNC_UNMODELLED(SetAtomicAdd) ACCELSYNC_UNMODELLED(SetAtomicType)
ACCELSYNC_UNMODELLED(SetAtomicMax) ACCELSYNC_UNMODELLED(SetAtomicMin)
ACCELSYNC_UNMODELLED(SetDeqScale) ACCELSYNC_UNMODELLED(SetSysWorkspace)
// Basic APIs the frontend does not give a meaning yet: declared so kernels parse, reported as
// unsupported where called (the ones that touch no tensor too: masks change what vector
// instructions write).
ACCELSYNC_UNMODELLED(InitOutput)
ACCELSYNC_UNMODELLED(DataCacheCleanAndInvalid)
// Comparison and selection (basic vector APIs): every form declared; the frontend models the
// ones with a mask tensor (V vcmp, vsel) and reports the register forms.
ACCELSYNC_UNMODELLED(Compare) ACCELSYNC_UNMODELLED(CompareScalar) ACCELSYNC_UNMODELLED(Select)
ACCELSYNC_UNMODELLED(SetMaskCount) ACCELSYNC_UNMODELLED(SetMaskNorm)
ACCELSYNC_UNMODELLED(PairReduceSum) ACCELSYNC_UNMODELLED(RepeatReduceSum) ACCELSYNC_UNMODELLED(Brcb)
ACCELSYNC_UNMODELLED(TransDataTo5HD) ACCELSYNC_UNMODELLED(Scatter) ACCELSYNC_UNMODELLED(GatherB)
ACCELSYNC_UNMODELLED(Arange) ACCELSYNC_UNMODELLED(CreateVecIndex) ACCELSYNC_UNMODELLED(BilinearInterpolation)
ACCELSYNC_UNMODELLED(ArithProgression) ACCELSYNC_UNMODELLED(InitGlobalMemory)
ACCELSYNC_UNMODELLED(WholeReduceMin) ACCELSYNC_UNMODELLED(GetReduceMaxMinCount)
// Mask and register helpers: declared, not modelled (a mask changes what vector APIs write).
struct AscendCUtils {
    template <typename T1 = void, auto... V, typename... Args>
    __aicore__ static void SetMask(Args &&...args);
    template <typename T1 = void, auto... V, typename... Args>
    __aicore__ static void SetMaskCount(Args &&...args);
    template <typename T1 = void, auto... V, typename... Args>
    __aicore__ static void SetMaskNorm(Args &&...args);
    template <typename T1 = void, auto... V, typename... Args>
    __aicore__ static int64_t GetC(Args &&...args);
};
enum class CMPMODE : uint8_t { LT, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class CacheLine : uint8_t { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
struct TransDataTo5HDParams {
    bool dstHighHalf = false, srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0, srcRepStride = 0;
};
#undef ACCELSYNC_UNMODELLED

// What the operator build supplies: the kernel type, the tiling data and its key, the user
// workspace. The tiling structures themselves are generated from the host definitions into
// accelsync_tiling.h (src/frontend/clang/build_emulation.c).
enum KernelMetaType { KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0,
                      KERNEL_TYPE_MIX_AIC_1_0, KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2 };
#define KERNEL_TASK_TYPE_DEFAULT(type)
#define KERNEL_TASK_TYPE(key, type)
// Every integer field of the structure is a runtime value named after the field.
template <class T> __aicore__ T AccelsyncTiling(GM_ADDR tiling);
__aicore__ bool TILING_KEY_IS(uint64_t key);
__aicore__ GM_ADDR GetUserWorkspace(GM_ADDR workspace);
__aicore__ GM_ADDR GetSysWorkSpacePtr();

}  // namespace AscendC

using AscendC::TILING_KEY_IS;
using AscendC::GetTPipePtr;
using AscendC::GetUserWorkspace;
#include "accelsync_tiling.h"
#define REGISTER_TILING_DEFAULT(T) using AccelsyncDefaultTiling = T
#define REGISTER_TILING_FOR_TILINGKEY(cond, T)
#define GET_TILING_DATA_WITH_STRUCT(T, name, tiling) T name = AscendC::AccelsyncTiling<T>(tiling)
#define GET_TILING_DATA(name, tiling) \
    AccelsyncDefaultTiling name = AscendC::AccelsyncTiling<AccelsyncDefaultTiling>(tiling)
// The build's other forms: one member of the structure, or a pointer to it.
#define GET_TILING_DATA_MEMBER(T, member, var, tiling) \
    T accelsync_tiling_of_##var = AscendC::AccelsyncTiling<T>(tiling); \
    auto &var = accelsync_tiling_of_##var.member
// The qualifier the build's header gives such pointers (the tiling in GM, read only), which
// kernels also write in their own declarations (`__tiling_data_ptr__ T *tiling_`).
#define __tiling_data_ptr__ const
#define GET_TILING_DATA_PTR_WITH_STRUCT(T, ptr, tiling) \
    T accelsync_tiling_of_##ptr = AscendC::AccelsyncTiling<T>(tiling); \
    __tiling_data_ptr__ T *ptr = &accelsync_tiling_of_##ptr

#endif
