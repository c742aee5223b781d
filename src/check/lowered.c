/* Moving findings from lowered PIR back to the kernel source (see lowered.h). */
#include "lowered.h"

#include "../sim/trace.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where PIR line `line` came from in the source, or NULL for a line with no source (or none
 * at all). */
static const struct as_loc *line_origin(const struct lowered_source *low, long line)
{
    if (line < 1 || (size_t)line > low->nlines || !low->origins[line - 1].file)
        return NULL;
    return &low->origins[line - 1];
}

static struct as_loc to_source(struct file_result *r, const struct source *pir,
                               const struct lowered_source *low, struct as_loc loc)
{
    if (!loc.file || !pir || strcmp(loc.file, pir->path) != 0)
        return loc;
    const struct as_loc *o = line_origin(low, loc.line);
    if (o) {
        struct as_loc origin = *o;
        origin.file = arena_strdup(&r->diags.arena, origin.file);
        return origin;
    }
    return (struct as_loc){r->path, 0, 0, 0};   /* a line with no source: the file */
}

static struct as_loc place(const void *ctx, struct as_loc loc)
{
    const struct lowered_place *p = ctx;
    const struct as_loc *o = loc.file && strcmp(loc.file, p->pir_path) == 0
                                 ? line_origin(p->low, loc.line)
                                 : NULL;
    return o ? *o : loc;
}

void lowered_place_findings(struct file_result *r, const struct lowered_place *p)
{
    free(r->diags.slots);   /* the slots hash places: rebuilt by the next addition */
    r->diags.slots = NULL;
    r->diags.nslots = 0;
    r->diags.place = place;
    r->diags.place_ctx = p;
}

/* Messages name other statements by PIR line ("... at line 8 ..."): those become the source
 * lines the statements came from. */
static const char *message_to_source(struct file_result *r, const struct lowered_source *low,
                                     const char *msg)
{
    if (!strstr(msg, "line "))
        return msg;
    size_t mentions = 0, longest = 0, n = 0;
    for (const char *p = strstr(msg, "line "); p; p = strstr(p + 1, "line "))
        mentions++;
    for (size_t i = 0; i < low->nfiles; i++)
        if (strlen(low->files[i]) > longest)
            longest = strlen(low->files[i]);
    size_t cap = strlen(msg) + 1 + mentions * (longest + 24);
    char *out = arena_alloc(&r->diags.arena, cap);
    for (const char *p = msg; *p;) {
        char *end;
        const struct as_loc *o;
        if (strncmp(p, "line ", 5) == 0 && isdigit((unsigned char)p[5]) &&
            (o = line_origin(low, strtol(p + 5, &end, 10))) != NULL) {
            if (strcmp(o->file, r->path) == 0)
                n += (size_t)snprintf(out + n, cap - n, "line %d", o->line);
            else
                n += (size_t)snprintf(out + n, cap - n, "%s:%d", o->file, o->line);
            p = end;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    return out;
}

/* A copy of a witness or simulation trace with its locations and sentences moved too. */
static const struct sim_trace *trace_to_source(struct file_result *r, const struct source *pir,
                                               const struct lowered_source *low,
                                               const struct sim_trace *t)
{
    struct arena *A = &r->diags.arena;
    struct sim_trace *copy = arena_alloc(A, sizeof(*copy));
    *copy = *t;
    copy->entries = arena_alloc_array(A, t->n ? t->n : 1, sizeof(*copy->entries));
    for (size_t i = 0; i < t->n; i++) {
        copy->entries[i] = t->entries[i];
        copy->entries[i].loc = to_source(r, pir, low, t->entries[i].loc);
    }
    if (t->schedule)
        copy->schedule = message_to_source(r, low, t->schedule);
    if (t->outcome)
        copy->outcome = message_to_source(r, low, t->outcome);
    return copy;
}

/* The calls PIR line `line` was written in, innermost first, as notes (of_related: about the
 * related statement); appended to *notes (arena, grown by doubling *cap). */
static void add_call_notes(struct file_result *r, const struct source *pir,
                           const struct lowered_source *low, struct as_loc loc, bool of_related,
                           const char *whose, struct finding_note **notes, size_t *n, size_t *cap)
{
    if (!low->calls_of || !loc.file || !pir || strcmp(loc.file, pir->path) != 0 || loc.line < 1 ||
        (size_t)loc.line > low->nlines)
        return;
    for (int c = low->calls_of[loc.line - 1]; c >= 0 && (size_t)c < low->ncalls;
         c = low->calls[c].parent) {
        if (*n == *cap) {
            size_t more = *cap ? 2 * *cap : 4;
            struct finding_note *grown = arena_alloc_array(&r->diags.arena, more, sizeof(*grown));
            if (*n)
                memcpy(grown, *notes, *n * sizeof(*grown));
            *notes = grown;
            *cap = more;
        }
        struct as_loc site = low->calls[c].site;
        site.file = arena_strdup(&r->diags.arena, site.file);
        (*notes)[(*n)++] = (struct finding_note){
            site, arena_printf(&r->diags.arena, "%s%s%s, inlined from here", whose,
                               *whose ? " in " : "in ", low->calls[c].callee),
            of_related};
    }
}

void lowered_name_entries(struct file_result *r, const struct lowered_source *low)
{
    for (size_t k = 0; k < r->nkernels; k++)
        for (size_t i = 0; i < low->nentries; i++)
            if (strcmp(r->kernels[k].name, low->entries[i].kernel) == 0) {
                r->kernels[k].entry = arena_strdup(&r->diags.arena, low->entries[i].entry);
                if (low->entries[i].launch)
                    r->kernels[k].launch = arena_strdup(&r->diags.arena, low->entries[i].launch);
                break;
            }
}

void lowered_move_to_source(struct file_result *r, const struct source *pir,
                            const struct lowered_source *low, const struct diag_list *front)
{
    r->diags.place = NULL;   /* the locations become the places */
    r->diags.place_ctx = NULL;
    for (size_t i = 0; i < r->diags.len; i++) {
        struct finding *f = &r->diags.items[i];
        struct finding_note *notes = NULL;
        size_t nnotes = 0, cap = 0;
        add_call_notes(r, pir, low, f->loc, false, "", &notes, &nnotes, &cap);
        add_call_notes(r, pir, low, f->related, true, f->unit_first ? "first access" : "related",
                       &notes, &nnotes, &cap);
        f->notes = notes;
        f->nnotes = nnotes;
        f->message = message_to_source(r, low, f->message);
        f->loc = to_source(r, pir, low, f->loc);
        f->related = to_source(r, pir, low, f->related);
        f->fix = NULL;
        f->fix_edits = NULL;
        if (f->trace)
            f->trace = trace_to_source(r, pir, low, f->trace);
    }
    diag_drop_repeats(&r->diags);
    for (size_t i = 0; i < front->len; i++) {
        struct finding f = front->items[i];
        f.message = arena_strdup(&r->diags.arena, f.message);
        if (f.loc.file)
            f.loc.file = arena_strdup(&r->diags.arena, f.loc.file);
        diag_add(&r->diags, &f);
    }
}
