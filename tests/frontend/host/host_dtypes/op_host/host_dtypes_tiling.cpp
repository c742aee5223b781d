// length: the element count of x.
#include "host_dtypes_tiling.h"
#include "register/op_impl_registry.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext *context)
{
    HostDtypesTilingData tiling;
    tiling.set_length(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    context->SetBlockDim(1);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),
                        context->GetRawTilingData()->GetCapacity());
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(HostDtypes).Tiling(TilingFunc);
}  // namespace optiling
