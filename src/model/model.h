/* Hardware models: everything vendor-specific, read from the XML files in hwmodels/. The
 * engine asks a model questions (which units a core type has, their ordering class, which
 * spaces a unit may touch, what a sync primitive means) and never tests a vendor name. A model
 * is immutable once loaded; all of it lives in the model's own arena. */
#ifndef AS_MODEL_MODEL_H
#define AS_MODEL_MODEL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/arena.h"
#include "../util/diag.h"

#define MODEL_MAX_UNITS 64      /* per core type; unit sets are uint64_t masks */
#define MODEL_MAX_SPACES 64     /* space sets are uint64_t masks */

enum unit_class {
    UNIT_SYNC,          /* ends before the issuer issues anything after it (no shipped model) */
    UNIT_FIFO,          /* ends before the next instruction on the same unit starts */
    UNIT_PIPELINED,     /* the next instruction may start before this one ends */
};

enum hazard_bits { HAZ_RAW = 1, HAZ_WAR = 2, HAZ_WAW = 4 };

enum space_scope { SCOPE_CORE, SCOPE_CLUSTER, SCOPE_GLOBAL };

struct model_space {
    const char *name;
    enum space_scope scope;
    int64_t size;               /* bytes; -1 when the model does not say */
};

struct model_unit {
    const char *name;
    enum unit_class cls;
    unsigned intra_hazards;     /* HAZ_* checked between two accesses of this unit */
    /* The unit orders an instruction after an earlier one that writes at least this many
     * bytes (the Ascend cube pipe after a large Mmad), so intra-unit hazards are checked only
     * when the earlier access writes fewer; 0: never. */
    int64_t intra_ordered_from;
    uint64_t reads, writes;     /* bit i: model space i may be read / written */
    /* The op names the unit runs, `*` and `?` as wildcards; nops == 0: any op. The op table's
     * entries for the unit count too. */
    const char **ops;
    int nops;
};

struct model_coretype {
    const char *name;
    const char *description;
    struct model_unit *units;
    int nunits;
    /* The unit that issues into the others (Ascend S, Cambricon ALU): a wait or barrier placed
     * on it stops issue until it ends; its own accesses do not. -1: none. */
    int issuer;
    /* Flag channels (signal/wait primitives): bit d of allowed_dst[s] is set when
     * (unit s -> unit d) is a channel the vendor allows. */
    uint64_t *allowed_dst;
};

struct model_op {
    const char *name;
    const char *unit;           /* the unit it runs on when PIR omits it: units[0] */
    const char *const *units;   /* every unit it may run on (e.g. memcpy: IO, MOVE) */
    int nunits;
    bool blocking, interlocked;
    uint64_t write_spaces, read_spaces;  /* 0: whatever the unit may access */
};

/* Attributes of ops the table does not list (written with an explicit unit). */
struct model_op_suffix_rule {
    const char *suffix;         /* e.g. "_async" */
    bool interlocked, blocking;
};

enum prim_kind {
    PRIM_SIGNAL,        /* (SRC, DST, ID) on the model's flag channels */
    PRIM_WAIT,          /* (SRC, DST, ID) */
    PRIM_BARRIER,       /* see barrier_form */
    PRIM_XSIGNAL,       /* cross-core (UNIT, MODE, FLAG) */
    PRIM_XWAIT,         /* cross-core (UNIT, MODE, FLAG) */
    PRIM_XBARRIER,      /* cross-core barrier, no arguments */
};

enum barrier_form {
    BAR_FIXED,          /* no arguments; from/to unit sets fixed by the model */
    BAR_UNIT_ARG,       /* one argument: a unit u gives bar({u},{u}) placed in u's queue;
                         * all_word (e.g. ALL) gives bar(all, all) issued by the issuer */
    BAR_MASK_ARGS,      /* 0 arguments: bar(from, to) as declared (usually all, all);
                         * 2k arguments (k = nmask): the first k booleans select F among
                         * mask_units, the last k select T */
    BAR_UNIT_PAIR,      /* two arguments, units f and t: bar({f}, {t}), issued by the issuer
                         * (what a flag pair f -> t orders, with no flag of its own) */
};

/* A set of unit names; all == true means every unit of the core type. */
struct unit_name_set {
    bool all;
    const char **names;
    int len;
};

enum xmode_scope {
    XMODE_SAME_TYPE,    /* cores of the same type (optionally only of `coretype`) */
    XMODE_CROSS_TYPE,   /* between the two core types in `coretypes` */
};

struct model_xmode {
    int id;
    enum xmode_scope scope;
    bool per_cluster;           /* links only cores of one cluster (within="cluster") */
    const char *coretype;       /* SAME_TYPE: restrict to this type; NULL: any */
    const char *coretypes[2];   /* CROSS_TYPE */
};

