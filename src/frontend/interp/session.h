/* One source file's lowering, the same for every dialect: the PIR writer and the
 * interpreter over the parse (clang_driver.h), with the -D values, ranges and step limits of
 * the options, and the kernel arguments' values. A dialect (ascendc.c, bangc.c) brings its
 * api_ops and runs its entries in between begin and end. */
#ifndef AS_FRONTEND_INTERP_SESSION_H
#define AS_FRONTEND_INTERP_SESSION_H

#include "../clang/clang_api.h"
#include <stdbool.h>
#include <stdint.h>

#include "../clang/clang_driver.h"
#include "../pir/lowering.h"
#include "../pir/pir_writer.h"
#include "interp.h"

/* A kernel argument's value: a pointer is a buffer of `space` named after the parameter,
 * sized by what is accessed; an integer a runtime value (-D NAME=VALUE, else `fallback`); a
 * struct by value an object whose integer fields are runtime values `NAME.FIELD` (default
 * 4); anything else unknown. */
struct value interp_kernel_argument(struct interp *I, CXCursor parm, const char *space,
                                    int64_t fallback);

/* -D NAME=LO..HI of runtime values (clang_range_count combinations): sets every ranged runtime value to its value in combination k (0 to count - 1) and returns
 * the kernel-name suffix that says which ("_n3"; "" without ranges), malloc'ed. */
char *runtime_range_apply(struct interp *I, const struct frontend_options *o, uint64_t k);

struct lowering_session {
    struct pir_writer w;
    struct define_value *defines;
    struct interp_options io;
    struct interp I;
    struct interp second;   /* another parse of the source (lowering_session_second), if any */
    bool has_second;
};

/* Starts the session (stub_prefix: the stub directory with a trailing '/', kept by the
 * interpreter); the first header line names the source and the frontend. */
void lowering_session_begin(struct lowering_session *s, const struct clang_parse *p,
                            const char *path, const char *stub_prefix, const struct api_ops *api,
                            const struct frontend_options *o, struct diag_list *diags);
/* A second interpreter over another parse of the same source (the cube core's), writing
 * into the same PIR; its runtime values and file names join the first's at the end. */
void lowering_session_second(struct lowering_session *s, const struct clang_parse *p,
                             const char *stub_prefix, const struct api_ops *api,
                             struct diag_list *diags);
/* Ends the PIR: notes the runtime values used, writes the text for the model (o's, else
 * `model`) and moves it, its line origins and the file names they point to into out; frees
 * the session. */
void lowering_session_end(struct lowering_session *s, const struct frontend_options *o,
                          const char *model, struct lowered_source *out);

#endif
