/* The check registry (ids, codes) and the finding collection. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static const struct check_info registry[CHECK_COUNT] = {
    [CHECK_RAW_HAZARD] = {"raw-hazard", "AS0001", false, false,
        "Read after write not ordered by happens-before",
        "An access reads bytes that an earlier access may still be writing: no flag, barrier or "
        "cross-core sync orders the write before the read on every schedule.",
        "Order the write before the read: a set_flag/wait_flag pair from the writer's unit to the "
        "reader's, a barrier over both units, or a cross-core flag or barrier across cores. The "
        "fix hint of the finding is an edit the checker has verified."},
    [CHECK_WAR_HAZARD] = {"war-hazard", "AS0002", false, false,
        "Write after read not ordered by happens-before",
        "An access overwrites bytes that an earlier access may still be reading.",
        "Order the read before the write (typically the flag that releases a buffer slot back to "
        "its producer); the fix hint of the finding is a verified edit."},
    [CHECK_WAW_HAZARD] = {"waw-hazard", "AS0003", false, false,
        "Write after write not ordered by happens-before",
        "Two accesses write the same bytes and nothing orders them, so the final value depends "
        "on timing.",
        "Order the two writes, or write disjoint bytes; the fix hint of the finding is a verified edit."},
    [CHECK_DEADLOCK] = {"deadlock", "AS0004", false, false,
        "A wait or barrier never returns",
        "A wait has no matching set (or fewer sets than waits), a cross-core barrier is not "
        "called by every participant as often, or waits wait on each other in a cycle.",
        "Give every wait its set on every path and parameter value, and call each cross-core "
        "barrier equally often on every participating core."},
    [CHECK_FLAG_OVERRUN] = {"flag-overrun", "AS0005", false, false,
        "A flag is set again before its wait took the previous count",
        "A set may fire while the count of the previous set on the same flag is still pending, "
        "so one wait may consume both and the hardware loses an event.",
        "Wait for the flag (or use a different id) before setting it again, e.g. ping-pong ids "
        "per buffer slot."},
    [CHECK_UNMATCHED_SIGNAL] = {"unmatched-signal", "AS0006", false, true,
        "A flag is set but never waited for",
        "A set's count is still pending when the kernel ends and leaks into the next kernel "
        "that uses the flag.",
        "Add the matching wait (often in the epilogue of a pipelined loop) or drop the set."},
    [CHECK_BAD_CHANNEL] = {"bad-channel", "AS0007", false, false,
        "A flag between units the hardware does not connect",
        "The model has no flag channel from the source unit to the destination unit.",
        "Use a channel the model lists (see 'accelsync models' and docs/hwmodels.md) or a "
        "barrier."},
    [CHECK_BAD_EVENT_ID] = {"bad-event-id", "AS0008", false, false,
        "A flag id outside the hardware's range",
        "The event id is negative or not below the number of ids the model gives the channel.",
        "Use an id in range; the message gives the range."},
    [CHECK_BAD_UNIT] = {"bad-unit", "AS0009", false, false,
        "An access on a unit that cannot reach the memory",
        "The unit cannot read or write the memory space the access names, per the model.",
        "Move the access to a unit that reaches the space, or stage the data through one."},
    [CHECK_OUT_OF_BOUNDS] = {"out-of-bounds", "AS0010", false, false,
        "An access outside its buffer",
        "The byte range of an access, for some parameter value or iteration, leaves the buffer.",
        "Fix the index arithmetic or the buffer's size; the message gives the bytes and values."},
    [CHECK_UNUSED_SUPPRESSION] = {"unused-suppression", "AS0011", false, true,
        "An ignore comment that suppresses nothing",
        "An `// accelsync: ignore(...)` comment names a check that is not reported on the line "
        "(or lines) it covers: the finding was fixed or moved, and the comment would hide a "
        "later one.",
        "Remove the comment, or move it to the line of the finding it is meant for."},
    [CHECK_BAD_SUPPRESSION] = {"bad-suppression", "AS0012", false, true,
        "A malformed ignore comment",
        "An `// accelsync:` comment names an unknown check or directive, gives no reason, is not "
        "closed, or tries to suppress an input error (which would make an unverified file look "
        "clean). It suppresses nothing.",
        "Write `// accelsync: ignore(CHECK[, CHECK]) REASON`, or an ignore-begin(...) ... "
        "ignore-end pair."},
    [CHECK_SYNTAX_ERROR] = {"syntax-error", "AS0101", true, false,
        "The file is not valid PIR",
        "The parser stopped at this token; nothing in the file was verified.",
        "Fix the syntax (docs/pir.md)."},
    [CHECK_UNKNOWN_NAME] = {"unknown-name", "AS0102", true, false,
        "A name that is not declared",
        "A buffer, unit, op, primitive, constant or parameter is not declared; the file was not "
        "verified.",
        "Use the suggested name or declare it."},
    [CHECK_MODEL_ERROR] = {"model-error", "AS0103", true, false,
        "The hardware model cannot be used",
        "The model was not found, does not parse or is inconsistent; nothing was verified.",
        "Name an installed model or fix the model file (docs/hwmodels.md)."},
    [CHECK_LIMIT_EXCEEDED] = {"limit-exceeded", "AS0104", true, false,
        "A limit stopped the check",
        "A size limit was reached, so the file was not fully verified; this is never a pass.",
        "Raise the limit named in the message (docs/limits.md) or shrink the kernel."},
    [CHECK_INPUT_ERROR] = {"input-error", "AS0105", true, false,
        "The input cannot be checked",
        "The file cannot be read or declares something invalid; it was not verified.",
        "Fix what the message names."},
    [CHECK_SOURCE_ERROR] = {"source-error", "AS0106", true, false,
        "The kernel source does not compile",
        "clang reported an error in an Ascend C source under the frontend's declarations of the "
        "vendor API; nothing in the file was verified.",
        "Fix the error, or pass the include paths and macros the build uses (-I, -D, --arch); "
        "an API missing from the frontend's declarations is listed in docs/frontends.md."},
    [CHECK_UNSUPPORTED] = {"unsupported", "AS0107", true, false,
        "A construct the frontend does not model",
        "The kernel calls an API or uses a construct whose synchronization or memory effect the "
        "frontend does not model (a high-level API, a data-dependent condition, an unknown call "
        "on a tensor); the kernel was not verified, never reported as clean.",
        "See docs/frontends.md for the supported subset; check the kernel by hand or as PIR "
        "(`accelsync lower` writes the part that was understood)."},
    [CHECK_EMPTY_KERNEL] = {"empty-kernel", "AS0108", true, true,
        "A kernel entry with no memory access to verify",
        "A kernel entry of a source (or one of its tiling-key or template variants) lowers to no "
        "memory access: its code is compiled out under the arch, data type or key it was read "
        "with, or it reaches none. Nothing in it was verified, so it is never counted as clean.",
        "Read it for the arch, data type or key its code is for (--arch, -D NAME=VALUE), or "
        "leave the variant out of the build; docs/frontends.md says which macros and values "
        "the frontend sets."},
    [CHECK_HOST_TILING] = {"host-tiling", "AS0109", false, true,
        "The operator's host tiling could not be run",
        "With --shape, the operator's own host tiling function (op_host/) computes the tiling "
        "the kernel is checked with; it could not be run (no host source, a construct or call "
        "the frontend does not model, a value not known, or the function refused the inputs), "
        "so the kernel was checked with guessed tiling values instead, as the lowered header "
        "says.",
        "Model or avoid what the message names, give the inputs it needs (--shape, --dtype, "
        "--attr), or give the tiling values with -D or --tiling; docs/frontends.md, \"Host "
        "tiling\"."},
};

const struct check_info *check_info(enum check_id id) { return &registry[id]; }

bool check_is_hazard(enum check_id id)
{
    return id == CHECK_RAW_HAZARD || id == CHECK_WAR_HAZARD || id == CHECK_WAW_HAZARD;
}

const char *check_name(enum check_id id) { return registry[id].name; }
const char *check_code(enum check_id id) { return registry[id].code; }
bool check_is_input_error(enum check_id id) { return registry[id].input_error; }

void diag_list_init(struct diag_list *d, size_t max_errors)
{
    memset(d, 0, sizeof(*d));
    arena_init(&d->arena);
    d->max_errors = max_errors;
}

void diag_list_free(struct diag_list *d)
{
    arena_free(&d->arena);
    free(d->items);
    free(d->slots);
    free(d->cut_hashes);
    memset(d, 0, sizeof(*d));
}

static size_t mix(size_t h, size_t v) { return (h ^ v) * 0x100000001b3ull; }

struct as_loc diag_place(const struct diag_list *d, struct as_loc loc)
{
    return d->place ? d->place(d->place_ctx, loc) : loc;
}

static size_t finding_hash(const struct diag_list *d, const struct finding *f)
{
    struct as_loc loc = diag_place(d, f->loc), related = diag_place(d, f->related);
    size_t h = 0xcbf29ce484222325ull;
    h = mix(h, (size_t)f->check);
    for (const char *k = f->kernel ? f->kernel : ""; *k; k++)
        h = mix(h, (unsigned char)*k);
    h = mix(h, (size_t)loc.line);
    h = mix(h, (size_t)loc.col);
    h = mix(h, (size_t)related.line);
    return mix(h, (size_t)related.col);
}

static bool same_str(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_loc(struct as_loc a, struct as_loc b)
{
    return same_str(a.file, b.file) && a.line == b.line && a.col == b.col;
}

/* A limit's message says which limit and which kernel: two at one place (the kernels of one
 * source template) are two reasons the file was not verified, both shown. */
