/* The chips an operator's kernels are built for, as its definition names them
 * (op_host/<op>_def.cpp: `this->AICore().AddConfig("ascend910b", config)`): the vendor's
 * build compiles the kernel once per chip named, for that chip's arch, and for no other. */
#ifndef AS_FRONTEND_OP_SOCS_H
#define AS_FRONTEND_OP_SOCS_H

#include <stdbool.h>
#include <stddef.h>

struct op_soc {
    char *name;     /* "ascend910b" */
    int line;       /* of the AddConfig, in def_path */
    char *config;   /* the OpAICoreConfig it passes, when a plain name ("aicore_config"), or
                     * NULL: its Input/Output lists, when it has its own, are the chip's */
};

struct op_socs {
    char *def_path;         /* the definition read, or NULL: none (nothing is known) */
    struct op_soc *socs;    /* in the definition's order, each name once */
    size_t nsocs;           /* 0: the definition names no chip with a literal name */
};

/* The same from the definition's text. */
void op_socs_read_text(const char *text, struct op_socs *out);
/* Reads the definition of the operator of the kernel at `path` (the one op_dtypes reads:
 * op_host/ and op_host/op_tiling/ of the operator's directory). Comments are skipped; a
 * name that is not a string literal is not read. */
void op_socs_read(const char *path, struct op_socs *out);
/* The entry of `name`, or NULL. */
const struct op_soc *op_socs_find(const struct op_socs *s, const char *name);
/* "ascend950, kirinx90", malloc'ed. */
char *op_socs_list(const struct op_socs *s);
void op_socs_free(struct op_socs *s);

#endif
