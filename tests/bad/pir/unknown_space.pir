// a memory space the model does not have
// bad: 4:12 unknown-name exit=2 unknown memory space 'HBM' in model ascend910b2 (spaces: GM UB L1 L0A L0B L0C BT FB ACC)
model "ascend910b2";
buffer a : HBM[256];
kernel k { }
