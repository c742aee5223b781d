/* The accelsync command: parses the command line and calls the library. */
#include <accelsync/accelsync.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_main[] =
    "usage: accelsync check [OPTIONS] FILE...   verify the synchronization of PIR kernels\n"
    "       accelsync simulate [OPTIONS] FILE...  run kernels under simulated schedules\n"
    "       accelsync mutate [OPTIONS] FILE...    inject sync bugs into clean kernels and\n"
    "                                           measure how many the checker catches\n"
    "       accelsync models                    list the hardware models found\n"
    "       accelsync --version | --help\n"
    "\n"
    "Run 'accelsync check --help' for the options of check.\n"
    "Exit codes: 0 verified, no error; 1 errors found; 2 some input could not be verified.\n";

static const char usage_check[] =
    "usage: accelsync check [OPTIONS] FILE...\n"
    "\n"
    "Proves that every pair of conflicting accesses is ordered by happens-before on every\n"
    "path and every checked parameter value; reports hazards, deadlocks, flag overruns and\n"
    "flags left set.\n"
    "\n"
    "options:\n"
    "  --model NAME|FILE     hardware model (default: the file's model declaration)\n"
    "  -D NAME=VALUE         fix a param's value (repeatable; also -DNAME=VALUE)\n"
    "  --format text|json    output format (default text)\n"
    "  --werror              warnings make the exit code 1\n"
    "  --max-events N        instructions, iterations, statements per kernel run (10000000)\n"
    "  --max-paths N         parameter assignments x if (?) paths per kernel (4096)\n"
    "  --max-errors N        findings (errors and warnings) reported per file (1000)\n"
    "  --max-file-size N     bytes per input file (16777216)\n"
    "  --max-tokens N        tokens per input file (10000000)\n"
    "  --max-depth N         nesting of blocks and expressions (1000, at most 12500)\n"
    "  --max-trip-count N    iterations of one loop (1000000)\n"
    "  --max-buffers N       buffer declarations per file (1024)\n"
    "  --max-model-size N    bytes per model file (1048576)\n"
    "  --max-model-elements N  XML elements per model file (10000)\n"
    "  --max-clock-size N    instructions x units per kernel run (100000000)\n"
    "  --max-pairs N         access pairs compared for hazards per kernel run (100000000)\n"
    "                        (every limit: docs/limits.md)\n"
    "  --engine clock|reference  happens-before engine (reference: slow, for cross-checks)\n"
    "  --witness             show, for every hazard, a schedule that makes it happen,\n"
    "                        confirmed by the simulator\n"
    "\n"
    "Exit codes: 0 every input verified, no error; 1 verified, errors found (or warnings\n"
    "with --werror); 2 some input could not be verified (usage, syntax, model, limit).\n";

static const char *help_command = "check";   /* the command whose --help usage errors cite */

__attribute__((format(printf, 1, 2))) static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("accelsync: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'accelsync %s --help'.\n", help_command);
    return 2;
}

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

static int parse_define(struct as_options *o, const char *def)
{
    const char *eq = strchr(def, '=');
    long long v;
    if (!eq || eq == def || !parse_number(eq + 1, &v))
        return usage_error("-D takes NAME=VALUE with an integer VALUE, got '%s'", def);
    char name[256];
    size_t n = (size_t)(eq - def);
    if (n >= sizeof(name))
        return usage_error("-D name too long: '%s'", def);
    memcpy(name, def, n);
    name[n] = '\0';
    as_options_define(o, name, v);
    return 0;
}

static int parse_limit(struct as_options *o, enum as_limit which, const char *opt, const char *arg)
{
    long long v;
    if (!arg || !parse_number(arg, &v) || v < 1)
        return usage_error("%s takes a positive integer", opt);
    as_options_set_limit(o, which, (unsigned long long)v);
    return 0;
}

