/* One kernel source is read in a child process: libclang and the interpreter run on input from
 * anyone, and a macro bomb, a 40,000-term expression or a stack overflow must end as a finding
 * at the file, never as a dead or hung job. The child runs under address-space and CPU limits
 * and a wall-clock deadline, and sends the lowered PIR and its diagnostics back through a
 * pipe. */
#ifndef AS_FRONTEND_ISOLATE_H
#define AS_FRONTEND_ISOLATE_H

#include <stdbool.h>

#include "../util/diag.h"
#include "../util/source.h"
#include "pir/lowering.h"

typedef bool (*isolate_lower_fn)(const struct source *src, const struct frontend_options *o,
                                 struct lowered_source *out, struct diag_list *diags);

/* Runs lower(src, o, out, diags) in a child process limited by o->max_memory_mib and
 * o->max_seconds, and returns what it returned. A child that ends any other way (a signal,
 * a limit, no answer) leaves out empty and adds one limit-exceeded finding at the file.
 * With ACCELSYNC_FRONTEND_IN_PROCESS=1 in the environment (for a debugger), lower runs here. */
bool isolate_lower(isolate_lower_fn lower, const struct source *src,
                   const struct frontend_options *o, struct lowered_source *out,
                   struct diag_list *diags);

#endif
