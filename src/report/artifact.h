/* How reports name a checked file and a column in it (artifact.c): the path as an artifact
 * URI, the same for `k.pir` and `./k.pir`, and byte columns as Unicode code points. */
#ifndef AS_REPORT_ARTIFACT_H
#define AS_REPORT_ARTIFACT_H

#include <jansson.h>
#include <stdbool.h>

#include "../util/source.h"

/* path without what does not change the file it names: leading `./`, `//` and `/./` inside
 * (`..` is kept: it may cross a symbolic link). Allocated; never NULL. */
char *artifact_path(const char *path);
/* True when a and b are the same path once written as artifact_path writes them. */
bool artifact_same(const char *a, const char *b);
/* A SARIF artifactLocation for path: relative paths relative to %SRCROOT% (the working
 * directory), absolute ones as file:// URIs; bytes outside the unreserved set and '/'
 * percent-encoded. */
json_t *artifact_location(const char *path);
/* The 1-based column, counted in Unicode code points, of byte column `col` of line `line` of
 * src (which the lexers count in bytes); col itself when src does not hold the line. */
int artifact_column(const struct source *src, int line, int col);

#endif