struct model_prim {
    const char *name;
    const char *description;
    enum prim_kind kind;
    /* PRIM_BARRIER */
    enum barrier_form form;
    struct unit_name_set from, to;
    const char *all_word;       /* BAR_UNIT_ARG */
    const char **mask_units;    /* BAR_MASK_ARGS */
    int nmask;
    /* PRIM_SIGNAL / PRIM_WAIT: the bank of flags they act on (0: the model's <flags>, k > 0:
     * the k-th bank a primitive names, its own channels) and its ids 0 .. nids-1 */
    int bank;
    const char *bank_name;      /* NULL: bank 0 */
    int nids;
    /* PRIM_XBARRIER: participating core types; all == true: every core of the kernel */
    struct unit_name_set participants;
    bool per_cluster;           /* PRIM_XBARRIER: joins only the cores of the caller's cluster */
};

/* The most cores of one type a cluster holds (<cluster><member coretype= max=/>). */
struct model_cluster_member {
    const char *coretype;
    int max;
};

/* How a source frontend reads kernels for the model (<source>). */
struct model_source_define {
    const char *name;
    const char *value;          /* NULL: defined without a value */
    const char *coretype;       /* NULL: for every core type */
};
/* An Ascend C TPosition (<position>): its space, and the HardEvent names ("MTE2_V") a queue
 * on it sets when a buffer is handed on (EnQue) and back (FreeTensor); NULL: none. */
struct model_source_position {
    const char *name, *space, *enque, *free;
};
struct model_source {
    const char *dialect;        /* "ascendc", "bangc"; NULL: the model has no <source> */
    const char *arch;           /* what --arch selects the model by; NULL: none */
    const char *vector_core, *cube_core;   /* core type names (the default when omitted) */
    struct model_source_define *defines;
    int ndefines;
    struct model_source_position *positions;
    int npositions;
    /* <auto-sync>: the pairs (src[i], dst[i]) of vector-core units the vendor compiler orders
     * when accesses conflict (src == dst: a pipe_barrier), with flag id auto_sync_id; none
     * declared: nauto_pairs 0 */
    const char **auto_src, **auto_dst;
    int nauto_pairs;
    int auto_sync_id;
    /* The primitives it is written with: a pair whose destination is the issuer as a signal
     * and a wait (auto_signal, auto_wait: the wait stops issue, so the flag is taken before
     * it can be set again); any other pair, when auto_barrier names a unit-pair barrier, as
     * that barrier (the order the compiler's pair gives, without a flag the checker would
     * find set twice: the compiler emits no overrun of its own). auto_by_barrier[i]: pair i
     * is written as the barrier. */
    const char *auto_signal, *auto_wait, *auto_barrier;
    bool *auto_by_barrier;
    /* The vector core's issuer when a sync out of it that auto-sync adds on a path that did
     * not need it cannot hide a hazard of that path, given the issuer's accesses it orders are
     * of core memory: every other unit of the core is a pair from the issuer (the path's own
     * syncs order every conflict with the issuer's accesses), no op is interlocked and no
     * barrier orders into the issuer alone (nothing else reaches the issuer's instructions
     * without stopping issue). NULL otherwise. docs/frontends.md "Conditions on data". */
    const char *auto_issuer;
    const char **core_spaces;   /* the spaces of core scope, NULL-terminated */
    /* <host>: the chip as an operator's host tiling code sees it (PlatformAscendC); has_host
     * false when the model does not say */
    bool has_host;
    int64_t host_vector_cores, host_cube_cores;
    int64_t host_ub_reserved;   /* bytes of UB the platform keeps from GetCoreMemSize */
    /* <cross-flags user-flags>: the cross-core flag ids the vendor's API leaves to a kernel's
     * own calls (the rest are its library's, e.g. the SDK's SyncAll); 0: not said, all */
    int cross_user_flags;
};

/* Binary or counting flags for PRIM_SIGNAL / PRIM_WAIT. */
struct model_flags {
    int nids;                   /* ids 0 .. nids-1 per (src, dst) pair */
    bool counting;              /* false: binary (a second set while set is an overrun) */
};

/* Cross-core flags for PRIM_XSIGNAL / PRIM_XWAIT. */
struct model_xflags {
    int nflags;                 /* flags 0 .. nflags-1 */
    int capacity;               /* counter capacity; 0: unbounded */
    const char *wait_unit;      /* the unit a cross-core wait occupies (e.g. S: holds the core) */
    bool wait_blocks_named;     /* on the hardware a wait blocks only the unit it names: the
                                 * engine, which holds wait_unit, checks only waits naming it */
    struct model_xmode *modes;
    int nmodes;
};

