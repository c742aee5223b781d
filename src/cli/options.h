/* Command-line options from one table per command: getopt_long parses with it (`--opt value`,
 * `--opt=value`, `-Dname=value`, options after operands, `--`), and --help is printed from the
 * same table, so the two cannot disagree. */
#ifndef AS_CLI_OPTIONS_H
#define AS_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

struct cli_option {
    const char *name;       /* long name without "--"; NULL: a short option only */
    char short_name;        /* 0: a long option only */
    const char *metavar;    /* the argument's name in --help; NULL: takes no argument */
    int id;                 /* what the handler is told */
    const char *help;       /* one or more lines ('\n' between) */
};

struct cli_command {
    const char *name;       /* "check" */
    const char *operands;   /* "FILE..." */
    const char *about;      /* a paragraph for --help */
    const struct cli_option *options;
    size_t noptions;
    const char *footer;     /* exit codes, printed last */
};

/* Handles option o with its argument (NULL when it takes none); returns 0, or an exit code
 * after printing a usage error with cli_usage_error. */
typedef int (*cli_handler)(const struct cli_option *o, const char *arg, void *ctx);

/* Parses argv[1 .. argc) (argv[0] is the command's name) by the table, calling `handle` for
 * each option in order and collecting the operands (`-` included) in *operands (allocated,
 * NULL-terminated). Returns 0, or the exit code of a usage error. */
int cli_parse(const struct cli_command *cmd, int argc, char **argv, cli_handler handle, void *ctx,
              const char ***operands, size_t *noperands);
void cli_print_help(const struct cli_command *cmd, FILE *out);
/* "accelsync: MESSAGE\nTry 'accelsync COMMAND --help'." on stderr; returns 2. */
int cli_usage_error(const struct cli_command *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
