/* The files a command checks, from the paths on its command line: a file is taken as named
 * (whatever its name; "-" is standard input) and a directory is walked for kernel files in a
 * stable order. */
#ifndef AS_CLI_INPUTS_H
#define AS_CLI_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct input_rules {
    const char *const *extensions;  /* kernel files: names ending in '.' + one of these */
    size_t nextensions;
    const char *const *excludes;    /* --exclude globs (fnmatch), against the walked path or
                                     * the entry's name; a matching directory is not entered */
    size_t nexcludes;
};

/* Expands paths into *files (allocated, NULL-terminated; free with inputs_free). Directories
 * are walked depth first, each directory's entries in byte order, skipping hidden entries and
 * not following symbolic links to directories. A kernel file of a walk that must not be read
 * (a symbolic link out of the walked directory, a FIFO, a device, a file of /proc) is listed
 * all the same, with (*refused)[i] saying why (a static string; NULL for the files to read), so
 * that the report names it. Returns false, after a message on `errors`, when a directory
 * cannot be read or holds no kernel file; the files found are still given. */
bool inputs_expand(const struct input_rules *r, const char *const *paths, size_t n,
                   char ***files, const char ***refused, size_t *nfiles, FILE *errors);
void inputs_free(char **files, const char **refused, size_t n);

/* "K/N" with 1 <= K <= N (--shard: the K-th of N contiguous slices of the file list). */
bool inputs_parse_shard(const char *text, unsigned long *k, unsigned long *n);

#endif
