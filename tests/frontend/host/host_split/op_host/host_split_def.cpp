// host_split's definition, in a file of its own that registers the tiling function defined in
// host_split_tiling.cpp. It uses a definition call the frontend's host declarations do not
// have (FormatList), so it does not compile under them: the tiling source is read first.
#include "register/op_def_registry.h"

namespace optiling {
ge::graphStatus TilingFunc(gert::TilingContext *context);
}

namespace ops {
class HostSplit : public OpDef {
public:
    explicit HostSplit(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).FormatList({ge::FORMAT_ND});
        this->AICore().SetTiling(optiling::TilingFunc);
    }
};
OP_ADD(HostSplit);
}  // namespace ops
