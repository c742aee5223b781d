/* The ISA layer's branch hooks (api_ops.branch_open ..., interp.h): when both sides of a
 * condition on data join (isa_branch.c). */
#ifndef AS_FRONTEND_ASCENDC_ISA_BRANCH_H
#define AS_FRONTEND_ASCENDC_ISA_BRANCH_H

#include <stdbool.h>
#include <stdint.h>

struct interp;
struct api_branch;

struct api_branch *isa_branch_open(struct interp *I);
bool isa_branch_next(struct interp *I, struct api_branch *br);
bool isa_branch_join(struct interp *I, struct api_branch *br, uint32_t tag);
void isa_branch_free(struct api_branch *br);
bool isa_side_uses_redundant(struct interp *I);

#endif
