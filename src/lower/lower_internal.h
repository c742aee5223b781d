/* State shared by the lowering's files: lower.c (kernel, globals, cores, shared helpers),
 * stmt.c (statements), access.c (accesses), region.c (buffers and regions), sync.c
 * (primitive calls). */
#ifndef AS_LOWER_INTERNAL_H
#define AS_LOWER_INTERNAL_H

#include "../ir/eval.h"
#include "../util/key_map.h"
#include "lower.h"

struct buffer_name {
    const char *name;
    int index;                      /* into lw_program.buffers */
};

/* What a statement resolves to on one core type, whatever the iteration: remembered the first
 * time it resolves without a finding, so that an unrolled loop looks its names up once.
 * Direct-mapped by statement address; a collision only costs a lookup. */
#define MEMO_REGIONS 4     /* double and quadruple buffering */
struct stmt_memo {
    const struct ast_stmt *stmt;
    const struct model_coretype *ct;
    const struct model_prim *prim;  /* CALL */
    const char *op;                 /* ACCESS: the op name */
    const struct model_op *te;      /* ACCESS: its op table entry, or NULL */
    const struct ast_region *writes; /* ACCESS: the write regions (past the op in UNIT form) */
    int unit;                       /* ACCESS: local unit; flag CALL: source unit; cross-core
                                     * flag CALL: the unit whose queue it sits in */
    int dst;                        /* flag CALL: destination unit */
    bool blocking, interlocked;     /* ACCESS */
    bool atomic;                    /* ACCESS: an atomic read-modify-write (model <atomic>) */
    /* ACCESS: the regions the statement's last MEMO_REGIONS distinct instructions got, in
     * the program's regions; the next one shares them when its own are the same (a loop body
     * mostly touches the same bytes every iteration, or one of a few buffers in turn). */
    struct {
        uint32_t first;
        int n, nwrites;     /* an entry never set is 0 regions at 0, which is right too */
    } regions[MEMO_REGIONS];
    int regions_next;               /* the entry the next new regions replace */
};
#define STMT_MEMO_BITS 6
#define STMT_MEMO_SLOTS (1 << STMT_MEMO_BITS)

/* A flag channel's signals so far, by statement, and how many waits took them (cuts.c). */
struct channel_flow {
    VEC(const struct ast_stmt *) signals;
    size_t waits;
};

struct lowerer {
    const struct ast_program *ast;
    const struct model *model;
    struct lw_program *p;
    struct diag_list *diags;
    const struct lower_limits *limits;
    struct path_choices *path;
    struct xbig ins_block;          /* the instructions (xbig: no copies as they grow) */
    struct lw_ins *ins;             /* ins_block.p */
    size_t nins, ins_cap;
    struct xbig region_block;       /* the regions of every access (lw_program.regions) */
    size_t nregions;
    VEC(const struct binding_list *) iter_lists;   /* lw_program.iter_lists */
    VEC(struct lw_channel) channels;
    VEC(struct lw_memory) memories;
    VEC(struct binding) iters;      /* loop variables of the current iteration */
    VEC(struct mem_region) scratch; /* an access's regions before they are kept (lower_access) */
    int *memory_of;                 /* [buffer * ncores + core] -> memory index, -1 unset */
    struct scope_table globals;     /* the params and consts, behind the scope chain */
    struct key_map memory_keys;     /* (space, instance, buffer) -> memory index */
    struct key_map channel_keys;    /* (core, src, dst, id) -> channel index */
    VEC(struct lw_bar_masks) bar_masks;
    struct key_map bar_mask_keys;   /* (from, to) -> bar_masks index */
    struct buffer_name *buffer_names; /* sorted by name; NULL until lower_buffers is done */
    int core;                       /* current core */
    const struct model_coretype *ct;
    uint64_t work;                  /* instructions + iterations so far */
    bool stopped;
    bool file_level;                /* reporting on declarations, not on the kernel */
    struct stmt_memo memo[STMT_MEMO_SLOTS];
    struct {                        /* lower_find_buffer's answers by name pointer (the AST's */
        const char *name;           /* strings do not move while a kernel is lowered) */
        int index;
    } buffer_memo[STMT_MEMO_SLOTS];
    /* Cuts (path_choices.cuts, cuts.c): each channel's flow, kept only when cuts are on;
     * prefix_hash[d]: a hash of the choices taken up to depth d of this run; no_cuts: a
     * cross-core primitive, or a wait before its signal, was lowered (no cut after it: what
     * follows may never start); cut: this run stopped at a point another run passed in the
     * same state (stopped is set too); turn_cut: in a core's turn (path->turns), the turn's
     * core passed such a point, and the run goes on with that core's choices lowered with
     * both sides, as the other cores' are (cuts.c). */
    VEC(struct channel_flow) flows;
    VEC(uint64_t) prefix_hash;
    bool no_cuts, cut, turn_cut;
    size_t choices_at_try;          /* path->taken.used at the last cut tried at an access;
                                       SIZE_MAX after an if (?): try at the next one */
    /* Rule 10: per value slot (ast_stmt.value_slot), the instruction its binding read emitted
     * last, or NO_VALUE_READ when its latest run emitted none (a region reported and dropped). */
    uint32_t *value_read;
    /* Merged choices (alternatives.c): the side being lowered (a node of alts, 0 outside
     * every merged choice), the nodes, and each instruction's side, kept from the first merge
     * of the run on (NULL before). */
    uint32_t alt;
    VEC(struct lw_alt) alts;
    VEC(uint32_t) alt_of;
};
#define NO_VALUE_READ UINT32_MAX

