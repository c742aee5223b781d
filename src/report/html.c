/* HTML report (--format html): one self-contained page (inline style and script, no network,
 * no fonts) with the files, kernels and findings of a check, each finding with the source
 * around its statements and, with --witness, its schedule drawn as an SVG timeline: one lane
 * per unit, the two accesses and the sync instructions marked, a time axis with one tick per
 * distinct time (as the text chart, so a latency "without bound" does not squash the rest).
 * Findings can be filtered by check id, also from the address: report.html#only=raw-hazard. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/trace.h"
#include "report.h"
#include "timeline.h"

#include "config.h"

/* Text as HTML: markup characters as entities, and, as in the text report (escape.h), each
 * control byte spelled \xHH: a name is shown as the bytes it is, never as a line break or a
 * terminal sequence when the page is copied. A tab stays in source lines (keep_tab). */
static void esc_bytes(FILE *out, const char *s, bool keep_tab)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {   /* a C1 control in UTF-8 */
                fprintf(out, "\\x%02x\\x%02x", p[0], p[1]);
                p++;
            } else if ((*p < 0x20 && !(keep_tab && *p == '\t')) || *p == 0x7f) {
                fprintf(out, "\\x%02x", *p);
            } else {
                fputc(*p, out);
            }
        }
    }
}

static void esc(FILE *out, const char *s) { esc_bytes(out, s, false); }

/* n bytes of a source line, which may hold NUL bytes (each shown as \x00). */
static void esc_n(FILE *out, const char *s, size_t n)
{
    char buf[512];
    while (n) {
        size_t k = n < sizeof(buf) - 1 ? n : sizeof(buf) - 1;
        size_t run = strnlen(s, k);
        if (run == 0) {
            fputs("\\x00", out);
            s++;
            n--;
            continue;
        }
        memcpy(buf, s, run);
        buf[run] = '\0';
        esc_bytes(out, buf, true);
        s += run;
        n -= run;
    }
}

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff}"
    "h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.5em;border-bottom:1px solid #ccc}"
    "h3{font-size:1em;font-weight:normal;margin:.4em 0}"
    ".finding{border:1px solid #ddd;border-radius:4px;padding:.5em 1em;margin:.8em 0}"
    ".finding.hidden{display:none}"
    ".sev{font-weight:bold;padding:0 .3em;border-radius:3px;color:#fff}"
    ".sev.error{background:#c62828}.sev.warning{background:#8e24aa}.sev.note{background:#00838f}"
    ".suppressed{opacity:.6}code,pre{font-family:monospace}"
    "pre.source{background:#f6f6f6;padding:.4em;overflow-x:auto}"
    "pre.source .first{background:#ffd6d6}pre.source .second{background:#d6e6ff}"
    ".fix{color:#1b5e20}.summary{font-weight:bold}"
    "#filter label{margin-right:1em;white-space:nowrap}"
    "svg.timeline{border:1px solid #eee;margin-top:.3em}"
    "svg text{font-family:monospace;font-size:11px}"
    "rect.first{fill:#e53935}rect.second{fill:#1e88e5}rect.sync{fill:#43a047}"
    "rect.other{fill:#9e9e9e}rect.slow{stroke:#000;stroke-dasharray:4 2}"
    "ul.legend{list-style:none;padding:0;margin:.2em 0;font-size:.9em}"
    "ul.legend li{display:inline-block;margin-right:1.2em}"
    ".swatch{display:inline-block;width:1.4em;height:.8em;margin-right:.3em;"
    "vertical-align:middle;border-radius:2px}"
    ".swatch.first{background:#e53935}.swatch.second{background:#1e88e5}"
    ".swatch.sync{background:#43a047}.swatch.other{background:#9e9e9e}"
    ".swatch.slow{border:1px dashed #000;background:#fff}";

