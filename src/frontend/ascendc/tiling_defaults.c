/* The values a tiling field takes when nothing gives one, and the search for guesses whose
 * buffers fit the model's memories (see tiling_defaults.h). */
#include "tiling_defaults.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"

/* A tiling field's value when no -D gives one: positions (start, end, index) 0, counts
 * (loops, cores, tiles) small, sizes large enough that a copy moves whole 32-byte blocks. */
int64_t tiling_field_default(const char *name)
{
    static const char *const position_words[] = {"start", "Start", "end", "End", "idx", "Idx",
                                            "index", "Index", "offset", "Offset", "begin",
                                            "Begin"};
    for (size_t i = 0; i < sizeof(position_words) / sizeof(position_words[0]); i++)
        if (strstr(name, position_words[i]))
            return 0;
    static const char *const counts[] = {"num", "Num", "NUM", "count", "Count", "loop", "Loop",
                                         "times", "Times", "core", "Core", "key", "Key", "mode",
                                         "Mode", "flag", "Flag", "type", "Type"};
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
        if (strstr(name, counts[i]))
            return 2;
    return TILING_SIZE_GUESS;
}

/* A tiling value nobody gave: a field of the tiling structure or a word read from the tiling
 * argument, not set by -D (or --tiling) and not one of a -D range's values. */
static bool guessed(const struct runtime_value *rv)
{
    return !rv->given && !rv->varies &&
           (!strcmp(rv->what, TILING_FIELD_WHAT) || !strcmp(rv->what, TILING_WORD_WHAT));
}

/* A guessed field whose guess is a size (`list[2]` guessed as field `list` is). */
static bool size_guess(const struct runtime_value *rv)
{
    if (!guessed(rv) || strcmp(rv->what, TILING_FIELD_WHAT) != 0)
        return false;
    size_t n = strcspn(rv->name, "[");
    char *field = xasprintf("%.*s", (int)n, rv->name);
    bool size = tiling_field_default(field) == TILING_SIZE_GUESS;
    free(field);
    return size;
}

void tiling_guess_attempt(struct interp *I, int halvings)
{
    for (size_t i = 0; i < I->runtime.len; i++) {
        struct runtime_value *rv = &I->runtime.items[i];
        rv->read = false;
        if (size_guess(rv))
            rv->value = TILING_SIZE_GUESS >> halvings;
    }
}

static bool listed(const struct interp *I, size_t upto, const char *name)
{
    for (size_t i = 0; i < upto; i++)
        if (I->runtime.items[i].read && guessed(&I->runtime.items[i]) &&
            !strcmp(I->runtime.items[i].name, name))
            return true;
    return false;
}

/* Appends I's guessed values read to *text, those of `before` (NULL: none) left out. */
static void append_guesses(char **text, bool *first, const struct interp *I,
                           const struct interp *before)
{
    for (size_t i = 0; i < I->runtime.len; i++) {
        const struct runtime_value *rv = &I->runtime.items[i];
        if (!rv->read || !guessed(rv) || (before && listed(before, before->runtime.len, rv->name)))
            continue;
        char *longer = xasprintf("%s%s\"%s\" = %lld", *text, *first ? "" : ", ", rv->name,
                                 (long long)rv->value);
        free(*text);
        *text = longer;
        *first = false;
    }
}

char *tiling_guess_annotation(const struct interp *I, const struct interp *J)
{
    char *text = xstrdup("");
    bool first = true;
    append_guesses(&text, &first, I, NULL);
    if (J && J != I)
        append_guesses(&text, &first, J, I);
    if (first) {
        free(text);
        return NULL;
    }
    char *annotation = xasprintf("guessed(%s)", text);
    free(text);
    return annotation;
}

int64_t tiling_memory_overflow(const struct pir_writer *w, size_t first, const struct model *m,
                               int *worst, int64_t *space_size)
{
    int64_t total = 0, most = 0;
    *worst = -1;
    *space_size = 0;
    for (size_t b = first; b < w->nbuffers; b++) {
        const struct pir_buffer *pb = &w->buffers[b];
        if (pb->place < 0)
            continue;   /* not placed by a TPipe: aliases nothing, takes no room of the pipe's */
        int64_t size = -1;
        for (int s = 0; s < m->nspaces; s++)
            if (!strcmp(m->spaces[s].name, pb->space))
                size = m->spaces[s].size;
        int64_t over = 0;
        if (pb->size <= 0)
            over = 1 - pb->size;
        else if (size >= 0 && (pb->size > size || pb->place > size - pb->size))
            over = pb->place + pb->size - size;
        if (over > most) {
            most = over;
            *worst = (int)b;
            *space_size = size;
        }
        total = total > INT64_MAX - over ? INT64_MAX : total + over;
    }
    return total;
}
