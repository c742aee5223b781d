/* Whether a file a directory walk finds is a kernel source, decided by a cheap look at its
 * path and text (no parse): a library's host code, tests and bindings are skipped. */
#ifndef AS_CLI_KERNEL_SCAN_H
#define AS_CLI_KERNEL_SCAN_H

#include <stdbool.h>

struct kernel_scan {
    bool kernel;            /* check it */
    const char *why;        /* what decided it (a static string), e.g. "defines a device entry" */
    char word[64];          /* the word or directory it names (truncated), or "" */
    int line;               /* the line of `word` in the file; 0: none */
};

/* `path` is the file as walked (it is opened), `below` its path under the walked directory
 * (its directories are the library's layout: op_host/, tests/). Kernels: a PIR file (.pir, or
 * an extension a configuration adds that no frontend reads), an .asc file, a file defining a
 * device entry (`__global__` as in Ascend C's `__global__ __aicore__`, `__mlu_global__`,
 * `__mlu_entry__`, followed by a function body) or getting one from the headers it includes
 * with quotes under the walked directory (a macro for one, or one they define), and an op's
 * own op_kernel/OP.cpp. Not kernels: a file under op_host/ or a test directory, a test file,
 * a file without a device entry (a binding, host code with main). A file that cannot be
 * read, or is too large to scan, is a kernel: checking it reports why. */
struct kernel_scan kernel_scan_file(const char *path, const char *below);

/* "skipped: under op_host/ (an op's host code)" and the like, for --list-files (malloc'ed). */
char *kernel_scan_describe(const struct kernel_scan *s);

#endif
