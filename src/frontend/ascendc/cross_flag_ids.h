/* The cross-core flags a kernel's own CrossCoreSetFlag / CrossCoreWaitFlag may name, as both
 * Ascend C readings check them: the built-in layer at the API call (ascendc_cores.c), the SDK
 * reading at the intrinsic the call reaches (isa/isa_sync.c, for a call the kernel's own code
 * makes, not the SDK's). The model's <cross-flags user-flags> are the kernel's; the hardware
 * has the others, but the SDK's SyncAll uses them. */
#ifndef AS_FRONTEND_ASCENDC_CROSS_FLAG_IDS_H
#define AS_FRONTEND_ASCENDC_CROSS_FLAG_IDS_H

#include <stdint.h>

#include "../../util/diag.h"

/* Reports flag at `at` when `user` (0: no limit) says it is not a kernel's own; `api` is the
 * function the kernel called. */
static inline void cross_flag_check_own(struct diag_list *diags, struct as_loc at, const char *api,
                                        int64_t flag, int user)
{
    if (user && flag >= user)
        diag_addf(diags, CHECK_BAD_EVENT_ID, SEV_ERROR, at,
                  "cross-core flag %lld is not a kernel's own: %s takes flags 0..%d on this "
                  "chip, the others are the SDK's (its SyncAll uses them)", (long long)flag,
                  api, user - 1);
}

#endif
