/* accelsync: a static verifier for synchronization in AI accelerator kernels.
 *
 * The library checks PIR kernels against a hardware model and reports data races
 * (RAW/WAR/WAW hazards), deadlocks, flag overruns and leaked flags. Every type is opaque;
 * every object made by an as_*_new or as_check* call is released by its *_free.
 *
 * struct as_options is the library's context: the model search path (as_options_add_model_path),
 * where messages go (as_options_set_log), limits and schedules. Nothing is process-global but
 * $ACCELSYNC_MODEL_PATH, read at each lookup. Link with `pkg-config --cflags --libs accelsync`;
 * docs/example.c is a complete program. */
#ifndef ACCELSYNC_ACCELSYNC_H
#define ACCELSYNC_ACCELSYNC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library exports these functions and nothing else (it is built with hidden visibility). */
#if defined(AS_BUILDING_LIBRARY) && defined(__GNUC__)
#define AS_EXPORT __attribute__((visibility("default")))
#else
#define AS_EXPORT
#endif

struct as_options;
struct as_result;

enum as_format {
    AS_FORMAT_TEXT, AS_FORMAT_JSON, AS_FORMAT_SARIF, AS_FORMAT_HTML, AS_FORMAT_CODEQUALITY
};

enum as_limit {
    AS_LIMIT_EVENTS,        /* instructions + loop iterations per kernel run (10,000,000) */
    AS_LIMIT_PATHS,         /* parameter assignments x if (?) paths per kernel (4096) */
    AS_LIMIT_ERRORS,        /* findings kept per file (1000) */
    AS_LIMIT_FILE_SIZE,     /* bytes per input file (16 MiB) */
    AS_LIMIT_TOKENS,        /* tokens per input file (10,000,000) */
    AS_LIMIT_DEPTH,         /* nesting of blocks and expressions (1000; at most 12500) */
    AS_LIMIT_TRIP_COUNT,    /* iterations of one loop, from its bounds (1,000,000) */
    AS_LIMIT_BUFFERS,       /* buffer declarations per file (1024) */
    AS_LIMIT_MODEL_SIZE,    /* bytes per model file (1 MiB) */
    AS_LIMIT_MODEL_ELEMENTS,/* XML elements per model file (10,000) */
    AS_LIMIT_CLOCK_SIZE,    /* instructions x units per kernel run (100,000,000) */
    AS_LIMIT_PAIRS,         /* access pairs compared by the hazard search per run (100,000,000) */
    AS_LIMIT_HINT_EVENTS,   /* events checked again to prove fix hints, per file (4,000,000) */
    AS_LIMIT_FILE_EVENTS,   /* events of all runs of all kernels of one file (100,000,000; never
                             * less than AS_LIMIT_EVENTS) */
    AS_LIMIT_SOURCE_MEMORY, /* MiB of address space of the process reading one kernel source
                             * (8192) */
    AS_LIMIT_SOURCE_SECONDS,/* seconds of CPU and wall-clock time reading one kernel source (600) */
    AS_LIMIT_FILE_PAIRS,    /* access pairs compared by the hazard searches of all runs of all
                             * kernels of one file (400,000,000; never less than AS_LIMIT_PAIRS) */
};

AS_EXPORT const char *as_version(void);

AS_EXPORT struct as_options *as_options_new(void);
AS_EXPORT void as_options_free(struct as_options *o);
/* A model name (looked up in the model directories) or a path to a model file. */
AS_EXPORT void as_options_set_model(struct as_options *o, const char *name_or_path);
/* A directory searched for models (NAME.xml) before $ACCELSYNC_MODEL_PATH and the installed
 * models; repeatable, searched in the order given. */
AS_EXPORT void as_options_add_model_path(struct as_options *o, const char *dir);
/* Kernel sources: whether the compiler's automatic synchronization (Ascend C --cce-auto-sync,
 * on by default as in the vendor build) is assumed: the syncs it would insert are added to
 * the lowered kernel, marked. Off: only the syncs written in the source count. */
AS_EXPORT void as_options_set_auto_sync(struct as_options *o, bool on);
/* BANG C sources: the launch's task type, BLOCK (one IPU, the default) or UNION1, UNION2,
 * UNION4, UNION8, UNION16 (that many clusters of one MPU and four IPUs). Returns false for
 * any other name (the setting is left as it was). */
AS_EXPORT bool as_options_set_task_type(struct as_options *o, const char *type);
/* --arch: kernel sources are read and checked for the model whose <source> declares this
 * arch (2201: ascend910b2, 1001: ascend910); unknown arches are an input-error per file. */
