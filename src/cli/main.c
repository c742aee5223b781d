/* The accelsync command: parses the command line by one option table per command
 * (options.h) and calls the library. */
#include <accelsync/accelsync.h>
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util/escape.h"
#include "check_paths.h"
#include "options.h"
#include "settings.h"

static const char usage_main[] =
    "usage: accelsync check [OPTIONS] PATH...     verify the synchronization of kernels (PIR,\n"
    "                                             Ascend C .cpp .asc, BANG C .mlu)\n"
    "       accelsync simulate [OPTIONS] PATH...  run kernels under simulated schedules\n"
    "       accelsync mutate [OPTIONS] FILE...    inject sync bugs into clean kernels and\n"
    "                                             measure how many the checker catches\n"
    "       accelsync fix [OPTIONS] FILE          repair hazards with verified edits\n"
    "       accelsync lower [OPTIONS] FILE        write the PIR a kernel source is checked as\n"
    "       accelsync merge-sarif FILE...         merge the SARIF logs of --shard slices\n"
    "       accelsync models                      list the hardware models found\n"
    "       accelsync --version | --help\n"
    "\n"
    "Run 'accelsync COMMAND --help' for the options of a command; FILE '-' is standard input;\n"
    "check and simulate walk a directory for *.pir files and kernel sources.\n"
    "Exit codes: 0 verified, no error; 1 errors found; 2 some input could not be verified.\n";


#define HELP_OPTIONS                                                                         \
    {"help", 'h', NULL, OPT_HELP, "print this help and exit"},                               \
    {"version", 0, NULL, OPT_VERSION, "print the version and exit"}
#define MODEL_PATH_OPTION                                                                    \
    {"model-path", 0, "DIR", OPT_MODEL_PATH,                                                 \
     "look for models in DIR first (repeatable; then $ACCELSYNC_MODEL_PATH,\n"              \
     "then the installed models)"}
#define INPUT_OPTIONS                                                                        \
    {"model", 0, "NAME|FILE", OPT_MODEL, "hardware model (default: the file's model declaration)"}, \
    MODEL_PATH_OPTION,                                                                       \
    {NULL, 'D', "NAME=VALUE", OPT_DEFINE,                                                   \
     "fix a param's value, or every value of NAME=LO..HI; in a kernel\n"                   \
     "source, a runtime value (a macro too when NAME is in capitals;\n"                   \
     "repeatable; also -DNAME=VALUE)"},                                                      \
    {"tiling", 0, "FILE", OPT_TILING,                                                       \
     "kernel sources: runtime values from FILE, one NAME = VALUE a line\n"                 \
     "('#' comments), as -D gives them"},                                                   \
    {NULL, 'I', "DIR", OPT_INCLUDE, "header directory of kernel sources (repeatable)"},       \
    {NULL, 'p', "DIR", OPT_COMPILE_COMMANDS,                                                 \
     "kernel sources: the -I, -D and -include each file was built with,\n"                 \
     "from DIR/compile_commands.json (as clang-tidy -p)"},                                  \
    {"auto-sync", 0, "on|off", OPT_AUTO_SYNC,                                                \
     "kernel sources: assume the syncs the compiler inserts (on, the\n"                     \
     "vendor default) or only those written (off)"},                                        \
    {"task-type", 0, "TYPE", OPT_TASK_TYPE,                                                  \
     "BANG C sources: the launch, BLOCK (one IPU) or UNIONn (n = 1, 2,\n"                     \
     "4, 8, 16 clusters of one MPU and four IPUs); default: each type\n"                    \
     "the host code beside the kernel launches it with, else BLOCK"},                        \
    {"arch", 0, "ARCH", OPT_ARCH,                                                            \
     "kernel sources: read and check them for the model of this arch\n"                    \
     "(Ascend C 2201: ascend910b2, the default; 1001: ascend910; BANG C\n"                 \
     "372: mlu370, the default; 592: mlu590); -D of an arch macro picks it too"},         \
    {"sdk", 0, "DIR", OPT_SDK,                                                               \
     "Ascend C sources: read them through the vendor SDK's own headers\n"                  \
     "in DIR (an asc-devkit checkout; default: $ASCEND_HOME_PATH, then\n"                 \
     "$ASCEND_TOOLKIT_HOME; 'none': the built-in declarations)"}

