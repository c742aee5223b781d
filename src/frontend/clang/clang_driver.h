/* What every libclang-based frontend does the same way: parse a kernel source against the
 * frontend's own stub headers (kept in memory as libclang's unsaved files), report clang's
 * errors as source-error findings and find the kernel entries. A frontend (ascendc.c,
 * bangc.c) supplies its dialect: stubs, forwarded SDK headers, compiler arguments. The
 * lowering that follows is interp/session.h's. */
#ifndef AS_FRONTEND_CLANG_DRIVER_H
#define AS_FRONTEND_CLANG_DRIVER_H

#include "clang_api.h"
#include <stdbool.h>

#include "../../util/embedded.h"
#include "../pir/lowering.h"
#include "cursor_util.h"

struct clang_dialect {
    const char *stub_dir;                   /* virtual directory of the stubs, no trailing / */
    const struct embedded_file *stubs;      /* paths relative to stub_dir */
    const char *const *forwarded;           /* SDK header paths that include `forward_to` */
    size_t nforwarded;
    const char *forward_to;                 /* e.g. "kernel_operator.h" */
    const char *const *args;                /* fixed compiler arguments (language, arch) */
    size_t nargs;
    const char *const *entry_words;         /* qualifiers of kernel entries, NULL-ended */
    /* Words of the main file read under another name of the same length (pairs, NULL-ended;
     * NULL: none), so that a macro the dialect must define its own way keeps its place when
     * the vendor's headers define it after the prelude (columns do not move). */
    const char *const *renamed;
};

/* A generated header in the stub directory (Ascend C's tiling declarations), or a file of
 * the source's rewritten in memory (an absolute name). */
struct clang_extra_file {
    const char *name;                       /* relative to stub_dir, or absolute */
    const char *text;
};

struct clang_parse {
    CXIndex index;
    CXTranslationUnit tu;
    char *text;                             /* the source as parsed (launches rewritten) */
};

/* Parses src with the dialect, -I and -D of o (a -D is also a macro only when its name is
 * in capitals, as C macros are: `-D rows=12` must not turn `uint32_t rows` into
 * `uint32_t 12`), the extra files and extra arguments. false: the file did not parse, or
 * clang reported errors (each a source-error finding at its location). */
bool clang_parse_source(const struct clang_dialect *d, const struct source *src,
                        const struct frontend_options *o, const struct clang_extra_file *extra,
                        size_t nextra, const char *const *extra_args, size_t nextra_args,
                        struct clang_parse *out, struct diag_list *diags);
void clang_parse_free(struct clang_parse *p);

/* The kernel entries: function definitions of the main file carrying the annotation the
 * stubs give the kernel qualifiers (annotate("accelsync:global")), then the specializations of
 * such function templates that the translation unit launches or calls (often inside a macro
 * such as KERNEL_CHECK(...)) or instantiates explicitly, each once, as their definitions: a
 * template kernel exists only where it is instantiated. No entry at all is an input-error
 * naming the `qualifiers` (in diags, unless NULL). */
struct cursor_vec clang_entries(CXTranslationUnit tu, const char *path, const char *qualifiers,
                                struct diag_list *diags);
/* Whether a declaration carries annotate(what). */
bool clang_has_annotation(CXCursor c, const char *what);

/* -D NAME=LO..HI of runtime values: a kernel source is lowered once per combination of the
 * ranges' values, each entry as kernel ENTRY_NAMEv (clang_parse_source refuses more than
 * CLANG_MAX_RANGE_KERNELS combinations, and a range for a macro name). */
enum { CLANG_MAX_RANGE_KERNELS = 64 };
uint64_t clang_range_count(const struct frontend_options *o);

#endif
