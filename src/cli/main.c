/* The accelsync command: parses the command line by one option table per command
 * (options.h) and calls the library. */
#include <accelsync/accelsync.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "inputs.h"
#include "options.h"
#include "project_config.h"

static const char usage_main[] =
    "usage: accelsync check [OPTIONS] PATH...     verify the synchronization of PIR kernels\n"
    "       accelsync simulate [OPTIONS] PATH...  run kernels under simulated schedules\n"
    "       accelsync mutate [OPTIONS] FILE...    inject sync bugs into clean kernels and\n"
    "                                             measure how many the checker catches\n"
    "       accelsync fix [OPTIONS] FILE          repair hazards with verified edits\n"
    "       accelsync merge-sarif FILE...         merge the SARIF logs of --shard slices\n"
    "       accelsync models                      list the hardware models found\n"
    "       accelsync --version | --help\n"
    "\n"
    "Run 'accelsync COMMAND --help' for the options of a command; FILE '-' is standard input;\n"
    "check and simulate walk a directory for *.pir files.\n"
    "Exit codes: 0 verified, no error; 1 errors found; 2 some input could not be verified.\n";

enum option_id {
    OPT_HELP, OPT_VERSION, OPT_MODEL, OPT_DEFINE, OPT_FORMAT, OPT_WERROR, OPT_ENGINE,
    OPT_WITNESS, OPT_POLICY, OPT_RUNS, OPT_SEED, OPT_REPLAY, OPT_OPERATORS, OPT_OUT,
    OPT_BUDGET, OPT_JOBS, OPT_MODEL_PATH, OPT_OUTPUT, OPT_DRY_RUN, OPT_EXCLUDE, OPT_SHARD,
    OPT_QUIET, OPT_COLOR, OPT_FAIL_ON, OPT_BASELINE, OPT_WRITE_BASELINE, OPT_CONFIG,
    OPT_NO_CONFIG,
    OPT_LIMIT,  /* OPT_LIMIT + enum as_limit */
};

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
    {NULL, 'D', "NAME=VALUE", OPT_DEFINE, "fix a param's value (repeatable; also -DNAME=VALUE)"}
#define WALK_OPTIONS                                                                         \
    {"config", 0, "FILE", OPT_CONFIG,                                                        \
     "project configuration for every PATH (default: the nearest .accelsync\n"               \
     "in each PATH's directory or above)"},                                                  \
    {"no-config", 0, NULL, OPT_NO_CONFIG, "read no project configuration"},                  \
    {"exclude", 0, "GLOB", OPT_EXCLUDE,                                                      \
     "skip files and directories matching GLOB while walking a directory\n"                  \
     "(repeatable; files named on the command line are always checked)"},                  \
    {"shard", 0, "K/N", OPT_SHARD,                                                           \
     "check only the K-th of N contiguous slices of the sorted file list"},                 \
    {"jobs", 'j', "N", OPT_JOBS, "files checked in parallel (default: the number of CPUs)"}
#define LIMIT_OPTIONS                                                                        \
    {"max-events", 0, "N", OPT_LIMIT + AS_LIMIT_EVENTS,                                      \
     "instructions, iterations, statements per kernel run (10000000)"},                      \
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
     "access pairs compared for hazards per kernel run (100000000)\n"                        \
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
    WALK_OPTIONS,
    {"format", 0, "text|json|sarif|html|codequality", OPT_FORMAT,
     "output format (default text); codequality: GitLab's Code Quality report"},
    {"output", 'o', "OUT", OPT_OUTPUT, "write the report to OUT (default: standard output)"},
    GATE_OPTIONS,
    {"baseline", 0, "FILE", OPT_BASELINE,
     "accept the findings recorded in FILE: report only new ones"},
    {"write-baseline", 0, "FILE", OPT_WRITE_BASELINE,
     "record the findings reported in FILE, for --baseline"},
    {"engine", 0, "clock|reference", OPT_ENGINE,
     "happens-before engine (reference: slow, for cross-checks)"},
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
    {"output", 'o', "OUT", OPT_OUTPUT, "write the repaired kernel to OUT (default: in place)"},
    {"dry-run", 0, NULL, OPT_DRY_RUN, "print a unified diff of the fixes, write nothing"},
    LIMIT_OPTIONS,
};

static const struct cli_option models_options[] = {HELP_OPTIONS, MODEL_PATH_OPTION};