/* Ascend C operators: the inputs their host tiling runs for (not fix's: it reads PIR only). */
#define HOST_OPTIONS                                                                         \
    {"shape", 0, "NAME=D0,D1,...", OPT_SHAPE,                                                \
     "Ascend C operators: run the op's host tiling (op_host/) with this\n"                 \
     "shape of input NAME (its index, x<i> or its name in the op\n"                       \
     "definition), and check the kernel with the tiling it computes\n"                     \
     "(repeatable)"},                                                                        \
    {"dtype", 0, "NAME=TYPE", OPT_DTYPE,                                                     \
     "input NAME's data type (float16, float, bfloat16, int32, ...): the\n"               \
     "variant of the op's definition the kernel is read with, and the host\n"             \
     "tiling's (default: the definition's first variant)"},                                  \
    {"attr", 0, "NAME=VALUE", OPT_ATTR,                                                      \
     "with --shape: the op attribute NAME (its index or name) is VALUE"}
#define WALK_OPTIONS                                                                         \
    {"config", 0, "FILE", OPT_CONFIG,                                                        \
     "project configuration for every PATH (default: the nearest .accelsync\n"               \
     "in each PATH's directory or above)"},                                                  \
    {"no-config", 0, NULL, OPT_NO_CONFIG, "read no project configuration"},                  \
    {"exclude", 0, "GLOB", OPT_EXCLUDE,                                                      \
     "skip files and directories matching GLOB while walking a directory\n"                  \
     "(repeatable; files named on the command line are always checked)"},                  \
    {"list-files", 0, NULL, OPT_LIST_FILES,                                                  \
     "print each file a walk finds, whether it is checked as a kernel\n"                    \
     "source or skipped (host code, tests, bindings) and why; check nothing"},              \
    {"shard", 0, "K/N", OPT_SHARD,                                                           \
     "check only the K-th of N contiguous slices of the sorted file list"},                 \
    {"jobs", 'j', "N", OPT_JOBS, "files checked in parallel (default: the number of CPUs)"}
#define LIMIT_OPTIONS                                                                        \
    {"max-events", 0, "N", OPT_LIMIT + AS_LIMIT_EVENTS,                                      \
     "instructions, iterations, statements per kernel run (10000000)"},                      \
    {"max-file-events", 0, "N", OPT_LIMIT + AS_LIMIT_FILE_EVENTS,                            \
     "events of all runs of all kernels of one file (100000000)"},                           \
    {"max-paths", 0, "N", OPT_LIMIT + AS_LIMIT_PATHS,                                        \
     "parameter assignments x if (?) paths per kernel (4096)"},                              \
    {"max-errors", 0, "N", OPT_LIMIT + AS_LIMIT_ERRORS,                                      \
     "findings (errors and warnings) reported per file (1000)"},                             \
    {"max-file-size", 0, "N", OPT_LIMIT + AS_LIMIT_FILE_SIZE, "bytes per input file (16777216)"}, \
    {"max-tokens", 0, "N", OPT_LIMIT + AS_LIMIT_TOKENS, "tokens per input file (10000000)"}, \
    {"max-depth", 0, "N", OPT_LIMIT + AS_LIMIT_DEPTH,                                        \
     "nesting of blocks and expressions (1000, at most 12500)"},                             \
    {"max-trip-count", 0, "N", OPT_LIMIT + AS_LIMIT_TRIP_COUNT, "iterations of one loop (1000000)"}, \
    {"max-buffers", 0, "N", OPT_LIMIT + AS_LIMIT_BUFFERS, "buffer declarations per file (1024)"}, \
    {"max-model-size", 0, "N", OPT_LIMIT + AS_LIMIT_MODEL_SIZE, "bytes per model file (1048576)"}, \
    {"max-model-elements", 0, "N", OPT_LIMIT + AS_LIMIT_MODEL_ELEMENTS,                      \
     "XML elements per model file (10000)"},                                                 \
    {"max-clock-size", 0, "N", OPT_LIMIT + AS_LIMIT_CLOCK_SIZE,                              \
     "instructions x units per kernel run (100000000)"},                                     \
    {"max-pairs", 0, "N", OPT_LIMIT + AS_LIMIT_PAIRS,                                        \
     "access pairs compared for hazards per kernel run (100000000)"},                        \
    {"max-file-pairs", 0, "N", OPT_LIMIT + AS_LIMIT_FILE_PAIRS,                              \
     "access pairs compared in all runs of all kernels of one file (400000000)"},            \
    {"max-source-memory", 0, "N", OPT_LIMIT + AS_LIMIT_SOURCE_MEMORY,                        \
     "MiB of address space reading one kernel source (8192)"},                               \
    {"max-source-seconds", 0, "N", OPT_LIMIT + AS_LIMIT_SOURCE_SECONDS,                      \
     "time reading one kernel source (600)\n"                                                \
     "(every limit: docs/limits.md)"}

