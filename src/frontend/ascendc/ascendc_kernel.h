/* One Ascend C kernel entry lowered to one PIR kernel, on the cores it runs on. */
#ifndef AS_FRONTEND_ASCENDC_KERNEL_H
#define AS_FRONTEND_ASCENDC_KERNEL_H

#include "../clang/clang_api.h"
#include "../../model/model.h"
#include "../interp/interp.h"
#include "../pir/lowering.h"
#include "../pir/pir_writer.h"

/* Where an entry is lowered from: the parse for the vector core, and the one for the cube
 * core (the same interpreter and entry when the source is parsed once). */
struct entry_parses {
    struct interp *vector_I, *cube_I;
    CXCursor vector_entry, cube_entry;
    bool split;             /* parsed per core type: each parse has only its core's code */
};

/* Writes PIR kernel `name` for the entry: on one vector core; on each of block_num vector
 * cores when it depends on its core or synchronizes cores; on the cube core when it uses the
 * cube; as a MIX kernel (one cube core, two vector cores) when it has code for both. The core
 * types are the model's (m->source); tiling values nobody gave are guessed so that the
 * buffers fit the model's memories, and listed on the kernel (`guessed(...)`). Counts the
 * kernel (and whether it is incomplete) in *out. */
void ascendc_lower_entry(const struct entry_parses *p, struct pir_writer *w, const char *name,
                         const struct frontend_options *o, const struct model *m,
                         struct lowered_source *out);

#endif
