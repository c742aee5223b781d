/* The lowered program: one kernel, under one parameter assignment and one choice of every
 * `if (?)`, unrolled into per-core instruction sequences in issue order. This is what the
 * happens-before engines (src/graph/) and the checks (src/check/) work on; it refers back
 * to the syntax tree for locations and for names as written (lw_op). The instructions and
 * the regions are blocks of their own (xbig: one record per event, and they grow to hundreds
 * of megabytes); the rest lives in the program's arena or in arrays lw_program_free frees. */
#ifndef AS_LOWER_PROGRAM_H
#define AS_LOWER_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ast.h"
#include "../model/model.h"
#include "../util/arena.h"
#include "../util/diag.h"
#include "../util/span_index.h"
#include "../util/xalloc.h"

enum ins_kind {
    INS_ACCESS,     /* reads and writes byte regions */
    INS_SIGNAL,     /* set a flag channel; sits in the source unit's queue */
    INS_WAIT,       /* wait on a flag channel; sits in the destination unit's queue */
    INS_BARRIER,    /* bar(from, to); in a unit's queue (unit >= 0) or issued by the issuer */
    INS_XSIGNAL,    /* cross-core signal; sits in its unit's queue */
    INS_XWAIT,      /* cross-core wait; sits in the model's cross-core wait unit */
    INS_XBARRIER,   /* cross-core barrier; issued by the issuer, bar(all, all) per core */
    INS_USE,        /* `use v;`: the issuer stalls until the read that bound v has ended
                     * (rule 10); no unit, blocks issue, ends as soon as it starts */
};
#define INS_KINDS (INS_USE + 1)

/* A byte range of one memory. A memory is one buffer (buffers without placement never
 * alias) or one placed space instance (placed buffers alias where their bytes overlap). */
struct mem_region {          /* 24 bytes: one per region of every access */
    union {
        struct {
            int64_t lo, hi; /* bytes [lo, hi) in the memory */
        };
        struct span_bounds bytes;   /* the same, as the span index points at them */
    };
    int memory;             /* index into lw_program.memories */
    int buffer;             /* index into lw_program.buffers, for reporting (lw_buffer_base) */
};

struct lw_ins {              /* 32 bytes on LP64; the kind-specific fields share storage */
    const struct ast_stmt *stmt;    /* location; the op or primitive as written (lw_op) */
    uint32_t iters;         /* its loop variables: index into lw_program.iter_lists (lw_iters) */
    int unit;               /* kernel-wide unit index; -1 for issuer-level barriers */
    int pos;                /* queue position on its unit (-1 without unit) */
    uint16_t core;          /* index into lw_program.cores (LOWER_MAX_CORES); the issue index
                             * within the core is the distance from the core's first
                             * instruction (lw_seq) */
    uint8_t kind;           /* enum ins_kind */
    bool blocking : 1, interlocked : 1;
    bool atomic : 1;        /* an atomic read-modify-write: never races with another one */
    bool blocks_issue : 1;  /* nothing after it is issued until it ends (rule 1) */
    union {                 /* read only the member of the instruction's kind */
        struct {            /* INS_ACCESS: nwrites regions from lw_program.regions[first_region],
                             * then nreads (lw_writes, lw_reads, lw_nwrites, lw_nreads) */
            uint32_t first_region;
            uint16_t nwrites, nreads;   /* at most LOWER_MAX_REGIONS each */
        } access;
        struct {            /* INS_BARRIER, INS_XBARRIER */
            int bar_masks;  /* index into lw_program.bar_masks (lw_bar_from, lw_bar_to) */
            uint32_t xbar_prim; /* INS_XBARRIER: index into the model's prims (lw_xbar_prim) */
        };
        struct {            /* INS_XSIGNAL, INS_XWAIT */
            int32_t xflag;  /* below the model's flag count */
            int xmode;      /* mode id */
        };
        struct {            /* INS_SIGNAL, INS_WAIT */
            int channel;    /* index into lw_program.channels */
            uint32_t nth;   /* how many of its kind (signals, or waits) came before it on its
                             * channel: rule 6 pairs equal nth */
        };
        uint32_t value_read;    /* INS_USE: the read it waits for, an instruction index
                                 * (LOWER_MAX_ITER_LISTS bounds them) */
    };
};

/* One per event: at 10^7 events every byte of it is 10 MB (bench/results.md has the bytes
 * per event of whole runs). */