#define GATE_OPTIONS                                                                         \
    {"werror", 0, NULL, OPT_WERROR, "warnings make the exit code 1 (as --fail-on warning)"},  \
    {"fail-on", 0, "error|warning|never", OPT_FAIL_ON,                                       \
     "which findings make the exit code 1 (default error); never: only\n"                    \
     "inputs that could not be verified fail (exit 2)"},                                     \
    {"quiet", 'q', NULL, OPT_QUIET, "text: print the findings only, no notes on coverage or summary"}, \
    {"color", 0, "auto|always|never", OPT_COLOR,                                             \
     "text in colour: auto (default) on a terminal unless NO_COLOR is set"}

static const struct cli_option check_options[] = {
    HELP_OPTIONS,
    INPUT_OPTIONS,
    HOST_OPTIONS,
    WALK_OPTIONS,
    {"explain", 0, NULL, OPT_EXPLAIN,
     "print, for each kernel file, the command line the check reads it with\n"
     "(arch, task type or SDK, the -I its library's build gives); check nothing"},
    {"format", 0, "text|json|sarif|html|codequality", OPT_FORMAT,
     "output format (default text); codequality: GitLab's Code Quality report"},
    {"output", 'o', "OUT", OPT_OUTPUT, "write the report to OUT (default, or -: standard output)"},
    GATE_OPTIONS,
    {"baseline", 0, "FILE", OPT_BASELINE,
     "accept the findings recorded in FILE: report only new ones"},
    {"write-baseline", 0, "FILE", OPT_WRITE_BASELINE,
     "record the findings reported in FILE, for --baseline"},
    {"engine", 0, "clock|reference", OPT_ENGINE,
     "happens-before engine (reference: slow, for cross-checks)"},
    {"choices", 0, "merge|split", OPT_CHOICES,
     "if (?) choices whose sides hold only accesses that order nothing\n"
     "(or only interlocked ones, between barriers that order every unit,\n"
     "with nothing else between them, or in a kernel that interlocks every\n"
     "access; no flag, no cross-core barrier): checked as alternatives in\n"
     "one run (merge, the default), or each\n"
     "path in a run of its own (split: as many runs as paths; and a\n"
     "source's conditions on data that call Ascend C are never joined)"},
    {"witness", 0, NULL, OPT_WITNESS,
     "show, for every hazard and flag overrun, a schedule that makes it\n"
     "happen, confirmed by the simulator"},
    {"hint-budget", 0, "N", OPT_LIMIT + AS_LIMIT_HINT_EVENTS,
     "events checked again to prove fix hints, per file (4000000)"},
    LIMIT_OPTIONS,
};

