/* Checking one file end to end: read, parse, load the model, enumerate parameter values
 * and `if (?)` paths, lower each kernel, run the happens-before engine and the checks,
 * and collect every finding in one list. */
#ifndef AS_CHECK_RUN_H
#define AS_CHECK_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ast.h"
#include "../model/model.h"
#include "../util/diag.h"
#include "../util/source.h"

struct lw_program;

struct check_options {
    const char *model;              /* --model NAME|FILE; NULL: the file's declaration */
    const char *const *model_path;  /* --model-path directories, searched first */
    size_t nmodel_path;
    const struct define *defines;   /* -D name=value, name=lo..hi */
    size_t ndefines;
    const char *const *include_dirs; /* -I: header directories of kernel sources */
    bool manual_sync;               /* kernel sources: --auto-sync=off */
    const char *task_type;          /* BANG C sources: --task-type (NULL: BLOCK) */
    const char *arch;               /* kernel sources: --arch (the model with that arch) */
    const char *sdk;                /* Ascend C sources: --sdk (NULL: the environment's) */
    const char *compile_db;         /* kernel sources: -p, compile_commands.json's directory */
    const struct host_input *host_inputs;   /* Ascend C operators: --shape, --dtype, --attr */
    size_t nhost_inputs;
    size_t ninclude_dirs;
    const struct binding *defaults; /* a configuration's defines: for the files that declare
                                     * the param, unless a -D fixes it */
    size_t ndefaults;
    uint64_t max_events;            /* per kernel run (instructions + loop iterations) */
    uint64_t max_file_events;       /* over every run of every kernel of a file (at least
                                     * max_events: a file may always make one full run) */
    size_t max_paths;               /* parameter assignments x `?` paths, per kernel */
    size_t max_errors;              /* findings kept per file */
    size_t max_file_size;           /* bytes */
    size_t max_tokens;              /* tokens per file */
    int max_depth;                  /* nesting of blocks and expressions */
    uint64_t max_trip_count;        /* iterations of one loop */
    size_t max_buffers;             /* buffer declarations per file */
    size_t max_model_size;          /* bytes per model file */
    size_t max_model_elements;      /* XML elements per model file */
    uint64_t max_clock_size;        /* instructions x units per kernel run (engine memory) */
    uint64_t max_pairs;             /* access pairs the hazard search compares per run */
    uint64_t max_file_pairs;        /* over every run of every kernel of a file (at least
                                     * max_pairs, as max_file_events) */
    uint64_t hint_budget;           /* events checked again to prove fix hints, per file */
    uint64_t max_source_memory;     /* MiB: the process reading a kernel source (isolate.h) */
    unsigned max_source_seconds;    /* its CPU and wall-clock time */
    struct model_cache *models;     /* models loaded once and shared; NULL: one per file */
    signed char level[CHECK_COUNT]; /* per check: CHECK_LEVEL_* (levels.h); all default */
    bool reference_engine;          /* check with the reference engine (tests) */
    bool split_choices;             /* no choice merged: every path a run (lower.h, merge) */
    /* Called after each run (one parameter assignment, one `if (?)` path) with its lowered
     * program, before the program is freed; the run's findings are diags->items[first_new ..
     * len). check --witness and simulate (src/sim/trace.h) hang on it. NULL: nothing. */
    void (*on_run)(const void *arg, const struct lw_program *p, struct diag_list *diags,
                   size_t first_new);
    const void *on_run_arg;
    bool lower_only;                /* lower every run but do not check it (simulate) */
    bool first_run_only;            /* only the first parameter assignment and path of each
                                     * kernel (the mutation study's one-run detector) */
    /* Check only the kernel of this name (a fix hint's trial edit inside it cannot change
     * what the file's other kernels report); the others are listed, unchecked, as verified.
     * NULL: every kernel. */
    const char *only_kernel;
    /* Called after each run with the file's findings so far: true stops the kernel's remaining
     * runs, which leaves it unverified. A fix hint's trial stops at its first new finding, as
     * the edit has failed then. NULL: never. */
    bool (*stop_after_run)(const void *arg, const struct diag_list *diags);
    const void *stop_arg;
    /* Findings with their kind and places only, not their words (message, advice, fix): what
     * a fix hint's trial check compares, at a fraction of the cost. */
    bool brief;
    /* The project configuration these options were read from, which reports name with the
     * levels it set (file_result.config); NULL: none. */
    const char *config;
};

