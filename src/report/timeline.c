/* Simulated schedules in text and JSON. The chart has one column per distinct time shown (so
 * it stays narrow whatever the latencies), one row per instruction, grouped by unit:
 *
 *     unit  line  instruction            0  1  2    1000
 *     V        5  V vadds         first  [=============>  [0, 1000) delayed
 *     S        6  S get_value     second    [==]          [1, 2)
 */
#include "timeline.h"

#include <stdlib.h>
#include <string.h>

#include "../util/escape.h"
#include "../util/xalloc.h"

static int by_value(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}


size_t timeline_times(const struct sim_trace *t, int64_t *times)
{
    size_t n = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (t->entries[i].start != SIM_NEVER)
            times[n++] = t->entries[i].start;
        if (t->entries[i].end != SIM_NEVER)
            times[n++] = t->entries[i].end;
    }
    if (n)
        qsort(times, n, sizeof(int64_t), by_value);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || times[k - 1] != times[i])
            times[k++] = times[i];
    return k;
}

static size_t column(const int64_t *times, size_t n, int64_t t)
{
    size_t c = 0;
    while (c + 1 < n && times[c] < t)
        c++;
    return c;
}

static const char *role_name(enum trace_role r)
{
    return r == TRACE_FIRST ? "first" : r == TRACE_SECOND ? "second" : "";
}

static void print_row(FILE *out, const struct sim_trace_entry *e, const int64_t *times,
                      size_t ntimes, int width, char *bar, size_t barlen)
{
    memset(bar, ' ', barlen);
    bar[barlen] = '\0';
    char span[96];
    if (e->start == SIM_NEVER) {
        snprintf(span, sizeof(span), "never starts");
    } else {
        size_t from = column(times, ntimes, e->start) * (size_t)width;
        bar[from] = '[';
        if (e->end != SIM_NEVER) {
            size_t to = column(times, ntimes, e->end) * (size_t)width;
            for (size_t i = from + 1; i < to; i++)
                bar[i] = '=';
            bar[to] = e->slow ? '>' : ']';
            snprintf(span, sizeof(span), "[%lld, %lld)%s", (long long)e->start, (long long)e->end,
                     e->slow ? " delayed" : "");
        } else {
            for (size_t i = from + 1; i + 1 < barlen; i++)
                bar[i] = '~';
            bar[barlen - 1] = '>';
            snprintf(span, sizeof(span), "[%lld, never)", (long long)e->start);
        }
    }
    fprintf(out, "%s  %s\n", bar, span);
}

void timeline_text(FILE *out, const struct as_loc *loc, const struct sim_trace *t)
{
    char where[32];
    if (loc->line > 0 && loc->col > 0)
        snprintf(where, sizeof(where), ":%d:%d: ", loc->line, loc->col);
    else
        snprintf(where, sizeof(where), ": ");
    if (t->witness) {
        fputs_escaped(loc->file, out);
        fprintf(out, "%snote: witness: %s by simulation: ", where,
                t->confirmed ? "confirmed" : "NOT confirmed");
        fputs_escaped(t->outcome, out);
        fputc('\n', out);
    }
    fputs_escaped(loc->file, out);
    fprintf(out, "%snote: %s: ", where, t->witness ? "witness schedule" : "schedule");
    fputs_escaped(t->schedule, out);
    fputc('\n', out);
    if (!t->n)
        return;
    int64_t *times = xmalloc(2 * t->n * sizeof(int64_t));
    size_t ntimes = timeline_times(t, times);
    int width = 3, unit_w = 4, what_w = 11;
    char num[32];
    for (size_t i = 0; i < ntimes; i++) {
        int len = snprintf(num, sizeof(num), "%lld", (long long)times[i]);
        if (len + 1 > width)
            width = len + 1;
    }
    for (size_t i = 0; i < t->n; i++) {
        int u = (int)strlen(t->entries[i].unit), w = (int)strlen(t->entries[i].what);
        unit_w = u > unit_w ? u : unit_w;
        what_w = w > what_w ? (w > 48 ? 48 : w) : what_w;
    }
    size_t barlen = (ntimes ? ntimes - 1 : 0) * (size_t)width + 3;
    char *bar = xmalloc(barlen + (size_t)width + 32);
    fprintf(out, "      %-*s  line  %-*s %-6s ", unit_w, "unit", what_w, "instruction", "");
    for (size_t i = 0; i < ntimes; i++)
        fprintf(out, "%-*lld", i + 1 < ntimes ? width : 0, (long long)times[i]);
    fputc('\n', out);
    for (size_t i = 0; i < t->n; i++) {
        const struct sim_trace_entry *e = &t->entries[i];
        fprintf(out, "      %-*s %5d  %-*.*s %-6s ", unit_w, e->unit, e->loc.line, what_w, what_w,
                e->what, role_name(e->role));
        print_row(out, e, times, ntimes, width, bar, barlen);
    }
    if (t->omitted)
        fprintf(out, "      (%zu instruction%s issued in between not shown)\n", t->omitted,
                t->omitted == 1 ? "" : "s");
    free(bar);
    free(times);
}

static json_t *time_json(int64_t t) { return t == SIM_NEVER ? json_null() : json_integer((json_int_t)t); }

json_t *timeline_json(const struct sim_trace *t)
{
    json_t *rows = json_array();
    for (size_t i = 0; i < t->n; i++) {
        const struct sim_trace_entry *e = &t->entries[i];
        json_t *iters = json_object();
        for (size_t k = 0; k < e->iters.len; k++)
            json_object_set_new(iters, e->iters.items[k].name,
                                json_integer((json_int_t)e->iters.items[k].value));
        json_t *row = json_pack("{s:s, s:s, s:i, s:i, s:o, s:I, s:o, s:o, s:o, s:b}", "unit",
                                e->unit, "instruction", e->what, "line", e->loc.line, "column",
                                e->loc.col, "iterations", iters, "index", (json_int_t)e->index,
                                "issue", time_json(e->issue), "start", time_json(e->start),
                                "end", time_json(e->end), "delayed",
                                e->slow);
        json_object_set_new(row, "role", e->role == TRACE_OTHER ? json_null()
                                                                : json_string(role_name(e->role)));
        json_array_append_new(rows, row);
    }
    json_t *o = json_pack("{s:b, s:s, s:s, s:I, s:o}", "confirmed", t->confirmed, "schedule",
                          t->schedule ? t->schedule : "", "outcome", t->outcome ? t->outcome : "",
                          "slow_latency", (json_int_t)t->slow, "timeline", rows);
    if (t->omitted)
        json_object_set_new(o, "omitted", json_integer((json_int_t)t->omitted));
    return o;
}
