// chip_910_only's definition: built for the first-generation Ascend 910 only.
#include "register/op_def_registry.h"

namespace ops {
class Chip910Only : public OpDef {
public:
    explicit Chip910Only(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->AICore().AddConfig("ascend910");
    }
};
OP_ADD(Chip910Only);
}  // namespace ops