_Static_assert(sizeof(void *) != 8 || sizeof(struct lw_ins) == 32, "lw_ins grew");
/* lower_emit clears the kind's union through its access member. */
_Static_assert(sizeof(((struct lw_ins *)0)->access) == 8, "the union of lw_ins is 8 bytes");
/* What the narrow fields of lw_ins can hold; the lowering refuses a kernel past them. */
#define LOWER_MAX_CORES 4096
#define LOWER_MAX_REGIONS UINT16_MAX
_Static_assert(LOWER_MAX_CORES <= UINT16_MAX, "lw_ins.core is 16 bits");

/* What the 32-bit indexes of lw_ins can reach; the lowering refuses a kernel past them. */
#define LOWER_MAX_REGIONS_IN_ALL UINT32_MAX
#define LOWER_MAX_ITER_LISTS UINT32_MAX

/* How many regions an instruction writes and reads: 0 but for an access. */
static inline int lw_nwrites(const struct lw_ins *x)
{
    return x->kind == INS_ACCESS ? x->access.nwrites : 0;
}
static inline int lw_nreads(const struct lw_ins *x)
{
    return x->kind == INS_ACCESS ? x->access.nreads : 0;
}


/* Overlapping bytes of one memory. */
static inline bool mem_regions_overlap(const struct mem_region *x, const struct mem_region *y)
{
    return x->memory == y->memory && x->lo < y->hi && y->lo < x->hi;
}

/* Some region of xs overlaps some region of ys. */
static inline bool mem_any_overlap(const struct mem_region *xs, int nx, const struct mem_region *ys,
                                   int ny)
{
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            if (mem_regions_overlap(&xs[i], &ys[j]))
                return true;
    return false;
}


struct lw_core {
    const char *name;       /* "aiv[1]", or the kernel name for single-core kernels */
    const struct model_coretype *type;
    int first_unit;         /* kernel-wide index of local unit 0 */
    int coreid;             /* index within its core group */
    int cluster;            /* kernel-wide cluster index; 0 in a kernel without clusters */
    size_t first_ins, nins; /* range in lw_program.ins */
    bool chose;             /* an `if (?)` it may not merge was reached on it in this run */
};

struct lw_unit {
    int core;
    int local;              /* index in the core type's unit table */
    const struct model_unit *mu;
    const char *name;       /* "V", or "aiv[1].V" in multi-core kernels */
    /* What the lowering saw, so that the engine need not pass over the instructions again: */
    int count;              /* instructions in its queue (positions 0 .. count - 1) */
    bool has_access;        /* an access runs on it */
    bool has_xsignal;       /* a cross-core signal sits in its queue */
};

/* A barrier's core-local unit masks: bar(from, to). */
struct lw_bar_masks {
    uint64_t from, to;
};

/* A side of a merged choice (lower/alternatives.c): the side it lies in (0: none), the
 * choice's number (lw_program.nmerged counts them), and how many sides deep it is. */
struct lw_alt {
    uint32_t parent, choice, depth;
};

struct lw_channel {
    int core;
    int bank;               /* model_prim.bank: 0 the model's flags, k > 0 a bank of its own */
    int src, dst;           /* core-local unit indexes */
    int64_t id;
    uint32_t nsignals, nwaits;  /* of the program on this channel (lw_ins.nth counts them) */
};

struct lw_memory {
    int space;              /* model space index */
    int instance;           /* core index for core-scoped spaces, cluster index for
                             * cluster-scoped ones; 0 for global ones */
    int buffer;             /* buffer index for unplaced buffers, -1 for a placed space */
};

struct lw_buffer {
    const char *name;
    const struct ast_decl *decl;
    int space;
    int64_t size;           /* bytes */
    int64_t *dims;
    int ndims;
    bool placed;
    int64_t at;
};

struct lw_program {
    struct arena arena;
    const struct model *model;
    const char *kernel;
    const struct ast_decl *kernel_decl;
    struct binding_list params;     /* values of this assignment */
    struct lw_core *cores;
    int ncores;
    struct lw_unit *units;
    int nunits;
    struct lw_ins *ins;             /* ins_block.p */
    size_t nins;
    uint64_t work;                  /* events the lowering spent: the file's budget */
    struct xbig ins_block;
    struct mem_region *regions;     /* region_block.p: every access's regions (lw_writes) */
    size_t nregions;
    struct xbig region_block;
    const struct binding_list **iter_lists; /* each iteration's loop variables (lw_iters);
                                             * entry 0 is outside every loop */
    size_t niter_lists;
    size_t nkind[INS_KINDS];        /* instructions of each kind */
    size_t nissuer_barriers;        /* barriers issued by the issuer (unit -1) */
    struct lw_channel *channels;
    int nchannels;
    struct lw_bar_masks *bar_masks; /* the distinct pairs of the program's barriers */
    int nbar_masks;
    struct lw_memory *memories;
    int nmemories;
    struct lw_buffer *buffers;
    int nbuffers;
    int nclusters;          /* 1 in a kernel without cluster blocks */
    bool multicore;
    bool clustered;         /* written with `cluster` blocks */
    bool cut;               /* the run stopped at a barrier past which it was checked before
                               (lower.h, path_choices.cuts): no end-of-kernel checks */
    bool turn_cut;          /* in a core's turn, that core passed such a barrier and its
                               later choices were lowered with both sides (it ran to the end) */
    /* Merged choices (lower.h, path_choices.merge): how many `if (?)` were lowered with both
     * sides in this run; per instruction its side, a node of alts (NULL when none was). */
    size_t nmerged;
    uint32_t *alt_of;
    struct lw_alt *alts;
};

