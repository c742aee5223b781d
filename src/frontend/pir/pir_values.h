/* The values of rule 10 a frontend writes (docs/pir.md, "Value use"): a scalar read on the
 * issuer binds what it reads (`S get_value <- x[0 +: 4] as read__3;`), and `use read__3;` goes
 * where the kernel first needs the value. A use may only name a binding made earlier in its
 * block or one around it: the writer knows which blocks are open, so it writes a use only
 * where the binding is still in scope, and nothing otherwise (which orders nothing: more
 * findings, never fewer). */
#ifndef AS_FRONTEND_PIR_VALUES_H
#define AS_FRONTEND_PIR_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../util/xalloc.h"

/* Where a line sits: its index among the body lines, its depth (the writer's indent), and the
 * serial of the innermost block open around it (0 at depth 0). */
struct pir_place {
    size_t line;
    int depth;
    uint32_t block;
};

struct pir_value {
    uint32_t id;            /* read__ID */
    struct pir_place bound; /* the binding read's line */
    bool used;              /* `use` written at `use`, which covers what follows it there */
    struct pir_place use;
};

/* What a use changed of its binding, for a rollback past the use's line to put back. */
struct pir_use_undo {
    size_t index;           /* the binding, in live */
    bool used;              /* its use before this one */
    struct pir_place use;
    size_t line;            /* this use's line */
};

struct pir_values {
    VEC(struct pir_value) live;     /* by line; a rollback drops the ones past its mark */
    VEC(struct pir_use_undo) undo;  /* by line: every use written, a rollback undoes those
                                     * past its mark (a scan of every binding would make
                                     * rollbacks quadratic in a kernel of many reads) */
    uint32_t next_id;               /* the last id given */
    uint32_t *block_serial;         /* per depth k: the block open from depth k to k + 1 */
    size_t serial_cap;
    uint32_t blocks;                /* serials given */
    /* The latest use written: the issuer's reads end in order, so while it is in scope it
     * covers every binding in scope up to its id (ids grow with the lines in scope). */
    bool last_valid;
    uint32_t last_id;
    struct pir_place last;
};

/* The writer's side: a block opened at `depth` (its indent before the opening); the lines
 * from `line` on taken back; a binding on line `line` at `depth` (its id); whether a use on
 * line `line` at `depth` is to be written (its binding in scope, no use in scope before it),
 * recording it when so. */
void pir_values_opened(struct pir_values *v, int depth);
void pir_values_rolled_back(struct pir_values *v, size_t line);
uint32_t pir_values_bind(struct pir_values *v, size_t line, int depth);
bool pir_values_use(struct pir_values *v, uint32_t id, size_t line, int depth);
void pir_values_free(struct pir_values *v);

#endif
