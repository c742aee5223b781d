/* A source file held in memory (PIR or model XML), with line lookup for diagnostics. */
#ifndef AS_UTIL_SOURCE_H
#define AS_UTIL_SOURCE_H

#include <stddef.h>

struct source {
    char *path;        /* as given by the user; owned */
    char *text;        /* NUL-terminated copy of the contents; owned */
    size_t len;        /* bytes, not counting the terminator (text may hold NUL bytes) */
    size_t *line_starts; /* offset of each line's first byte; owned */
    size_t nlines;
};

/* Location in a source: 1-based line and column (column counts bytes), and the length of
 * the underlined span (at least 1). file is the source's path; NULL means "no location". */
struct as_loc {
    const char *file;
    int line, col, len;
};

/* Reads a whole file; "-" reads standard input. Returns NULL and sets *err to a static message
 * on failure ("is a directory" for a directory). */
struct source *source_read(const char *path, size_t max_bytes, const char **err);
/* Reads a whole file, refusing anything but a regular file (a FIFO, a device, a directory)
 * without blocking: for files a kernel source names (its headers), which are not trusted. */
struct source *source_read_regular(const char *path, size_t max_bytes, const char **err);
struct source *source_from_string(const char *path, const char *text, size_t len);
void source_free(struct source *s);
/* The text of 1-based line `line` (without newline) and its length; NULL if out of range. */
const char *source_line(const struct source *s, int line, size_t *len);

#endif
