// host_add's host tiling, in the older style: a TilingFunc in namespace optiling, registered
// by the op definition below (AICore().SetTiling). The work is split into blocks of 4096
// elements, one per core up to the vector cores the platform has; each block into tiles of
// 8 KiB (the data type decides how many elements that is), two of which must fit the UB.
// Inputs of more than 16384 elements take tiling key 2.
#include "host_add_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BLOCK_ELEMENTS = 4096;

static ge::graphStatus TilingFunc(gert::TilingContext *context)
{
    HostAddTilingData tiling;
    const gert::StorageShape *xShape = context->GetInputShape(0);
    uint32_t total = xShape->GetStorageShape().GetShapeSize();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint32_t cores = platform.GetCoreNumAiv();
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    uint32_t typeSize = ge::GetSizeByDataType(context->GetInputDesc(0)->GetDataType());
    OP_CHECK_IF(total == 0 || typeSize == 0, OP_LOGE(context->GetNodeName(), "empty input"),
                return ge::GRAPH_FAILED);

    uint32_t blockDim = (total + BLOCK_ELEMENTS - 1) / BLOCK_ELEMENTS;
    if (blockDim > cores) {
        blockDim = cores;
    }
    uint32_t blockLength = total / blockDim;
    uint32_t tileBytes = 8192;
    OP_CHECK_IF(tileBytes * 2 > ubSize, OP_LOGE(context->GetNodeName(), "UB too small"),
                return ge::GRAPH_FAILED);
    uint32_t tileLength = tileBytes / typeSize;
    if (tileLength > blockLength) {
        tileLength = blockLength;
    }
    tiling.set_blockLength(blockLength);
    tiling.set_tileNum(tiling.get_blockLength() / tileLength);
    tiling.set_tileLength(tileLength);
    context->SetBlockDim(blockDim);
    context->SetTilingKey(total > 4 * BLOCK_ELEMENTS ? 2 : 1);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),
                        context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t *workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ops {
class HostAdd : public OpDef {
public:
    explicit HostAdd(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(HostAdd);
}  // namespace ops
