/* The task types of a BANG C launch (--task-type): built with or without libclang, since the
 * command checks the option before any source is read. */
#ifndef AS_FRONTEND_BANGC_TASK_TYPE_H
#define AS_FRONTEND_BANGC_TASK_TYPE_H

/* The clusters of a BANG C task type: 0 for BLOCK (and NULL), n for UNIONn, -1 if unknown. */
int bangc_task_clusters(const char *task_type);

#endif
