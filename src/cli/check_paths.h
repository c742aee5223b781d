/* check and simulate over the PATHs of a command line (check_paths.c). */
#ifndef AS_CLI_CHECK_PATHS_H
#define AS_CLI_CHECK_PATHS_H

#include "settings.h"

/* Groups the PATHs by their project configuration, walks directories, keeps the --shard
 * slice, checks (or simulates) each group with its options and prints one report in
 * `format`. Returns the exit code. */
int check_paths(const struct cli_command *cmd, struct settings *s, const char **paths, size_t n,
                enum as_format format);

#endif
