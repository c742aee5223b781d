/* The task types a BANG C launch may have (see task_type.h). */
#include "task_type.h"

#include <stdlib.h>
#include <string.h>

/* The clusters of a task type: 0 for BLOCK (one IPU, no cluster), n for UNIONn; -1 unknown. */
int bangc_task_clusters(const char *task_type)
{
    if (!task_type || !strcmp(task_type, "BLOCK"))
        return 0;
    if (strncmp(task_type, "UNION", 5) != 0)
        return -1;
    char *end;
    long n = strtol(task_type + 5, &end, 10);
    return *end == '\0' && (n == 1 || n == 2 || n == 4 || n == 8 || n == 16) ? (int)n : -1;
}
