/* The PIR text of a lowered source file, built line by line with the source location of
 * each line (see pir_writer.h). */
#include "pir_writer.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/fnv.h"
#include "../../util/xalloc.h"

void pir_writer_init(struct pir_writer *w)
{
    memset(w, 0, sizeof(*w));
    w->call = -1;
    w->longest_buffer = -1;
    w->body = open_memstream(&w->body_text, &w->body_len);
    if (!w->body)
        xalloc_die();
}

void pir_writer_free(struct pir_writer *w)
{
    if (w->body)
        fclose(w->body);
    free(w->body_text);
    free(w->origins);
    free(w->calls_of);
    for (size_t i = 0; i < w->ncalls; i++)
        free(w->calls[i].callee);
    free(w->calls);
    key_map_free(&w->call_keys);
    for (size_t i = 0; i < w->nbuffers; i++) {
        free(w->buffers[i].name);
        free(w->buffers[i].what);
    }
    free(w->buffers);
    free(w->targets);
    for (size_t i = 0; i < w->nheader; i++)
        free(w->header[i]);
    free(w->header);
    pir_values_free(&w->values);
    memset(w, 0, sizeof(*w));
}

void pir_writer_drop_buffers(struct pir_writer *w, size_t keep)
{
    for (size_t i = keep; i < w->nbuffers; i++) {
        free(w->buffers[i].name);
        free(w->buffers[i].what);
    }
    if (keep < w->nbuffers)
        w->nbuffers = keep;
    size_t n = 0;
    for (size_t i = 0; i < w->ntargets; i++)
        if ((size_t)w->targets[i].from < keep && (size_t)w->targets[i].buffer < keep)
            w->targets[n++] = w->targets[i];
    w->ntargets = n;
}

void pir_writer_note(struct pir_writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *line = xvasprintf(fmt, ap);
    va_end(ap);
    w->header = xrealloc_array(w->header, w->nheader + 1, sizeof(*w->header));
    w->header[w->nheader++] = line;
}

static bool buffer_name_taken(const struct pir_writer *w, const char *name)
{
    for (size_t i = 0; i < w->nbuffers; i++)
        if (strcmp(w->buffers[i].name, name) == 0)
            return true;
    return false;
}

/* A PIR identifier for a source name: other characters become '_', and a PIR keyword or
 * expression name gets a '_' appended (a kernel argument may well be called `in`). */
