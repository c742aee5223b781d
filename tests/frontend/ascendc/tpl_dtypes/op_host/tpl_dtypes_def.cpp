// tpl_dtypes's definition: x and y float16 (the first variant) or bfloat16.
#include "register/op_def_registry.h"

namespace ops {
class TplDtypes : public OpDef {
public:
    explicit TplDtypes(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_BF16});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_BF16});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(TplDtypes);
}  // namespace ops