void check_options_defaults(struct check_options *o);

struct kernel_result {
    const char *name;
    struct binding_list *params_checked;    /* one assignment per entry, in order */
    size_t nparams_checked;
    size_t paths;                   /* runs checked: assignments x paths */
    uint64_t events;                /* instructions over all runs */
    uint64_t accesses;              /* memory accesses over all runs */
    uint64_t merged;                /* `if (?)` lowered with both sides, over all runs */
    size_t turns;                   /* cores whose choices were explored one core at a time,
                                     * over all assignments (lower_turns_allowed) */
    bool verified;                  /* every run was checked (no input error, no cap) and,
                                     * for a kernel source's entry, it accesses memory */
    bool empty;                     /* a kernel source's entry with no access (empty-kernel) */
    const char *entry;              /* a kernel source's entry as the source names it
                                     * (`add(float *, int)`, `add_example<1>`); NULL: PIR */
    const char *launch;             /* how the host code launches it ("a UNION1 task: the
                                     * launch at ..."); NULL: it did not say */
    /* The values it was checked with that nobody gave (the kernel's `guessed(...)`,
     * docs/pir.md), names in the diags' arena; len 0: none. */
    struct binding_list guessed;
};

struct file_result {
    char *path;
    struct source *src;
    struct source *lowered;         /* the PIR a source file was lowered to; NULL for PIR */
    struct ast_program *ast;
    struct model *model;
    bool checked;                   /* false: the file could not be verified */
    bool paths_unrun;               /* past --max-errors, paths of a kernel were left unrun */
    struct diag_list diags;         /* findings, file diagnostics have kernel == NULL */
    struct kernel_result *kernels;
    size_t nkernels;
    uint64_t events_spent;          /* lowering work of every run so far (max_file_events) */
    uint64_t pairs_spent;           /* pairs the hazard searches compared (max_file_pairs) */
    char *config;                   /* check_options.config, owned; NULL: none */
    signed char level[CHECK_COUNT]; /* the check levels it was checked with (levels.h) */
    /* Kernel entries of a source the frontend stopped on before they could be checked (not
     * in `kernels` nor in the summary's count): names and reasons, in diags' arena. */
    struct stopped_kernel {
        const char *name, *reason;
    } *stopped;
    size_t nstopped;
    /* A kernel source's tiling: where its values come from (the lowered header's "tiling:"
     * line: computed by the op's host code for which inputs, or guessed), in diags' arena;
     * NULL: the source is not an op with host code */
    const char *tiling;
    /* The data types the kernel was read with (the lowered header's "data types:" line: which
     * variant of the op's definition, and how many were not checked); NULL: no definition */
    const char *data_types;
    /* Why the kernel was read as the model it was, when its operator's definition decided or
     * disagreed (the lowered header's "chip:" line, ascendc/op_chip.h); NULL: it did not */
    const char *chip;
};

void check_file(const char *path, const struct check_options *o, struct file_result *out);
/* The result of a file that is not read: one input-error "cannot read PATH: WHY" (a
 * limit-exceeded when `why` names a limit), the file not verified. */
void check_unread(const char *path, const char *why, const struct check_options *o,
                  struct file_result *out);
/* Same for a source already in memory; takes ownership of src. */
void check_source(struct source *src, const struct check_options *o, struct file_result *out);
void file_result_free(struct file_result *r);
/* Checks a program already parsed from src, which the caller keeps: both are borrowed, and
 * the result is freed with file_result_free_borrowed (a fix hint's trial, whose edit is made
 * in the program, src's text unchanged). */
void check_program(struct source *src, struct ast_program *ast, const struct check_options *o,
                   struct file_result *r);
void file_result_free_borrowed(struct file_result *r);
/* Frees the file's AST, which the reports do not read, after copying the names that findings
 * and kernel results borrow from it: a run over a library keeps every file's result until it
 * reports. Kept when a finding carries a witness (its instructions name the program). */
void file_result_drop_ast(struct file_result *r);
/* 0 verified and clean, 1 verified with errors (or warnings under werror), 2 not verified. */
int file_result_exit_code(const struct file_result *r, bool werror);

#endif