static bool same_finding(const struct diag_list *d, const struct finding *a,
                         const struct finding *b)
{
    return a->check == b->check && same_str(a->kernel, b->kernel)
           && same_loc(diag_place(d, a->loc), diag_place(d, b->loc))
           && same_loc(diag_place(d, a->related), diag_place(d, b->related))
           && (a->check != CHECK_LIMIT_EXCEEDED || same_str(a->message, b->message));
}

/* A table at least twice as large as the findings held: a list whose table was emptied
 * (nslots 0) after it grew past 32 findings is refilled in one go. */
static void rehash(struct diag_list *d)
{
    free(d->slots);
    d->nslots = d->nslots ? 2 * d->nslots : 64;
    while (d->nslots < 2 * (d->len + 1))
        d->nslots *= 2;
    d->slots = xcalloc(d->nslots, sizeof(size_t));
    for (size_t i = 0; i < d->len; i++) {
        size_t k = finding_hash(d, &d->items[i]) & (d->nslots - 1);
        while (d->slots[k])
            k = (k + 1) & (d->nslots - 1);
        d->slots[k] = i + 1;
    }
}

/* The slot of d's hash table holding a finding the same as f, or the empty one where f would
 * go (d->nslots > 0). */
static size_t slot_of(const struct diag_list *d, const struct finding *f)
{
    size_t k = finding_hash(d, f) & (d->nslots - 1);
    while (d->slots[k] && !same_finding(d, &d->items[d->slots[k] - 1], f))
        k = (k + 1) & (d->nslots - 1);
    return k;
}

