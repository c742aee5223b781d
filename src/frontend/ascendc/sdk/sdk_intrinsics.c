/* Intrinsics declared from a parse's errors (sdk_intrinsics.h). */
#include "sdk_intrinsics.h"

#include <stdlib.h>
#include <string.h>

#include "../../../util/source.h"
#include "../../../util/words.h"

static const char undeclared[] = "use of undeclared identifier '";

static bool under(const struct finding *f, const char *root)
{
    size_t n = strlen(root);
    return f->check == CHECK_SOURCE_ERROR && f->message && f->loc.file &&
           !strncmp(f->loc.file, root, n) && f->loc.file[n] == '/';
}

/* The compiler's intrinsics are lowercase words. */
static bool intrinsic_name(const char *name, size_t len)
{
    bool word = len > 0 && name[0] >= 'a' && name[0] <= 'z';
    for (size_t k = 0; k < len && word; k++)
        word = (name[k] >= 'a' && name[k] <= 'z') || (name[k] >= '0' && name[k] <= '9') ||
               name[k] == '_';
    return word;
}

static struct sdk_intrinsic *find(struct sdk_intrinsics *s, const char *name, size_t len)
{
    for (size_t i = 0; i < s->items.len; i++)
        if (strlen(s->items.items[i].name) == len && !strncmp(s->items.items[i].name, name, len))
            return &s->items.items[i];
    return NULL;
}

/* A header of the SDK is read again only for the line of an error, and no larger. */
enum { MAX_HEADER_BYTES = 4 * 1024 * 1024 };

/* Whether the line text[0 .. len) calls `name`: the word, then a '(' later on the line. */
static bool calls(const char *text, size_t len, const char *name)
{
    long at = find_word(text, len, name);
    return at >= 0 && memchr(text + at, '(', len - (size_t)at) != NULL;
}

bool sdk_intrinsics_learn(struct sdk_intrinsics *s, const struct diag_list *d, const char *root)
{
    bool changed = false;
    for (size_t i = 0; i < d->len; i++) {
        const struct finding *f = &d->items[i];
        if (!under(f, root))
            continue;
        const char *name = strstr(f->message, undeclared);
        if (name) {
            name += sizeof(undeclared) - 1;
            size_t len = strcspn(name, "'");
            if (intrinsic_name(name, len) && !find(s, name, len)) {
                struct sdk_intrinsic in = {xasprintf("%.*s", (int)len, name), false};
                VEC_PUSH(s->items, in);
                changed = true;
            }
        } else if (strstr(f->message, "'void'") && f->loc.line > 0) {
            /* a value needed from one declared returning nothing: the one the line calls */
            const char *err;
            struct source *src = source_read_regular(f->loc.file, MAX_HEADER_BYTES, &err);
            size_t len = 0;
            const char *text = src ? source_line(src, f->loc.line, &len) : NULL;
            for (size_t k = 0; text && k < s->items.len; k++) {
                struct sdk_intrinsic *in = &s->items.items[k];
                if (!in->value && calls(text, len, in->name)) {
                    in->value = true;
                    changed = true;
                }
            }
            source_free(src);
        }
    }
    return changed;
}

char *sdk_intrinsics_text(const struct sdk_intrinsics *s)
{
    char *text = xstrdup("");
    for (size_t i = 0; i < s->items.len; i++) {
        char *more = xasprintf("%stemplate <class... A> %s %s(A...);\n", text,
                               s->items.items[i].value ? "int64_t" : "void",
                               s->items.items[i].name);
        free(text);
        text = more;
    }
    return text;
}

void sdk_intrinsics_free(struct sdk_intrinsics *s)
{
    for (size_t i = 0; i < s->items.len; i++)
        free(s->items.items[i].name);
    VEC_FREE(s->items);
}
