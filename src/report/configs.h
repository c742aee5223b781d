/* The project configurations a check ran under, as every report names them (configs.c): each
 * file's configuration and the check levels it set, so that a configuration that turns a
 * check off never makes a kernel pass silently. */
#ifndef AS_REPORT_CONFIGS_H
#define AS_REPORT_CONFIGS_H

#include <stddef.h>

#include "../check/run.h"

struct report_config {
    const char *path;           /* NULL: levels set without a configuration (the library) */
    const signed char *level;   /* per check: CHECK_LEVEL_* (levels.h) */
};

/* The distinct configurations (path and levels) of the files in the order first used, those
 * with a path or a changed level only. Returns how many; *out is allocated (the caller frees
 * it), its strings are the files'. */
size_t report_configs(const struct file_result *files, size_t n, struct report_config **out);
/* The name of level lv as a configuration writes it: "off", "warning" or "error"; NULL for
 * the default. */
const char *report_level_name(int lv);
/* What c changes, for people: "turns off raw-hazard, war-hazard; makes a warning of
 * bad-event-id", or "changes no check level". Allocated. */
char *report_config_changes(const struct report_config *c);

#endif
