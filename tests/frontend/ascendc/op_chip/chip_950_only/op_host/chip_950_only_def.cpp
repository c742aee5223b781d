// chip_950_only's definition: built for the Ascend 950 only. The A2 line is commented out
// and the string below only mentions a chip: neither is a chip the op is built for.
#include "register/op_def_registry.h"

namespace ops {
class Chip950Only : public OpDef {
public:
    explicit Chip950Only(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        // this->AICore().AddConfig("ascend910b");
        /* this->AICore().AddConfig("ascend910_93"); */
        const char *said = "AddConfig(\"ascend910b\")";
        (void)said;
        this->AICore().AddConfig("ascend950");
    }
};
OP_ADD(Chip950Only);
}  // namespace ops