static const struct cli_option simulate_options[] = {
    HELP_OPTIONS,
    INPUT_OPTIONS,
    HOST_OPTIONS,
    WALK_OPTIONS,
    {"format", 0, "text|json|sarif", OPT_FORMAT, "output format (default text)"},
    GATE_OPTIONS,
    {"policy", 0, "random|adversarial|replay", OPT_POLICY,
     "random: seeded random latencies (default); adversarial: each\n"
     "instruction in turn delayed without bound, the rest as early as\n"
     "allowed, then each wait's issue; replay: latencies from --replay FILE"},
    {"runs", 0, "N", OPT_RUNS, "schedules per run (random: 100; adversarial: at most N)"},
    {"seed", 0, "S", OPT_SEED, "seed of the random policy (1)"},
    {"replay", 0, "FILE", OPT_REPLAY,
     "latencies, one 'INDEX LATENCY' line per instruction, plus\n"
     "'default LATENCY' (1); '#' starts a comment"},
    LIMIT_OPTIONS,
};

static const struct cli_option mutate_options[] = {
    HELP_OPTIONS,
    INPUT_OPTIONS,
    HOST_OPTIONS,
    {"operators", 0, "LIST", OPT_OPERATORS, "comma-separated operators (default: all of them)"},
    {"out", 0, "DIR", OPT_OUT, "write every mutant to DIR"},
    {"budget", 0, "N", OPT_BUDGET,
     "random and adversarial schedules per parameter value and path,\neach (default 32)"},
    {"seed", 0, "S", OPT_SEED, "seed of the random schedules (1)"},
    {"jobs", 'j', "N", OPT_JOBS, "worker processes (default: the number of CPUs)"},
    {"format", 0, "text|json|csv|markdown", OPT_FORMAT, "output format (default text)"},
    LIMIT_OPTIONS,
};

static const struct cli_option fix_options[] = {
    HELP_OPTIONS,
    INPUT_OPTIONS,
    {"output", 'o', "OUT", OPT_OUTPUT,
     "write the repaired kernel to OUT (default: in place; -: standard output)"},
    {"dry-run", 0, NULL, OPT_DRY_RUN, "print a unified diff of the fixes, write nothing"},
    LIMIT_OPTIONS,
};

static const struct cli_option lower_options[] = {
    HELP_OPTIONS,
    INPUT_OPTIONS,
    HOST_OPTIONS,
    {"output", 'o', "OUT", OPT_OUTPUT, "write the PIR to OUT (default, or -: standard output)"},
    LIMIT_OPTIONS,
};

static const struct cli_option models_options[] = {HELP_OPTIONS, MODEL_PATH_OPTION};