AS_EXPORT void as_options_set_arch(struct as_options *o, const char *arch);
/* Ascend C sources: the vendor SDK (an asc-devkit checkout) whose headers they are read
 * through; "none" for the built-in declarations. Unset: $ASCEND_HOME_PATH, $ASCEND_TOOLKIT_HOME. */
AS_EXPORT void as_options_set_sdk(struct as_options *o, const char *dir);
/* Ascend C operators: run the op's host tiling function (op_host/) for these inputs and check
 * the kernel with the tiling it computes. `option` is "shape" (value: dimensions "4096,1024"),
 * "dtype" (value: "float16") or "attr" (value: an integer, true, false or a float); `name` an input's index, x<i>,
 * or its name in the op definition (an attribute's index or name). false: an unknown option
 * or a value of the wrong form (the option is not kept). */
AS_EXPORT bool as_options_add_host_input(struct as_options *o, const char *option,
                                         const char *name, const char *value);
/* -p: the directory of a build's compile_commands.json; a kernel source (Ascend C) is parsed
 * with the -I, -D and -include its entry there gives. */
AS_EXPORT void as_options_set_compile_commands(struct as_options *o, const char *dir);
/* -I: a directory searched for the headers of kernel sources (Ascend C); repeatable. */
AS_EXPORT void as_options_add_include_dir(struct as_options *o, const char *dir);
/* A default value for a param, used by the files that declare it unless a definition fixes
 * it (a project configuration's `define`): unlike as_options_define, not an error where no
 * such param is declared. */
AS_EXPORT void as_options_define_default(struct as_options *o, const char *name, long long value);
/* -D name=value; a later definition of the same name replaces the earlier one. */
AS_EXPORT void as_options_define(struct as_options *o, const char *name, long long value);
/* -D name=lo..hi: every value from lo to hi (inclusive) is checked, as for `param name in
 * lo..hi`; in a kernel source, the entry is lowered once per value. */
AS_EXPORT void as_options_define_range(struct as_options *o, const char *name, long long lo,
                                       long long hi);
AS_EXPORT void as_options_set_limit(struct as_options *o, enum as_limit which,
                                    unsigned long long value);
/* Use the slow reference engine instead of the product's (for cross-checks). */
AS_EXPORT void as_options_use_reference_engine(struct as_options *o, bool on);
/* on: every `if (?)` path in a run of its own, none merged (docs/semantics.md §6). */
AS_EXPORT void as_options_split_choices(struct as_options *o, bool on);
/* check: give every hazard a witness, the schedule that shows it, run through the simulator. */
AS_EXPORT void as_options_set_witness(struct as_options *o, bool on);

enum as_policy { AS_POLICY_RANDOM, AS_POLICY_ADVERSARIAL, AS_POLICY_REPLAY };
/* The schedules as_simulate_files runs: the latency policy; how many schedules per run (0:
 * the default, 100 random ones or one adversarial one per instruction); the random seed; for
 * AS_POLICY_REPLAY the latency file, read now (false, with a message on `errors`, when it
 * cannot be read). */
AS_EXPORT bool as_options_set_schedule(struct as_options *o, enum as_policy policy,
                                       unsigned long long runs, unsigned long long seed,
                                       const char *replay_path, FILE *errors);

/* Called by as_check_files and as_simulate_files each time a file is finished (one call at a
 * time, from the thread that finished it): `done` of `total` files, the last one `path`. */
typedef void (*as_progress_fn)(void *data, size_t done, size_t total, const char *path);
AS_EXPORT void as_options_set_progress(struct as_options *o, as_progress_fn fn, void *data);
/* How many files as_check_files and as_simulate_files work on at once, each on a thread of its
 * own (default 1). The result does not depend on it. */
AS_EXPORT void as_options_set_jobs(struct as_options *o, unsigned jobs);
/* Reports check `check` (an id such as "unmatched-signal") at `level`: "off", "warning",
 * "error" or "default". Returns NULL, or why it cannot be done (an unknown id or level; input
 * errors keep their level). */
AS_EXPORT const char *as_options_set_check_level(struct as_options *o, const char *check,
                                                 const char *level);
/* Names the project configuration file these options were read from (NULL: none). Reports
 * name it with the checks it turned off or changed (as_options_set_check_level): the text
 * summary, JSON summary.configurations and each file's configuration, SARIF invocations. */
AS_EXPORT void as_options_set_config_name(struct as_options *o, const char *path);
/* Findings recorded in a baseline file (as_result_write_baseline) are accepted: as_check_files
 * counts them as suppressed, not as errors or warnings. False, with a message on `errors`,
 * when the file cannot be read. */