struct model {
    struct arena arena;
    _Atomic unsigned refs;      /* holders; model_free drops one (see model_retain) */
    const char *name;           /* e.g. "ascend910b2" */
    const char *description;
    const char *path;           /* file it was loaded from */
    /* socs="...": the chips the model describes, as an operator's definition names the chips
     * its kernels are built for (AddConfig("ascend910b")); nsocs 0: not said */
    const char **socs;
    int nsocs;
    struct model_space *spaces;
    int nspaces;
    struct model_coretype *coretypes;
    int ncoretypes;
    int default_coretype;       /* index into coretypes */
    struct model_op *ops;
    int nops;
    bool default_interlocked, default_blocking;
    struct model_op_suffix_rule *suffix_rules;
    int nsuffix_rules;
    /* <atomic ops="...">: the ops (names, `*` and `?` as wildcards) that are atomic
     * read-modify-writes: two of them never race with each other (docs/semantics.md §5). */
    const char **atomic_ops;
    int natomic_ops;
    struct model_prim *prims;
    int nprims;
    struct model_flags flags;       /* nids == 0: the model has no flag channels */
    struct model_xflags xflags;     /* nflags == 0: no cross-core flags */
    /* The shape of one cluster; nmembers == 0: the model sets no bound (a kernel is one
     * cluster of any size unless it writes `cluster` blocks). */
    struct model_cluster_member *cluster_members;
    int ncluster_members;
    struct model_source source;
    /* Every access and call of an unrolled kernel looks up its op or primitive, and a model
     * file may list thousands: sorted by name for a binary search (NULL: search linearly). */
    const struct model_op **ops_by_name;
    const struct model_prim **prims_by_name;
};

/* Caps on what one model file may cost; each hit is a limit-exceeded finding naming the
 * option (--max-model-size, --max-model-elements). The element count is checked while
 * parsing, before the tree is validated or read. */
#define MODEL_DEFAULT_MAX_SIZE (1024 * 1024)
#define MODEL_DEFAULT_MAX_ELEMENTS 10000
struct model_limits {
    size_t max_size;            /* bytes */
    size_t max_elements;        /* XML elements */
};

/* Loads and validates a model file: parsed with network access, external entities and DTD
 * loading off, validated against the schema compiled into the binary, then checked for
 * consistency (units named by primitives and ops exist, blocking/interlocked ops sit on
 * fifo or sync units, unit sets are not empty, names are unique). On failure returns NULL
 * and adds model-error findings with the model file's path and line to diags. */
struct model *model_load_file(const char *path, struct diag_list *diags);
/* Same, from memory (tests, fuzzing); `path` is only used in messages. */
struct model *model_load_memory(const char *path, const char *xml, size_t len,
                                struct diag_list *diags);
/* The same with limits other than the defaults; limits NULL means the defaults. A file that
 * is not a regular file (a FIFO, a device, a directory) is refused without reading it. */
struct model *model_load_file_limited(const char *path, const struct model_limits *limits,
                                      struct diag_list *diags);
struct model *model_load_memory_limited(const char *path, const char *xml, size_t len,
                                        const struct model_limits *limits,
                                        struct diag_list *diags);
/* The bytes of a model file, as the loaders read it (capped by limits->max_size; NULL with a
 * model-error in diags when it cannot be read). The caller frees them. */
char *model_read_file(const char *path, const struct model_limits *limits, size_t *len,
                      struct diag_list *diags);
/* A model is shared by counting its holders: the loader's reference is the first, each
 * model_retain adds one, each model_free drops one and the last frees it (from any thread). */
struct model *model_retain(struct model *m);
void model_free(struct model *m);
/* Call once before threads load models: initializes libxml2's global state (the parser and
 * the RELAX NG datatype libraries), which is not safe to initialize from two threads. */
void model_prepare_threads(void);

/* Resolves --model NAME|FILE or a `model "NAME";` declaration: a value ending in .xml or
 * containing '/' is a path; otherwise NAME.xml is looked up in the model directories (see
 * struct model_search). loc is where the name was written (for the diagnostic when not found). */
struct model *model_find(const char *name_or_path, struct as_loc loc, struct diag_list *diags);
/* Models loaded once per process (per as_options): a file already loaded, unchanged on disk
 * (same inode, size and modification time) and under the same limits, is not parsed and
 * validated again; nor is another file with the same bytes (a model copied beside each of many
 * kernel directories is validated once). A model it hands out is the caller's reference
 * (model_free it); it may outlive the cache. Not for concurrent use: one cache per thread. */
struct model_cache;
struct model_cache *model_cache_new(void);
void model_cache_free(struct model_cache *c);
/* The same with limits, extra directories (--model-path) searched first, and a cache (NULL:
 * none). The caller model_frees the result either way. */