char *pir_identifier(const char *name)
{
    static const char *const reserved[] = {"model", "param", "const", "buffer", "kernel", "core",
                                           "cluster", "let", "for", "in", "step", "if", "else",
                                           "min", "max", "coreid", "ncores", "clusterid",
                                           "nclusters"};
    char *id = xasprintf("%s%s", *name >= '0' && *name <= '9' ? "_" : "", *name ? name : "buf");
    for (char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            *p = '_';
    for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
        if (strcmp(id, reserved[i]) == 0) {
            char *longer = xasprintf("%s_", id);
            free(id);
            return longer;
        }
    return id;
}

/* Whether buffer b is what a declaration of these name, space, size, place, origin and
 * comment would declare. */
static bool same_declaration(const struct pir_buffer *b, const char *base, const char *space,
                             int64_t size, int64_t place, struct as_loc origin, const char *what)
{
    size_t n = strlen(base);
    if (strncmp(b->name, base, n) != 0 || (b->name[n] && b->name[n] != '_'))
        return false;
    if (strcmp(b->space, space) || b->grows != (size == 0) || (size && b->size != size) ||
        b->place != place)
        return false;
    /* the same file interned by two interpreters (a parse per core type) is one file */
    bool same_file = b->origin.file == origin.file ||
                     (b->origin.file && origin.file && !strcmp(b->origin.file, origin.file));
    if (!same_file || b->origin.line != origin.line || b->origin.col != origin.col)
        return false;
    return (!b->what && !what) || (b->what && what && !strcmp(b->what, what));
}

int pir_writer_buffer(struct pir_writer *w, const char *name, const char *space, int64_t size,
                      int64_t place, struct as_loc origin, const char *what)
{
    char *base = pir_identifier(name);
    for (size_t i = 0; i < w->nbuffers; i++)
        if (same_declaration(&w->buffers[i], base, space, size, place, origin, what)) {
            free(base);
            return (int)i;
        }
    char *unique = xstrdup(base);
    for (int k = 2; buffer_name_taken(w, unique); k++) {
        free(unique);
        unique = xasprintf("%s_%d", base, k);
    }
    free(base);
    if (w->nbuffers == w->buffers_cap) {
        w->buffers_cap = w->buffers_cap ? 2 * w->buffers_cap : 8;
        w->buffers = xrealloc_array(w->buffers, w->buffers_cap, sizeof(*w->buffers));
    }
    w->buffers[w->nbuffers] = (struct pir_buffer){.name = unique, .space = space, .size = size,
                                                  .grows = size == 0, .place = place,
                                                  .origin = origin,
                                                  .what = what ? xstrdup(what) : NULL};
    return (int)w->nbuffers++;
}

int pir_writer_target(struct pir_writer *w, int b, bool table, int64_t offset, struct as_loc at)
{
    for (size_t i = 0; i < w->ntargets; i++) {
        const struct pir_target *t = &w->targets[i];
        if (t->from == b && t->table == table && t->offset == offset)
            return t->buffer;
    }
    const char *from = w->buffers[b].name;
    char *name = xasprintf("%s_%s%lld", from, table ? "entry" : "at", (long long)offset);
    char *what = table ? xasprintf("what the address at %lld bytes into %s's table points to",
                                   (long long)offset, from)
                       : xasprintf("what the address at byte %lld of %s points to",
                                   (long long)offset, from);
    int t = pir_writer_buffer(w, name, w->buffers[b].space, 0, -1, at, what);
    free(name);
    free(what);
    w->targets = xrealloc_array(w->targets, w->ntargets + 1, sizeof(*w->targets));
    w->targets[w->ntargets++] = (struct pir_target){b, t, table, offset};
    return t;
}

void pir_writer_touch(struct pir_writer *w, int b, int64_t end)
{
    if (w->buffers[b].grows && w->buffers[b].size < end)
        w->buffers[b].size = end;
}

int64_t *pir_writer_sizes(const struct pir_writer *w, size_t n)
{
    int64_t *sizes = xrealloc_array(NULL, n ? n : 1, sizeof(*sizes));
    for (size_t i = 0; i < n; i++)
        sizes[i] = w->buffers[i].size;
    return sizes;
}

void pir_writer_clear_grown(struct pir_writer *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (w->buffers[i].grows)
            w->buffers[i].size = 0;
}

void pir_writer_restore_sizes(struct pir_writer *w, const int64_t *sizes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        w->buffers[i].size = sizes[i];
}

void pir_writer_merge_sizes(struct pir_writer *w, const int64_t *sizes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (w->buffers[i].size < sizes[i])
            w->buffers[i].size = sizes[i];
}

char *pir_writer_region(struct pir_writer *w, int b, int64_t offset, int64_t length)
{
    pir_writer_touch(w, b, offset + length);
    bool none = w->longest_buffer < 0;
    bool record = length < 0 ? none || w->longest_region >= 0 || length < w->longest_region
                             : w->buffers[b].place >= 0 &&
                                   (none || (w->longest_region >= 0 && length > w->longest_region));
    if (record) {   /* a negative length first, then the longest */
        w->longest_region = length;
        w->longest_buffer = b;
    }
    return xasprintf("%s[%lld +: %lld]", w->buffers[b].name, (long long)offset,
                     (long long)length);
}

static void add_origin(struct pir_writer *w, struct as_loc origin, int call)
{
    if (w->norigins == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 256;
        w->origins = xrealloc_array(w->origins, w->cap, sizeof(*w->origins));
        w->calls_of = xrealloc_array(w->calls_of, w->cap, sizeof(*w->calls_of));
    }
    w->calls_of[w->norigins] = call;
    w->origins[w->norigins++] = origin;
    w->body_lines++;
}

int pir_writer_enter_call(struct pir_writer *w, struct as_loc site, const char *callee)
{
    int previous = w->call;
    /* file names are interned: the same pointer is the same file (per interpreter); one site
     * may call different functions (through a function pointer): the callee is in the key */
    const int64_t key[KEY_MAP_WIDTH] = {previous, (int64_t)(intptr_t)site.file,
                                        (int64_t)site.line << 20 | site.col,
                                        (int64_t)fnv1a(callee, strlen(callee))};
    int i = key_map_get_or_put(&w->call_keys, key, (int)w->ncalls);
    if ((size_t)i == w->ncalls) {
        if (w->ncalls == w->calls_cap) {
            w->calls_cap = w->calls_cap ? 2 * w->calls_cap : 64;
            w->calls = xrealloc_array(w->calls, w->calls_cap, sizeof(*w->calls));
        }
        w->calls[w->ncalls++] = (struct lowered_call){site, xstrdup(callee), previous};
    }
    w->call = i;
    return previous;
}

void pir_writer_leave_call(struct pir_writer *w, int previous)
{
    w->call = previous;
}

void pir_writer_take_calls(struct pir_writer *w, struct lowered_call **calls, size_t *ncalls)
{
    *calls = w->calls;
    *ncalls = w->ncalls;
    w->calls = NULL;
    w->ncalls = w->calls_cap = 0;
    key_map_free(&w->call_keys);
    w->call_keys = (struct key_map){0};
}

/* The spaces before a line: two per level, up to MAX_SHOWN_DEPTH levels. Indentation means
 * nothing to the parser, and the guards of a loop that returns on data may nest thousands of
 * levels deep (mlu-ops' fft kernels: 17,000, whose 35 KB of spaces a line made a lowering of
 * gigabytes). Deeper lines line up at the last level shown; unwrap's two spaces less there
 * only shift them. */
enum { MAX_SHOWN_DEPTH = 64 };

static int shown_indent(const struct pir_writer *w)
{
    return 2 * (w->indent < MAX_SHOWN_DEPTH ? w->indent : MAX_SHOWN_DEPTH);
}

/* One body line: the text, its tail ("" or " {"), and where it came from. */
static bool in_vendor(const struct pir_writer *w, const char *file)
{
    return w->vendor_root && file && !strncmp(file, w->vendor_root, strlen(w->vendor_root));
}

/* The innermost call, from `call` out, made from a file outside the vendor tree; -1: none. */
static int user_call(const struct pir_writer *w, int call)
{
    while (call >= 0 && in_vendor(w, w->calls[call].site.file))
        call = w->calls[call].parent;
    return call;
}

const char *pir_writer_user_call(const struct pir_writer *w, struct as_loc *site)
{
    int c = w->vendor_root ? user_call(w, w->call) : -1;
    if (c < 0)
        return NULL;
    *site = w->calls[c].site;
    return w->calls[c].callee;
}

/* A file of the vendor tree by its path inside the tree, `dir/../` taken out (malloc'ed). */
static char *vendor_path(const struct pir_writer *w, const char *file)
{
    char *path = xstrdup(file + strlen(w->vendor_root));
    for (char *up; (up = strstr(path, "/../")) != NULL;) {
        char *start = up;
        while (start > path && start[-1] != '/')
            start--;
        memmove(start, up + 4, strlen(up + 4) + 1);
    }
    return path;
}

struct as_loc pir_writer_user_place(const struct pir_writer *w, struct as_loc loc,
                                    char **in_vendor_text)
{
    *in_vendor_text = NULL;
    int c = w && in_vendor(w, loc.file) ? user_call(w, w->call) : -1;
    if (c < 0)
        return loc;
    char *path = vendor_path(w, loc.file);
    *in_vendor_text = xasprintf("in the SDK at %s:%d, inside %s", path, loc.line,
                                w->calls[c].callee);
    free(path);
    return w->calls[c].site;
}

static void put_line(struct pir_writer *w, struct as_loc origin, const char *text,
                     const char *tail, const char *note)
{
    int call = w->call;
    struct as_loc vendor = {0};
    if (in_vendor(w, origin.file)) {   /* placed at the user's call into the SDK */
        int c = user_call(w, call);
        if (c >= 0) {
            vendor = origin;
            origin = w->calls[c].site;
            call = w->calls[c].parent;
        }
    }
    fprintf(w->body, "%*s%s%s", shown_indent(w), "", text, tail);
    if (origin.file)
        fprintf(w->body, "  // %s%sfrom %s:%d:%d", note ? note : "", note ? ", " : "",
                origin.file, origin.line, origin.col);
    if (vendor.file) {
        char *path = vendor_path(w, vendor.file);
        fprintf(w->body, ", in the SDK at %s:%d", path, vendor.line);
        free(path);
    }
    fputc('\n', w->body);
    add_origin(w, origin, origin.file ? call : -1);
}

/* The formatted text as one line: tail ";" for a statement, " {" for an opening. */
__attribute__((format(printf, 5, 0)))
static void put_formatted(struct pir_writer *w, struct as_loc origin, const char *note,
                          const char *tail, const char *fmt, va_list ap)
{
    char *text = xvasprintf(fmt, ap);
    put_line(w, origin, text, tail, note);
    free(text);
}

void pir_writer_line(struct pir_writer *w, struct as_loc origin, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_formatted(w, origin, NULL, ";", fmt, ap);
    va_end(ap);
}

void pir_writer_line_note(struct pir_writer *w, struct as_loc origin, const char *note,
                          const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_formatted(w, origin, note, ";", fmt, ap);
    va_end(ap);
}

void pir_writer_open(struct pir_writer *w, struct as_loc origin, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_formatted(w, origin, NULL, " {", fmt, ap);
    va_end(ap);
    pir_values_opened(&w->values, w->indent);
    w->indent++;
}

void pir_writer_close(struct pir_writer *w, struct as_loc origin)
{
    w->indent--;
    fprintf(w->body, "%*s}\n", shown_indent(w), "");
    add_origin(w, origin, -1);
}

uint32_t pir_writer_bind_value(struct pir_writer *w)
{
    return pir_values_bind(&w->values, w->norigins, w->indent);
}

void pir_writer_use_value(struct pir_writer *w, struct as_loc origin, uint32_t id)
{
    if (id && pir_values_use(&w->values, id, w->norigins, w->indent))
        pir_writer_line(w, origin, "use read__%u", id);
}

uint32_t pir_writer_value_ids(const struct pir_writer *w)
{
    return w->values.next_id;
}

void pir_writer_set_value_ids(struct pir_writer *w, uint32_t ids)
{
    w->values.next_id = ids;
}

struct pir_mark pir_writer_mark(struct pir_writer *w)
{
    fflush(w->body);
    return (struct pir_mark){ftell(w->body), w->norigins, w->indent};
}

void pir_writer_rollback(struct pir_writer *w, struct pir_mark m)
{
    /* POSIX: a memory stream's size is its position when that is below the bytes written. */
    fseek(w->body, m.offset, SEEK_SET);
    fflush(w->body);
    w->body_lines -= (int)(w->norigins - m.norigins);
    w->norigins = m.norigins;
    w->indent = m.indent;
    pir_values_rolled_back(&w->values, m.norigins);
}

static size_t statement_length(const char *line, const char *end);

void pir_writer_amend_open(struct pir_writer *w, struct pir_mark m, const char *text)
{
    fflush(w->body);
    const char *line = w->body_text + m.offset, *end = w->body_text + w->body_len;
    const char *nl = memchr(line, '\n', (size_t)(end - line));
    size_t n = statement_length(line, nl ? nl : end);
    if (n < 2 || memcmp(line + n - 2, " {", 2) != 0)
        return;   /* not a block's opening: nothing to amend */
    long at = m.offset + (long)n - 2;
    size_t tail_len = w->body_len - (size_t)at;
    char *tail = xmalloc(tail_len);
    memcpy(tail, w->body_text + at, tail_len);
    fseek(w->body, at, SEEK_SET);
    fprintf(w->body, " %s", text);
    fwrite(tail, 1, tail_len, w->body);
    fflush(w->body);
    free(tail);
}

/* The length of a body line without its trailing `  // ...` comment. */
static size_t statement_length(const char *line, const char *end)
{
    for (const char *p = line; p + 5 <= end; p++)
        if (memcmp(p, "  // ", 5) == 0)
            return (size_t)(p - line);
    return (size_t)(end - line);
}

static void unwrap(struct pir_writer *w, struct pir_mark at_open, struct pir_mark body_start,
                   struct pir_mark body_end, bool drop_uses);

/* A `use` line (rule 10): the issuer waiting for a value, no work of its own. */
static bool is_use_line(const char *p, const char *end)
{
    while (p < end && *p == ' ')
        p++;
    return end - p > 4 && memcmp(p, "use ", 4) == 0;
}

/* Past the use lines from p on. */
static const char *skip_uses(const char *p, const char *end)
{
    while (p < end && is_use_line(p, end)) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    return p;
}

/* Whether two runs of body lines hold the same statements: each line compared without its
 * indentation and its trailing `// from ...` comment; with `but_uses`, `use` lines aside. */
static bool same_statements(const char *a, size_t alen, const char *b, size_t blen,
                            bool but_uses)
{
    const char *ae = a + alen, *be = b + blen;
    for (;;) {
        if (but_uses) {
            a = skip_uses(a, ae);
            b = skip_uses(b, be);
        }
        while (a < ae && *a == ' ')
            a++;
        while (b < be && *b == ' ')
            b++;
        if (a == ae || b == be)
            return a == ae && b == be;
        const char *al = memchr(a, '\n', (size_t)(ae - a)), *bl = memchr(b, '\n', (size_t)(be - b));
        al = al ? al : ae;
        bl = bl ? bl : be;
        size_t an = statement_length(a, al), bn = statement_length(b, bl);
        if (an != bn || memcmp(a, b, an) != 0)
            return false;
        a = al < ae ? al + 1 : ae;
        b = bl < be ? bl + 1 : be;
    }
}

bool pir_writer_only_uses_since(struct pir_writer *w, struct pir_mark m)
{
    fflush(w->body);
    const char *p = w->body_text + m.offset, *end = w->body_text + w->body_len;
    const char *nl = memchr(p, '\n', (size_t)(end - p));   /* past the block's opening */
    return nl && skip_uses(nl + 1, end) == end;
}

void pir_writer_tidy_choice(struct pir_writer *w, struct pir_mark at_if,
                            struct pir_mark then_start, struct pir_mark then_end,
                            struct pir_mark at_else, struct pir_mark else_start,
                            struct pir_mark else_end)
{
    fflush(w->body);
    const char *text = w->body_text;
    const char *then_text = text + then_start.offset, *else_text = text + else_start.offset;
    size_t then_len = (size_t)(then_end.offset - then_start.offset);
    size_t else_len = (size_t)(else_end.offset - else_start.offset);
    if (same_statements(then_text, then_len, else_text, else_len, false)) {
        /* The same statements on both sides: THEN's lines, one level out, replace it. */
        pir_writer_unwrap(w, at_if, then_start, then_end);
    } else if (same_statements(then_text, then_len, else_text, else_len, true)) {
        /* They differ in uses only (a value needed on one side): the statements once, the
         * uses dropped, which orders less (more findings, never fewer) and keeps the paths
         * from doubling on every condition whose one side needs a value. */
        unwrap(w, at_if, then_start, then_end, true);
    } else if (else_end.norigins == else_start.norigins) {
        pir_writer_rollback(w, at_else);
    }
}

void pir_writer_unwrap(struct pir_writer *w, struct pir_mark at_open, struct pir_mark body_start,
                       struct pir_mark body_end)
{
    unwrap(w, at_open, body_start, body_end, false);
}

static void unwrap(struct pir_writer *w, struct pir_mark at_open, struct pir_mark body_start,
                   struct pir_mark body_end, bool drop_uses)
{
    fflush(w->body);
    const char *text = w->body_text;
    size_t nlines = body_end.norigins - body_start.norigins;
    char *lines = xasprintf("%.*s", (int)(body_end.offset - body_start.offset),
                            text + body_start.offset);
    struct as_loc *origins = xrealloc_array(NULL, nlines ? nlines : 1, sizeof(*origins));
    memcpy(origins, w->origins + body_start.norigins, nlines * sizeof(*origins));
    int *calls = xrealloc_array(NULL, nlines ? nlines : 1, sizeof(*calls));
    memcpy(calls, w->calls_of + body_start.norigins, nlines * sizeof(*calls));
    pir_writer_rollback(w, at_open);
    const char *p = lines;
    for (size_t i = 0; i < nlines; i++) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        size_t skip = n >= 2 && p[0] == ' ' && p[1] == ' ' ? 2 : 0;
        if (!drop_uses || !is_use_line(p, p + n)) {
            fprintf(w->body, "%.*s\n", (int)(n - skip), p + skip);
            add_origin(w, origins[i], calls[i]);
        }
        p = nl ? nl + 1 : p + n;
    }
    free(lines);
    free(origins);
    free(calls);
}

