// accelsync's declarations of the CANN runtime's host API (acl/acl.h), written for accelsync
// from the public AscendCL API reference: enough for the host code of a single-source .asc
// file (main(), device memory, streams, a <<<>>> launch) to parse. Host code is parsed and
// never run: only the kernel entries are checked. A header of this name the user's -I
// provides (the toolkit's own) is taken instead.
#ifndef ACCELSYNC_STUB_ACL_H
#define ACCELSYNC_STUB_ACL_H
#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif
aclError aclInit(const char *configPath);
aclError aclFinalize(void);
const char *aclGetRecentErrMsg(void);
#ifdef __cplusplus
}
#endif
#endif
