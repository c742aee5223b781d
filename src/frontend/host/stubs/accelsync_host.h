// accelsync's declarations of the Ascend C operator host API, written for the frontend from
// the API's documentation (gert::TilingContext, the tiling data macros, PlatformAscendC):
// enough for an operator's tiling function to parse and run in the interpreter. A function
// declared here without a body is a hook of host_api.c; one with a body runs as written.
#ifndef ACCELSYNC_HOST_H
#define ACCELSYNC_HOST_H

#include <stddef.h>
#include <stdint.h>

// The framework's headers bring the C++ library in: host code calls std::min, std::max,
// strings and vectors without including them itself.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace ge {
using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;
// The enumerators' values are the framework's (graph/types.h); host_api.c maps the --dtype
// names to them by the same table.
enum DataType {
    DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6,
    DT_UINT16 = 7, DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12,
    DT_BF16 = 27, DT_UNDEFINED = 28,
};
enum Format { FORMAT_NCHW = 0, FORMAT_NHWC = 1, FORMAT_ND = 2 };
int64_t GetSizeByDataType(DataType type);
}  // namespace ge

namespace fe {
class PlatFormInfos {};
}  // namespace fe

namespace gert {
class Shape {
public:
    size_t GetDimNum() const;
    int64_t GetDim(size_t index) const;
    int64_t GetShapeSize() const;
    int64_t operator[](size_t index) const;
};
class StorageShape {
public:
    const Shape &GetStorageShape() const;
    const Shape &GetOriginShape() const;
};
class CompileTimeTensorDesc {
public:
    ge::DataType GetDataType() const;
    ge::Format GetStorageFormat() const;
    ge::Format GetOriginFormat() const;
};
class Tensor {
public:
    const Shape &GetStorageShape() const;
    const Shape &GetOriginShape() const;
    ge::DataType GetDataType() const;
    int64_t GetShapeSize() const;
};
class RuntimeAttrs {
public:
    template <typename T> const T *GetAttrPointer(size_t index) const;
    const int64_t *GetInt(size_t index) const;
    const float *GetFloat(size_t index) const;
    const bool *GetBool(size_t index) const;
    size_t GetAttrNum() const;
};
class TilingData {
public:
    void *GetData();
    size_t GetCapacity() const;
    size_t GetDataSize() const;
    void SetDataSize(size_t size);
};
class TilingContext {
public:
    const StorageShape *GetInputShape(size_t index) const;
    const StorageShape *GetOutputShape(size_t index) const;
    const StorageShape *GetOptionalInputShape(size_t index) const;
    const CompileTimeTensorDesc *GetInputDesc(size_t index) const;
    const StorageShape *GetDynamicInputShape(size_t irIndex, size_t relativeIndex) const;
    const CompileTimeTensorDesc *GetDynamicInputDesc(size_t irIndex, size_t relativeIndex) const;
    const CompileTimeTensorDesc *GetOutputDesc(size_t index) const;
    const Tensor *GetInputTensor(size_t index) const;
    const RuntimeAttrs *GetAttrs() const;
    const fe::PlatFormInfos *GetPlatformInfo() const;
    const char *GetNodeName() const;
    const char *GetNodeType() const;
    size_t GetComputeNodeInputNum() const;
    TilingData *GetRawTilingData();
    size_t *GetWorkspaceSizes(size_t count);
    ge::graphStatus SetTilingKey(uint64_t key);
    ge::graphStatus SetBlockDim(uint32_t dim);
    ge::graphStatus SetScheduleMode(uint32_t mode);
    ge::graphStatus SetNeedAtomic(bool atomic);
};
}  // namespace gert

namespace platform_ascendc {
enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6 };
enum class SocVersion { ASCEND910 = 0, ASCEND910B = 1, ASCEND310P = 2, RESERVED_VERSION = 99 };
class PlatformAscendC {
public:
    explicit PlatformAscendC(const fe::PlatFormInfos *platformInfo);
    uint32_t GetCoreNum() const;
    uint32_t GetCoreNumAic() const;
    uint32_t GetCoreNumAiv() const;
    void GetCoreMemSize(const CoreMemType &memType, uint64_t &size) const
    {
        size = AccelsyncMemSize(memType);
    }
    uint64_t AccelsyncMemSize(CoreMemType memType) const;
    SocVersion GetSocVersion() const;
    uint32_t GetLibApiWorkSpaceSize() const;
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
};
class PlatformAscendCManager {
public:
    static PlatformAscendC *GetInstance();
};
}  // namespace platform_ascendc

namespace optiling {
// The base of every structure BEGIN_TILING_DATA_DEF declares. Each field's set_ records the
// value it is given (AccelsyncSet: the field's name, the value) for the report.
class TilingDef {
public:
    void SaveToBuffer(void *data, size_t capacity);
    size_t GetDataSize() const;
    void AccelsyncSet(const char *field, int64_t value);
    void AccelsyncArray(const char *field);
    void AccelsyncStruct(const char *field);
};
}  // namespace optiling