char *pir_writer_finish(struct pir_writer *w, const char *model, struct as_loc **origins,
                        int **calls_of, size_t *nlines, size_t *len)
{
    char *text = NULL;
    size_t text_len = 0;
    FILE *out = open_memstream(&text, &text_len);
    if (!out)
        xalloc_die();
    size_t cap = w->nheader + 2 + w->nbuffers + w->norigins + 1, n = 0;
    struct as_loc *lines = xcalloc(cap, sizeof(*lines));
    int *line_calls = xmalloc(cap * sizeof(*line_calls));
    for (size_t i = 0; i < cap; i++)
        line_calls[i] = -1;
    for (size_t i = 0; i < w->nheader; i++, n++)
        fprintf(out, "// %s\n", w->header[i]);
    fprintf(out, "model \"%s\";\n", model);
    n++;
    for (size_t i = 0; i < w->nbuffers; i++, n++) {
        const struct pir_buffer *b = &w->buffers[i];
        fprintf(out, "buffer %s : %s[%lld]", b->name, b->space,
                (long long)(b->size > 0 ? b->size : 1));
        if (b->place >= 0)
            fprintf(out, " @ 0x%llx", (unsigned long long)b->place);
        fputc(';', out);
        if (b->what || b->origin.file)
            fputs("  //", out);
        if (b->what)
            fprintf(out, " %s", b->what);
        if (b->origin.file)
            fprintf(out, " from %s:%d:%d", b->origin.file, b->origin.line, b->origin.col);
        fputc('\n', out);
        lines[n] = b->origin;
    }
    fflush(w->body);
    fwrite(w->body_text, 1, w->body_len, out);
    memcpy(lines + n, w->origins, w->norigins * sizeof(*lines));
    if (w->norigins)
        memcpy(line_calls + n, w->calls_of, w->norigins * sizeof(*line_calls));
    n += w->norigins;
    fclose(out);
    *origins = lines;
    *calls_of = line_calls;
    *nlines = n;
    *len = text_len;
    return text;
}

void lowered_add_stop(struct lowered_source *l, const char *kernel, const struct diag_list *diags,
                      size_t first)
{
    const char *reason = "not fully modelled";
    for (size_t i = first; i < diags->len; i++)
        if (diags->items[i].severity == SEV_ERROR) {
            reason = diags->items[i].message;
            break;
        }
    l->stopped = xrealloc_array(l->stopped, l->nstopped + 1, sizeof(*l->stopped));
    l->stopped[l->nstopped++] = (struct lowered_stop){xstrdup(kernel), xstrdup(reason)};
}