AS_EXPORT bool as_options_set_baseline(struct as_options *o, const char *path, FILE *errors);
/* The file extensions (without '.') a directory walk checks by default, NULL-terminated:
 * "pir", and the kernel sources of the frontends this build has (cpp cc cxx asc). */
AS_EXPORT const char *const *as_kernel_extensions(void);
/* check --explain: writes to `out` the command line `accelsync check` reads the file at `path`
 * with, one line a user could paste: for a kernel source the model's --arch, --task-type (BANG
 * C) or --sdk (Ascend C), -p, the -D and host inputs given, the -I given and those derived from
 * the library's layout, then the file, and after a `#` what no option gives (the op build's
 * staging). Nothing is checked. Returns 0, or 2 after a message on `errors` (the file cannot be
 * read, no model for it). */
AS_EXPORT int as_explain_file(const struct as_options *o, const char *path, FILE *out,
                              FILE *errors);
/* Lowers a kernel source (Ascend C: .cpp, .cc, .cxx, .asc) to the PIR that check verifies and
 * writes it to `out`, each line with the source location it came from; problems (source
 * errors, unsupported constructs) go to `errors` as file:line:col lines. Returns 0 when every
 * kernel was lowered completely, 2 otherwise. */
AS_EXPORT int as_lower_file(const struct as_options *o, const char *path, FILE *out,
                            FILE *errors);
/* Checks files; the result holds one entry per path, in order. Never NULL. */
AS_EXPORT struct as_result *as_check_files(const struct as_options *o, const char *const *paths,
                                           size_t n);
/* as_check_files and as_simulate_files for files a directory walk found: when refused is not
 * NULL and refused[i] is not NULL, paths[i] is not opened at all (a symbolic link out of the
 * walked tree, a FIFO, a device) and is reported as an input-error "cannot read PATH:
 * REFUSED[i]", not verified. */
AS_EXPORT struct as_result *as_check_found_files(const struct as_options *o,
                                                 const char *const *paths,
                                                 const char *const *refused, size_t n);
AS_EXPORT struct as_result *as_simulate_found_files(const struct as_options *o,
                                                    const char *const *paths,
                                                    const char *const *refused, size_t n);
/* Checks PIR text held in memory; `name` is used as its path in diagnostics. */
AS_EXPORT struct as_result *as_check_text(const struct as_options *o, const char *name,
                                          const char *text, size_t len);
/* Runs the simulator instead of the checker: every parameter assignment and path of every
 * kernel under the schedules of as_options_set_schedule. The result holds what they showed
 * (races, deadlocks, flag overruns, flags left set) as findings with their schedules. */
AS_EXPORT struct as_result *as_simulate_files(const struct as_options *o, const char *const *paths,
                                              size_t n);
/* The mutation study (docs/mutation.md): every mutant of the operators in `operators`
 * (comma-separated names; NULL: all) of every file, which must check clean, judged by the
 * simulator (`budget` random and `budget` adversarial schedules per parameter value and path,
 * random ones from `seed`), by the checker and by a one-run dynamic detector, in `jobs`
 * processes; with `out_dir`, every mutant is written there. Writes the results to `out` and
 * problems (and, with `progress`, counts and rate) to `errors`. Returns the exit code: 0 every
 * non-equivalent mutant detected and no false alarm, 1 otherwise, 2 a file refused (not clean)
 * or a mutant that could not be generated or judged, or bad arguments. */
enum as_mutate_format { AS_MUTATE_TEXT, AS_MUTATE_JSON, AS_MUTATE_CSV, AS_MUTATE_MARKDOWN };
AS_EXPORT int as_mutate_files(const struct as_options *o, const char *operators,
                              const char *out_dir, unsigned long long budget,
                              unsigned long long seed, int jobs, bool progress,
                              const char *const *paths, size_t n, enum as_mutate_format format,
                              FILE *out, FILE *errors);

/* `accelsync fix`: repairs the hazards of the file at `path` with edits the checker has
 * verified (each fix checked again for every parameter value and path), then writes the
 * repaired file to `out_path` (NULL: in place), or with `dry_run` prints a unified diff to
 * `out` instead. Returns 0 when the file checks clean (after the fixes, if any), 2 when no
 * verified fix was found for some finding (nothing written; the reason goes to `errors`) or
 * the file could not be read or written. */
AS_EXPORT int as_fix_file(const struct as_options *o, const char *path, const char *out_path,
                          bool dry_run, FILE *out, FILE *errors);

/* ---------------------------------------------------------------- reading a result */