static const struct cli_option merge_options[] = {
    HELP_OPTIONS,
    {"output", 'o', "OUT", OPT_OUTPUT, "write the merged log to OUT (default: standard output)"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char check_footer[] =
    "Exit codes: 0 every input verified, no error; 1 verified, errors found (or warnings\n"
    "with --werror); 2 some input could not be verified (usage, syntax, model, limit).";

static const struct cli_command commands[] = {
    {"check", "PATH...",
     "Proves that every pair of conflicting accesses is ordered by happens-before on every\n"
     "path and every checked parameter value; reports hazards, deadlocks, flag overruns and\n"
     "flags left set. A PATH that is a directory is walked for *.pir files (sorted, hidden\n"
     "entries skipped); '-' reads standard input.",
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

/* An integer written as in PIR: decimal, or hexadecimal after 0x; a leading - allowed.
 * (Not C's rules: 010 is ten, not eight.) */
static bool parse_number(const char *s, long long *out)
{
    bool negative = *s == '-';
    const char *digits = s + negative;
    int base = (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) ? 16 : 10;
    if (base == 16)
        digits += 2;
    if (!*digits || *digits == '-' || *digits == '+' || *digits == ' ')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(digits, &end, base);
    if (errno || *end || v > (unsigned long long)LLONG_MAX + negative)
        return false;
    *out = negative ? (long long)(0 - v) : (long long)v;
    return true;
}

/* Everything a command line can set. */
struct settings {
    const struct cli_command *cmd;
    struct as_options *o;
    int format;                 /* index into the command's --format words */
    bool werror, help, version;
    enum as_policy policy;
    bool policy_given;
    long long runs, seed, budget, jobs;
    const char *replay, *operators, *out_dir, *output;
    bool dry_run;
    const char **excludes;      /* --exclude globs */
    size_t nexcludes;
    unsigned long shard, nshards;   /* --shard K/N; 0: all */
    bool quiet, fail_never;
    const char *write_baseline;     /* --write-baseline FILE */
    const char *config;             /* --config FILE */
    bool no_config;
    int argc;                       /* the command line, parsed again over each configuration */
    char **argv;
    int color;                  /* --color: 0 auto, 1 always, 2 never */
};

static int parse_define(struct settings *s, const char *def)
{
    const char *eq = strchr(def, '=');
    long long v;
    if (!eq || eq == def || !parse_number(eq + 1, &v))
        return cli_usage_error(s->cmd, "-D takes NAME=VALUE with an integer VALUE, got '%s'", def);
    char name[256];
    size_t n = (size_t)(eq - def);
    if (n >= sizeof(name))
        return cli_usage_error(s->cmd, "-D name too long: '%s'", def);
    memcpy(name, def, n);
    name[n] = '\0';
    as_options_define(s->o, name, v);
    return 0;
}

/* `arg` is one of the '|'-separated words of `choices`: its index, or -1. */
static int choice(const char *choices, const char *arg)
{
    int k = 0;
    size_t n = strlen(arg);
    for (const char *c = choices; *c; k++) {
        const char *bar = strchr(c, '|');
        size_t len = bar ? (size_t)(bar - c) : strlen(c);
        if (len == n && strncmp(c, arg, n) == 0)
            return k;
        c += len + (bar != NULL);
    }
    return -1;
}

static const char *metavar_of(const struct cli_command *cmd, int id)
{
    for (size_t i = 0; i < cmd->noptions; i++)
        if (cmd->options[i].id == id)
            return cmd->options[i].metavar;
    return "";
}

static int number_option(struct settings *s, const char *opt, const char *arg, long long lo,
                         long long hi, long long *out)
{
    if (!parse_number(arg, out) || *out < lo || *out > hi)
        return cli_usage_error(s->cmd, "--%s takes an integer from %lld to %lld, got '%s'", opt, lo,
                               hi, arg);
    return 0;
}

static int handle(const struct cli_option *opt, const char *arg, void *ctx)
{
    struct settings *s = ctx;
    long long v;
    switch (opt->id) {
    case OPT_HELP:
        s->help = true;
        return 0;
    case OPT_VERSION:
        s->version = true;
        return 0;
    case OPT_MODEL:
        as_options_set_model(s->o, arg);
        return 0;
    case OPT_MODEL_PATH:
        as_options_add_model_path(s->o, arg);
        return 0;
    case OPT_DEFINE:
        return parse_define(s, arg);
    case OPT_FORMAT: {
        const char *words = metavar_of(s->cmd, OPT_FORMAT);
        int k = choice(words, arg);
        if (k < 0)
            return cli_usage_error(s->cmd, "--format takes %s, got '%s'", words, arg);
        s->format = k;
        return 0;
    }
    case OPT_WERROR:   /* the last of --werror and --fail-on counts */
        s->werror = true;
        s->fail_never = false;
        return 0;
    case OPT_ENGINE: {
        int k = choice("clock|reference", arg);
        if (k < 0)
            return cli_usage_error(s->cmd, "--engine takes clock or reference, got '%s'", arg);
        as_options_use_reference_engine(s->o, k == 1);
        return 0;
    }
    case OPT_WITNESS:
        as_options_set_witness(s->o, true);
        return 0;
    case OPT_POLICY: {
        int k = choice("random|adversarial|replay", arg);
        if (k < 0)
            return cli_usage_error(s->cmd, "--policy takes random, adversarial or replay, got '%s'",
                                   arg);
        s->policy = (enum as_policy)k;
        s->policy_given = true;
        return 0;
    }
    case OPT_RUNS:
        return number_option(s, "runs", arg, 1, LLONG_MAX, &s->runs);
    case OPT_SEED:
        return number_option(s, "seed", arg, 0, LLONG_MAX, &s->seed);
    case OPT_BUDGET:
        return number_option(s, "budget", arg, 1, 100000, &s->budget);
    case OPT_JOBS:
        return number_option(s, "jobs", arg, 1, 1024, &s->jobs);
    case OPT_REPLAY:
        s->replay = arg;
        if (!s->policy_given)
            s->policy = AS_POLICY_REPLAY;
        return 0;
    case OPT_OPERATORS:
        s->operators = arg;
        return 0;
    case OPT_OUT:
        s->out_dir = arg;
        return 0;
    case OPT_OUTPUT:
        s->output = arg;
        return 0;
    case OPT_DRY_RUN:
        s->dry_run = true;
        return 0;
    case OPT_EXCLUDE: {
        const char **grown = realloc(s->excludes, (s->nexcludes + 1) * sizeof(char *));
        if (!grown)
            return cli_usage_error(s->cmd, "out of memory");
        s->excludes = grown;
        s->excludes[s->nexcludes++] = arg;
        return 0;
    }
    case OPT_BASELINE:
        return as_options_set_baseline(s->o, arg, stderr) ? 0 : 2;
    case OPT_WRITE_BASELINE:
        s->write_baseline = arg;
        return 0;
    case OPT_CONFIG:
        s->config = arg;
        s->no_config = false;
        return 0;
    case OPT_NO_CONFIG:
        s->no_config = true;
        s->config = NULL;
        return 0;
    case OPT_QUIET:
        s->quiet = true;
        return 0;
    case OPT_COLOR: {
        int k = choice("auto|always|never", arg);
        if (k < 0)
            return cli_usage_error(s->cmd, "--color takes auto, always or never, got '%s'", arg);
        s->color = k;
        return 0;
    }
    case OPT_FAIL_ON: {
        int k = choice("error|warning|never", arg);
        if (k < 0)
            return cli_usage_error(s->cmd, "--fail-on takes error, warning or never, got '%s'", arg);
        s->werror = k == 1;
        s->fail_never = k == 2;
        return 0;
    }
    case OPT_SHARD:
        if (!inputs_parse_shard(arg, &s->shard, &s->nshards))
            return cli_usage_error(s->cmd, "--shard takes K/N with 1 <= K <= N, got '%s'", arg);
        return 0;
    default:
        if (!parse_number(arg, &v) || v < 1)
            return cli_usage_error(s->cmd, "--%s takes a positive integer, got '%s'", opt->name,
                                   arg);
        as_options_set_limit(s->o, (enum as_limit)(opt->id - OPT_LIMIT), (unsigned long long)v);
        return 0;
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Colour for text on standard output: --color, else a terminal without NO_COLOR (any value,
 * as no-color.org says) and with a TERM other than "dumb". */
static bool use_color(const struct settings *s)
{
    if (s->color != 0)
        return s->color == 1;
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(1) && !(no && *no) && !(term && strcmp(term, "dumb") == 0);
}

/* Prints a result, frees it and returns the exit code (2 when the report could not be
 * written; 1 from findings turned into 0 by --fail-on never). Shared by the commands that
 * produce results; `started` is when the work began, for the summary on a terminal. */
static int report_and_free(struct as_result *r, const struct settings *s, enum as_format format,
                           double started)
{
    int rc = as_result_exit_code(r, s->werror);
    if (s->write_baseline) {
        FILE *f = fopen(s->write_baseline, "w");
        bool ok = f && as_result_write_baseline(r, f);
        if (f && fclose(f) != 0)
            ok = false;
        if (!ok) {
            fprintf(stderr, "accelsync: cannot write the baseline %s: %s\n", s->write_baseline,
                    strerror(errno));
            rc = 2;
        }
    }
    bool written;
    FILE *out = s->output ? fopen(s->output, "w") : stdout;
    if (!out) {
        written = false;
    } else if (format == AS_FORMAT_TEXT) {
        unsigned flags = (s->quiet ? AS_TEXT_QUIET : 0)
                         | (!s->output && use_color(s) ? AS_TEXT_COLOR : 0);
        written = as_result_write_text(r, out, s->werror, flags,
                                       !s->output && isatty(1) ? now() - started : -1);
    } else {
        written = as_result_write(r, out, format, s->werror);
    }
    if (out && out != stdout && fclose(out) != 0)
        written = false;
    if (!written) {
        fprintf(stderr, "accelsync: cannot write the report%s%s: %s\n", s->output ? " to " : "",
                s->output ? s->output : "", strerror(errno));
        rc = 2;
    }
    as_result_free(r);
    return rc == 1 && s->fail_never ? 0 : rc;
}

/* Progress on a terminal's standard error while many files are checked: one line, redrawn. */
struct progress {
    size_t before, total;       /* files of earlier groups; of all groups */
};

static void show_progress(void *data, size_t done, size_t total, const char *path)
{
    const struct progress *p = data;
    (void)total;
    fprintf(stderr, "\r\033[Kaccelsync: [%zu/%zu] %.60s", p->before + done, p->total, path);
    fflush(stderr);
}

/* The options of one group of PATHs: the command line's over its configuration c (NULL:
 * the command line's alone, s->o). NULL after a message when c has a bad line. */
static struct as_options *group_options(const struct cli_command *cmd, struct settings *s,
                                        const struct project_config *c)
{
    if (!c)
        return s->o;
    struct settings g = *s;
    g.o = as_options_new();
    g.excludes = NULL;
    g.nexcludes = 0;
    if (c->model)
        as_options_set_model(g.o, c->model);
    for (size_t i = 0; i < c->model_paths.len; i++)
        as_options_add_model_path(g.o, c->model_paths.items[i]);
    bool ok = true;
    for (size_t i = 0; i < c->defines.len && ok; i++) {
        const char *d = c->defines.items[i], *eq = strchr(d, '=');
        long long v;
        char name[256];
        if (!eq || (size_t)(eq - d) >= sizeof(name) || !parse_number(eq + 1, &v)) {
            fprintf(stderr, "accelsync: %s: define = %s: the name is too long\n", c->path, d);
            ok = false;   /* the syntax was checked while reading the file */
            break;
        }
        memcpy(name, d, (size_t)(eq - d));
        name[eq - d] = '\0';
        as_options_define_default(g.o, name, v);
    }
    for (size_t i = 0; i < c->level_checks.len && ok; i++) {
        const char *why = as_options_set_check_level(g.o, c->level_checks.items[i],
                                                     c->level_values.items[i]);
        if (why) {
            fprintf(stderr, "accelsync: %s:%d: %s = %s: %s\n", c->path, c->level_lines[i],
                    c->level_checks.items[i], c->level_values.items[i], why);
            ok = false;
        }
    }
    const char **ignored = NULL;
    size_t nignored = 0;
    if (ok)   /* the command line wins: apply it again, over the configuration */
        ok = cli_parse(cmd, s->argc, s->argv, handle, &g, &ignored, &nignored) == 0;
    free(ignored);
    free(g.excludes);   /* the command line's, collected again; s has them */
    if (ok && strcmp(cmd->name, "simulate") == 0)
        ok = as_options_set_schedule(g.o, s->policy, (unsigned long long)s->runs,
                                     (unsigned long long)s->seed, s->replay, stderr);
    if (!ok) {
        as_options_free(g.o);
        return NULL;
    }
    return g.o;
}

/* check and simulate: the PATHs grouped by their configuration file (consecutive PATHs with
 * the same one form a group), each group walked with its excludes and extensions, the whole
 * list sharded, then each group checked with its options; one report for all. */
static int check_paths(const struct cli_command *cmd, struct settings *s, const char **paths,
                       size_t n, enum as_format format)
{
    if (strcmp(cmd->name, "simulate") == 0
        && !as_options_set_schedule(s->o, s->policy, (unsigned long long)s->runs,
                                    (unsigned long long)s->seed, s->replay, stderr))
        return 2;
    struct group {
        char *config_path;
        struct project_config config;
        bool has_config;
        struct as_options *o;
        size_t first, count;    /* its files in the list */
    } *groups = calloc(n, sizeof(struct group));
    size_t ngroups = 0, nfiles = 0;
    char **files = NULL;
    bool ok = groups != NULL, walked = true;
    for (size_t i = 0; i < n && ok; i++) {
        char *cfg = s->no_config ? NULL : s->config ? strdup(s->config) : config_find(paths[i]);
        struct group *g = ngroups ? &groups[ngroups - 1] : NULL;
        if (!g || (cfg == NULL) != (g->config_path == NULL)
            || (cfg && strcmp(cfg, g->config_path) != 0)) {
            g = &groups[ngroups++];
            g->config_path = cfg;
            g->first = nfiles;
            if (cfg) {
                g->has_config = config_read(cfg, &g->config, stderr);
                ok = g->has_config;
            }
            g->o = ok ? group_options(cmd, s, g->has_config ? &g->config : NULL) : NULL;
            ok = ok && g->o;
        } else {
            free(cfg);
        }
        if (!ok)
            break;
        static const char *const pir[] = {"pir"};
        const char **excludes = malloc((s->nexcludes + g->config.excludes.len + 1) * sizeof(char *));
        size_t nex = 0;
        for (size_t k = 0; k < s->nexcludes; k++)
            excludes[nex++] = s->excludes[k];
        for (size_t k = 0; k < g->config.excludes.len; k++)
            excludes[nex++] = g->config.excludes.items[k];
        struct input_rules rules = {
            g->has_config ? (const char *const *)g->config.extensions.items : pir,
            g->has_config ? g->config.extensions.len : 1, excludes, nex};
        char **found;
        size_t nfound;
        walked &= inputs_expand(&rules, &paths[i], 1, &found, &nfound, stderr);
        free(excludes);
        files = realloc(files, (nfiles + nfound + 1) * sizeof(char *));
        memcpy(files + nfiles, found, nfound * sizeof(char *));
        free(found);
        nfiles += nfound;
        g->count = nfiles - g->first;
    }
    int rc = 2;
    if (ok) {
        size_t lo = 0, hi = nfiles;   /* --shard: one contiguous slice of the whole list */
        if (s->nshards) {
            lo = (size_t)((unsigned long long)nfiles * (s->shard - 1) / s->nshards);
            hi = (size_t)((unsigned long long)nfiles * s->shard / s->nshards);
        }
        struct as_result *all = NULL;
        double started = now();
        struct progress progress = {0, hi - lo};
        bool show = isatty(2) && hi - lo > 1;
        for (size_t k = 0; k < ngroups; k++) {
            struct group *g = &groups[k];
            size_t a = g->first > lo ? g->first : lo;
            size_t b = g->first + g->count < hi ? g->first + g->count : hi;
            const char *const *list = (const char *const *)files + a;
            size_t count = b > a ? b - a : 0;
            as_options_set_jobs(g->o, (unsigned)s->jobs);
            as_options_set_progress(g->o, show ? show_progress : NULL, &progress);
            struct as_result *r = strcmp(cmd->name, "check") == 0
                                      ? as_check_files(g->o, list, count)
                                      : as_simulate_files(g->o, list, count);
            progress.before += count;
            if (all)
                as_result_append(all, r);
            else
                all = r;
        }
        if (show)
            fputs("\r\033[K", stderr);   /* the report follows on a clean line */
        if (!all)   /* no PATH gave a file */
            all = as_check_files(s->o, NULL, 0);
        rc = report_and_free(all, s, format, started);
        if (!walked)
            rc = 2;   /* a directory that could not be walked was not verified */
    }
    for (size_t k = 0; k < ngroups; k++) {
        if (groups[k].o && groups[k].o != s->o)
            as_options_free(groups[k].o);
        if (groups[k].config_path)   /* read, whether or not it was valid */
            config_free(&groups[k].config);
        free(groups[k].config_path);
    }
    free(groups);
    for (size_t i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    return rc;
}

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
        FILE *out = s->output ? fopen(s->output, "w") : stdout;
        if (!out) {
            fprintf(stderr, "accelsync: cannot write %s: %s\n", s->output, strerror(errno));
            return 2;
        }
        int rc = as_merge_sarif(files, n, out, stderr);
        if (out != stdout && fclose(out) != 0) {
            fprintf(stderr, "accelsync: cannot write %s: %s\n", s->output, strerror(errno));
            rc = 2;
        }
        return rc;
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
    int rc = cli_parse(cmd, argc, argv, handle, &s, &files, &n);
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

int main(int argc, char **argv)
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
    fprintf(stderr, "accelsync: unknown command '%s'\n%s", cmd, usage_main);
    return 2;
}