struct model *model_find_limited(const char *name_or_path, struct as_loc loc,
                                 const struct model_limits *limits, const char *const *extra,
                                 size_t nextra, struct model_cache *cache, struct diag_list *diags);
/* The *.xml files of dir as "dir/NAME.xml", sorted, NULL-terminated; NULL when dir cannot be
 * read. model_dir_files_free frees the list. */
char **model_dir_files(const char *dir);
void model_dir_files_free(char **files);
/* The first model in the search directories (in file-name order) whose <source> is for
 * `dialect` and declares `arch` (--arch); NULL, with an input-error at loc naming the arches
 * found, if none. */
struct model *model_find_arch(const char *dialect, const char *arch, struct as_loc loc,
                              const char *const *extra, size_t nextra, struct diag_list *diags);
/* The first model in the search directories (file-name order) whose socs name one of `socs`
 * and whose <source> is for `dialect`, or NULL; *unread (malloc'ed) lists the models found
 * that name one but do not read the dialect ("ascend950"; "" when none). */
struct model *model_find_soc(const char *dialect, const char *const *socs, size_t nsocs,
                             const char *const *extra, size_t nextra, char **unread);
/* The directories searched for models, in order: `extra` (--model-path), then
 * $ACCELSYNC_MODEL_PATH (colon-separated, read at init), then PREFIX/share/accelsync/hwmodels
 * beside the running executable, then the configured install directory. Owned by the caller
 * (no state is shared between lookups); `extra` must outlive it. */
struct model_search {
    const char **dirs;      /* NULL-terminated */
    char *env_copy;         /* the split copy of $ACCELSYNC_MODEL_PATH that dirs point into */
    char *exe_dir;          /* the directory beside the executable */
};
void model_search_init(struct model_search *s, const char *const *extra, size_t nextra);
/* The models installed beside the library that runs (library_dir.c; for a program that links
 * libaccelsync), real path; NULL when there are none. Looked for once per process. */
const char *model_dir_of_library(void);
void model_search_free(struct model_search *s);

const struct model_coretype *model_coretype_find(const struct model *m, const char *name);
int model_unit_index(const struct model_coretype *ct, const char *name);   /* -1: none */
/* The units of ct as a bit mask (bit u: local unit u), all of them or those of s; a name ct
 * lacks (the MPU has no COMPUTE) adds nothing. */
uint64_t model_all_units(const struct model_coretype *ct);
/* Whether op is one of the model's atomic read-modify-writes (<atomic ops>). */
bool model_op_atomic(const struct model *m, const char *op);
uint64_t model_unit_set_mask(const struct model_coretype *ct, const struct unit_name_set *s);
int model_space_index(const struct model *m, const char *name);            /* -1: none */
/* The bytes of space `name`; -1 when the model has no such space or does not say. */
int64_t model_space_size(const struct model *m, const char *name);
/* The cross-core flag mode `id` of the model (<mode id=…>), or NULL. */
const struct model_xmode *model_xmode_find(const struct model *m, int64_t id);
const struct model_op *model_op_find(const struct model *m, const char *name);
bool model_op_runs_on(const struct model_op *op, const char *unit);   /* unit in op->units */
const struct model_prim *model_prim_find(const struct model *m, const char *name);
/* Builds ops_by_name and prims_by_name; the loader calls it once the model is complete. */
void model_index_names(struct model *m);
/* Attributes of an op: from its table entry when listed, else from the suffix rules,
 * else from the defaults. */
void model_op_attrs(const struct model *m, const char *op, bool *blocking, bool *interlocked);
const char *unit_class_name(enum unit_class c);
/* Whether unit `unit` of core type ct runs op: its `ops` list allows it (or it has none), or
 * the op table lists the op for that unit. */
bool model_unit_runs_op(const struct model *m, const struct model_coretype *ct, int unit,
                        const char *op);
/* The op name of unit `unit` (its list without wildcards, and the op table's ops for it)
 * nearest to a misspelt `op`, or NULL. */
const char *model_unit_nearest_op(const struct model *m, const struct model_coretype *ct, int unit,
                                  const char *op);
/* The hazard kinds (HAZ_*) checked between two accesses of unit mu whose earlier one writes
 * `earlier_writes` bytes: none on sync and fifo units, and none after a write large enough
 * for the unit to order its next instruction by itself (intra_ordered_from). */
unsigned model_unit_intra_hazards(const struct model_unit *mu, int64_t earlier_writes);
/* Space-separated names, for messages listing the valid choices; return buf. */
const char *model_coretype_names(const struct model *m, char *buf, size_t size);
const char *model_space_names(const struct model *m, char *buf, size_t size);
const char *model_unit_names(const struct model_coretype *ct, char *buf, size_t size);   /* "sync", "fifo", "pipelined" */

#endif
