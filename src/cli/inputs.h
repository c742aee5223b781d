/* The files a command checks, from the paths on its command line: a file is taken as named
 * (whatever its name; "-" is standard input) and a directory is walked for kernel files in a
 * stable order. */
#ifndef AS_CLI_INPUTS_H
#define AS_CLI_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "kernel_scan.h"

struct input_rules {
    const char *const *extensions;  /* kernel files: names ending in '.' + one of these */
    size_t nextensions;
    const char *const *excludes;    /* --exclude globs (fnmatch), against the walked path or
                                     * the entry's name; a matching directory is not entered */
    size_t nexcludes;
};

/* A file a command reads: a walked kernel file or a file named on the command line. */
struct input_file {
    char *path;
    const char *refused;        /* a walked file that must not be read at all (a symbolic link
                                 * out of the walked directory, a FIFO, a device, a file of
                                 * /proc): why (a static string), so that the report names it;
                                 * NULL: read it */
    struct kernel_scan scan;    /* whether it is checked as a kernel source, and why: a named
                                 * file always is; a walked one by kernel_scan_file */
};

/* Expands paths into *files (allocated; free with inputs_free). Directories are walked depth
 * first, each directory's entries in byte order, skipping hidden entries and not following
 * symbolic links to directories; each file with a kernel extension is listed, with what
 * kernel_scan_file says of it. Returns false, after a message on `errors`, when a directory
 * cannot be read or holds no kernel file; the files found are still given. */
bool inputs_expand(const struct input_rules *r, const char *const *paths, size_t n,
                   struct input_file **files, size_t *nfiles, FILE *errors);
void inputs_free(struct input_file *files, size_t n);

/* "K/N" with 1 <= K <= N (--shard: the K-th of N contiguous slices of the file list). */
bool inputs_parse_shard(const char *text, unsigned long *k, unsigned long *n);

#endif
