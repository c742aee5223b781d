// A count kept in a member with a brace initializer (`int64_t count{0}`, ops-transformer's
// MoeMrgsort::listNum) and a local one (`int64_t second{1}`): both start at their values, so the
// list index is known and the copy reads y (was: "the array index is not known"). The vector
// op reads the tile before the copy has written it (no EnQue/DeQue).
// expect: raw-hazard@36
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 64;

class Lists {
public:
    __aicore__ inline void Add(GlobalTensor<float> &g)
    {
        this->gm[count] = g;
        this->count += 1;
    }
    int64_t count{0};
    GlobalTensor<float> gm[2];
};

extern "C" __global__ __aicore__ void brace_initialized(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    pipe.InitBuffer(inQ, 1, 2 * TILE * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    Lists lists;
    lists.Add(xGm);
    lists.Add(yGm);
    int64_t second{1};
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, lists.gm[second], TILE);
    Muls(a[TILE], a, 2.0f, TILE);
}
