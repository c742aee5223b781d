/* The values a tiling field takes when nothing gives one, and the search for guesses whose
 * buffers fit the model's memories (see tiling_defaults.h). */
#include "tiling_defaults.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/xalloc.h"

/* Whether a field is a yes/no switch by its name: isX, hasX, enableX, needX (is_x...). */
static bool switch_name(const char *name)
{
    static const char *const prefixes[] = {"is", "has", "enable", "need"};
    for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
        size_t n = strlen(prefixes[i]);
        if (!strncmp(name, prefixes[i], n) &&
            ((name[n] >= 'A' && name[n] <= 'Z') || name[n] == '_'))
            return true;
    }
    return false;
}

/* A tiling field's value when no -D gives one: positions (start, end, index) 0, a switch
 * that would skip the work (isEmpty, skipX) off and any other switch (hasScale) on, so that
 * the kernel's code runs; counts (loops, cores, tiles) small, sizes large enough that a copy
 * moves whole 32-byte blocks. */
int64_t tiling_field_default(const char *name)
{
    if (strstr(name, "empty") || strstr(name, "Empty") || !strncmp(name, "skip", 4) ||
        !strncmp(name, "disable", 7))
        return 0;
    static const char *const position_words[] = {"start", "Start", "end", "End", "idx", "Idx",
                                            "index", "Index", "offset", "Offset", "begin",
                                            "Begin"};
    for (size_t i = 0; i < sizeof(position_words) / sizeof(position_words[0]); i++)
        if (strstr(name, position_words[i]))
            return 0;
    if (switch_name(name))
        return 1;
    static const char *const counts[] = {"num", "Num", "NUM", "count", "Count", "loop", "Loop",
                                         "times", "Times", "core", "Core", "key", "Key", "mode",
                                         "Mode", "flag", "Flag", "type", "Type"};
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
        if (strstr(name, counts[i]))
            return 2;
    return TILING_SIZE_GUESS;
}

bool tiling_parameter(CXCursor parm)
{
    CXCursor fn = clang_getCursorSemanticParent(parm);
    int n = clang_Cursor_getNumArguments(fn);
    if (n < 1 || !clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)n - 1), parm))
        return false;
    CXString s = clang_getCursorSpelling(parm);
    bool named = strstr(clang_getCString(s), "tiling") || strstr(clang_getCString(s), "Tiling");
    clang_disposeString(s);
    return named;
}

/* A tiling value nobody gave: a field of the tiling structure or a word read from the tiling
 * argument, not set by -D (or --tiling) and not one of a -D range's values. */
static bool guessed(const struct runtime_value *rv)
{
    return !rv->given && !rv->varies &&
           (!strcmp(rv->what, TILING_FIELD_WHAT) || !strcmp(rv->what, TILING_WORD_WHAT));
}

/* A guessed field whose guess is `guess` (`list[2]` guessed as field `list` is). */
static bool guess_of(const struct runtime_value *rv, int64_t guess)
{
    if (!guessed(rv) || strcmp(rv->what, TILING_FIELD_WHAT) != 0)
        return false;
    size_t n = strcspn(rv->name, "[");
    char *field = xasprintf("%.*s", (int)n, rv->name);
    bool is = tiling_field_default(field) == guess;
    free(field);
    return is;
}

bool tiling_guess_attempt(struct interp *I, int halvings, int64_t count)
{
    bool counts = false;
    for (size_t i = 0; i < I->runtime.len; i++) {
        struct runtime_value *rv = &I->runtime.items[i];
        rv->read = false;
        if (guess_of(rv, TILING_SIZE_GUESS)) {
            rv->value = halvings >= 0 ? TILING_SIZE_GUESS >> halvings
                                      : (int64_t)TILING_SIZE_GUESS << -halvings;
        } else if (guess_of(rv, TILING_COUNT_GUESS)) {
            rv->value = count;
            counts = true;
        }
    }
    return counts;
}

/* Whether I read, since the last attempt, a field whose guess by name is `guess`. */
static bool read_guess_of(const struct interp *I, int64_t guess)
{
    for (size_t i = 0; i < I->runtime.len; i++)
        if (I->runtime.items[i].read && guess_of(&I->runtime.items[i], guess))
            return true;
    return false;
}

bool tiling_guess_counts(const struct interp *I)
{
    return read_guess_of(I, TILING_COUNT_GUESS);
}

bool tiling_guess_sizes(const struct interp *I)
{
    return read_guess_of(I, TILING_SIZE_GUESS);
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

static int64_t add_capped(int64_t a, int64_t b)
{
    return a > INT64_MAX - b ? INT64_MAX : a + b;
}

struct memory_fit tiling_memory_fit(const struct pir_writer *w, size_t first,
                                    const struct model *m)
{
    struct memory_fit fit = {.buffer = -1};
    int64_t most = 0;
    for (size_t b = 0; b < w->nbuffers; b++) {
        const struct pir_buffer *pb = &w->buffers[b];
        int64_t size = model_space_size(m, pb->space), over = 0;
        if (pb->grows) {   /* a memory at the addresses the code computes (the SDK's) */
            if (size >= 0 && pb->size > size)
                over = pb->size - size;
        } else if (b < first || pb->place < 0) {
            continue;   /* not placed by a TPipe: aliases nothing, takes no room of the pipe's */
        } else if (pb->size <= 0) {
            over = 1 - pb->size;
        } else if (size >= 0 && (pb->size > size || pb->place > size - pb->size)) {
            over = pb->place + pb->size - size;
        }
        if (over > most) {
            most = over;
            fit = (struct memory_fit){.buffer = (int)b, .space_size = size};
        }
        fit.over = add_capped(fit.over, over);
    }
    if (w->longest_buffer >= 0) {
        const struct pir_buffer *pb = &w->buffers[w->longest_buffer];
        int64_t size = model_space_size(m, pb->space), n = w->longest_region, over = 0;
        if (n < 0)
            over = n == INT64_MIN ? INT64_MAX : 1 - n;
        else if (size >= 0 && n > size)
            over = n - size;
        if (over > most) {
            int64_t total = fit.over;
            fit = (struct memory_fit){.buffer = w->longest_buffer, .space_size = size,
                                      .region = true, .over = total};
        }
        fit.over = add_capped(fit.over, over);
    }
    return fit;
}

char *tiling_fit_text(const struct pir_writer *w, const struct memory_fit *fit)
{
    const struct pir_buffer *b = &w->buffers[fit->buffer];
    if (fit->region && w->longest_region < 0)
        return xasprintf("a region of buffer '%s' has a negative length (%lld bytes)", b->name,
                         (long long)w->longest_region);
    if (fit->region)
        return xasprintf("a region of %lld bytes of buffer '%s' is longer than %s (%lld bytes)",
                         (long long)w->longest_region, b->name, b->space,
                         (long long)fit->space_size);
    if (b->size <= 0)
        return xasprintf("buffer '%s' has a size that is not positive (%lld bytes)", b->name,
                         (long long)b->size);
    int64_t place = b->place < 0 ? 0 : b->place;
    return xasprintf("buffer '%s' (bytes %lld..%lld) does not fit in %s (%lld bytes)", b->name,
                     (long long)place, (long long)(place + b->size - 1), b->space,
                     (long long)fit->space_size);
}
