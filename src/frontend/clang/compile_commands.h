/* A build's compile_commands.json (`-p DIR`, as clang-tidy takes it): the compiler arguments
 * a kernel source was built with, of which the parse takes what says where headers are and
 * what is defined. */
#ifndef AS_FRONTEND_COMPILE_COMMANDS_H
#define AS_FRONTEND_COMPILE_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

/* The -I, -isystem, -iquote, -D, -U and -include arguments of the entry for the source at
 * `path` in DIR/compile_commands.json (directories and files made absolute against the
 * entry's directory, itself against DIR when relative): a NULL-terminated, malloc'ed list
 * (free_arguments, build_emulation.h), empty when the database has no entry for the file.
 * NULL, with *why set (malloc'ed), when the database cannot be read. */
char **compile_commands_arguments(const char *dir, const char *path, char **why);

#endif