static const struct {
    const char *name;
    enum as_limit which;
} limit_options[] = {
    {"--max-events", AS_LIMIT_EVENTS},
    {"--max-paths", AS_LIMIT_PATHS},
    {"--max-errors", AS_LIMIT_ERRORS},
    {"--max-file-size", AS_LIMIT_FILE_SIZE},
    {"--max-tokens", AS_LIMIT_TOKENS},
    {"--max-depth", AS_LIMIT_DEPTH},
    {"--max-trip-count", AS_LIMIT_TRIP_COUNT},
    {"--max-buffers", AS_LIMIT_BUFFERS},
    {"--max-model-size", AS_LIMIT_MODEL_SIZE},
    {"--max-model-elements", AS_LIMIT_MODEL_ELEMENTS},
    {"--max-clock-size", AS_LIMIT_CLOCK_SIZE},
    {"--max-pairs", AS_LIMIT_PAIRS},
};

/* Handles one option at argv[*i] (advancing past its argument); returns -1 when it is
 * not an option, an exit code > 0 on a usage error. */
static int parse_option(struct as_options *o, int argc, char **argv, int *i,
                        enum as_format *format, bool *werror)
{
    const char *a = argv[*i];
    const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (strcmp(a, "--werror") == 0) {
        *werror = true;
        return 0;
    }
    if (strncmp(a, "-D", 2) == 0) {
        if (a[2])
            return parse_define(o, a + 2);
        if (!next)
            return usage_error("%s needs NAME=VALUE", a);
        (*i)++;
        return parse_define(o, next);
    }
    if (strcmp(a, "--model") == 0 || strcmp(a, "--format") == 0 || strcmp(a, "--engine") == 0) {
        if (!next)
            return usage_error("%s needs an argument", a);
        (*i)++;
        if (a[2] == 'm') {
            as_options_set_model(o, next);
        } else if (a[2] == 'f') {
            if (strcmp(next, "text") && strcmp(next, "json"))
                return usage_error("--format takes text or json, got '%s'", next);
            *format = strcmp(next, "json") == 0 ? AS_FORMAT_JSON : AS_FORMAT_TEXT;
        } else {
            if (strcmp(next, "clock") && strcmp(next, "reference"))
                return usage_error("--engine takes clock or reference, got '%s'", next);
            as_options_use_reference_engine(o, strcmp(next, "reference") == 0);
        }
        return 0;
    }
    for (size_t k = 0; k < sizeof(limit_options) / sizeof(limit_options[0]); k++) {
        if (strcmp(a, limit_options[k].name) == 0) {
            (*i)++;
            return parse_limit(o, limit_options[k].which, a, next);
        }
    }
    if (a[0] == '-' && a[1])
        return usage_error("unknown option '%s'", a);
    return -1;
}

/* Prints a result, frees it and returns the exit code (2 when the report could not be
 * written). Shared by the commands that produce results. */
static int report_and_free(struct as_result *r, enum as_format format, bool werror)
{
    int rc = as_result_exit_code(r, werror);
    if (!as_result_write(r, stdout, format, werror)) {
        fputs("accelsync: cannot write the report\n", stderr);
        rc = 2;
    }
    as_result_free(r);
    return rc;
}

static int cmd_check(int argc, char **argv)
{
    struct as_options *o = as_options_new();
    enum as_format format = AS_FORMAT_TEXT;
    bool werror = false;
    const char **files = calloc((size_t)argc, sizeof(char *));
    size_t nfiles = 0;
    int rc = 0;
    for (int i = 0; i < argc && rc == 0; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage_check, stdout);
            free(files);
            as_options_free(o);
            return 0;
        }
        if (strcmp(argv[i], "--") == 0) {
            while (++i < argc)
                files[nfiles++] = argv[i];
            break;
        }
        if (strcmp(argv[i], "--witness") == 0) {
            as_options_set_witness(o, true);
            continue;
        }
        int r = parse_option(o, argc, argv, &i, &format, &werror);
        if (r < 0)
            files[nfiles++] = argv[i];
        else
            rc = r;
    }
    if (rc == 0 && nfiles == 0)
        rc = usage_error("%s", "check needs at least one FILE");
    if (rc == 0)
        rc = report_and_free(as_check_files(o, files, nfiles), format, werror);
    free(files);
    as_options_free(o);
    return rc;
}

