// The workspace as the operator build passes it: its generated wrapper hands the parameter
// before the tiling to SetSysWorkspaceForce and gives the kernel GetUserWorkspace's part past
// the system's reserve. The kernel's own GetUserWorkspace then returns that part (on the
// device it ignores its argument), so the copy out and the copy back of lines 31 and 32 meet
// in the workspace, 16 MiB in, with no MTE3 -> MTE2 wait between them: the finding at 32.
// Without the build's wrapper the system workspace was never set and GetUserWorkspace gave
// no address: the entry was not verified.
// expect: raw-hazard@32
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void user_workspace(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling)
{
    GM_ADDR usr = GetUserWorkspace(workspace);
    GlobalTensor<float> xGm, wsGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    wsGm.SetGlobalBuffer((__gm__ float *)usr, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQueue;
    pipe.InitBuffer(inQueue, 1, 512);
    LocalTensor<float> a = inQueue.AllocTensor<float>();
    LocalTensor<float> b = a[64];
    DataCopy(a, xGm, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(wsGm, a, 64);
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
    DataCopy(wsGm[64], a, 64);
    DataCopy(b, wsGm[64], 64);
    SetFlag<HardEvent::MTE2_MTE3>(1);
    WaitFlag<HardEvent::MTE2_MTE3>(1);
    DataCopy(yGm, b, 64);
    inQueue.FreeTensor(a);
}
