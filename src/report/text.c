/* Text output: `file:line:col: error: message [check-id]`, the source line with a caret
 * underline, `note:` lines for the other access, the values that exposed it and the fix.
 * Colours, when asked for, are gcc's: bold locations, red errors, magenta warnings, cyan
 * notes, a green caret. */
#include <stdlib.h>
#include <string.h>

#include "../util/escape.h"
#include "configs.h"
#include "report.h"
#include "timeline.h"

struct paint {
    const char *bold, *error, *warning, *note, *caret, *reset;
};

static const struct paint plain = {"", "", "", "", "", ""};
static const struct paint ansi = {"\033[1m", "\033[1;31m", "\033[1;35m", "\033[1;36m",
                                  "\033[1;32m", "\033[0m"};

static void print_bindings(FILE *out, const struct binding_list *b)
{
    for (size_t i = 0; i < b->len; i++) {
        fputs(i ? ", " : "", out);
        fputs_escaped(b->items[i].name, out);
        fprintf(out, "=%lld", (long long)b->items[i].value);
    }
}

static void print_loc(FILE *out, const struct paint *pen, const struct as_loc *loc)
{
    fputs(pen->bold, out);
    fputs_escaped(loc->file, out);
    if (loc->line > 0 && loc->col > 0)
        fprintf(out, ":%d:%d:", loc->line, loc->col);
    else if (loc->line > 0)
        fprintf(out, ":%d:", loc->line);
    else
        fputc(':', out);
    fprintf(out, "%s ", pen->reset);
}

static void print_note(FILE *out, const struct paint *pen)
{
    fprintf(out, "%snote:%s ", pen->note, pen->reset);
}

static void print_caret(FILE *out, const struct paint *pen, const struct source *src,
                        const struct as_loc *loc)
{
    size_t len;
    const char *line = src ? source_line(src, loc->line, &len) : NULL;
    if (!line || !src || loc->file != src->path)
        return;
    fprintf(out, "%5d | ", loc->line);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        fputc(c == '\t' || (c >= 0x20 && c != 0x7f) ? c : '?', out);
    }
    fputs("\n      | ", out);
    for (int i = 1; i < loc->col && (size_t)(i - 1) < len; i++)
        fputc(line[i - 1] == '\t' ? '\t' : ' ', out);
    fputs(pen->caret, out);
    fputc('^', out);
    for (int i = 1; i < loc->len; i++)
        fputc('~', out);
    fputs(pen->reset, out);
    fputc('\n', out);
}

/* The notes about the finding's location (of_related false) or its related location. */
static void print_notes(FILE *out, const struct paint *pen, const struct finding *f,
                        bool of_related)
{
    for (size_t i = 0; i < f->nnotes; i++) {
        if (f->notes[i].of_related != of_related)
            continue;
        print_loc(out, pen, &f->notes[i].loc);
        print_note(out, pen);
        fputs_escaped(f->notes[i].text, out);
        fputc('\n', out);
    }
}

static void print_finding(FILE *out, const struct paint *pen, const struct file_result *r,
                          const struct finding *f)
{
    struct as_loc loc = f->loc;
    if (!loc.file)
        loc.file = r->path;
    print_loc(out, pen, &loc);
    const char *colour = f->severity == SEV_ERROR  ? pen->error
                         : f->severity == SEV_NOTE ? pen->note
                                                   : pen->warning;
    fprintf(out, "%s%s:%s ", colour, severity_name(f->severity), pen->reset);
    fputs_escaped(f->message, out);
    fprintf(out, " [%s]\n", check_name(f->check));
    if (r->src && loc.file && strcmp(loc.file, r->src->path) == 0) {
        loc.file = r->src->path;
        print_caret(out, pen, r->src, &loc);
    }
    print_notes(out, pen, f, false);
    if (f->related.file && f->related.line > 0) {
        print_loc(out, pen, &f->related);
        print_note(out, pen);
        fputs_escaped(f->related_what ? f->related_what : "related location", out);
        if (f->iter_first.len) {
            fputs(" (", out);
            print_bindings(out, &f->iter_first);
            fputc(')', out);
        }
        fputc('\n', out);
    }
    print_notes(out, pen, f, true);
    if (f->iter_second.len || f->params.len) {
        print_loc(out, pen, &loc);
        print_note(out, pen);
        fputs("first seen", out);
        if (f->iter_second.len) {
            fputs(" at ", out);
            print_bindings(out, &f->iter_second);
        }
        if (f->params.len) {
            fputs(" with ", out);
            print_bindings(out, &f->params);
        }
        fputc('\n', out);
    }
    if (f->fix) {
        print_loc(out, pen, &loc);
        print_note(out, pen);
        fputs("fix: ", out);
        fputs_escaped(f->fix, out);
        fputc('\n', out);
    }
    if (f->trace)
        timeline_text(out, &loc, f->trace);
}

