/* Builds the PIR text a frontend lowers a source file to: buffers, kernels and their
 * statements, each output line remembering the source location it came from, so findings on
 * the PIR can be reported at the kernel's own file:line:col. */
#ifndef AS_FRONTEND_PIR_WRITER_H
#define AS_FRONTEND_PIR_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../../util/key_map.h"
#include "pir_values.h"
#include "../../util/source.h"
#include "lowering.h"

struct pir_buffer {
    char *name;
    const char *space;
    int64_t size;           /* bytes; grown to the highest byte accessed when declared 0 */
    bool grows;             /* declared without a size (a kernel argument's memory) */
    int64_t place;          /* `@ place`, or -1: aliases nothing */
    struct as_loc origin;
    char *what;             /* comment: where the buffer comes from */
};

/* Buffer `buffer` is what the address stored in buffer `from` at (table: past a data-decided
 * offset by) `offset` bytes points to. */
struct pir_target {
    int from, buffer;
    bool table;
    int64_t offset;
};

struct pir_writer {
    FILE *body;             /* kernel statements, in memory */
    char *body_text;
    size_t body_len;
    int body_lines;
    struct as_loc *origins; /* per body line */
    int *calls_of;          /* per body line: the innermost call it was written in, or -1 */
    size_t norigins, cap;
    struct lowered_call *calls; /* every distinct call made (pir_writer_enter_call) */
    size_t ncalls, calls_cap;
    int call;               /* the call being written now, -1: the entry's body */
    struct key_map call_keys;   /* (parent, site) -> index in calls */
    int indent;
    struct pir_buffer *buffers;
    size_t nbuffers, buffers_cap;
    struct pir_target *targets;     /* pir_writer_target's buffers */
    size_t ntargets;
    char **header;          /* comment lines, without "// " */
    size_t nheader;
    struct pir_values values;   /* rule 10's bindings and uses (pir_values.c) */
    /* Files under this directory (the vendor SDK the source is read through, with a trailing
     * '/') are not the user's: a line written from one of them is placed at the innermost
     * call into them from the user's code, and its comment names the SDK's line. NULL: none. */
    const char *vendor_root;
    /* The longest region written into a placed buffer, or the most negative length of any,
     * since a frontend last cleared them (longest_buffer -1): what it compares with the
     * model's memories (a copy longer than the memory it lands in, a length gone negative). */
    int64_t longest_region;
    int longest_buffer;
};