static const char script[] =
    "(function(){"
    "var boxes=document.querySelectorAll('#filter input');"
    "function apply(){var on={};boxes.forEach(function(b){on[b.dataset.check]=b.checked;});"
    "document.querySelectorAll('.finding').forEach(function(f){"
    "f.classList.toggle('hidden',!on[f.dataset.check]);});"
    "var shown=document.querySelectorAll('.finding:not(.hidden)').length;"
    "document.getElementById('shown').textContent=shown;}"
    "var m=/only=([a-z,-]+)/.exec(location.hash);"
    "if(m){var keep=m[1].split(',');boxes.forEach(function(b){"
    "b.checked=keep.indexOf(b.dataset.check)>=0;});}"
    "boxes.forEach(function(b){b.addEventListener('change',apply);});apply();"
    "})();";

/* The source lines of a finding: each of its statements with a line either side. */
static void source_excerpt(FILE *out, const struct file_result *r, const struct finding *f)
{
    if (!r->src || f->loc.line < 1 || !f->loc.file || strcmp(f->loc.file, r->path) != 0)
        return;
    int a = f->related.file && f->related.line > 0 && strcmp(f->related.file, r->path) == 0
                ? f->related.line
                : 0;
    int lines[2] = {a < f->loc.line ? a : f->loc.line, a < f->loc.line ? f->loc.line : a};
    fputs("<pre class=\"source\">", out);
    int last = 0;
    for (int k = 0; k < 2; k++) {
        if (!lines[k])
            continue;
        int from = lines[k] - 1 > last ? lines[k] - 1 : last + 1, to = lines[k] + 1;
        if (last && from > last + 1)
            fputs("   ...\n", out);
        for (int l = from; l <= to; l++) {
            size_t len;
            const char *text = source_line(r->src, l, &len);
            if (!text)
                continue;
            const char *cls = l == f->loc.line ? "second" : l == a ? "first" : NULL;
            if (cls)
                fprintf(out, "<span class=\"%s\">", cls);
            fprintf(out, "%5d | ", l);
            esc_n(out, text, len);
            fputs(cls ? "</span>\n" : "\n", out);
            last = l;
        }
    }
    fputs("</pre>\n", out);
}

/* The schedule as SVG: one lane per unit, in the order the trace groups them, with a row per
 * instruction of the unit (a pipelined unit's instructions overlap in time). */
static void timeline_svg(FILE *out, const struct sim_trace *t, size_t index)
{
    int64_t *times = malloc((2 * t->n + 1) * sizeof(int64_t));
    if (!times)
        return;
    size_t ntimes = timeline_times(t, times);
    const int left = 120, col = 70, row = 24, top = 10;
    int width = left + col * (int)(ntimes ? ntimes : 1) + 260;   /* room for the labels */
    int height = top + row * (int)t->n + 30;
    fprintf(out, "<svg class=\"timeline\" data-finding=\"%zu\" xmlns=\"http://www.w3.org/2000/svg\" "
                 "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"schedule\">\n",
            index, width, height);
    for (size_t c = 0; c < ntimes; c++) {
        int x = left + col * (int)c;
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                     "<text class=\"tick\" x=\"%d\" y=\"%d\">%lld</text>\n",
                x, top, x, top + row * (int)t->n, x - 4, height - 8, (long long)times[c]);
    }
    for (size_t i = 0; i < t->n; i++) {
        const struct sim_trace_entry *e = &t->entries[i];
        int y = top + row * (int)i;
        if (i == 0 || strcmp(t->entries[i - 1].unit, e->unit) != 0) {   /* a new lane */
            fprintf(out, "<line class=\"lane\" x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                         "stroke=\"#999\"/><text class=\"unit\" x=\"4\" y=\"%d\">",
                    y, width, y, y + 16);
            esc(out, e->unit);
            fputs("</text>\n", out);
        }
        if (e->start == SIM_NEVER) {
            fprintf(out, "<text x=\"%d\" y=\"%d\">line %d: never starts</text>\n", left, y + 16,
                    e->loc.line);
            continue;
        }
        size_t c0 = 0, c1 = ntimes ? ntimes - 1 : 0;
        while (c0 + 1 < ntimes && times[c0] < e->start)
            c0++;
        if (e->end != SIM_NEVER)
            for (c1 = 0; c1 + 1 < ntimes && times[c1] < e->end;)
                c1++;
        int x0 = left + col * (int)c0, x1 = left + col * (int)c1 + (e->end == SIM_NEVER ? 30 : 0);
        const char *cls = e->role == TRACE_FIRST    ? "first"
                          : e->role == TRACE_SECOND ? "second"
                          : e->sync                 ? "sync"
                                                    : "other";
        fprintf(out, "<rect class=\"%s%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\">"
                     "<title>",
                cls, e->slow ? " slow" : "", x0, y + 4, x1 > x0 ? x1 - x0 : 4, row - 8);
        esc(out, e->what);
        fprintf(out, " (line %d): ", e->loc.line);
        if (e->end == SIM_NEVER)
            fprintf(out, "starts at t=%lld, never ends", (long long)e->start);
        else
            fprintf(out, "runs [%lld, %lld)%s", (long long)e->start, (long long)e->end,
                    e->slow ? ", delayed" : "");
        fprintf(out, "</title></rect><text x=\"%d\" y=\"%d\">%d ", x1 > x0 ? x1 + 4 : x0 + 8,
                y + 16, e->loc.line);
        esc(out, e->what);
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    free(times);
}

