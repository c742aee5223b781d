/* Findings and diagnostics: every message accelsync prints, from a syntax error to a
 * hazard, is one `struct finding` collected in a `struct diag_list`; reporters
 * (src/report/) turn the list into text or JSON. Nothing below src/report/ prints. */
#ifndef AS_UTIL_DIAG_H
#define AS_UTIL_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "source.h"

/* SEV_NOTE: a finding that does not count as an error or a warning (exit code 0): an
 * out-of-bounds region in a kernel checked under values nobody gave (docs/pir.md,
 * "Guessed values"). Appended last: the values are serialized (isolate.c). */
enum severity { SEV_WARNING, SEV_ERROR, SEV_NOTE };
const char *severity_name(enum severity sev);   /* "warning", "error", "note" */

struct sim_trace;

/* Stable check ids; docs/diagnostics.md lists each with its code and meaning. The order of
 * this enum is the order of the registry; never renumber, only append. */
enum check_id {
    CHECK_RAW_HAZARD,
    CHECK_WAR_HAZARD,
    CHECK_WAW_HAZARD,
    CHECK_DEADLOCK,
    CHECK_FLAG_OVERRUN,
    CHECK_UNMATCHED_SIGNAL,
    CHECK_BAD_CHANNEL,
    CHECK_BAD_EVENT_ID,
    CHECK_BAD_UNIT,
    CHECK_OUT_OF_BOUNDS,
    CHECK_UNUSED_SUPPRESSION,
    CHECK_BAD_SUPPRESSION,
    CHECK_SYNTAX_ERROR,
    CHECK_UNKNOWN_NAME,
    CHECK_MODEL_ERROR,
    CHECK_LIMIT_EXCEEDED,
    CHECK_INPUT_ERROR,      /* bad input that is none of the above: duplicate names, bad values */
    CHECK_SOURCE_ERROR,     /* a C++ kernel source does not compile under the frontend */
    CHECK_UNSUPPORTED,      /* a source construct or API the frontend does not model */
    CHECK_EMPTY_KERNEL,     /* a kernel source's entry that lowers to no memory access */
    CHECK_HOST_TILING,      /* an op's host tiling could not be run: the tiling is guessed */
    CHECK_COUNT
};

const char *check_name(enum check_id id);   /* "raw-hazard" */
/* What the registry says of a check, for reports that describe their rules (SARIF). */
struct check_info {
    const char *name, *code;
    bool input_error;           /* the file could not be verified (exit code 2) */
    bool warning;               /* reported as a warning, not an error */
    const char *summary;        /* one line */
    const char *description;    /* what it means */
    const char *help;           /* what to do */
};
const struct check_info *check_info(enum check_id id);
bool check_is_hazard(enum check_id id);     /* raw-, war- or waw-hazard */
const char *check_code(enum check_id id);   /* "AS0001" */
/* Whether the check means the input could not be verified (exit code 2). */
bool check_is_input_error(enum check_id id);

/* name=value pairs: loop variables of an iteration, or parameter values. */
struct binding {
    const char *name;
    int64_t value;
};
/* A -D: one value, or (range) every value from `value` to `hi`. Kept apart from struct
 * binding, which the lowering holds per loop iteration and compares bytewise. */
struct define {
    const char *name;
    int64_t value;
    bool range;
    int64_t hi;
    const char *origin;     /* a value the frontend computed (the op's host tiling): where it
                             * comes from, for the report; NULL: given by -D. Never a macro. */
};
/* --shape, --dtype, --attr: the inputs an operator's host tiling function is run for. */
enum host_input_kind { HOST_SHAPE, HOST_DTYPE, HOST_ATTR };
struct host_input {
    enum host_input_kind kind;
    const char *name;       /* an input's index (0), x0, or its name in the op definition */
    const char *value;      /* "4096,1024", "float16", "1" as given */
};
struct binding_list {
    const struct binding *items;
    size_t len;
};

/* One candidate repair of a hazard: statements inserted right before the second access's
 * statement and, when after_first is not NULL, right after the first access's statement (a
 * cross-core flag pair spans the two cores' bodies). */
struct fix_edit {
    const char *before_second;
    const char *after_first;
};

/* A note a finding carries besides its related location: how the source reached one of its
 * statements (a call the frontend inlined, innermost first). */
struct finding_note {
    struct as_loc loc;
    const char *text;
    bool of_related;            /* about the related location (the first access), not loc */
};

