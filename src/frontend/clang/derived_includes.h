/* The -I directories a library's own build gives its kernels, found from where its headers
 * sit, so that a plain `accelsync check DIR` reads a kernel as the vendor build compiles it.
 *
 * A quoted `#include "a/b.h"` that resolves neither beside the file that includes it, nor
 * beside the source, nor in the directories already searched (the user's -I, a build's
 * compile_commands.json, those derived before), nor among the frontend's own headers, is
 * looked for in the directories above the source's, nearest first, up to the top of the
 * source's checked tree (parse_guard_tree: the repository, else the working directory); the
 * first that holds it as a regular file inside the tree becomes a derived -I, after the
 * user's. The headers found are read for their own includes in turn. Nothing outside the tree
 * is looked at (a symbolic link out of it is not followed), nothing but regular files is read,
 * and the work is capped (DERIVED_MAX_HEADERS headers read, DERIVED_MAX_INCLUDES directives
 * looked up). */
#ifndef AS_FRONTEND_CLANG_DERIVED_INCLUDES_H
#define AS_FRONTEND_CLANG_DERIVED_INCLUDES_H

#include <stddef.h>

/* the caps: headers read, directives looked up, directories climbed */
enum { DERIVED_MAX_HEADERS = 1024, DERIVED_MAX_INCLUDES = 16384, DERIVED_MAX_LEVELS = 64 };

/* The derived directories (real paths, allocated, NULL-ended; *n of them; free each, then
 * the list) for the source at `path` whose text is text[0..len). `dirs` are searched before
 * (a name found there is not looked for above); `supplied` (NULL-ended, or NULL) names the
 * headers the frontend provides itself, which are never looked for; a header over
 * max_header_size bytes is not read (0: no cap). */
char **derived_include_dirs(const char *path, const char *text, size_t len,
                            const char *const *dirs, size_t ndirs,
                            const char *const *supplied, size_t max_header_size, size_t *n);

#endif
