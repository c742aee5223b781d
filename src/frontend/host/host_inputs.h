/* The inputs a host tiling run is given: --shape, --dtype and --attr, their NAMEs resolved to
 * indices by the op definition (the op_host/ sources, `this->Input("x")`, `this->Attr("axis")` in
 * order) or written as an index (0) or x<i>. */
#ifndef AS_FRONTEND_HOST_INPUTS_H
#define AS_FRONTEND_HOST_INPUTS_H

#include <stdbool.h>

#include "../../util/diag.h"
#include "../pir/lowering.h"
#include "host_api.h"

/* Fills r->inputs, r->input_names and r->attrs from o, the names looked up in the texts of the
 * op's host sources. *described is what the run is for ("x=4096,1024 float16"), malloc'ed. A
 * name the op does not have or an unknown data type is an input-error at `at`: false. */
bool host_inputs_resolve(const char *const *texts, size_t ntexts, const struct frontend_options *o,
                         struct host_run *r, char **described, struct as_loc at,
                         struct diag_list *diags);

#endif