/* What each colour of a timeline stands for, one entry per colour it uses: the first and the
 * second access with their statements (line and instruction), sync instructions, the others,
 * and the dashed outline of a delayed one. */
static void timeline_legend(FILE *out, const struct sim_trace *t)
{
    const struct sim_trace_entry *first = NULL, *second = NULL;
    bool sync = false, other = false, slow = false;
    for (size_t i = 0; i < t->n; i++) {
        const struct sim_trace_entry *e = &t->entries[i];
        if (e->start == SIM_NEVER)
            continue;   /* drawn as text, not a bar */
        if (e->role == TRACE_FIRST && !first)
            first = e;
        else if (e->role == TRACE_SECOND && !second)
            second = e;
        else if (e->role != TRACE_FIRST && e->role != TRACE_SECOND)
            *(e->sync ? &sync : &other) = true;
        slow |= e->slow;
    }
    fputs("<ul class=\"legend\">", out);
    const struct sim_trace_entry *accesses[2] = {first, second};
    for (int k = 0; k < 2; k++) {
        if (!accesses[k])
            continue;
        fprintf(out, "<li data-kind=\"%s\"><span class=\"swatch %s\"></span>%s access: line %d ",
                k ? "second" : "first", k ? "second" : "first", k ? "second" : "first",
                accesses[k]->loc.line);
        esc(out, accesses[k]->what);
        fputs("</li>", out);
    }
    if (sync)
        fputs("<li data-kind=\"sync\"><span class=\"swatch sync\"></span>synchronization "
              "(flags, barriers)</li>", out);
    if (other)
        fputs("<li data-kind=\"other\"><span class=\"swatch other\"></span>other "
              "instructions</li>", out);
    if (slow)
        fputs("<li data-kind=\"slow\"><span class=\"swatch slow\"></span>delayed by the "
              "schedule</li>", out);
    fputs("</ul>\n", out);
}

static void finding_html(FILE *out, const struct file_result *r, const struct finding *f,
                         size_t *witnesses)
{
    const char *sev = severity_name(f->severity);
    fprintf(out, "<article class=\"finding%s\" data-check=\"%s\" data-severity=\"%s\">\n<h3>"
                 "<span class=\"sev %s\">%s</span> <code>",
            f->suppressed ? " suppressed" : "", check_name(f->check), sev, sev, sev);
    esc(out, f->loc.file ? f->loc.file : r->path);
    if (f->loc.line > 0)
        fprintf(out, ":%d:%d", f->loc.line, f->loc.col > 0 ? f->loc.col : 1);
    fputs("</code> ", out);
    esc(out, f->message);
    fprintf(out, " <code>[%s]</code></h3>\n", check_name(f->check));
    if (f->suppressed) {
        fputs("<p>suppressed: ", out);
        esc(out, f->suppressed);
        fputs("</p>\n", out);
    }
    source_excerpt(out, r, f);
    if (f->related_what && f->related.line > 0) {
        fprintf(out, "<p>line %d: ", f->related.line);
        esc(out, f->related_what);
        fputs("</p>\n", out);
    }
    for (size_t i = 0; i < f->nnotes; i++) {   /* inlined calls, innermost first */
        fprintf(out, "<p class=\"note\">line %d: ", f->notes[i].loc.line);
        esc(out, f->notes[i].text);
        fputs("</p>\n", out);
    }
    if (f->fix) {
        fputs("<p class=\"fix\">fix: ", out);
        esc(out, f->fix);
        fputs("</p>\n", out);
    }
    if (f->trace && f->trace->witness) {
        fputs("<figure class=\"witness\"><figcaption>", out);
        esc(out, f->trace->confirmed ? "witness, confirmed by simulation: " : "schedule: ");
        esc(out, f->trace->outcome ? f->trace->outcome : f->trace->schedule);
        fputs("</figcaption>\n", out);
        timeline_svg(out, f->trace, (*witnesses)++);
        timeline_legend(out, f->trace);
        fputs("</figure>\n", out);
    }
    fputs("</article>\n", out);
}