void pir_writer_init(struct pir_writer *w);
void pir_writer_free(struct pir_writer *w);
/* A comment line above the model declaration. */
void pir_writer_note(struct pir_writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A PIR identifier for a source name (malloc'ed): other characters become '_', and a PIR
 * keyword or expression name gets a '_' appended. */
char *pir_identifier(const char *name);
/* Declares a buffer and returns its index; the name is made unique by a suffix. The same
 * declaration again (same name, space, size, place, source location and comment: another run
 * or another core of the kernel, or the same code reached again) is the buffer declared
 * first: a kernel argument is one memory for every core, and a placed buffer is its bytes. */
int pir_writer_buffer(struct pir_writer *w, const char *name, const char *space, int64_t size,
                      int64_t place, struct as_loc origin, const char *what);
/* The buffer the address stored in buffer b at byte `offset` points into (declared on first
 * use, at `at`, in b's space); with `table`, at `offset` bytes past an offset data decides.
 * Like the kernel's arguments, such memory (a tensor of a tensor list) is taken to alias no
 * other buffer; the same word read again gives the same buffer. */
int pir_writer_target(struct pir_writer *w, int b, bool table, int64_t offset, struct as_loc at);
/* Records that bytes [0, end) of buffer b are used (sizes buffers declared without a size). */
void pir_writer_touch(struct pir_writer *w, int b, int64_t end);
/* The sizes of the first n buffers (malloc'ed), for a lowering that may be thrown away:
 * pir_writer_clear_grown sets those declared without a size to 0, so that the lowering's
 * own extent is what they grow to; pir_writer_restore_sizes gives back the sizes saved (the
 * lowering thrown away), pir_writer_merge_sizes the larger of both (the lowering kept). */
int64_t *pir_writer_sizes(const struct pir_writer *w, size_t n);
void pir_writer_clear_grown(struct pir_writer *w, size_t n);
void pir_writer_restore_sizes(struct pir_writer *w, const int64_t *sizes, size_t n);
void pir_writer_merge_sizes(struct pir_writer *w, const int64_t *sizes, size_t n);
/* `name[offset +: length]` of buffer b (malloc'ed), touching its bytes. */
char *pir_writer_region(struct pir_writer *w, int b, int64_t offset, int64_t length);
/* One statement line, from the given source location. */
void pir_writer_line(struct pir_writer *w, struct as_loc origin, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same with a word before the origin in the comment ("auto-sync"). */
void pir_writer_line_note(struct pir_writer *w, struct as_loc origin, const char *note,
                          const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void pir_writer_open(struct pir_writer *w, struct as_loc origin, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void pir_writer_close(struct pir_writer *w, struct as_loc origin);

/* Rule 10 (pir_values.h). The next line written, a read on the issuer, binds the value it
 * reads: returns the id to write as `as read__ID`. */
uint32_t pir_writer_bind_value(struct pir_writer *w);
/* `use read__ID;` from `origin`, where binding ID is in scope and no use of it written before
 * already covers this place; nothing otherwise (id 0: no value). */
void pir_writer_use_value(struct pir_writer *w, struct as_loc origin, uint32_t id);
/* The ids given so far; set back for the other side of a choice, so that both sides name the
 * same reads alike (sides that end up the same text are kept once). */
uint32_t pir_writer_value_ids(const struct pir_writer *w);
void pir_writer_set_value_ids(struct pir_writer *w, uint32_t ids);

/* Forgets the buffers declared after the first `keep` (a lowering thrown away whole: nothing
 * written afterwards may name them). */
void pir_writer_drop_buffers(struct pir_writer *w, size_t keep);
/* A point in the body to go back to (a kernel whose lowering is dropped). */
struct pir_mark {
    long offset;
    size_t norigins;
    int indent;
};
struct pir_mark pir_writer_mark(struct pir_writer *w);
void pir_writer_rollback(struct pir_writer *w, struct pir_mark m);
/* Writes ` text` into the block opening written at m (`kernel k {`), before its ` {`: what
 * is known of a block only once its body is written (a kernel's `guessed(...)`). Marks taken
 * after m move by the bytes inserted. */
void pir_writer_amend_open(struct pir_writer *w, struct pir_mark m, const char *text);
/* Replaces the block opened at at_open, whose body [body_start, body_end) was just written
 * (its closing brace not yet), by the body's lines one level out. */
void pir_writer_unwrap(struct pir_writer *w, struct pir_mark at_open, struct pir_mark body_start,
                       struct pir_mark body_end);
/* Whether the lines written since m, past the first (a block's opening), are all `use`s. */
bool pir_writer_only_uses_since(struct pir_writer *w, struct pir_mark m);
/* Tidies `if (?) { THEN } else { ELSE }` just written: at_if before the `if`, [then_start,
 * then_end) and [else_start, else_end) the two bodies, at_else before `else`. When both
 * bodies hold the same statements (comments aside) the choice is dropped and the statements
 * stay once, one level out; an empty `else` is dropped. */
void pir_writer_tidy_choice(struct pir_writer *w, struct pir_mark at_if,
                            struct pir_mark then_start, struct pir_mark then_end,
                            struct pir_mark at_else, struct pir_mark else_start,
                            struct pir_mark else_end);

/* Lines written from now on are inside the call of `callee` at `site` (made inside the current
 * one); returns the current call, for pir_writer_leave_call. */
int pir_writer_enter_call(struct pir_writer *w, struct as_loc site, const char *callee);
void pir_writer_leave_call(struct pir_writer *w, int previous);
/* Reading through a vendor SDK (vendor_root): the innermost call being written that the
 * user's code made (from a file outside the SDK), its callee returned and its place in
 * *site; for a line written inside the SDK, the call into it. NULL: none (the entry's own
 * body), or no vendor root. */
const char *pir_writer_user_call(const struct pir_writer *w, struct as_loc *site);
/* Where a finding the frontend makes at `loc` is placed: a place inside the vendor tree moves
 * to the user's call into it, and *in_vendor_text (malloc'ed) says where it was ("in the SDK
 * at impl/x.h:12, inside DataCopy"); anywhere else (or w NULL) loc itself, the text NULL. */
struct as_loc pir_writer_user_place(const struct pir_writer *w, struct as_loc loc,
                                    char **in_vendor_text);
/* The whole PIR text (header, model, buffers, kernels); *origins gets one location per output
 * line (index line - 1; file NULL for lines with no source), *calls_of the innermost call
 * of each (-1: none); all malloc'ed. The calls stay the writer's: pir_writer_take_calls. */
char *pir_writer_finish(struct pir_writer *w, const char *model, struct as_loc **origins,
                        int **calls_of, size_t *nlines, size_t *len);
/* Hands the calls (and their callee strings) over: *calls malloc'ed, the writer keeps none. */
void pir_writer_take_calls(struct pir_writer *w, struct lowered_call **calls, size_t *ncalls);

#endif
