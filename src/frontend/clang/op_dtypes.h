/* The data types an operator's definition registers for its tensors (op_host/<op>_def.cpp:
 * `Input("x").DataType({ge::DT_FLOAT16, ge::DT_BF16})`, the same for each Output): the vendor's
 * build compiles the kernel once per column of those lists, with DTYPE_X and ORIG_DTYPE_X set
 * to the column's types. */
#ifndef AS_FRONTEND_OP_DTYPES_H
#define AS_FRONTEND_OP_DTYPES_H

#include <stdbool.h>
#include <stddef.h>

#include "../../util/xalloc.h"

struct frontend_options;
struct host_input;

struct op_dtype {
    char *name;     /* the tensor's name upper-cased, as in DTYPE_X: "SLOT_MAPPING" */
    char *spelled;  /* as the definition writes it: "slot_mapping" */
    int *types;     /* its ge::DataType per column */
    int input;      /* its index among the definition's Inputs; -1: an Output */
};

struct op_dtypes {
    char *def_path;             /* the definition read, or NULL: none found or not readable */
    VEC(struct op_dtype) tensors;
    size_t columns;             /* the variants the build compiles */
    size_t column;              /* the one the kernel is read with (op_dtypes_for_kernel) */
    const char *chosen_by;      /* the --dtype that chose it, or NULL: the first */
    char *why;                  /* when def_path is set but no list was read: why */
    char *config;               /* the chip's OpAICoreConfig whose lists were read, or NULL:
                                 * the operator's own */
};

/* Reads the first *_def.cpp (by name) of the directories `host_dirs`: the lists of the
 * config the definition passes for the first of the model's chips `socs` (AddConfig("chip",
 * config)) when that config has Input/Output lists of its own, else the operator's own (an
 * object's not passed to any AddConfig: `this->Input(...)`). A tensor whose DataType list is
 * not a literal list of known types is left out; lists of different lengths leave every
 * tensor out (why says so). */
void op_dtypes_read(const char *const *host_dirs, size_t nhost_dirs, const char *const *socs,
                    int nsocs, struct op_dtypes *out);
/* The definition of the operator of the kernel at `path` (its own host directories,
 * op_layout_find_host; npu_arch: the model's __NPU_ARCH__ or NULL) and the variant the --dtype
 * of o chooses: the first whose types are those given (inputs named as the definition names
 * them, case aside, or by index: 0, x0; a --dtype of a tensor without a list chooses
 * nothing), else the first. Read once per kernel source, for the host tiling run and both
 * readings. False, with *why (malloc'ed; else NULL), when no variant has the types given
 * (*out is filled all the same, for op_dtypes_free). */
bool op_dtypes_for_kernel(const char *path, const char *npu_arch, const char *const *socs,
                          int nsocs, const struct frontend_options *o, struct op_dtypes *out,
                          char **why);
/* o's --shape/--dtype/--attr, then a --dtype for each Input of the chosen variant that o
 * does not name (its name and type owned by d and static): malloc'ed, *n of them. NULL when
 * o gives none (no host run) or d has no variant. */
struct host_input *op_dtypes_host_inputs(const struct op_dtypes *d,
                                         const struct frontend_options *o, size_t *n);
/* For the lowering's header: which data types the kernel is read with, and what is left
 * unchecked ("data types: the first of 2 variants op_host/x_def.cpp registers: INPUT float16,
 * ...; the other 1 is not checked"); NULL when the op has no definition. Malloc'ed. */
char *op_dtypes_describe(const struct op_dtypes *d);
void op_dtypes_free(struct op_dtypes *d);

#endif
