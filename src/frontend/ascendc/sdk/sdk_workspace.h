/* What the vendor's operator build does with a kernel's workspace before the kernel runs, for
 * a kernel read through the SDK. The build wraps each entry in generated code
 * (asc-devkit cmake/asc/legacy_modules/util/extract_host_stub.py, under HAVE_WORKSPACE, which
 * the build defines with HAVE_TILING): the parameter before the tiling is the workspace, the
 * wrapper hands it to AscendC::SetSysWorkspaceForce and passes the kernel
 * AscendC::GetUserWorkspace(workspace) in its place, the part past the system's reserve.
 * Kernels then call GetUserWorkspace themselves, which on the device ignores its argument
 * and returns what SetSysWorkspaceForce set, plus the reserve: without the wrapper it is no
 * address at all. Here the wrapper's two calls are a function appended after the source
 * (when the SDK's implementation of them is in the parse), run as the workspace argument is
 * bound. */
#ifndef AS_FRONTEND_ASCENDC_SDK_WORKSPACE_H
#define AS_FRONTEND_ASCENDC_SDK_WORKSPACE_H

#include "../../clang/clang_api.h"
#include "../../interp/interp.h"

/* The text to append after the source: `before` (NULL: none), then the wrapper's function
 * (malloc'ed). */
char *sdk_workspace_appended(const char *before);
/* The wrapper's function in the parse, or a null cursor when the SDK's workspace functions
 * are not there (a kernel that does not include them). */
CXCursor sdk_workspace_function(CXTranslationUnit tu);
/* Kernel argument v of parameter parm as the wrapper passes it: the workspace (the parameter
 * before the tiling argument) replaced by what `fn` returns for it; any other unchanged. */
struct value sdk_workspace_argument(struct interp *I, CXCursor parm, struct value v, CXCursor fn);

#endif
