/* The task types the host code beside a BANG C kernel launches each entry with: the
 * `kernel<<<k_dim, k_type, queue>>>(...)` launches in the kernel's file and the files of its
 * directory, their k_type followed back to the constants it can hold (through the callers of
 * a launcher elsewhere in the checked tree, tree_mentions.h, when none is beside it). */
#ifndef AS_FRONTEND_BANGC_LAUNCH_TYPES_H
#define AS_FRONTEND_BANGC_LAUNCH_TYPES_H

#include <stddef.h>
#include <stdio.h>

#include "../../util/source.h"
#include "../../util/xalloc.h"
#include "../pir/lowering.h"

/* One task type an entry is launched with, and where that was found. */
struct launch_type {
    int clusters;       /* 0: BLOCK, n: UNIONn (task_type.h) */
    char *origin;       /* "the launch at dir/demo.mlu:101 (cnrtFuncTypeUnion1 at dir/x.cpp:40)" */
};

/* What the host code says of one entry. */
struct launch_types {
    VEC(struct launch_type) types;  /* distinct, BLOCK first, then by clusters */
    VEC(char *) unknown;            /* each launch (or path to one) whose type is not known
                                     * before run time: what and where, for a note */
    size_t launches;                /* launches of the entry found */
};

struct launch_scan;

/* The files a search reads: the kernel source `src` (its text as read) and the regular files
 * of its directory (.mlu, .cpp, .cc, .c, .h, .hpp) inside the source's tree or the -I
 * directories of o, each up to the header size limit, in name order until 512 files or
 * 64 MiB; none beside standard input. */
struct launch_scan *launch_scan_new(const struct source *src, const struct frontend_options *o);
/* The files of the directory left unread past those limits. */
size_t launch_scan_unread(const struct launch_scan *s);
void launch_scan_free(struct launch_scan *s);

/* The task types of the launches of the entry named `name` (a template's name without its
 * arguments): filled into *out, which launch_types_free empties. */
void launch_types_find(struct launch_scan *s, const char *name, struct launch_types *out);
void launch_types_free(struct launch_types *t);

/* For `check --explain`: "task types from the host's launches: ENTRY UNION1 from the launch
 * at ..., ...; ENTRY2 BLOCK (no launch found)" for each entry the source defines, found by
 * the entry keywords as written (no parse); where none is written (a macro defines them),
 * says so. */
void launch_types_explain(const struct source *src, const struct frontend_options *o,
                          FILE *out);

#endif
