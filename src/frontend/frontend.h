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

enum frontend_kind { FRONTEND_NONE, FRONTEND_ASCENDC, FRONTEND_BANGC };
/* Which frontend reads a file, by its extension (.cpp .cc .cxx .asc: Ascend C; .mlu: BANG C). */
enum frontend_kind frontend_for_path(const char *path);
/* The clusters of a BANG C task type: 0 for BLOCK (and NULL), n for UNIONn, -1 if unknown. */
int bangc_task_clusters(const char *task_type);
/* The extensions of kernel files, NULL-terminated: "pir" first, then the kernel sources the
 * frontend reads (what a directory walk picks up when the frontend is built). */
extern const char *const kernel_extensions[];
bool frontend_available(void);

struct frontend_options {
    const char *const *include_dirs;    /* -I */
    size_t ninclude_dirs;
    const struct define *defines;       /* -D name=value, name=lo..hi: macros, runtime values */
    size_t ndefines;
    const char *model;                  /* --model, or NULL: the frontend's default */
    const char *arch;                   /* --arch: the model whose <source> has this arch */
    const char *const *model_path;      /* --model-path directories, searched first */
    size_t nmodel_path;
    uint64_t max_steps;                 /* statements and calls per kernel */
    bool manual_sync;                   /* --auto-sync=off: assume no compiler-inserted sync */
    const char *task_type;              /* BANG C: --task-type, NULL: BLOCK */
    bool keep_incomplete;               /* `lower`: keep kernels that were not fully modelled */
};

/* A call the frontend inlined: where, what, and the call it was made in (-1: the entry). */
struct lowered_call {
    struct as_loc site;
    char *callee;
    int parent;
};

struct lowered_source {
    char *pir;                          /* the PIR text; NULL if nothing could be lowered */
    size_t len;
    struct as_loc *origins;             /* per PIR line (index line - 1) */
    int *calls_of;                      /* per PIR line: the innermost call it is in, or -1 */
    size_t nlines;
    struct lowered_call *calls;         /* the inlined calls lines are in */
    size_t ncalls;
    char **files;                       /* owned strings the origins point to */
    size_t nfiles;
    size_t kernels, incomplete;         /* kernel entries found; of them not fully modelled */
};

/* Lowers the kernel source `src` (read by the caller, within its size limit). Errors and
 * unsupported constructs go to diags at their source locations (file strings allocated from
 * the list's arena). Returns false if the file could not be parsed at all. */
bool frontend_lower(const struct source *src, const struct frontend_options *o,
                    struct lowered_source *out, struct diag_list *diags);
void lowered_source_free(struct lowered_source *l);

#endif