/* What a kernel was checked for, when that is more than one run or a run stood for several
 * paths: each param's range of values, the number of `if (?)` paths run, and how many
 * choices were checked as alternatives within them (docs/semantics.md §6). */
static void print_coverage(FILE *out, const struct paint *pen, const struct file_result *r,
                           const struct kernel_result *k)
{
    if (!k->verified || (k->nparams_checked <= 1 && k->paths <= 1 && !k->merged))
        return;
    fputs(pen->bold, out);
    fputs_escaped(r->path, out);
    fprintf(out, ":%s ", pen->reset);
    print_note(out, pen);
    fputs("kernel '", out);
    fputs_escaped(k->name, out);
    fputs("' checked for ", out);
    const struct binding_list *first = &k->params_checked[0];
    for (size_t p = 0; p < first->len; p++) {
        int64_t lo = first->items[p].value, hi = lo;
        for (size_t a = 1; a < k->nparams_checked; a++) {
            int64_t v = k->params_checked[a].items[p].value;
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
        fputs_escaped(first->items[p].name, out);
        if (lo == hi)
            fprintf(out, "=%lld, ", (long long)lo);
        else
            fprintf(out, "=%lld..%lld, ", (long long)lo, (long long)hi);
    }
    fprintf(out, "%zu parameter assignment%s, %zu path%s", k->nparams_checked,
            k->nparams_checked == 1 ? "" : "s", k->paths, k->paths == 1 ? "" : "s");
    if (k->turns)
        fprintf(out, " run, the choices of %zu core%s explored one core at a time (%llu if (?) "
                "choice%s of the other cores checked as alternatives within the runs)",
                k->turns, k->turns == 1 ? "" : "s", (unsigned long long)k->merged,
                k->merged == 1 ? "" : "s");
    else if (k->merged)
        fprintf(out, " run (%llu if (?) choice%s checked as alternatives "
                "within the run%s)", (unsigned long long)k->merged,
                k->merged == 1 ? "" : "s", k->paths == 1 ? "" : "s");
    fputc('\n', out);
}

/* The start of a note on a file: its path, then "note: ". */
static void print_file_note(FILE *out, const struct paint *pen, const struct file_result *r)
{
    fputs(pen->bold, out);
    fputs_escaped(r->path, out);
    fprintf(out, ":%s ", pen->reset);
    print_note(out, pen);
}

/* A kernel checked under values nobody gave: which, and how to give them. */
static void print_guessed(FILE *out, const struct paint *pen, const struct file_result *r,
                          const struct kernel_result *k)
{
    if (!k->guessed.len)
        return;
    print_file_note(out, pen, r);
    fputs("kernel '", out);
    fputs_escaped(k->name, out);
    fputs("' was checked with guessed values ", out);
    char *list = report_guessed_list(&k->guessed);
    fputs_escaped(list, out);
    free(list);
    fputs(": " REPORT_GUESSED_ADVICE "\n", out);
}

/* How the host code launches a kernel it was checked as (BANG C's task type), beside its
 * findings: what makes a core such as `c0.mpu` appear in them. */
static void print_launch(FILE *out, const struct paint *pen, const struct file_result *r,
                         const struct kernel_result *k)
{
    bool found = false;
    for (size_t i = 0; i < r->diags.len && k->launch && !found; i++)
        found = !r->diags.items[i].suppressed && r->diags.items[i].kernel &&
                !strcmp(r->diags.items[i].kernel, k->name);
    if (!found)
        return;
    print_file_note(out, pen, r);
    fputs("kernel '", out);
    fputs_escaped(k->name, out);
    fputs("' was checked as ", out);
    fputs_escaped(k->launch, out);
    fputc('\n', out);
}

/* Where a kernel source's tiling values or data types come from: the inputs its verdicts
 * are for ("tiling computed by ...", "data types: the first of ..."). */
static void print_inputs(FILE *out, const struct paint *pen, const struct file_result *r,
                         const char *lead, const char *text)
{
    print_file_note(out, pen, r);
    fputs(lead, out);
    fputs_escaped(text, out);
    fputc('\n', out);
}

void report_text(FILE *out, const struct file_result *files, size_t n, size_t skipped, bool werror,
                 const struct text_style *style)
{
    static const struct text_style none = {false, false, -1};
    if (!style)
        style = &none;
    const struct paint *pen = style->color ? &ansi : &plain;
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < files[i].diags.len; k++)
            if (!files[i].diags.items[k].suppressed)
                print_finding(out, pen, &files[i], &files[i].diags.items[k]);
        for (size_t k = 0; k < files[i].nkernels && !style->quiet; k++) {
            print_coverage(out, pen, &files[i], &files[i].kernels[k]);
            print_guessed(out, pen, &files[i], &files[i].kernels[k]);
            print_launch(out, pen, &files[i], &files[i].kernels[k]);
        }
        if (files[i].tiling && !style->quiet)
            print_inputs(out, pen, &files[i], "tiling ", files[i].tiling);
        if (files[i].chip && !style->quiet)
            print_inputs(out, pen, &files[i], "chip: ", files[i].chip);
        if (files[i].data_types && !style->quiet)
            print_inputs(out, pen, &files[i], "data types: ", files[i].data_types);
    }
    if (style->quiet)
        return;
    struct report_config *configs;
    size_t nconfigs = report_configs(files, n, &configs);
    for (size_t i = 0; i < nconfigs; i++) {   /* what the configurations turned off, first */
        char *changes = report_config_changes(&configs[i]);
        fputs(configs[i].path ? "accelsync: configuration " : "accelsync: check levels", out);
        if (configs[i].path)
            fputs_escaped(configs[i].path, out);
        fprintf(out, ": %s\n", changes);
        free(changes);
    }
    free(configs);
    struct report_summary s;
    report_summarize(files, n, skipped, werror, &s);
    fprintf(out, "accelsync: %zu file%s, %zu kernel%s: %zu error%s, %zu warning%s", s.files,
            s.files == 1 ? "" : "s", s.kernels, s.kernels == 1 ? "" : "s", s.errors,
            s.errors == 1 ? "" : "s", s.warnings, s.warnings == 1 ? "" : "s");
    if (s.notes)
        fprintf(out, ", %zu note%s", s.notes, s.notes == 1 ? "" : "s");
    if (s.suppressed)
        fprintf(out, " (%zu suppressed)", s.suppressed);
    if (s.empty)
        fprintf(out, "; %zu empty kernel%s, not verified", s.empty, s.empty == 1 ? "" : "s");
    if (s.guessed)
        fprintf(out, "; %zu kernel%s checked with guessed values", s.guessed,
                s.guessed == 1 ? "" : "s");
    if (s.not_reported)
        fprintf(out, "; %zu finding%s not reported (--max-errors)", s.not_reported,
                s.not_reported == 1 ? "" : "s");
    if (s.unverified)
        fprintf(out, "; %zu file%s NOT VERIFIED", s.unverified, s.unverified == 1 ? "" : "s");
    if (s.skipped)   /* apart from the files counted first: a file skipped was not checked */
        fprintf(out, "; %zu host/test file%s skipped", s.skipped, s.skipped == 1 ? "" : "s");
    if (style->seconds >= 0)
        fprintf(out, " in %.2f s", style->seconds);
    fputc('\n', out);
}
