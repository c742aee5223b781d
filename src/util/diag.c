/* The check registry (ids, codes) and the finding collection. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static const struct {
    const char *name, *code;
    bool input_error;
} registry[CHECK_COUNT] = {
    [CHECK_RAW_HAZARD] = {"raw-hazard", "AS0001", false},
    [CHECK_WAR_HAZARD] = {"war-hazard", "AS0002", false},
    [CHECK_WAW_HAZARD] = {"waw-hazard", "AS0003", false},
    [CHECK_DEADLOCK] = {"deadlock", "AS0004", false},
    [CHECK_FLAG_OVERRUN] = {"flag-overrun", "AS0005", false},
    [CHECK_UNMATCHED_SIGNAL] = {"unmatched-signal", "AS0006", false},
    [CHECK_BAD_CHANNEL] = {"bad-channel", "AS0007", false},
    [CHECK_BAD_EVENT_ID] = {"bad-event-id", "AS0008", false},
    [CHECK_BAD_UNIT] = {"bad-unit", "AS0009", false},
    [CHECK_OUT_OF_BOUNDS] = {"out-of-bounds", "AS0010", false},
    [CHECK_SYNTAX_ERROR] = {"syntax-error", "AS0101", true},
    [CHECK_UNKNOWN_NAME] = {"unknown-name", "AS0102", true},
    [CHECK_MODEL_ERROR] = {"model-error", "AS0103", true},
    [CHECK_LIMIT_EXCEEDED] = {"limit-exceeded", "AS0104", true},
    [CHECK_INPUT_ERROR] = {"input-error", "AS0105", true},
};

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
    memset(d, 0, sizeof(*d));
}

static size_t mix(size_t h, size_t v) { return (h ^ v) * 0x100000001b3ull; }

static size_t finding_hash(const struct finding *f)
{
    size_t h = 0xcbf29ce484222325ull;
    h = mix(h, (size_t)f->check);
    for (const char *k = f->kernel ? f->kernel : ""; *k; k++)
        h = mix(h, (unsigned char)*k);
    h = mix(h, (size_t)f->loc.line);
    h = mix(h, (size_t)f->loc.col);
    h = mix(h, (size_t)f->related.line);
    return mix(h, (size_t)f->related.col);
}

static bool same_str(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_finding(const struct finding *a, const struct finding *b)
{
    return a->check == b->check && same_str(a->kernel, b->kernel) && same_str(a->loc.file, b->loc.file)
           && a->loc.line == b->loc.line && a->loc.col == b->loc.col
           && same_str(a->related.file, b->related.file) && a->related.line == b->related.line
           && a->related.col == b->related.col;
}

static void rehash(struct diag_list *d)
{
    free(d->slots);
    d->nslots = d->nslots ? 2 * d->nslots : 64;
    d->slots = xcalloc(d->nslots, sizeof(size_t));
    for (size_t i = 0; i < d->len; i++) {
        size_t k = finding_hash(&d->items[i]) & (d->nslots - 1);
        while (d->slots[k])
            k = (k + 1) & (d->nslots - 1);
        d->slots[k] = i + 1;
    }
}

struct finding *diag_add(struct diag_list *d, const struct finding *f)
{
    if (2 * (d->len + 1) > d->nslots)
        rehash(d);
    size_t k = finding_hash(f) & (d->nslots - 1);
    for (; d->slots[k]; k = (k + 1) & (d->nslots - 1))
        if (same_finding(&d->items[d->slots[k] - 1], f))
            return NULL;
    /* Warnings count too: every finding kept is printed and sorted. */
    if (d->max_errors && d->errors + d->warnings >= d->max_errors
        && !check_is_input_error(f->check)) {
        d->too_many = true;
        return NULL;
    }
    if (d->len == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 16;
        d->items = xrealloc_array(d->items, d->cap, sizeof(*d->items));
    }
    d->items[d->len] = *f;
    d->slots[k] = d->len + 1;
    if (f->severity == SEV_ERROR)
        d->errors++;
    else
        d->warnings++;
    return &d->items[d->len++];
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
