/* The operator build's workspace set-up around a kernel read through the SDK (see
 * sdk_workspace.h). */
#include "sdk_workspace.h"

#include <stdlib.h>
#include <string.h>

#include "../../../util/xalloc.h"
#include "../tiling_defaults.h"

#define WORKSPACE_FUNCTION "accelsync_op_build_workspace"

/* Defined only when the SDK's implementation of the two calls is in the parse (its header's
 * guard): a kernel that includes less, or an SDK without them, parses as before. */
static const char wrapper[] =
    "#ifdef ASCENDC_MODULE_OPERATOR_COMMON_IMPL_H\n"
    "__aicore__ inline GM_ADDR " WORKSPACE_FUNCTION "(GM_ADDR workspace)\n"
    "{\n"
    "    AscendC::SetSysWorkspaceForce(workspace);\n"
    "    return AscendC::GetUserWorkspace(workspace);\n"
    "}\n"
    "#endif\n";

char *sdk_workspace_appended(const char *before)
{
    return xasprintf("%s%s%s", before ? before : "", before ? "\n" : "", wrapper);
}

static enum CXChildVisitResult find_function(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c))
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    bool found = !strcmp(clang_getCString(s), WORKSPACE_FUNCTION);
    clang_disposeString(s);
    if (found)
        *(CXCursor *)data = c;
    return found ? CXChildVisit_Break : CXChildVisit_Continue;
}

CXCursor sdk_workspace_function(CXTranslationUnit tu)
{
    CXCursor fn = clang_getNullCursor();
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_function, &fn);
    return fn;
}

/* The parameter before the tiling argument, which the wrapper takes for the workspace. */
static bool workspace_parameter(CXCursor parm)
{
    CXCursor entry = clang_getCursorSemanticParent(parm);
    int n = clang_Cursor_getNumArguments(entry);
    return n >= 2 && clang_equalCursors(clang_Cursor_getArgument(entry, (unsigned)n - 2), parm) &&
           tiling_parameter(clang_Cursor_getArgument(entry, (unsigned)n - 1));
}

struct value sdk_workspace_argument(struct interp *I, CXCursor parm, struct value v, CXCursor fn)
{
    if (clang_Cursor_isNull(fn) || v.kind != VAL_POINTER || !workspace_parameter(parm))
        return v;
    return interp_call(I, fn, &v, 1, parm);
}
