// A host tiling function with what the frontend cannot run, one per value of the attribute
// `mode`: a float given to an integer field (1), a condition on a float (2), a call the
// frontend does not model (3), an input without a shape (4). Mode 0 runs: length is the
// input's element count, scaled by nothing.
#include "host_refused_tiling.h"
#include "register/op_impl_registry.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext *context)
{
    HostRefusedTilingData tiling;
    const int64_t *mode = context->GetAttrs()->GetInt(0);
    const float *ratio = context->GetAttrs()->GetFloat(1);
    int64_t length = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (*mode == 1) {
        tiling.set_length(length * *ratio);
    } else if (*mode == 2) {
        if (*ratio > 0.5f) {
            length = length / 2;
        }
        tiling.set_length(length);
    } else if (*mode == 3) {
        tiling.set_length(context->GetOutputShape(0)->GetStorageShape().GetShapeSize());
    } else if (*mode == 4) {
        tiling.set_length(context->GetInputShape(1)->GetStorageShape().GetShapeSize());
    } else {
        tiling.set_length(length);
    }
    context->SetBlockDim(1);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),
                        context->GetRawTilingData()->GetCapacity());
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(HostRefused).Tiling(TilingFunc);
}  // namespace optiling