static const char usage_simulate[] =
    "usage: accelsync simulate [OPTIONS] FILE...\n"
    "\n"
    "Runs every kernel (every checked parameter value and path) on the operational simulator\n"
    "under latency schedules and reports the races, deadlocks, flag overruns and flags left\n"
    "set that the schedules show, each race with its timeline.\n"
    "\n"
    "options:\n"
    "  --policy random|adversarial|replay\n"
    "                        random: seeded random latencies (default); adversarial: each\n"
    "                        instruction in turn delayed without bound, the rest as early as\n"
    "                        allowed; replay: latencies from --replay FILE\n"
    "  --runs N              schedules per run (random: 100; adversarial: at most N)\n"
    "  --seed S              seed of the random policy (1)\n"
    "  --replay FILE         latencies, one 'INDEX LATENCY' line per instruction, plus\n"
    "                        'default LATENCY' (1); '#' starts a comment\n"
    "  --model, -D, --format, --werror and the --max-* limits as for check\n"
    "\n"
    "Exit codes: 0 no schedule showed an error; 1 some did; 2 some input could not be run.\n";

static int cmd_simulate(int argc, char **argv)
{
    help_command = "simulate";
    struct as_options *o = as_options_new();
    enum as_format format = AS_FORMAT_TEXT;
    enum as_policy policy = AS_POLICY_RANDOM;
    bool werror = false, policy_given = false;
    long long runs = 0, seed = 1;
    const char *replay = NULL;
    const char **files = calloc((size_t)argc + 1, sizeof(char *));
    size_t nfiles = 0;
    int rc = 0;
    for (int i = 0; i < argc && rc == 0; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_simulate, stdout);
            free(files);
            as_options_free(o);
            return 0;
        }
        bool takes_arg = strcmp(a, "--policy") == 0 || strcmp(a, "--runs") == 0
                         || strcmp(a, "--seed") == 0 || strcmp(a, "--replay") == 0;
        if (takes_arg && !next) {
            rc = usage_error("%s needs an argument", a);
        } else if (strcmp(a, "--policy") == 0) {
            i++;
            policy_given = true;
            if (strcmp(next, "random") == 0)
                policy = AS_POLICY_RANDOM;
            else if (strcmp(next, "adversarial") == 0)
                policy = AS_POLICY_ADVERSARIAL;
            else if (strcmp(next, "replay") == 0)
                policy = AS_POLICY_REPLAY;
            else
                rc = usage_error("--policy takes random, adversarial or replay, got '%s'", next);
        } else if (strcmp(a, "--runs") == 0 || strcmp(a, "--seed") == 0) {
            i++;
            long long v = 0;
            if (!parse_number(next, &v) || v < (a[2] == 'r'))
                rc = usage_error("%s takes a %s integer", a, a[2] == 'r' ? "positive" : "non-negative");
            *(a[2] == 'r' ? &runs : &seed) = v;
        } else if (strcmp(a, "--replay") == 0) {
            replay = argv[++i];
            if (!policy_given)
                policy = AS_POLICY_REPLAY;
        } else if (strcmp(a, "--") == 0) {
            while (++i < argc)
                files[nfiles++] = argv[i];
        } else {
            int r = parse_option(o, argc, argv, &i, &format, &werror);
            if (r < 0)
                files[nfiles++] = argv[i];
            else
                rc = r;
        }
    }
    if (rc == 0 && nfiles == 0)
        rc = usage_error("%s", "simulate needs at least one FILE");
    if (rc == 0 && !as_options_set_schedule(o, policy, (unsigned long long)runs,
                                            (unsigned long long)seed, replay, stderr))
        rc = 2;
    if (rc == 0)
        rc = report_and_free(as_simulate_files(o, files, nfiles), format, werror);
    free(files);
    as_options_free(o);
    return rc;
}

