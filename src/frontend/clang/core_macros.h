/* Compile-time code per core type: which parses a source needs (see core_macros.c). */
#ifndef AS_FRONTEND_CORE_MACROS_H
#define AS_FRONTEND_CORE_MACROS_H

#include "clang_api.h"
#include "../../model/model.h"
#include "../../util/diag.h"

/* Whether a file of tu (not under stub_dir) names, as an identifier token, a macro the model
 * defines for `coretype`. */
bool core_macro_used(CXTranslationUnit tu, const struct model_source *ms, const char *coretype,
                     const char *stub_dir);
/* Whether a file of tu names a macro the model defines for a core type other than its vector
 * and cube cores; if so, reports it (unsupported, at its line) in diags. */
bool other_core_macro_used(CXTranslationUnit tu, const struct model_source *ms,
                           const char *stub_dir, struct diag_list *diags);

/* Whether a file of tu (not under stub_dir) #defines a macro the model defines (its arch,
 * __BANG_ARCH__ or __NPU_ARCH__, or a core type's) other than as the model does: the code would
 * be read for another chip than the model it is checked against. If so, reports it
 * (unsupported, at the #define) in diags. */
bool arch_macro_redefined(CXTranslationUnit tu, const struct model_source *ms,
                          const char *stub_dir, struct diag_list *diags);

#endif