/* Counts a finding the cap drops, once: later runs find most of them again. */
static void count_cut(struct diag_list *d, const struct finding *f)
{
    uint64_t h = (uint64_t)finding_hash(d, f) | 1;   /* never 0, the empty slot */
    if (2 * (d->cut + 1) > d->ncut_slots) {
        size_t n = d->ncut_slots ? 2 * d->ncut_slots : 64;
        uint64_t *slots = xcalloc(n, sizeof(*slots));
        for (size_t i = 0; i < d->ncut_slots; i++) {
            if (!d->cut_hashes[i])
                continue;
            size_t k = d->cut_hashes[i] & (n - 1);
            while (slots[k])
                k = (k + 1) & (n - 1);
            slots[k] = d->cut_hashes[i];
        }
        free(d->cut_hashes);
        d->cut_hashes = slots;
        d->ncut_slots = n;
    }
    size_t k = h & (d->ncut_slots - 1);
    while (d->cut_hashes[k] && d->cut_hashes[k] != h)
        k = (k + 1) & (d->ncut_slots - 1);
    if (!d->cut_hashes[k]) {
        d->cut_hashes[k] = h;
        d->cut++;
    }
}

/* Past --max-errors a finding is only counted (once): diag_add drops it. */
static bool capped(const struct diag_list *d, const struct finding *f)
{
    return d->max_errors && d->errors + d->warnings >= d->max_errors
           && !check_is_input_error(f->check);
}

