/* One Ascend C kernel entry lowered to one PIR kernel, on the cores it runs on. */
#ifndef AS_FRONTEND_ASCENDC_KERNEL_H
#define AS_FRONTEND_ASCENDC_KERNEL_H

#include "clang_api.h"
#include "../model/model.h"
#include "frontend.h"
#include "interp.h"
#include "pir_writer.h"

/* Writes PIR kernel `name` for `entry`: on one vector core; on each of block_num vector
 * cores when it depends on its core or synchronizes cores; on the cube core when it uses the
 * cube; as a MIX kernel (one cube core, two vector cores) when it has code for both. The core
 * types are the model's (`cores`). Counts the kernel (and whether it is incomplete) in *out. */
void ascendc_lower_entry(struct interp *I, struct pir_writer *w, CXCursor entry, const char *name,
                         const struct frontend_options *o, const struct model_source *cores,
                         struct lowered_source *out);

#endif
