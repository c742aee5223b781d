// host_refused's definition: what --shape, --dtype and --attr name its inputs and
// attributes by (x, then mode and ratio).
#include "register/op_def_registry.h"

namespace ops {
class HostRefused : public OpDef {
public:
    explicit HostRefused(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Attr("mode").AttrType(REQUIRED).Int(0);
        this->Attr("ratio").AttrType(OPTIONAL).Float(1.0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(HostRefused);
}  // namespace ops
