// host_split's tiling function: length is the input's element count.
#include "host_split_tiling.h"

namespace optiling {
ge::graphStatus TilingFunc(gert::TilingContext *context)
{
    HostSplitTilingData tiling;
    tiling.set_length(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    context->SetBlockDim(1);
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling
