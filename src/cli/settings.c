/* Setting struct settings from the options of a command line (settings.h). */
#include "settings.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/escape.h"
#include "../util/xalloc.h"
#include "inputs.h"

/* An integer written as in PIR: decimal, or hexadecimal after 0x; a leading - allowed.
 * (Not C's rules: 010 is ten, not eight.) */
bool parse_number(const char *s, long long *out)
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



/* -D NAME=VALUE, or NAME=LO..HI (every value, LO <= HI). */
static int parse_define(struct settings *s, const char *def)
{
    const char *eq = strchr(def, '=');
    const char *dots = eq ? strstr(eq + 1, "..") : NULL;
    long long v, hi = 0;
    bool ok = eq && eq != def;
    if (ok && dots) {
        char lo[64];
        size_t n = (size_t)(dots - eq - 1);
        ok = n < sizeof(lo);
        if (ok) {
            memcpy(lo, eq + 1, n);
            lo[n] = '\0';
            ok = parse_number(lo, &v) && parse_number(dots + 2, &hi);
        }
    } else if (ok) {
        ok = parse_number(eq + 1, &v);
    }
    if (!ok)
        return cli_usage_error(s->cmd, "-D takes NAME=VALUE with an integer VALUE, or "
                               "NAME=LO..HI, got '%s'", def);
    if (dots && hi < v)
        return cli_usage_error(s->cmd, "-D %s: an empty range (LO must not exceed HI)", def);
    char name[256];
    size_t n = (size_t)(eq - def);
    if (n >= sizeof(name))
        return cli_usage_error(s->cmd, "-D name too long: '%s'", def);
    memcpy(name, def, n);
    name[n] = '\0';
    if (dots)
        as_options_define_range(s->o, name, v, hi);
    else
        as_options_define(s->o, name, v);
    return 0;
}

/* --tiling FILE: `NAME = VALUE` lines (integers as -D takes them), blank lines and `#`
 * comments; each a -D. A line that is none of these is an error at its file:line:col. */
static int read_tiling_file(struct settings *s, const char *path)
{
    FILE *f = fopen(path, "r");
    int open_error = errno;
    char *shown = escaped_copy(path);   /* typed on the command line: may hold any byte */
    if (!f) {
        fprintf(stderr, "accelsync: cannot read the tiling file %s: %s\n", shown,
                strerror(open_error));
        free(shown);
        return 2;
    }
    char line[512];
    int lineno = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof(line), f)) {
        lineno++;
        size_t len = strcspn(line, "\r\n");
        if (line[len] == '\0' && !feof(f)) {
            fprintf(stderr, "%s:%d:1: error: line longer than %zu characters [input-error]\n",
                    shown, lineno, sizeof(line) - 2);
            rc = 2;
            break;
        }
        line[len] = '\0';
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *p = line + strspn(line, " \t");
        if (!*p)
            continue;
        size_t name_len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                    "0123456789_.[]");
        char *q = p + name_len;
        q += strspn(q, " \t");
        long long v;
        char *value = q + (*q == '=');
        value += strspn(value, " \t");
        char *end = value + strcspn(value, " \t");
        bool trailing = end[strspn(end, " \t")] != '\0';
        *end = '\0';
        if (name_len == 0 || name_len >= 256 || *q != '=' || trailing ||
            !parse_number(value, &v)) {
            int col = name_len == 0 || name_len >= 256 ? (int)(p - line) + 1
                    : *q != '=' ? (int)(q - line) + 1 : (int)(value - line) + 1;
            fprintf(stderr, "%s:%d:%d: error: expected NAME = VALUE with an integer VALUE "
                    "[input-error]\n", shown, lineno, col);
            rc = 2;
            break;
        }
        char name[256];
        memcpy(name, p, name_len);
        name[name_len] = '\0';
        as_options_define(s->o, name, v);
    }
    fclose(f);
    free(shown);
    return rc;
}