static const struct cli_option merge_options[] = {
    HELP_OPTIONS,
    {"output", 'o', "OUT", OPT_OUTPUT,
     "write the merged log to OUT (default, or -: standard output)"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char check_footer[] =
    "Exit codes: 0 every input verified, no error; 1 verified, errors found (or warnings\n"
    "with --werror); 2 some input could not be verified (usage, syntax, model, limit).";

static const struct cli_command commands[] = {
    {"check", "PATH...",
     "Proves that every pair of conflicting accesses is ordered by happens-before on every\n"
     "path and every checked parameter value; reports hazards, deadlocks, flag overruns and\n"
     "flags left set. A PATH that is a directory is walked for *.pir files and kernel sources\n"
     "(Ascend C .cpp .cc .cxx .asc, BANG C .mlu, when the frontend is built; sorted, hidden\n"
     "entries skipped): a source is checked when it defines a device entry; host code, tests\n"
     "and bindings are skipped and counted (--list-files says why). A file named is always\n"
     "checked; '-' reads standard input (PIR).",
     check_options, COUNT(check_options), check_footer},
    {"simulate", "PATH...",
     "Runs every kernel (every checked parameter value and path) on the operational simulator\n"
     "under latency schedules and reports the races, deadlocks, flag overruns and flags left\n"
     "set that the schedules show, each race with its timeline.",
     simulate_options, COUNT(simulate_options),
     "Exit codes: 0 no schedule showed an error; 1 some did; 2 some input could not be run."},
    {"mutate", "FILE...",
     "Makes every mutant of the chosen operators of kernels that check clean, judges each with\n"
     "the simulator (the oracle), the checker and a one-run dynamic detector, and prints the\n"
     "tables of the study (docs/mutation.md).",
     mutate_options, COUNT(mutate_options),
     "Exit codes: 0 every non-equivalent mutant detected, no false alarm; 1 otherwise; 2 a file\n"
     "that does not check clean, a mutant that could not be generated or run, or bad usage."},
    {"fix", "FILE",
     "Repairs the hazards of a kernel with edits the checker has verified: each candidate\n"
     "(a flag pair, a barrier) is inserted before the second access and the whole file is\n"
     "checked again, every parameter value and path; one that removes the hazard and adds no\n"
     "finding is kept. Refuses when a finding has no verified fix.",
     fix_options, COUNT(fix_options),
     "Exit codes: 0 the kernel checks clean (repaired, or already); 2 no verified fix for some\n"
     "finding (nothing written), or the file could not be read or written."},
    {"lower", "FILE",
     "Writes the PIR that check verifies for a kernel source (Ascend C: .cpp, .cc, .cxx,\n"
     ".asc; BANG C: .mlu), every line with the source line it came from, so you can see\n"
     "exactly what was checked. Constructs the frontend does not model are reported at their\n"
     "lines.",
     lower_options, COUNT(lower_options),
     "Exit codes: 0 every kernel lowered completely; 2 a source error, an unsupported\n"
     "construct (its kernel is written as far as it was understood), or bad usage."},
    {"merge-sarif", "FILE...",
     "Merges SARIF logs, such as those of the --shard slices of one check, into one log: the\n"
     "accelsync runs become one run with the results in the order of the files.",
     merge_options, COUNT(merge_options),
     "Exit codes: 0 merged; 2 a file that is not a SARIF 2.1.0 log, runs of different accelsync\n"
     "versions or working directories, or the output could not be written."},
    {"models", NULL, "Lists the hardware models found, one line each: name, description.",
     models_options, COUNT(models_options),
     "Exit codes: 0 models found; 2 none (each file that fails to load is named on stderr)."},
};

static int run_command(const struct cli_command *cmd, struct settings *s, const char **files,
                       size_t n)
{
    if (strcmp(cmd->name, "models") == 0) {
        if (n)
            return cli_usage_error(cmd, "models takes no FILE, got '%s'", files[0]);
        if (as_models_list(s->o, stdout) == 0) {
            fputs("accelsync: no hardware models found\n", stderr);
            return 2;
        }
        return 0;
    }
    if (strcmp(cmd->name, "merge-sarif") == 0 && n > 0) {
        FILE *out = settings_open_output(s);
        if (!out) {
            settings_cannot_write(s->output, errno);
            return 2;
        }
        int rc = as_merge_sarif(files, n, out, stderr);
        return settings_close_output(s, out, true) ? rc : 2;
    }
    if (n == 0)
        return cli_usage_error(cmd, "%s needs at least one %.*s", cmd->name,
                               (int)strcspn(cmd->operands, "."), cmd->operands);
    size_t stdin_uses = 0;
    for (size_t i = 0; i < n; i++)
        stdin_uses += strcmp(files[i], "-") == 0;
    if (stdin_uses > 1)
        return cli_usage_error(cmd, "'-' (standard input) may be given once");
    if (strcmp(cmd->name, "fix") == 0) {
        if (n != 1)
            return cli_usage_error(cmd, "fix takes one FILE, got %zu", n);
        return as_fix_file(s->o, files[0], s->output, s->dry_run, stdout, stderr);
    }
    if (strcmp(cmd->name, "lower") == 0) {
        if (n != 1)
            return cli_usage_error(cmd, "lower takes one FILE, got %zu", n);
        FILE *out = settings_open_output(s);
        if (!out) {
            settings_cannot_write(s->output, errno);
            return 2;
        }
        int rc = as_lower_file(s->o, files[0], out, stderr);
        return settings_close_output(s, out, true) ? rc : 2;
    }
    static const enum as_format formats[] = {AS_FORMAT_TEXT, AS_FORMAT_JSON, AS_FORMAT_SARIF,
                                             AS_FORMAT_HTML, AS_FORMAT_CODEQUALITY};
    enum as_format format = formats[s->format];
    if (strcmp(cmd->name, "check") == 0 || strcmp(cmd->name, "simulate") == 0)
        return check_paths(cmd, s, files, n, format);
    return as_mutate_files(s->o, s->operators, s->out_dir, (unsigned long long)s->budget,
                           (unsigned long long)s->seed, (int)s->jobs, isatty(2), files, n,
                           (enum as_mutate_format)s->format, stdout, stderr);
}

static int run(const struct cli_command *cmd, int argc, char **argv)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    struct settings s = {.cmd = cmd, .o = as_options_new(), .seed = 1, .budget = 32,
                         .jobs = cpus > 0 ? cpus : 1};
    const char **files = NULL;
    size_t n = 0;
    s.argc = argc;
    s.argv = argv;
    int rc = cli_parse(cmd, argc, argv, settings_handle, &s, &files, &n);
    if (rc == 0 && s.help)
        cli_print_help(cmd, stdout);
    else if (rc == 0 && s.version)
        printf("accelsync %s\n", as_version());
    else if (rc == 0)
        rc = run_command(cmd, &s, files, n);
    free(files);
    free(s.excludes);
    as_options_free(s.o);
    return rc;
}

/* Freed memory is kept for what is allocated next rather than given back to the kernel,
 * which would clear the pages again when they are taken again (and on a virtual machine
 * the host may have taken them back by then, at 2-3 s per GB). A library-scale run checks
 * thousands of kernels in a row, each allocating and freeing its arrays; a large kernel
 * frees its graph (a quarter of its memory) before the hazard search allocates its
 * indexes. So no block is mapped on its own (glibc maps blocks from 128 KiB, or 32 MiB at
 * most, and unmaps them on free) and the heap's top is given back only past 1 GiB: at 10^7
 * events this took the memory a run touches from 1.44 GB to 1.13 GB, its peak unchanged.
 * The lowered instructions and regions keep mappings of their own (xbig, xalloc.h). This
 * holds for the main thread, which checks a single file or every file with -j 1; a worker
 * thread of -j N allocates from heaps of at most 64 MiB, and glibc still maps a block larger
 * than that on its own and unmaps it on free. */
static void tune_allocator(void)
{
#ifdef __GLIBC__
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}

/* Standard output is buffered: a report that does not fit on the disk (or a closed pipe, or
 * /dev/full) fails when the buffer is flushed, which exit() would do without a word and with
 * the exit code of the findings. Every command ends here, so a lost report exits 2. */
static int finish_stdout(int rc)
{
    bool failed = fflush(stdout) != 0;
    int err = errno;
    if (!failed && !ferror(stdout))
        return rc;
    fprintf(stderr, "accelsync: cannot write to standard output%s%s\n", failed ? ": " : "",
            failed ? strerror(err) : "");
    return 2;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_main, stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0) {
        printf("accelsync %s\n", as_version());
        return 0;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_main, stdout);
        return 0;
    }
    for (size_t i = 0; i < COUNT(commands); i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return run(&commands[i], argc - 1, argv + 1);
    char *name = escaped_copy(cmd);
    fprintf(stderr, "accelsync: unknown command '%s'\n%s", name, usage_main);
    free(name);
    return 2;
}

int main(int argc, char **argv)
{
    tune_allocator();
    return finish_stdout(dispatch(argc, argv));
}