bool diag_would_drop(struct diag_list *d, const struct finding *f)
{
    if ((d->dropped >> f->check) & 1)
        return true;
    if (d->nslots && d->slots[slot_of(d, f)])
        return true;
    if (capped(d, f)) {   /* counted here, as diag_add would: its words are never written */
        d->too_many = true;
        count_cut(d, f);
        return true;
    }
    return false;
}

const char *severity_name(enum severity sev)
{
    return sev == SEV_ERROR ? "error" : sev == SEV_NOTE ? "note" : "warning";
}

void diag_count(struct diag_list *d, enum severity sev, int by)
{
    size_t *n = sev == SEV_ERROR ? &d->errors : sev == SEV_NOTE ? &d->notes : &d->warnings;
    *n += (size_t)(ptrdiff_t)by;
}

struct finding *diag_add(struct diag_list *d, const struct finding *f)
{
    if ((d->dropped >> f->check) & 1)
        return NULL;
    if (2 * (d->len + 1) > d->nslots)
        rehash(d);
    size_t k = slot_of(d, f);
    if (d->slots[k])
        return NULL;
    /* Warnings count too: every finding kept is printed and sorted. */
    if (capped(d, f)) {
        d->too_many = true;
        count_cut(d, f);
        return NULL;
    }
    if (d->len == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 16;
        d->items = xrealloc_array(d->items, d->cap, sizeof(*d->items));
    }
    d->items[d->len] = *f;
    d->slots[k] = d->len + 1;
    diag_count(d, f->severity, 1);
    return &d->items[d->len++];
}

void diag_drop_repeats(struct diag_list *d)
{
    size_t kept = 0;
    free(d->slots);
    d->slots = NULL;
    d->nslots = 0;
    d->errors = d->warnings = d->notes = d->suppressed = 0;
    size_t n = d->len;
    for (size_t i = 0; i < n; i++) {
        if (2 * (kept + 1) > d->nslots) {
            d->len = kept;
            rehash(d);
        }
        size_t k = slot_of(d, &d->items[i]);
        if (d->slots[k])   /* a repeat of one kept */
            continue;
        d->items[kept] = d->items[i];
        d->slots[k] = kept + 1;
        if (d->items[kept].suppressed)
            d->suppressed++;
        else
            diag_count(d, d->items[kept].severity, 1);
        kept++;
    }
    d->len = kept;
}

void diag_truncate(struct diag_list *d, size_t len)
{
    if (len >= d->len)
        return;
    d->len = len;
    diag_drop_repeats(d);   /* recounts and reindexes what is left (no repeats among them) */
}

void diag_suppress(struct diag_list *d, struct finding *f, const char *reason, bool external)
{
    if (f->suppressed)
        return;
    f->suppressed = reason;
    f->suppressed_externally = external;
    diag_count(d, f->severity, -1);
    d->suppressed++;
}

struct finding *diag_addf(struct diag_list *d, enum check_id check, enum severity sev,
                          struct as_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *msg = arena_alloc(&d->arena, n > 0 ? (size_t)n + 1 : 1);
    va_start(ap, fmt);
    vsnprintf(msg, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
    va_end(ap);
    struct finding f = {.check = check, .severity = sev, .message = msg, .loc = loc};
    return diag_add(d, &f);
}

bool diag_has_input_error(const struct diag_list *d)
{
    for (size_t i = 0; i < d->len; i++)
        if (check_is_input_error(d->items[i].check))
            return true;
    return false;
}

void diag_add_copies(struct diag_list *to, const struct diag_list *from)
{
    for (size_t i = 0; i < from->len; i++) {
        struct finding f = {.check = from->items[i].check,
                            .severity = from->items[i].severity,
                            .message = arena_strdup(&to->arena, from->items[i].message),
                            .loc = from->items[i].loc,
                            .related = from->items[i].related};
        if (f.loc.file)
            f.loc.file = arena_strdup(&to->arena, f.loc.file);
        if (f.related.file)
            f.related.file = arena_strdup(&to->arena, f.related.file);
        if (from->items[i].related_what)
            f.related_what = arena_strdup(&to->arena, from->items[i].related_what);
        diag_add(to, &f);
    }
}