/* --shape NAME=D0,D1, --dtype NAME=TYPE, --attr NAME=VALUE. */
static int host_input(struct settings *s, const char *option, const char *arg)
{
    const char *eq = strchr(arg, '=');
    char name[256];
    size_t n = eq ? (size_t)(eq - arg) : 0;
    if (eq && n > 0 && n < sizeof(name)) {
        memcpy(name, arg, n);
        name[n] = '\0';
        if (as_options_add_host_input(s->o, option, name, eq + 1))
            return 0;
    }
    static const char *const forms[] = {"NAME=D0,D1,... with dimensions 0 or more",
                                        "NAME=TYPE", "NAME=VALUE"};
    int k = !strcmp(option, "shape") ? 0 : !strcmp(option, "dtype") ? 1 : 2;
    return cli_usage_error(s->cmd, "--%s takes %s, got '%s'", option, forms[k], arg);
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

int settings_handle(const struct cli_option *opt, const char *arg, void *ctx)
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
    case OPT_TILING:
        return read_tiling_file(s, arg);
    case OPT_INCLUDE:
        as_options_add_include_dir(s->o, arg);
        return 0;
    case OPT_COMPILE_COMMANDS:
        as_options_set_compile_commands(s->o, arg);
        return 0;
    case OPT_AUTO_SYNC:
        if (strcmp(arg, "on") != 0 && strcmp(arg, "off") != 0)
            return cli_usage_error(s->cmd, "--auto-sync takes on or off, got '%s'", arg);
        as_options_set_auto_sync(s->o, strcmp(arg, "on") == 0);
        return 0;
    case OPT_ARCH:
        as_options_set_arch(s->o, arg);
        return 0;
    case OPT_SDK:
        as_options_set_sdk(s->o, arg);
        return 0;
    case OPT_SHAPE:
    case OPT_DTYPE:
    case OPT_ATTR:
        return host_input(s, opt->id == OPT_SHAPE ? "shape" : opt->id == OPT_DTYPE ? "dtype"
                                                                                : "attr", arg);
    case OPT_TASK_TYPE:
        if (!as_options_set_task_type(s->o, arg))
            return cli_usage_error(s->cmd, "--task-type takes BLOCK, UNION1, UNION2, UNION4, "
                                   "UNION8 or UNION16, got '%s'", arg);
        return 0;
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
    case OPT_CHOICES: {
        int k = choice("merge|split", arg);
        if (k < 0)
            return cli_usage_error(s->cmd, "--choices takes merge or split, got '%s'", arg);
        as_options_split_choices(s->o, k == 1);
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
    case OPT_OUTPUT:   /* "-": standard output, as when -o is not given (fix: see as_fix_file) */
        s->output = arg;
        return 0;
    case OPT_DRY_RUN:
        s->dry_run = true;
        return 0;
    case OPT_EXCLUDE:
        s->excludes = xrealloc_array(s->excludes, s->nexcludes + 1, sizeof(char *));
        s->excludes[s->nexcludes++] = arg;
        return 0;
    case OPT_LIST_FILES:
        s->list_files = true;
        return 0;
    case OPT_EXPLAIN:
        s->explain = true;
        return 0;
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

bool settings_output_to_stdout(const struct settings *s)
{
    return !s->output || strcmp(s->output, "-") == 0;
}

FILE *settings_open_output(const struct settings *s)
{
    return settings_output_to_stdout(s) ? stdout : fopen(s->output, "w");
}

void settings_cannot_write(const char *path, int err)
{
    char *name = escaped_copy(path);
    fprintf(stderr, "accelsync: cannot write %s: %s\n", name, strerror(err));
    free(name);
}

bool settings_close_output(const struct settings *s, FILE *out, bool written)
{
    /* what is written is whole only once it is out of stdio's buffer */
    if (out != stdout ? fclose(out) != 0 : fflush(out) != 0 || ferror(out))
        written = false;
    if (written)
        return true;
    int err = errno;
    if (out == stdout)
        fprintf(stderr, "accelsync: cannot write to standard output: %s\n", strerror(err));
    else
        settings_cannot_write(s->output, err);
    if (out == stdout)
        clearerr(stdout);   /* said: main's last look at stdout need not say it again */
    return false;
}