bool report_html(FILE *out, const struct file_result *files, size_t n, size_t skipped,
                 bool werror)
{
    struct report_summary s;
    report_summarize(files, n, skipped, werror, &s);
    size_t counts[CHECK_COUNT] = {0}, total = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < files[i].diags.len; k++) {
            counts[files[i].diags.items[k].check]++;
            total++;
        }
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<title>accelsync report</title>\n<style>%s</style>\n</head>\n<body>\n"
                 "<h1>accelsync report</h1>\n<p class=\"summary\">",
            style);
    fprintf(out, "%zu file%s, %zu kernel%s: %zu error%s, %zu warning%s, %zu suppressed%s%s",
            s.files, s.files == 1 ? "" : "s", s.kernels, s.kernels == 1 ? "" : "s", s.errors,
            s.errors == 1 ? "" : "s", s.warnings, s.warnings == 1 ? "" : "s", s.suppressed,
            s.unverified ? "; NOT VERIFIED: " : "", s.unverified ? "some files" : "");
    if (s.skipped)
        fprintf(out, "; %zu host/test file%s skipped", s.skipped, s.skipped == 1 ? "" : "s");
    fprintf(out, ". Showing <span id=\"shown\">%zu</span> of %zu findings.</p>\n", total, total);
    fputs("<div id=\"filter\">Checks: ", out);
    for (int c = 0; c < CHECK_COUNT; c++)
        if (counts[c])
            fprintf(out, "<label><input type=\"checkbox\" data-check=\"%s\" checked> %s (%zu)</label>",
                    check_name((enum check_id)c), check_name((enum check_id)c), counts[c]);
    fputs("</div>\n", out);
    size_t witnesses = 0;
    for (size_t i = 0; i < n; i++) {
        const struct file_result *r = &files[i];
        fputs("<section class=\"file\">\n<h2>", out);
        esc(out, r->path);
        fprintf(out, " <small>(%s)</small></h2>\n<ul class=\"kernels\">\n",
                file_result_exit_code(r, werror) == 2 ? "not verified" : "checked");
        for (size_t k = 0; k < r->nkernels; k++) {
            fputs("<li class=\"kernel\">", out);
            esc(out, r->kernels[k].name);
            fprintf(out, ": %s, %zu run%s", r->kernels[k].verified ? "complete" : "not complete",
                    r->kernels[k].paths, r->kernels[k].paths == 1 ? "" : "s");
            if (r->kernels[k].merged)
                fprintf(out, " (%llu choice%s merged)", (unsigned long long)r->kernels[k].merged,
                        r->kernels[k].merged == 1 ? "" : "s");
            if (r->kernels[k].guessed.len) {
                char *list = report_guessed_list(&r->kernels[k].guessed);
                fputs(", checked with guessed values ", out);
                esc(out, list);
                fputs(" (" REPORT_GUESSED_ADVICE ")", out);
                free(list);
            }
            fputs("</li>\n", out);
        }
        fputs("</ul>\n", out);
        for (size_t k = 0; k < r->diags.len; k++)
            finding_html(out, r, &r->diags.items[k], &witnesses);
        fputs("</section>\n", out);
    }
    fprintf(out, "<footer><p>accelsync %s</p></footer>\n<script>%s</script>\n</body>\n</html>\n",
            AS_VERSION, script);
    return !ferror(out);
}