// The fields are members with bodies for get_ and set_, so the interpreter keeps their values
// as the code writes them; set_ also tells the hook which field got which value. The store is
// a function of its own: the interpreter reads no operator inside a macro that pastes tokens.
template <typename T, typename V> inline void AccelsyncStore(T &field, V v)
{
    field = v;
}
#define BEGIN_TILING_DATA_DEF(name) \
    class name : public ::optiling::TilingDef { \
    public:
#define TILING_DATA_FIELD_DEF(type, field) \
    type field = 0; \
    void set_##field(type v) { AccelsyncStore(field, v); AccelsyncSet(#field, field); } \
    type get_##field() const { return field; }
#define TILING_DATA_FIELD_DEF_ARR(type, n, field) \
    type field[n] = {}; \
    void set_##field(const type *v) { AccelsyncArray(#field); } \
    const type *get_##field() const { return field; }
#define TILING_DATA_FIELD_DEF_STRUCT(type, field) \
    type field; \
    void set_##field(const type &v) { AccelsyncStruct(#field); }
#define END_TILING_DATA_DEF }
// Written with or without a semicolon after it: an empty declaration is allowed.
#define REGISTER_TILING_DATA_CLASS(op, name) \
    static_assert(sizeof(name) > 0, "the tiling data class of " #op);

// Registration: the frontend finds the tiling function by the names these macros are given
// (host_tiling.c); as code they declare nothing that runs.
namespace gert {
class TilingParseContext {
public:
    const fe::PlatFormInfos *GetPlatformInfo() const;
    template <typename T> T *GetCompiledInfo();
};
class OpImplRegister {
public:
    OpImplRegister &Tiling(ge::graphStatus (*fn)(TilingContext *));
    template <typename C, typename F> OpImplRegister &TilingParse(F fn);
    template <typename F> OpImplRegister &TilingParse(F fn);
    template <typename F> OpImplRegister &InferShape(F fn);
};
}  // namespace gert
#define ACCELSYNC_JOIN2(a, b) a##b
#define ACCELSYNC_JOIN(a, b) ACCELSYNC_JOIN2(a, b)
#define IMPL_OP_OPTILING(op) \
    static ::gert::OpImplRegister ACCELSYNC_JOIN(accelsync_optiling_, __COUNTER__) = \
        ::gert::OpImplRegister()
#define IMPL_OP(op) IMPL_OP_OPTILING(op)

namespace ops {
class OpParamDef {
public:
    OpParamDef &ParamType(int type);
    OpParamDef &DataType(std::initializer_list<ge::DataType> list);
    OpParamDef &Format(std::initializer_list<ge::Format> list);
    OpParamDef &UnknownShapeFormat(std::initializer_list<ge::Format> list);
    OpParamDef &AutoContiguous();
};
class OpAttrDef {
public:
    OpAttrDef &AttrType(int type);
    OpAttrDef &Int(int64_t v);
    OpAttrDef &Float(float v);
    OpAttrDef &Bool(bool v);
};
class OpAICoreConfig {
public:
    OpAICoreConfig &DynamicCompileStaticFlag(bool);
    OpAICoreConfig &DynamicFormatFlag(bool);
    OpAICoreConfig &DynamicRankSupportFlag(bool);
    OpAICoreConfig &DynamicShapeSupportFlag(bool);
    OpAICoreConfig &NeedCheckSupportFlag(bool);
    OpAICoreConfig &PrecisionReduceFlag(bool);
};
class OpAICoreDef {
public:
    OpAICoreDef &SetTiling(ge::graphStatus (*fn)(gert::TilingContext *));
    OpAICoreDef &AddConfig(const char *soc);
    OpAICoreDef &AddConfig(const char *soc, OpAICoreConfig &config);
};
enum { REQUIRED = 0, OPTIONAL = 1, DYNAMIC = 2 };
class OpDef {
public:
    explicit OpDef(const char *name);
    OpParamDef &Input(const char *name);
    OpParamDef &Output(const char *name);
    OpAttrDef &Attr(const char *name);
    OpAICoreDef &AICore();
};
}  // namespace ops
#define OP_ADD(op) static_assert(true, #op)

// Logging and checks: a log writes nothing the tiling depends on, so its arguments are not
// evaluated; a check runs its action when its condition holds.
#define OP_LOGD(...) ((void)0)
#define OP_LOGI(...) ((void)0)
#define OP_LOGW(...) ((void)0)
#define OP_LOGE(...) ((void)0)
#define OPS_LOG_D(...) ((void)0)
#define OPS_LOG_I(...) ((void)0)
#define OPS_LOG_W(...) ((void)0)
#define OPS_LOG_E(...) ((void)0)
#define OP_LOGE_IF(cond, ret, ...) do { if (cond) { return ret; } } while (0)
#define OP_CHECK_IF(cond, log, action) do { if (cond) { action; } } while (0)
#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr) ((void)0)
#define OP_TILING_CHECK(cond, log, action) do { if (cond) { action; } } while (0)

#endif
