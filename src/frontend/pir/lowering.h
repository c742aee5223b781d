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
    const char *compile_db;             /* -p: the directory of compile_commands.json, or NULL */
    const struct define *defines;       /* -D name=value, name=lo..hi: macros, runtime values */
    size_t ndefines;
    const char *model;                  /* --model, or NULL: the frontend's default */
    const char *arch;                   /* --arch: the model whose <source> has this arch */
    const char *sdk;                    /* --sdk: the Ascend C SDK to read sources through
                                         * (NULL: $ASCEND_HOME_PATH, $ASCEND_TOOLKIT_HOME;
                                         * "none": the built-in declarations) */
    const char *const *model_path;      /* --model-path directories, searched first */
    size_t nmodel_path;
    uint64_t max_steps;                 /* statements and calls per kernel */
    uint64_t max_file_steps;            /* ... of every kernel, key and guess of the file
                                         * together (--max-file-events); 0: none */
    uint64_t *file_steps;               /* the file's count so far (set by frontend_lower) */
    bool manual_sync;                   /* --auto-sync=off: assume no compiler-inserted sync */
    bool split_choices;                 /* --choices split: a condition on data whose sides
                                         * may call a stateful layer (Ascend C) is always
                                         * lowered as runs, never joined */
    const char *task_type;              /* BANG C: --task-type, NULL: BLOCK */
    bool keep_incomplete;               /* `lower`: keep kernels that were not fully modelled */
    /* Hostile input (docs/limits.md): the child process a source is read in (isolate.h) */
    uint64_t max_memory_mib;            /* --max-source-memory: its address space; 0: none */
    unsigned max_seconds;               /* --max-source-seconds: its CPU and wall time; 0: none */
    int max_depth;                      /* --max-depth: statements and expressions nested */
    size_t max_header_size;             /* bytes of one header it includes (--max-file-size) */
    /* Directories besides the source's tree and -I whose headers a source may include (the
     * SDK it is read through); every other file is refused (clang/parse_guard.h). */
    const char *const *extra_roots;
    size_t nextra_roots;
    const struct host_input *host_inputs;   /* --shape, --dtype, --attr: run the op's host
                                         * tiling function for them (host/host_tiling.h) */
    size_t nhost_inputs;
    const char *header_note;            /* a line the lowered file's header adds (what the
                                         * tiling values are and where they come from) */
    const char *model_note;             /* another: why the model is the one read (the chips
                                         * the operator is built for, ascendc/op_chip.h) */
    const char *appended;               /* text the frontend adds after the source's last
                                         * line (template instances it chose); NULL: none */
};

/* A call the frontend inlined: where, what, and the call it was made in (-1: the entry). */
struct lowered_call {
    struct as_loc site;
    char *callee;
    int parent;
};

/* A kernel entry whose lowering stopped (unsupported, a limit): left out of the PIR, listed
 * so that reports name it with its reason. */
struct lowered_stop {
    char *kernel;
    char *reason;                       /* the first error reported while lowering it */
};

/* A kernel of the PIR and the entry it was lowered from, as the source names it. */
struct lowered_entry {
    char *kernel;
    char *entry;
    char *launch;   /* how the host launches it, when its code said (BANG C's task type), or NULL */
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
    struct lowered_stop *stopped;       /* the incomplete ones `check` left out */
    size_t nstopped;
    struct lowered_entry *entries;      /* every kernel lowered, with its entry */
    size_t nentries;
};

/* Notes that entry `kernel` stopped, its reason the first error of diags from index `first`. */
void lowered_add_stop(struct lowered_source *l, const char *kernel, const struct diag_list *diags,
                      size_t first);

/* Records that PIR kernel `kernel` is the source's entry `entry` (both copied). */
void lowered_source_add_entry(struct lowered_source *l, const char *kernel, const char *entry);
/* The same, with how the host code launches it (copied; NULL: it did not say). */
void lowered_source_add_launched_entry(struct lowered_source *l, const char *kernel,
                                       const char *entry, const char *launch);

#endif