struct finding {
    enum check_id check;
    enum severity severity;
    const char *message;
    struct as_loc loc;          /* second access, or the offending statement */
    struct as_loc related;      /* first access (hazards) or other party; file NULL if none */
    const char *related_what;   /* note text for `related`, e.g. "first access: MTE2 copy" */
    const struct finding_note *notes;   /* in the list's arena; NULL: none */
    size_t nnotes;
    const char *kernel;         /* NULL for file-level diagnostics */
    /* Hazard details; units NULL when not a hazard. */
    struct binding_list params;
    struct binding_list iter_first, iter_second;
    const char *unit_first, *unit_second;
    const char *op_first, *op_second;
    const char *buffer;
    int64_t bytes_lo, bytes_hi;  /* overlapping bytes [lo, hi) within buffer; hi == 0: none */
    /* Hazards: the first or second access is at an offset read from memory (a region x[?],
     * docs/pir.md), so it may touch any byte of its buffer: the bytes are the whole buffer's
     * share of the overlap, not bytes it was seen to touch. */
    bool anywhere_first, anywhere_second;
    const char *fix;             /* NULL if none */
    /* The reason of the `// accelsync: ignore` that accepts this finding (src/check/suppress.c);
     * NULL: reported. A suppressed finding is not in the error and warning counts. */
    const char *suppressed;
    bool suppressed_externally;  /* by a baseline file, not a comment in the source */
    /* Hazards: what is wrong with the sync already there, said before the fix (e.g. "give
     * each unit its own flag"); NULL if nothing. */
    const char *fix_advice;
    /* Hazards: edits that may order the pair, cheapest first (ended by one whose
     * before_second is NULL; NULL: none). `accelsync fix` and check's hints try them and keep
     * the first that the checker confirms. */
    const struct fix_edit *fix_edits;
    /* A simulated schedule that shows the finding (check --witness, simulate), in the
     * list's arena; NULL if none. See src/sim/trace.h. */
    const struct sim_trace *trace;
    /* Flag findings: indexes of the instructions (the offending one, the related one or
     * SIZE_MAX) in the lowered run that produced the finding, meaningful only to that run's
     * check_options.on_run hook (check --witness). */
    bool ins_known;
    size_t ins_at, ins_other;
    /* Flag overruns: an event that, late without bound, lets the set fire before the wait
     * takes the pending count: the issue (late_issue) or the end of instruction ins_late;
     * SIZE_MAX when none. */
    size_t ins_late;
    bool late_issue;
};

/* A collection of findings; strings inside findings are allocated from `arena`. */
struct diag_list {
    struct arena arena;
    struct finding *items;
    size_t len, cap;
    size_t errors, warnings;     /* findings reported (suppressed ones not counted) */
    size_t notes;                /* findings of severity note, counted as neither */
    size_t suppressed;           /* findings an ignore comment accepted */
    size_t max_errors;           /* 0: no cap; see diag_add */
    uint64_t dropped;            /* checks (bit per enum check_id) never kept: turned off by a
                                  * configuration, so they count toward no cap */
    bool too_many;               /* cap reached: further findings were dropped */
    /* The findings dropped by the cap, each counted once however many runs find it again:
     * their hashes (finding_hash) in a set of their own, open addressing, 0 empty. */
    uint64_t *cut_hashes;
    size_t ncut_slots;
    size_t cut;                  /* how many were dropped */
    /* One finding per (check, kernel, location, related location): a repeat of one
     * already held is dropped, so the first occurrence is the one reported. */
    size_t *slots;               /* open addressing over items: index + 1, 0 empty */
    size_t nslots;
    /* Where a location is, for telling repeats apart (NULL: as written). A kernel source
     * lowered to PIR maps each PIR line to the source line it came from, so the copies of
     * one statement a loop unrolled are one finding, and count once toward the cap. */
    struct as_loc (*place)(const void *ctx, struct as_loc loc);
    const void *place_ctx;
};

void diag_list_init(struct diag_list *d, size_t max_errors);
/* Where loc is as findings are told apart (d->place, or loc itself): two findings of one check
 * and kernel are one when their locations' and related locations' places have the same file,
 * line and column (and, for limit-exceeded, the same message). */
struct as_loc diag_place(const struct diag_list *d, struct as_loc loc);
void diag_list_free(struct diag_list *d);
/* Appends a copy of *f (the struct, not its strings: those must outlive the list, so
 * allocate them from d->arena). Returns the stored copy, or NULL when it repeats a finding
 * already held or once the error cap is hit. */
struct finding *diag_add(struct diag_list *d, const struct finding *f);
/* Adds `by` (1 or -1) to the count of findings of severity sev. */
void diag_count(struct diag_list *d, enum severity sev, int by);
/* diag_add would drop f as a repeat, or its check is dropped, or past the cap (counted then,
 * as diag_add counts it): a reporter asks before it spends time and memory on the words of a
 * finding a run found again or that will not be shown. */
bool diag_would_drop(struct diag_list *d, const struct finding *f);
/* Convenience: a finding with message built by printf-style formatting into d->arena. */
/* Marks f (an item of d) accepted with `reason`: out of the error and warning counts. */
void diag_suppress(struct diag_list *d, struct finding *f, const char *reason, bool external);
/* Drops the repeats of findings held earlier in the list (after locations were rewritten,
 * e.g. moved from lowered PIR back to the source), and recounts. */
void diag_drop_repeats(struct diag_list *d);
/* Forgets the findings from index `len` on (a lowering attempt thrown away whole); the
 * counts and the repeat index are those of the findings kept. */
void diag_truncate(struct diag_list *d, size_t len);
struct finding *diag_addf(struct diag_list *d, enum check_id check, enum severity sev,
                          struct as_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 5, 6), nonnull(5)));
bool diag_has_input_error(const struct diag_list *d);
/* Adds to `to` a copy of each simple finding of `from` (a message at a location, and a related
 * location: what a frontend reports), its strings copied into to's arena. */
void diag_add_copies(struct diag_list *to, const struct diag_list *from);

#endif
