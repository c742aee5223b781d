// An operator the vendor builds only for the Ascend 950 (its definition names ascend950
// only): the vendor's build never compiles it for the A2, so it is not read as an A2 kernel
// unless asked, and no model that reads Ascend C describes the 950 yet: unsupported, not a
// verdict for a build that does not exist. Asked for the A2, it is read as one, with a note.
// expect: unsupported@0
// expect(--model ascend910b2): clean
#include "kernel_operator.h"
using namespace AscendC;

__global__ __aicore__ void chip_950_only(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a(TPosition::VECIN, 0, 64);
    DataCopy(a, xGm, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(yGm, a, 64);
}
