// host_rows's host tiling, through the other readings of the host API: the input tensor's
// origin shape, an attribute through GetAttrPointer, the platform's singleton and its L1, a
// helper of the source's own, std::min. rows = the product of all but the last dimension,
// cols = the last; each core takes rowsPerCore rows; `stride` (attribute 0, pad) pads a row.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "host_rows_tiling.h"

namespace optiling {
static uint32_t CeilDiv(uint32_t a, uint32_t b)
{
    return b == 0 ? 0 : (a + b - 1) / b;
}

static ge::graphStatus RowsTiling(gert::TilingContext *context)
{
    const gert::Tensor *x = context->GetInputTensor(0);
    const gert::Shape &shape = x->GetOriginShape();
    size_t dims = shape.GetDimNum();
    uint32_t rows = 1;
    for (size_t i = 0; i + 1 < dims; i++) {
        rows *= shape.GetDim(i);
    }
    uint32_t cols = shape[dims - 1];
    const int64_t *pad = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    auto *platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    uint64_t l1 = 0;
    platform->GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1);
    OP_CHECK_IF(l1 < 1024, OP_LOGE(context->GetNodeName(), "no L1"), return ge::GRAPH_FAILED);
    uint32_t cores = std::min<uint32_t>(platform->GetCoreNumAic(), rows);

    HostRowsTilingData tiling;
    tiling.set_rows(rows);
    tiling.set_cols(cols);
    tiling.set_rowsPerCore(CeilDiv(rows, cores));
    tiling.set_stride(cols + *pad);
    context->SetBlockDim(CeilDiv(rows, tiling.get_rowsPerCore()));
    context->SetTilingKey(ge::GetSizeByDataType(x->GetDataType()));
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(HostRows).Tiling(RowsTiling);
}  // namespace optiling
