/* What the vendor's operator build gives a kernel besides its source, emulated for the parse:
 * the tiling structures generated from the host side's BEGIN_TILING_DATA_DEF definitions (in
 * the operator's op_host/ directory beside op_kernel/), and the DTYPE_* type macros. */
#ifndef AS_FRONTEND_BUILD_EMULATION_H
#define AS_FRONTEND_BUILD_EMULATION_H

#include <stddef.h>

/* C++ declarations of the tiling structures for the kernel at `path`: one struct per
 * BEGIN_TILING_DATA_DEF found in the headers of host_dirs (the operator's op_host/ and its
 * per-architecture part, op_layout.h) and the headers they include (found beside the including
 * header or in include_dirs), in dependency order, the constants they define, and the alias
 * AccelsyncDefaultTiling for the structure the operator registers without a key (what
 * GET_TILING_DATA reads), else the first one registered. Malloc'ed; empty when none. */
char *tiling_declarations(const char *path, const char *const *host_dirs, size_t nhost_dirs,
                          const char *const *include_dirs, size_t ninclude_dirs);

/* `-DDTYPE_X=half -DORIG_DTYPE_X=1` for each tensor of the op's definition (dtypes, may be
 * NULL: its first column, the first variant the build compiles), then `-DDTYPE_X=float`-style
 * arguments for every other DTYPE_* / ORIG_DTYPE_* / FORMAT_* name the kernel's text, the
 * headers beside it and those of include_dirs use: NULL-terminated, malloc'ed strings in a
 * malloc'ed array. */
struct op_dtypes;
char **type_macro_arguments(const char *path, const char *text, const char *const *include_dirs,
                            size_t ninclude_dirs, const struct op_dtypes *dtypes);
void free_arguments(char **args);

#endif