/* Whether two accesses are atomic read-modify-writes (the model's <atomic>): whichever runs
 * first, each ends before the other touches the bytes, so they never race with each other;
 * with any other access they do as usual (docs/semantics.md §5). */
static inline bool lw_both_atomic(const struct lw_ins *x, const struct lw_ins *y)
{
    return x->atomic && y->atomic;
}

/* Whether instructions a and b lie on different sides of one merged choice: no path runs
 * both, so they are never a hazard pair. Only when p->alt_of is set. */
bool lw_exclusive(const struct lw_program *p, size_t a, size_t b);

/* An access's write regions, and its read regions right after them (lw_nwrites, lw_nreads
 * of each; none for the other kinds). */
static inline struct mem_region *lw_writes(const struct lw_program *p, const struct lw_ins *x)
{
    return p->regions + (x->kind == INS_ACCESS ? x->access.first_region : 0);
}
static inline struct mem_region *lw_reads(const struct lw_program *p, const struct lw_ins *x)
{
    return lw_writes(p, x) + lw_nwrites(x);
}

/* The loop variables of an instruction's iteration, outermost first (never NULL). */
static inline const struct binding_list *lw_iters(const struct lw_program *p,
                                                  const struct lw_ins *x)
{
    return p->iter_lists[x->iters];
}

/* Bytes an access writes, over all its write regions. */
static inline int64_t lw_written_bytes(const struct lw_program *p, const struct lw_ins *x)
{
    const struct mem_region *w = lw_writes(p, x);
    int64_t n = 0;
    for (int k = 0; k < lw_nwrites(x); k++)
        n += w[k].hi - w[k].lo;
    return n;
}

/* Bytes w writes overlap bytes r reads (w first: a RAW; r first: a WAR). */
static inline bool lw_writes_meet_reads(const struct lw_program *p, const struct lw_ins *w,
                                        const struct lw_ins *r)
{
    return mem_any_overlap(lw_writes(p, w), lw_nwrites(w), lw_reads(p, r), lw_nreads(r));
}

/* Bytes both write (a WAW). */
static inline bool lw_writes_meet_writes(const struct lw_program *p, const struct lw_ins *a,
                                         const struct lw_ins *b)
{
    return mem_any_overlap(lw_writes(p, a), lw_nwrites(a), lw_writes(p, b), lw_nwrites(b));
}

/* Two accesses conflict: overlapping bytes, at least one of them a write (the definition the
 * checks, the engines and the simulator share, docs/semantics.md §3). */
static inline bool lw_accesses_conflict(const struct lw_program *p, const struct lw_ins *x,
                                        const struct lw_ins *y)
{
    return lw_writes_meet_reads(p, x, y) || lw_writes_meet_reads(p, y, x)
           || lw_writes_meet_writes(p, x, y);
}

static inline uint64_t lw_bar_from(const struct lw_program *p, const struct lw_ins *x)
{
    return p->bar_masks[x->bar_masks].from;
}
static inline uint64_t lw_bar_to(const struct lw_program *p, const struct lw_ins *x)
{
    return p->bar_masks[x->bar_masks].to;
}

/* The primitive an INS_XBARRIER calls. */
static inline const struct model_prim *lw_xbar_prim(const struct lw_program *p,
                                                    const struct lw_ins *x)
{
    return &p->model->prims[x->xbar_prim];
}

/* The op or primitive name as written (access.c: the op of an access is its statement's). */
const char *lw_op(const struct lw_program *p, const struct lw_ins *x);

/* Instruction i's issue index within its core. */
static inline int lw_seq(const struct lw_program *p, size_t i)
{
    return (int)(i - p->cores[p->ins[i].core].first_ins);
}

/* The memory offset of byte 0 of region r's buffer: its placement, or 0 for a buffer that is
 * a memory of its own. */
static inline int64_t lw_buffer_base(const struct lw_program *p, const struct mem_region *r)
{
    const struct lw_buffer *b = &p->buffers[r->buffer];
    return b->placed ? b->at : 0;
}

#endif