static const char usage_mutate[] =
    "usage: accelsync mutate [OPTIONS] FILE...\n"
    "\n"
    "Makes every mutant of the chosen operators of kernels that check clean, judges each with\n"
    "the simulator (the oracle), the checker and a one-run dynamic detector, and prints the\n"
    "tables of the study (docs/mutation.md).\n"
    "\n"
    "options:\n"
    "  --operators LIST      comma-separated operators (default: all of them)\n"
    "  --out DIR             write every mutant to DIR\n"
    "  --budget N            random and adversarial schedules per parameter value and path,\n"
    "                        each (default 32)\n"
    "  --seed S              seed of the random schedules and of the operators' choices (1)\n"
    "  -j N                  worker processes (default: the number of CPUs)\n"
    "  --format text|json|csv|markdown   output format (default text)\n"
    "  --model NAME|FILE, -D NAME=VALUE, --max-*   as for check\n"
    "\n"
    "Exit codes: 0 every non-equivalent mutant detected, no false alarm; 1 otherwise; 2 a file\n"
    "that does not check clean, a mutant that could not be generated or run, or bad usage.\n";

static int cmd_mutate(int argc, char **argv)
{
    help_command = "mutate";
    struct as_options *o = as_options_new();
    enum as_mutate_format mformat = AS_MUTATE_TEXT;
    enum as_format unused_format = AS_FORMAT_TEXT;
    bool unused_werror = false;
    const char *operators = NULL, *out_dir = NULL;
    long long budget = 32, seed = 1;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    long long jobs = cpus > 0 ? cpus : 1;
    const char **files = calloc((size_t)argc + 1, sizeof(char *));
    size_t nfiles = 0;
    int rc = 0;
    for (int i = 0; i < argc && rc == 0; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_mutate, stdout);
            free(files);
            as_options_free(o);
            return 0;
        }
        bool takes_arg = strcmp(a, "--operators") == 0 || strcmp(a, "--out") == 0
                         || strcmp(a, "--budget") == 0 || strcmp(a, "--seed") == 0
                         || strcmp(a, "-j") == 0 || strcmp(a, "--format") == 0;
        if (takes_arg && !next) {
            rc = usage_error("%s needs an argument", a);
        } else if (strcmp(a, "--operators") == 0) {
            operators = argv[++i];
        } else if (strcmp(a, "--out") == 0) {
            out_dir = argv[++i];
        } else if (strcmp(a, "--format") == 0) {
            i++;
            static const char *const names[] = {"text", "json", "csv", "markdown"};
            int k = 0;
            while (k < 4 && strcmp(next, names[k]) != 0)
                k++;
            if (k == 4)
                rc = usage_error("--format takes text, json, csv or markdown, got '%s'", next);
            else
                mformat = (enum as_mutate_format)k;
        } else if (strcmp(a, "--budget") == 0 || strcmp(a, "-j") == 0) {
            i++;
            long long v;
            if (!parse_number(next, &v) || v < 1 || v > 100000)
                rc = usage_error("%s takes an integer from 1 to 100000", a);
            *(a[1] == 'j' ? &jobs : &budget) = v;
        } else if (strcmp(a, "--seed") == 0) {
            i++;
            if (!parse_number(next, &seed) || seed < 0)
                rc = usage_error("%s takes a non-negative integer", a);
        } else if (strcmp(a, "--") == 0) {
            while (++i < argc)
                files[nfiles++] = argv[i];
        } else {
            int r = parse_option(o, argc, argv, &i, &unused_format, &unused_werror);
            if (r < 0)
                files[nfiles++] = argv[i];
            else
                rc = r;
        }
    }
    if (rc == 0 && nfiles == 0)
        rc = usage_error("%s", "mutate needs at least one FILE");
    if (rc == 0)
        rc = as_mutate_files(o, operators, out_dir, (unsigned long long)budget,
                             (unsigned long long)seed, (int)jobs, isatty(2), files, nfiles,
                             mformat, stdout, stderr);
    free(files);
    as_options_free(o);
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
    if (strcmp(cmd, "models") == 0) {
        if (as_models_write(stdout) == 0) {
            fputs("accelsync: no hardware models found\n", stderr);
            return 2;
        }
        return 0;
    }
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 2, argv + 2);
    if (strcmp(cmd, "simulate") == 0)
        return cmd_simulate(argc - 2, argv + 2);
    if (strcmp(cmd, "mutate") == 0)
        return cmd_mutate(argc - 2, argv + 2);
    fprintf(stderr, "accelsync: unknown command '%s'\n%s", cmd, usage_main);
    return 2;
}
