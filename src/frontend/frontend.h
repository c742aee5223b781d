/* Source frontends: lower a kernel source file (Ascend C today) to PIR text whose every line
 * remembers the source location it came from. The PIR is then checked like any other; the
 * findings are moved back to the source (src/check/run.c). Without libclang at build time,
 * a source file is an input error that says so. */
#ifndef AS_FRONTEND_FRONTEND_H
#define AS_FRONTEND_FRONTEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/diag.h"
#include "../util/source.h"
#include "bangc/task_type.h"
#include "pir/lowering.h"

enum frontend_kind { FRONTEND_NONE, FRONTEND_ASCENDC, FRONTEND_BANGC };
/* Which frontend reads a file, by its extension (.cpp .cc .cxx .asc: Ascend C; .mlu: BANG C). */
enum frontend_kind frontend_for_path(const char *path);
/* The extensions of kernel files, NULL-terminated: "pir" first, then the kernel sources the
 * frontend reads (what a directory walk picks up when the frontend is built). */
extern const char *const kernel_extensions[];
bool frontend_available(void);

/* Lowers the kernel source `src` (read by the caller, within its size limit). Errors and
 * unsupported constructs go to diags at their source locations (file strings allocated from
 * the list's arena). Returns false if the file could not be parsed at all. */
bool frontend_lower(const struct source *src, const struct frontend_options *o,
                    struct lowered_source *out, struct diag_list *diags);
void lowered_source_free(struct lowered_source *l);

/* The -I directories derived for the source (clang/derived_includes.h): searched after the
 * user's -I and a -p build's entry; allocated, NULL-ended, *n of them. Without libclang:
 * none. */
char **frontend_derived_includes(const struct source *src, const struct frontend_options *o,
                                 size_t *n);
void frontend_derived_includes_free(char **dirs);

/* With libclang: the model a source is read for (--arch's, an arch macro's, --model's, else
 * the dialect's default; an Ascend C operator's kernel as a model of a chip its definition
 * builds it for, ascendc/op_chip.h), or NULL after an error in diags. *note (NULL: not
 * wanted), malloc'ed or NULL: the line the lowered file's header says of that choice. */
struct model;
struct model *frontend_source_model(const struct source *src, const struct frontend_options *o,
                                    char **note, struct diag_list *diags);

#endif
