/* Project configuration: a `.accelsync` file in INI syntax (docs/cli.md#configuration), found
 * by walking up from each checked path, giving defaults the command line overrides:
 *
 *   [check]
 *   model = ascend910b2          ; or a path, relative to this file
 *   model-path = models          ; repeatable, relative to this file
 *   define = tiles=8             ; repeatable
 *   exclude = generated          ; repeatable
 *   extensions = pir             ; the kernel files of a directory walk
 *   disable = unmatched-signal   ; comma-separated check ids
 *   [severity]
 *   bad-event-id = warning       ; off, warning, error or default
 */
#ifndef AS_CLI_PROJECT_CONFIG_H
#define AS_CLI_PROJECT_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct config_list {
    char **items;
    size_t len;
};

struct config_define {
    char *name;
    long long value;
};

struct project_config {
    char *path, *dir;           /* the file, and its directory (paths in it are relative to) */
    char *model;                /* NULL: none */
    char *sdk;                  /* sdk = DIR (beside the file), or "none"; NULL: not set */
    struct config_list model_paths, excludes, extensions;
    struct config_define *defines;  /* define = NAME=VALUE, parsed when the file is read */
    size_t ndefines;
    struct config_list level_checks, level_values;  /* [severity] and disable, in order */
    int *level_lines;           /* the line of each */
};

/* Answers config_find remembers, per directory: one finder per run (a file added to a
 * directory while it runs is not seen). */
struct config_finder;
struct config_finder *config_finder_new(void);
void config_finder_free(struct config_finder *f);
/* The nearest `.accelsync` in the directory of path (path itself if a directory) or above,
 * up to the repository root (a directory holding .git); NULL: none. Allocated. The nearest
 * file is the whole configuration: files above it are never read nor merged, so a `root`
 * key has no effect (config_read notes it). */
char *config_find(struct config_finder *f, const char *path);
/* Reads a configuration; false after "accelsync: FILE:LINE: what is wrong" on `errors`. */
bool config_read(const char *path, struct project_config *c, FILE *errors);
void config_free(struct project_config *c);

#endif
