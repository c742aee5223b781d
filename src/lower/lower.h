/* Lowering: one kernel of a parsed program, under one parameter assignment and one choice
 * for each dynamic `if (?)`, into a struct lw_program (see program.h). */
#ifndef AS_LOWER_LOWER_H
#define AS_LOWER_LOWER_H

#include <stdbool.h>
#include <stdint.h>

#include "../util/choices.h"

#include "../util/xalloc.h"
#include "program.h"

struct lower_limits {
    uint64_t max_events;    /* instructions plus loop iterations, per kernel run */
    uint64_t max_trip_count;/* iterations of one loop; 0: no cap of its own */
    /* With file_budget, what is left of the file's budget of events (--max-file-events,
     * max_file_events): a run that would spend more stops with a limit-exceeded naming that
     * option, when that is the tighter of the two. */
    bool file_budget;
    uint64_t file_events_left;
    uint64_t max_file_events;   /* the whole budget, for the message */
};

/* The choices taken at dynamic `if (?)` occurrences, in encounter order (1 = then side),
 * explored depth-first (util/choices.h); path_next() moves to the next unexplored path. */
struct path_choices {
    struct choices taken;
    /* NULL, or the barriers passed so far (cuts.c): a run that reaches a barrier ordering
     * everything on a kernel's only core, in a state a run with other choices before it left
     * there, stops at it (its program has `cut` set), since everything past it was checked. */
    struct cut_memo *cuts;
    /* Counting instead of lowering (lower_count_paths): every `if (?)` walks both sides, no
     * instruction is made; `counted` is the number of paths, PATHS_MANY once above any cap. */
    bool counting;
    uint64_t counted;
    /* Choices whose sides pass on no order a path does not have (accesses that order
     * nothing on their own, or interlocked ones in a quiet window) are lowered as one run
     * with both sides (merge_rules.c, merge_windows.c, alternatives.c), not explored: those
     * of lower_merge_set(kernel); NULL: none. */
    const struct merge_set *merge;
    /* One core's choices at a time (lower_turns_allowed): with `turns`, the choices of every
     * core but core `turn` (none: -1) are lowered with both sides, as alternatives; only
     * turn's are explored or merged as `merge` says. */
    bool turns;
    int turn;
};
#define PATHS_MANY UINT64_MAX

/* Where a kernel may be cut (path_choices.cuts, cuts.c): nowhere; at barriers that order
 * every unit (one core, a call of such a barrier; several cores checked one core's choices
 * at a time, `turns`, the turn's core's calls); or also after any access (one core, every
 * access op interlocked: the hardware orders each conflicting pair, so nothing before a
 * point can race with anything after it). */
enum cut_places { CUT_NOWHERE, CUT_AT_BARRIERS, CUT_ANYWHERE };
enum cut_places lower_cut_places(const struct ast_decl *kernel, const struct model *model,
                                 bool turns);
struct cut_memo *cut_memo_new(enum cut_places places);
void cut_memo_free(struct cut_memo *m);

/* The kernel's `if (?)` whose sides may be merged, found once for all its runs; NULL when
 * none may be: a `sync` unit, or two barriers it calls that pass an order through an access
 * between them they would not give without it (docs/semantics.md §6). Free with
 * merge_set_free. */
struct merge_set;
struct merge_set *lower_merge_set(const struct ast_decl *kernel, const struct model *model);
void merge_set_free(struct merge_set *set);
/* Why the kernel's first `if (?)` (as written) that set does not hold is explored as paths:
 * "the if (?) at line 9: a side holds COMPUTE bang_add at line 10, which is interlocked
 * (...)" in why[0 .. n); false when set holds every choice. */
bool lower_why_split(const struct ast_decl *kernel, const struct model *model,
                     const struct merge_set *set, char *why, size_t n);

/* Whether a kernel of several cores may be checked one core's choices at a time, the other
 * cores' merged (docs/semantics.md §6): it calls no cross-core flag, its cross-core barriers
 * compose, and no side of an `if (?)` calls a primitive. When a kernel of
 * several cores with choices may not, why[0 .. n) says why ("it calls the cross-core flag
 * primitive ... at line 7"); otherwise why is left as it was. */
bool lower_turns_allowed(const struct ast_decl *kernel, const struct model *model, char *why,
                         size_t n);

void path_choices_init(struct path_choices *p);
void path_choices_free(struct path_choices *p);
/* After a run: advances to the next path; false when every path has been explored. */
bool path_next(struct path_choices *p);

/* Lowers `kernel`. `assignment` gives the values of ranged parameters and of -D
 * overrides; other parameters take their declared value. Problems are added to diags:
 * findings that leave the kernel checkable (bad-unit, bad-channel, bad-event-id,
 * out-of-bounds) and input errors (unknown-name, input-error, limit-exceeded) after
 * which *stopped is set and the returned program must not be checked. Returns NULL only
 * when stopped before anything was built. */
struct lw_program *lower_kernel(const struct ast_program *ast, const struct ast_decl *kernel,
                                const struct model *model,
                                const struct binding_list *assignment,
                                struct path_choices *path, const struct lower_limits *limits,
                                struct diag_list *diags, bool *stopped);
void lw_program_free(struct lw_program *p);
/* How many `if (?)` paths `kernel` has under `assignment` (PATHS_MANY: more than fit; a
 * choice `like` merges, by its merge, turns and turn, counts once), found
 * by walking its statements without making instructions; 0 when the walk stopped on a
 * problem (the lowering itself then reports it). Nothing is added to any diagnostic list. */
uint64_t lower_count_paths(const struct ast_program *ast, const struct ast_decl *kernel,
                           const struct model *model, const struct binding_list *assignment,
                           const struct lower_limits *limits, const struct path_choices *like);

/* The instructions of each unit in queue order: those of unit u are
 * queue[first[u] .. first[u + 1]), at index first[u] + pos. Both arrays allocated (free). */
void lw_unit_queues(const struct lw_program *p, uint32_t **queue, size_t **first);

#endif