/* The memo of s on the current core type, or NULL. */
struct stmt_memo *lower_memo_find(struct lowerer *L, const struct ast_stmt *s);
/* Remembers m (its stmt and ct set) when nothing was reported since `ndiags` findings. */
void lower_memo_put(struct lowerer *L, const struct stmt_memo *m, size_t ndiags);

/* merge_rules.c: whether `if (?)` s is lowered as one run of both sides (the path merges:
 * what its sides order passes on nothing a path does not order); alternatives.c: that
 * lowering. */
bool lower_choice_mergeable(struct lowerer *L, const struct ast_stmt *s);
/* The shape of barrier call s of prim on core type ct; false when its units cannot be told
 * without running it (mask arguments that are not numbers). */
bool lower_barrier_shape(const struct model_coretype *ct, const struct model_prim *prim,
                         const struct ast_stmt *s, struct lw_bar_masks *out);
/* merge_windows.c: the choices of kernel whose sides hold only what an interlock orders
 * and that no instruction an interlock does not order shares a window with (between two
 * barriers of every path that order every unit), appended to out. */
typedef VEC(const struct ast_stmt *) stmt_ptr_vec;
void lower_window_choices(const struct ast_decl *kernel, const struct model *model,
                          stmt_ptr_vec *out);
void lower_merged_choice(struct lowerer *L, const struct ast_stmt *s, const struct scope *env);

/* The words of an access statement (access.c): `UNIT OP w <- r` or `OP w <- r` (unit NULL:
 * the op table's); op NULL for `UNIT w` with no op. writes: the regions past the op. */
struct access_words {
    const char *unit, *op;
    struct as_loc op_loc;
    const struct ast_region *writes;
};
struct access_words access_words(const struct model *model, const struct ast_stmt *s);

/* cuts.c: the flows of flag channels, and the cut at a barrier from every unit to every
 * unit (call it after emitting the barrier). */
void lower_flow_signal(struct lowerer *L, int channel, const struct ast_stmt *s);
void lower_flow_wait(struct lowerer *L, int channel);
void lower_flows_free(struct lowerer *L);
/* After a choice is taken (cuts on): extends the hash of this run's choices. */
void lower_note_choice(struct lowerer *L, bool first_side);
void lower_try_cut(struct lowerer *L, const struct ast_stmt *at);
/* After an access, before an if (?): a cut there too when every access of the kernel is
 * interlocked. */
void lower_try_cut_at_access(struct lowerer *L, const struct ast_stmt *access);
void lower_try_cut_at_choice(struct lowerer *L, const struct ast_stmt *choice);

/* Whether any statement of list, at any depth, is `if (?)` (stmt.c). */
bool lower_has_choice(const struct ast_stmt *list);
/* Whether any core of kernel has an `if (?)`. */
bool lower_kernel_has_choice(const struct ast_decl *kernel);

/* The primitive statement s calls, or NULL (not a call, or a name the model lacks). */
static inline const struct model_prim *lower_call_prim(const struct model *model,
                                                       const struct ast_stmt *s)
{
    return s->kind == STMT_CALL ? model_prim_find(model, s->name) : NULL;
}

/* Whether access statement `access` is of an op the model marks interlocked: rule 8 orders
 * it against every conflicting interlocked access of its core (traits.c). */
bool lower_access_interlocked(const struct model *model, const struct ast_stmt *access);
/* Whether every access of list, at any depth, is of an interlocked op (traits.c). */
bool lower_all_interlocked(const struct ast_stmt *list, const struct model *model);
/* Whether list, at any depth, calls a flag primitive (one core's or across cores). */
bool lower_calls_flags(const struct ast_stmt *list, const struct model *model);

/* Reports an input error that stops the kernel (exit code 2). */
void lower_fail(struct lowerer *L, enum check_id check, struct as_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), nonnull(4)));
/* Reports a finding that leaves the kernel checkable. */
void lower_report(struct lowerer *L, enum check_id check, struct as_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), nonnull(4)));
/* Evaluates e in env; on failure reports it and stops the kernel. */
bool lower_eval(struct lowerer *L, const struct ast_expr *e, const struct scope *env,
                int64_t *out);
/* Appends an instruction of the current core (fills core, iters, unit position, whether it
 * blocks issue and the program's counts by kind); `blocking` is an access's (false for the
 * other kinds). */
struct lw_ins *lower_emit(struct lowerer *L, enum ins_kind kind, int local_unit, bool blocking,
                          const struct ast_stmt *stmt);
/* Local index of a unit of the current core type; reports bad-unit and returns -1 when
 * the core type has no such unit. */
int lower_local_unit(struct lowerer *L, const char *name, struct as_loc loc);
/* Counts one unit of work against --max-events; false (and stopped) when over. */
bool lower_spend(struct lowerer *L, uint64_t amount, struct as_loc loc);

/* stmt.c */
void lower_stmts(struct lowerer *L, const struct ast_stmt *list, const struct scope *env);

/* access.c */
void lower_access(struct lowerer *L, const struct ast_stmt *s, const struct scope *env);
/* `use v;`: the issuer stalls until v's read has ended (rule 10). */
void lower_use(struct lowerer *L, const struct ast_stmt *s);

/* region.c */
bool lower_buffers(struct lowerer *L, const struct scope *env);
/* Resolves a region for the current core into *out; false if the region was dropped
 * (reported, or entirely out of bounds). */
bool lower_region(struct lowerer *L, const struct ast_region *r, const struct scope *env,
                  struct mem_region *out);
int lower_find_buffer(struct lowerer *L, const char *name);

/* sync.c */
void lower_call(struct lowerer *L, const struct ast_stmt *s, const struct scope *env);

#endif
