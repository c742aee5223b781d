/* The operator build's staging, reproduced for the parse: where an op library's kernel finds
 * the headers its relative includes name, and where the host side keeps its tiling
 * definitions. See op_layout.c for what the vendor's build does. */
#ifndef AS_FRONTEND_OP_LAYOUT_H
#define AS_FRONTEND_OP_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

struct op_layout {
    char *op_dir;           /* the operator's directory (holding op_kernel/), absolute; NULL:
                             * the kernel is not in an op_kernel/ tree */
    char **host_dirs;       /* where the tiling definitions are read: op_host/, op_host/<arch>/,
                             * ... of those that exist (without an op_dir: ../op_host), then
                             * those of the operators whose kernel code the text includes */
    size_t nhost_dirs;
    char **kernel_dirs;     /* other operators' op_kernel/ the text includes from */
    size_t nkernel_dirs;
    char **include_dirs;    /* the -I the build adds: the staged common/ */
    size_t ninclude_dirs;
    char *overlay;          /* clang's VFS overlay (YAML) placing the staged directories beside
                             * op_kernel/; NULL when nothing is staged */
};

/* The layout of the kernel at `kernel_path` whose source is `text`; `arch_dir` is the
 * directory name the library keeps one architecture's sources in ("arch22" for __NPU_ARCH__
 * 2201), or NULL. */
void op_layout_find(const char *kernel_path, const char *text, const char *arch_dir,
                    struct op_layout *out);
/* Its operator's directory and own host directories only (op_dir, host_dirs), without the
 * library-wide staging: what the op's definition is read from. */
void op_layout_find_host(const char *kernel_path, const char *arch_dir, struct op_layout *out);
void op_layout_free(struct op_layout *l);

/* The most of an operator's definition read (its data types, its chips). */
enum { OP_DEFINITION_MAX_BYTES = 4 * 1024 * 1024 };

/* The operator's definition: the first *_def.cpp, by name, of the first of `host_dirs` that
 * has one (an op_layout's host_dirs), malloc'ed; NULL: none. */
char *op_layout_definition(const char *const *host_dirs, size_t nhost_dirs);

/* A file of an operator's host side as messages name it, from the operator's directory on
 * ("add/op_host/add_def.cpp", whatever the library's path): a pointer into path. */
const char *op_layout_shown(const char *path);

/* "arch22" for an __NPU_ARCH__ of 2201 (the library's per-architecture directories), or NULL. */
char *op_layout_arch_dir(const char *npu_arch);

/* The overlay written where clang can read it (-ivfsoverlay PATH): a file already unlinked
 * when the system can name an open descriptor, else removed by op_overlay_close. */
struct op_overlay {
    int fd;
    char *path;             /* what to give clang; NULL: not written */
    char *remove;           /* the file to remove at close, or NULL */
};
bool op_overlay_write(const char *yaml, struct op_overlay *out);
/* An argument the parse needs beside the overlay, or NULL: clang 14's overlay resolves `..`
 * as text in every path it sees, and libclang, which has no installed directory, finds the
 * C++ library as /../lib/gcc/<triple>/<v>/../../../../include/c++/<v>: through the /lib
 * symbolic link, which as text leads to /include. Naming /usr as the GCC toolchain gives the
 * same headers by a path without the link. */
const char *op_overlay_toolchain(void);
void op_overlay_close(struct op_overlay *o);

/* The staging as a parse applies it, the same with the built-in declarations and through the
 * SDK: the layout of the kernel, its overlay written, the include directories of the parse
 * and the arguments that place the overlay. */
struct op_staging {
    struct op_layout layout;
    struct op_overlay overlay;
    const char **include_dirs;  /* the user's -I, then the staging's (with an overlay only);
                                 * the strings are the caller's and the layout's */
    size_t ninclude_dirs;
    const char **type_dirs;     /* include_dirs, then the other operators' op_kernel/ the
                                 * source includes from: where DTYPE_* names are looked for */
    size_t ntype_dirs;
    const char *args[4];        /* -ivfsoverlay PATH and the toolchain argument it needs, of
                                 * those that apply; NULL-ended */
    size_t nargs;
};
/* Stages the kernel at `path` (source `text`) for a parse with the user's -I `dirs` and the
 * model's __NPU_ARCH__ `npu_arch` (NULL: none). A staging that cannot be written (no
 * temporary directory) leaves the parse as without it. */
void op_staging_init(struct op_staging *s, const char *path, const char *text,
                     const char *npu_arch, const char *const *dirs, size_t ndirs);
void op_staging_free(struct op_staging *s);

#endif
