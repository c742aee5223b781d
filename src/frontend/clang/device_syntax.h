/* The Ascend device compiler's attribute syntax, which is not C++: a bracketed list of
 * execution spaces after a function qualifier, `__forceinline__[aicore]`,
 * `__global__[aicore]`, `__forceinline__[host, aicore]` (asc-devkit's sys_macros.h defines
 * __aicore__ as [aicore] in device mode; catlass writes the lists in its macros). The parse
 * reads the source and the headers it includes rewritten in memory: each list becomes as many
 * spaces (the qualifier before it keeps its meaning; where a function runs is not a question
 * for the frontend), so lines and columns stay. The files on disk are never touched. */
#ifndef AS_FRONTEND_DEVICE_SYNTAX_H
#define AS_FRONTEND_DEVICE_SYNTAX_H

#include <stdbool.h>
#include <stddef.h>

/* Blanks every execution-space list of text[0..len) in place; true if there was one. */
bool device_syntax_blank(char *text, size_t len);

/* A header rewritten for the parse: its absolute path and its text with the lists blanked. */
struct device_header {
    char *path;
    char *text;
};

/* The headers `text` (the source at `path`) includes, directly or not, found beside the
 * including file or in include_dirs, that use the syntax: malloc'ed, *n of them. */
struct device_header *device_syntax_headers(const char *path, const char *text,
                                            const char *const *include_dirs,
                                            size_t ninclude_dirs, size_t *n);
void device_syntax_headers_free(struct device_header *h, size_t n);

#endif
