// chip_config_lists's definition: its own lists say float16 only, but the config it passes
// for the A2 lists float and float16, and the one for the 950 bfloat16: the A2's build
// compiles the kernel for float and float16.
#include "register/op_def_registry.h"

namespace ops {
class ChipConfigLists : public OpDef {
public:
    explicit ChipConfigLists(const char *name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16});
        OpAICoreConfig a2_config;
        a2_config.Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16});
        a2_config.Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16});
        this->AICore().AddConfig("ascend910b", a2_config);
        OpAICoreConfig a5_config;
        a5_config.Input("x").ParamType(REQUIRED).DataType({ge::DT_BF16});
        a5_config.Output("y").ParamType(REQUIRED).DataType({ge::DT_BF16});
        this->AICore().AddConfig("ascend950", a5_config);
    }
};
OP_ADD(ChipConfigLists);
}  // namespace ops