/* The files of a result, in the order given. */
AS_EXPORT size_t as_result_file_count(const struct as_result *r);
AS_EXPORT const char *as_result_file_path(const struct as_result *r, size_t file);
/* 0 verified and clean, 1 errors (or warnings under werror), 2 not verified. */
AS_EXPORT int as_result_file_exit_code(const struct as_result *r, size_t file, bool werror);
AS_EXPORT size_t as_result_kernel_count(const struct as_result *r, size_t file);
AS_EXPORT const char *as_result_kernel_name(const struct as_result *r, size_t file, size_t kernel);
/* Every parameter value and path of the kernel was checked (no input error, no limit hit) and,
 * for a kernel source's entry, it accesses memory (an empty-kernel is not complete). */
AS_EXPORT bool as_result_kernel_complete(const struct as_result *r, size_t file, size_t kernel);
/* A kernel source's kernel: the entry it was lowered from, as the source names it (`add`,
 * `op<half, 1>`, `add(float *, int)`); NULL for a PIR kernel. */
AS_EXPORT const char *as_result_kernel_entry(const struct as_result *r, size_t file, size_t kernel);

/* One finding; every string lives as long as the result. */
struct as_finding {
    const char *check;          /* stable id: "raw-hazard", "deadlock", ... (docs/diagnostics.md) */
    const char *code;           /* "AS0001" */
    bool error;                 /* false: a warning */
    const char *message;
    const char *file;
    int line, column;           /* 0: none (a finding about the whole file) */
    const char *related_file;   /* the other party (a hazard's first access); NULL: none */
    int related_line, related_column;
    const char *kernel;         /* NULL: about the file, not one kernel */
    const char *fix;            /* a fix hint, or NULL */
    const char *suppressed;     /* the reason of the ignore comment that accepts it; NULL:
                                 * reported (a suppressed finding is not counted as an error
                                 * or warning) */
    bool note;                  /* neither an error nor a warning (error false): an
                                 * out-of-bounds region under guessed values (docs/pir.md) */
};
/* Findings of a file, sorted by location: k from 0 to as_result_finding_count - 1. */
AS_EXPORT size_t as_result_finding_count(const struct as_result *r, size_t file);
AS_EXPORT bool as_result_finding(const struct as_result *r, size_t file, size_t k,
                                 struct as_finding *out);

/* Where the library's own messages go (a model file skipped while listing models); default:
 * standard error. */
typedef void (*as_log_fn)(void *userdata, const char *message);
AS_EXPORT void as_options_set_log(struct as_options *o, as_log_fn log, void *userdata);

/* 0: every input verified, no error; 1: errors found (or warnings under werror);
 * 2: some input could not be verified. */
AS_EXPORT int as_result_exit_code(const struct as_result *r, bool werror);
AS_EXPORT bool as_result_write(const struct as_result *r, FILE *out, enum as_format format,
                               bool werror);
/* Text with options: AS_TEXT_QUIET prints the findings only (no coverage notes, no summary),
 * AS_TEXT_COLOR colours it as gcc does; seconds >= 0 is the elapsed time for the summary. */
enum { AS_TEXT_QUIET = 1, AS_TEXT_COLOR = 2 };
AS_EXPORT bool as_result_write_text(const struct as_result *r, FILE *out, bool werror,
                                    unsigned flags, double seconds);
/* Files a directory walk found and did not check because they are not kernel sources (host
 * code, tests, bindings; docs/cli.md#which-files-a-walk-checks): the reports count them apart
 * from the files checked (text summary, JSON summary.skipped, SARIF run properties), so that
 * a file skipped never reads as one verified. */
AS_EXPORT void as_result_add_skipped(struct as_result *r, size_t files);
AS_EXPORT size_t as_result_skipped_count(const struct as_result *r);
/* Moves the files of `from` to the end of `into` (and adds its skipped count) and frees
 * `from`. */
AS_EXPORT void as_result_append(struct as_result *into, struct as_result *from);
/* The reported findings as a baseline file (docs/cli.md#baselines). */
AS_EXPORT bool as_result_write_baseline(const struct as_result *r, FILE *out);
AS_EXPORT void as_result_free(struct as_result *r);

/* `accelsync merge-sarif`: the SARIF logs at paths (e.g. of --shard slices) as one log on
 * `out`: accelsync runs of one version and working directory become one run, results in the
 * order given. Returns 0, or 2 after a message on `errors`. */
AS_EXPORT int as_merge_sarif(const char *const *paths, size_t n, FILE *out, FILE *errors);

/* Lists the models found in the model directories, one line each. Returns the count. */
AS_EXPORT size_t as_models_write(FILE *out);
/* The same, with o's --model-path directories searched first (o may be NULL). */
AS_EXPORT size_t as_models_list(const struct as_options *o, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
