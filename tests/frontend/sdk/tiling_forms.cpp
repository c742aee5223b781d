// The operator build's other tiling forms, GET_TILING_DATA_MEMBER (a reference to one member
// of the structure) and GET_TILING_DATA_PTR_WITH_STRUCT (a pointer to it, qualified
// __tiling_data_ptr__ as kernels also write it), which ops-transformer's grouped_matmul_add
// uses (before: "'TilingT' does not refer to a value", a source error), and a CTRL bit set in
// the word get_ctrl reads (the SDK's SetOverflow: a value not known, which matters to nothing
// here; before: unsupported at sbitset1). The copy's length is the member's field, guessed by
// name; the vector op reads the tile before the copy has written it.
// expect: raw-hazard@37
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint32_t TILE = 64;

struct CopyParams {
    uint32_t tileLength;
};

struct FormsTiling {
    uint32_t coreNum;
    CopyParams copy;
};

extern "C" __global__ __aicore__ void tiling_forms(GM_ADDR x, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_MEMBER(FormsTiling, copy, copyParams, tiling);
    GET_TILING_DATA_PTR_WITH_STRUCT(FormsTiling, tilingPtr, tiling);
    __tiling_data_ptr__ FormsTiling *all = tilingPtr;   // the build's qualifier, as kernels write it
    SetOverflowMode(true);
    uint32_t n = copyParams.tileLength < TILE ? copyParams.tileLength : TILE;
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, 2 * TILE * sizeof(float));
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, n * all->coreNum);
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, xGm, n);
    Muls(a[TILE], a, 2.0f, n);
}
