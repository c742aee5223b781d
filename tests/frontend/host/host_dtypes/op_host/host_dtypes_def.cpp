// host_dtypes's definition: two variants, x and y float16 (the first) or bfloat16 (the second).
#include "register/op_def_registry.h"

namespace ops {
class HostDtypes : public OpDef {
public:
    explicit HostDtypes(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_BF16});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_BF16});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(HostDtypes);
}  // namespace ops
