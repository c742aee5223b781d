/* What a lowering is asked and what it gives back: the options of a frontend run, and the
 * lowered source, PIR text whose every line remembers the source location it came from. Every
 * layer of the frontend passes these along, so they sit at the bottom, beside the writer. */
#ifndef AS_FRONTEND_PIR_LOWERING_H
#define AS_FRONTEND_PIR_LOWERING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../util/diag.h"
#include "../../util/source.h"

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
    const char *appended;               /* text the frontend adds after the source's last
                                         * line (template instances it chose); NULL: none */
};

/* A call the frontend inlined: where, what, and the call it was made in (-1: the entry). */
struct lowered_call {
    struct as_loc site;
    char *callee;
    int parent;
};

/* A kernel of the PIR and the entry it was lowered from, as the source names it. */
struct lowered_entry {
    char *kernel;
    char *entry;
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
    struct lowered_entry *entries;      /* every kernel lowered, with its entry */
    size_t nentries;
};

/* Records that PIR kernel `kernel` is the source's entry `entry` (both copied). */
void lowered_source_add_entry(struct lowered_source *l, const char *kernel, const char *entry);

#endif
