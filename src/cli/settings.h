/* What a command line sets (struct settings), and the handler that sets it from each option
 * of a command's table (settings.c); main.c has the tables, check_paths.c runs check and
 * simulate with them. */
#ifndef AS_CLI_SETTINGS_H
#define AS_CLI_SETTINGS_H

#include <accelsync/accelsync.h>
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>

#include "options.h"

enum option_id {
    OPT_HELP, OPT_VERSION, OPT_MODEL, OPT_DEFINE, OPT_TILING, OPT_INCLUDE, OPT_AUTO_SYNC,
    OPT_TASK_TYPE, OPT_ARCH, OPT_SDK, OPT_SHAPE, OPT_DTYPE, OPT_ATTR, OPT_COMPILE_COMMANDS, OPT_FORMAT, OPT_WERROR, OPT_ENGINE,
    OPT_CHOICES,
    OPT_WITNESS, OPT_POLICY, OPT_RUNS, OPT_SEED, OPT_REPLAY, OPT_OPERATORS, OPT_OUT,
    OPT_BUDGET, OPT_JOBS, OPT_MODEL_PATH, OPT_OUTPUT, OPT_DRY_RUN, OPT_EXCLUDE, OPT_SHARD,
    OPT_QUIET, OPT_COLOR, OPT_FAIL_ON, OPT_BASELINE, OPT_WRITE_BASELINE, OPT_CONFIG,
    OPT_NO_CONFIG, OPT_LIST_FILES, OPT_EXPLAIN,
    OPT_LIMIT,  /* OPT_LIMIT + enum as_limit */
};

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
    bool list_files;            /* --list-files: the walk's decisions, no check */
    bool explain;               /* --explain: each kernel file's derived command line, no check */
    bool quiet, fail_never;
    const char *write_baseline;     /* --write-baseline FILE */
    const char *config;             /* --config FILE */
    bool no_config;
    int argc;                       /* the command line, parsed again over each configuration */
    char **argv;
    int color;                  /* --color: 0 auto, 1 always, 2 never */
};

/* The cli_handler of every command: sets s (a struct settings) from one option. */
int settings_handle(const struct cli_option *opt, const char *arg, void *ctx);
/* An integer written as in PIR: decimal, or hexadecimal after 0x; a leading - allowed. */
bool parse_number(const char *s, long long *out);

/* Where -o sends a report, PIR or merged log: OUT, or standard output when OUT is absent or
 * "-". The stream is stdout itself then (not to be closed). */
bool settings_output_to_stdout(const struct settings *s);
FILE *settings_open_output(const struct settings *s);
/* Closes what settings_open_output opened (flushes standard output) and says on stderr when
 * what was written to it, `written` included, did not all get there. */
bool settings_close_output(const struct settings *s, FILE *out, bool written);
/* "accelsync: cannot write PATH: why" on stderr, PATH escaped (escape.h): a name typed on the
 * command line may hold any byte. */
void settings_cannot_write(const char *path, int err);

#endif
