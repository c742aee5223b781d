/* What the parse of a kernel source from anyone may do. clang runs with explicit depth caps,
 * and a source may include only regular files inside its roots: the checked tree (the
 * repository holding the source), the -I directories, the extra roots the options name
 * (an SDK) and the system's header directories. An #include of a device, a FIFO or /dev/stdin is refused before clang opens it
 * (it would block or never end); one that resolves outside the roots is refused too, and
 * then none of clang's diagnostics is printed, since they quote the words of what it read. */
#ifndef AS_FRONTEND_CLANG_PARSE_GUARD_H
#define AS_FRONTEND_CLANG_PARSE_GUARD_H

#include <stdbool.h>

#include "../../util/diag.h"
#include "../../util/source.h"
#include "../pir/lowering.h"
#include "clang_api.h"

/* The virtual directory the frontends' own stub headers live in (never on disk). */
#define PARSE_GUARD_STUB_ROOT "/accelsync-frontend/"

/* clang's own depth caps, passed with every parse (NULL-ended). */
extern const char *const parse_guard_args[];

/* Before the parse: follows the #include directives of src and of the headers it reaches
 * (as written, macros not expanded) and refuses, at the directive, every one that names
 * something other than a regular file, a file outside the roots or a header over the size
 * limit. false: something was refused (each an error in diags), do not parse. */
bool parse_guard_scan(const struct source *src, const struct frontend_options *o,
                      struct diag_list *diags);

/* The checked tree of the source at src_path, as a real path (allocated): the repository
 * holding it (the nearest directory above it with a .git), else the working directory when
 * the source is inside it, else the source's directory. NULL when neither can be found. */
char *parse_guard_tree(const char *src_path);

/* Whether build emulation may read the host header at `path` for the kernel at kernel_path:
 * only inside the kernel's tree and the -I directories, as an #include may (what it reads
 * becomes declarations clang may quote in its messages). */
bool parse_guard_host_file_allowed(const char *kernel_path, const char *const *include_dirs,
                                   size_t ninclude_dirs, const char *path);

/* After the parse: every file the translation unit included (a computed #include too) must
 * be inside the roots; false, with an error at each directive that reached one outside. */
bool parse_guard_inclusions(CXTranslationUnit tu, const struct source *src,
                            const struct frontend_options *o, struct diag_list *diags);

#endif
