/* The operator host API as the interpreter's hooks (api_ops): gert::TilingContext and what it
 * hands out (shapes, data types, attributes, the raw tiling data), PlatformAscendC on the
 * chip of the model, and the tiling structure's set_ calls, recorded with their lines. A host
 * run is exact (interp_options.exact): every value it needs must be known. */
#ifndef AS_FRONTEND_HOST_API_H
#define AS_FRONTEND_HOST_API_H

#include <stdbool.h>
#include <stdint.h>

#include "../../util/source.h"
#include "../../util/xalloc.h"
#include "../interp/interp.h"

enum { HOST_MAX_INPUTS = 32, HOST_MAX_DIMS = 8 };

struct model;

/* One input of the operator as --shape and --dtype give it. */
struct host_tensor {
    bool has_shape;
    int ndims;
    int64_t dims[HOST_MAX_DIMS];
    int dtype;                  /* ge::DataType value */
    const char *dtype_name;     /* as given, or the default's */
};

/* One attribute as --attr gives it. */
struct host_attr {
    bool given;
    bool integer;               /* an integer (true, false: 1, 0); else a float, not known */
    int64_t value;
    const char *text;           /* as given */
};

/* A tiling field the host code set, where, and to what. */
struct host_field {
    char *name;
    int64_t value;
    struct as_loc at;
};

/* One run of a tiling function: what it is given, and what it sets. */
struct host_run {
    struct host_tensor inputs[HOST_MAX_INPUTS];
    char *input_names[HOST_MAX_INPUTS];         /* the op definition's, or NULL */
    char *attr_names[HOST_MAX_INPUTS];
    struct host_attr attrs[HOST_MAX_INPUTS];
    /* the chip (the model's <host> and spaces) */
    int64_t vector_cores, cube_cores, ub_reserved;
    const struct model *model;
    /* what it set */
    VEC(struct host_field) fields;
    bool has_key, has_block_dim;
    int64_t key, block_dim;
    struct as_loc key_at, block_dim_at;
    CXCursor tiling_member;     /* the set_ method of the first field set: its class is the
                                 * tiling structure (valid when fields.len > 0) */
};

const struct api_ops *host_api(void);
/* The gert::TilingContext the tiling function is given (type: the class). */
struct value host_api_context(struct interp *I, CXType type);
/* The size in bytes of a ge::DataType value (0: not a type the table knows). */
int64_t host_dtype_size(int dtype);
/* The ge::DataType value of a --dtype name ("float16", "DT_FLOAT16", "half"); -1 if unknown.
 * host_dtype_names lists the names, for a message. */
int host_dtype_of(const char *name);
const char *host_dtype_names(void);
/* The kernel's C type of a ge::DataType value (DT_FLOAT16: "half"), and its name
 * ("float16"); NULL for a value not listed. */
const char *host_dtype_device_type(int dtype);
const char *host_dtype_name(int dtype);
void host_run_free(struct host_run *r);

#endif
