/* What a header that is not found usually is, for the source error's message: the op build
 * stages headers of other packages beside the kernels (docs/frontends.md, "The op build's
 * layout"), which a kernel includes by their staged names. */
#ifndef AS_FRONTEND_MISSING_HEADERS_H
#define AS_FRONTEND_MISSING_HEADERS_H

/* For clang's "'NAME' file not found": what NAME is and where to point -I, or NULL. */
const char *missing_header_hint(const char *message);

#endif
