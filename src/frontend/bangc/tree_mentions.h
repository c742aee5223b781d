/* The host files of a kernel's checked tree that name a word: where a library keeps the host
 * code that calls a kernel's launcher in another directory (mmcv's pytorch/mlu/ for its
 * common/mlu/ kernels, mlu-ops' fft). The tree is parse_guard_tree's (the repository, else the
 * working directory); listed once, then read file by file for each word asked. */
#ifndef AS_FRONTEND_BANGC_TREE_MENTIONS_H
#define AS_FRONTEND_BANGC_TREE_MENTIONS_H

#include <stdbool.h>
#include <stddef.h>

/* Files listed, and bytes read per word asked, at most. */
enum { TREE_MAX_FILES = 8192 };
#define TREE_MAX_BYTES ((size_t)256 << 20)

/* Whether a file name is one a host search reads (.mlu .cpp .cc .c .h .hpp). */
bool host_file_extension(const char *name);

struct tree_files;

/* The host files under the tree of kernel_path, sorted, hidden entries and links skipped. */
struct tree_files *tree_files_new(const char *kernel_path);
/* Calls found(path, data) for each listed file, up to max_bytes each, whose text names the
 * word (whole, as an identifier); returns how many did. */
size_t tree_files_naming(struct tree_files *t, const char *word, size_t len, size_t max_bytes,
                         void (*found)(const char *path, void *data), void *data);
/* Whether the listing stopped at TREE_MAX_FILES, or a search at TREE_MAX_BYTES. */
bool tree_files_truncated(const struct tree_files *t);
void tree_files_free(struct tree_files *t);

#endif
