/* JSON output, built with jansson: the stable contract documented in docs/cli.md. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "configs.h"
#include "json_text.h"
#include "report.h"
#include "timeline.h"

/* A finding about a whole file has no line (null, not 0); one in a model file has a line
 * but no column. */
static json_t *loc_json(const struct as_loc *loc, const char *fallback_file)
{
    return json_pack("{s:o, s:o, s:o}", "file", json_text(loc->file ? loc->file : fallback_file),
                     "line", loc->line > 0 ? json_integer(loc->line) : json_null(),
                     "column", loc->col > 0 ? json_integer(loc->col) : json_null());
}

static json_t *bindings_json(const struct binding_list *b)
{
    json_t *o = json_object();
    for (size_t i = 0; i < b->len; i++)
        json_object_set_new(o, b->items[i].name, json_integer((json_int_t)b->items[i].value));
    return o;
}

static json_t *finding_json(const struct finding *f, const char *path)
{
    json_t *o = json_pack("{s:s, s:s, s:s, s:o, s:o}", "check", check_name(f->check), "code",
                          check_code(f->check), "severity",
                          severity_name(f->severity), "message",
                          json_text(f->message), "location", loc_json(&f->loc, path));
    if (f->related.file && f->related.line > 0)
        json_object_set_new(o, "related", loc_json(&f->related, path));
    if (f->nnotes) {   /* how the source reached the statements: inlined calls, innermost first */
        json_t *notes = json_array();
        for (size_t i = 0; i < f->nnotes; i++) {
            json_t *n = loc_json(&f->notes[i].loc, path);
            json_object_set_new(n, "message", json_text(f->notes[i].text));
            json_object_set_new(n, "of", json_string(f->notes[i].of_related ? "related"
                                                                           : "location"));
            json_array_append_new(notes, n);
        }
        json_object_set_new(o, "notes", notes);
    }
    if (f->params.len)
        json_object_set_new(o, "params", bindings_json(&f->params));
    if (f->iter_first.len || f->iter_second.len) {
        json_t *it = json_object();
        if (f->related.file)
            json_object_set_new(it, "first", bindings_json(&f->iter_first));
        json_object_set_new(it, "second", bindings_json(&f->iter_second));
        json_object_set_new(o, "iterations", it);
    }
    if (f->unit_first)
        json_object_set_new(o, "units", json_pack("{s:s, s:s}", "first", f->unit_first,
                                                  "second", f->unit_second));
    if (f->op_first)
        json_object_set_new(o, "ops", json_pack("{s:s, s:s}", "first", f->op_first, "second",
                                                f->op_second));
    if (f->buffer) {
        json_object_set_new(o, "buffer", json_string(f->buffer));
        json_object_set_new(o, "bytes", json_pack("[I, I]", (json_int_t)f->bytes_lo,
                                                  (json_int_t)f->bytes_hi));
    }
    if (f->anywhere_first || f->anywhere_second) {   /* accesses whose bytes data decides */
        json_t *which = json_array();
        if (f->anywhere_first)
            json_array_append_new(which, json_string("first"));
        if (f->anywhere_second)
            json_array_append_new(which, json_string("second"));
        json_object_set_new(o, "anywhere", which);
    }
    if (f->fix)
        json_object_set_new(o, "fix", json_string(f->fix));
    if (f->trace)
        json_object_set_new(o, f->trace->witness ? "witness" : "schedule", timeline_json(f->trace));
    return o;
}

static json_t *kernel_json(const struct file_result *r, const struct kernel_result *k)
{
    json_t *params = json_array(), *findings = json_array();
    for (size_t i = 0; i < k->nparams_checked; i++)
        json_array_append_new(params, bindings_json(&k->params_checked[i]));
    for (size_t i = 0; i < r->diags.len; i++) {
        const struct finding *f = &r->diags.items[i];
        if (f->kernel && strcmp(f->kernel, k->name) == 0 && !f->suppressed)
            json_array_append_new(findings, finding_json(f, r->path));
    }
    /* "complete" says every run was checked; "verified", its old name, read as "clean" to
     * newcomers and stays one more version for readers of the old contract (docs/cli.md). */
    json_t *o = json_pack("{s:s, s:b, s:b, s:o, s:I, s:I, s:o}", "name", k->name, "complete",
                          k->verified, "verified", k->verified, "params_checked", params, "paths",
                          (json_int_t)k->paths, "events", (json_int_t)k->events, "findings",
                          findings);
    if (k->entry)   /* a kernel source's entry: as the source names it, and whether it is empty */
        json_object_set_new(o, "entry", json_text(k->entry));
    if (k->entry || k->empty)
        json_object_set_new(o, "empty", json_boolean(k->empty));
    if (k->merged)   /* choices checked as alternatives within its runs */
        json_object_set_new(o, "merged_choices", json_integer((json_int_t)k->merged));
    if (k->turns)    /* cores whose choices were explored one core at a time */
        json_object_set_new(o, "core_turns", json_integer((json_int_t)k->turns));
    if (k->launch)   /* how the host code beside it launches it */
        json_object_set_new(o, "launch", json_text(k->launch));
    if (k->guessed.len)   /* the values it was checked with that nobody gave */
        json_object_set_new(o, "guessed", bindings_json(&k->guessed));
    return o;
}

static json_t *file_json(const struct file_result *r, bool werror)
{
    json_t *kernels = json_array(), *diags = json_array(), *suppressed = json_array();
    for (size_t i = 0; i < r->nkernels; i++)
        json_array_append_new(kernels, kernel_json(r, &r->kernels[i]));
    for (size_t i = 0; i < r->nstopped; i++)   /* never checked: the frontend stopped on them */
        json_array_append_new(kernels, json_pack("{s:o, s:b, s:b, s:[], s:i, s:i, s:[], s:o}",
                                                 "name", json_text(r->stopped[i].name),
                                                 "complete", 0, "verified", 0,
                                                 "params_checked", "paths", 0, "events", 0,
                                                 "findings", "stopped",
                                                 json_text(r->stopped[i].reason)));
    for (size_t i = 0; i < r->diags.len; i++) {
        const struct finding *f = &r->diags.items[i];
        if (f->suppressed) {   /* kept apart, so "findings" stays what is reported */
            json_t *j = finding_json(f, r->path);
            json_object_set_new(j, "reason", json_text(f->suppressed));
            json_array_append_new(suppressed, j);
        } else if (!f->kernel) {
            json_array_append_new(diags, finding_json(f, r->path));
        }
    }
    json_t *o = json_pack("{s:o, s:s, s:o, s:o}", "path", json_text(r->path), "status",
                          file_result_exit_code(r, werror) == 2 ? "error" : "checked", "kernels",
                          kernels, "diagnostics", diags);
    json_object_set_new(o, "model", r->model ? json_string(r->model->name) : json_null());
    json_object_set_new(o, "suppressed", suppressed);
    json_object_set_new(o, "not_reported", json_integer((json_int_t)r->diags.cut));
    json_object_set_new(o, "configuration", r->config ? json_text(r->config) : json_null());
    json_object_set_new(o, "tiling", r->tiling ? json_text(r->tiling) : json_null());
    json_object_set_new(o, "data_types", r->data_types ? json_text(r->data_types) : json_null());
    json_object_set_new(o, "chip", r->chip ? json_text(r->chip) : json_null());
    return o;
}

/* summary.configurations: each configuration used, with the levels it set ({"raw-hazard":
 * "off"}); path null for levels set without one (the library). */
static json_t *configurations_json(const struct file_result *files, size_t n)
{
    struct report_config *configs;
    size_t nconfigs = report_configs(files, n, &configs);
    json_t *list = json_array();
    for (size_t i = 0; i < nconfigs; i++) {
        json_t *levels = json_object();
        for (int c = 0; c < CHECK_COUNT; c++)
            if (report_level_name(configs[i].level[c]))
                json_object_set_new(levels, check_name((enum check_id)c),
                                    json_string(report_level_name(configs[i].level[c])));
        json_array_append_new(list, json_pack("{s:o, s:o}", "path", configs[i].path
                                              ? json_text(configs[i].path) : json_null(),
                                              "levels", levels));
    }
    free(configs);
    return list;
}

/* text with `indent` spaces after each of its newlines: a value dumped alone, placed at that
 * depth of the document. */
static bool put_indented(FILE *out, const char *text, const char *indent)
{
    for (const char *nl; (nl = strchr(text, '\n')); text = nl + 1)
        if (fwrite(text, 1, (size_t)(nl + 1 - text), out) != (size_t)(nl + 1 - text)
            || fputs(indent, out) < 0)
            return false;
    return fputs(text, out) >= 0;
}

#define DUMP_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER)
#define FILES_KEY "\"files\": []"

/* The document is dumped around an empty "files" array, and each file's object is made,
 * dumped into its place and freed in turn: a library run reports thousands of files, and one
 * tree of all of them doubled the memory of the results it was made from. The bytes are
 * those of dumping the whole tree at once. */
bool report_json(FILE *out, const struct file_result *files, size_t n, size_t skipped,
                 bool werror)
{
    struct report_summary s;
    report_summarize(files, n, skipped, werror, &s);
    json_t *doc = json_pack("{s:i, s:{s:s, s:s}, s:[], s:{s:I, s:I, s:I, s:I, s:I, s:i}}",
                            "version", 1, "tool", "name", "accelsync", "version", AS_VERSION,
                            "files", "summary", "files", (json_int_t)s.files, "kernels",
                            (json_int_t)s.kernels, "errors", (json_int_t)s.errors, "warnings",
                            (json_int_t)s.warnings, "unverified", (json_int_t)s.unverified,
                            "exit_code", s.exit_code);
    if (!doc)
        return false;
    json_object_set_new(json_object_get(doc, "summary"), "suppressed", json_integer((json_int_t)s.suppressed));
    json_object_set_new(json_object_get(doc, "summary"), "not_reported",
                        json_integer((json_int_t)s.not_reported));
    json_object_set_new(json_object_get(doc, "summary"), "empty_kernels",
                        json_integer((json_int_t)s.empty));
    json_object_set_new(json_object_get(doc, "summary"), "notes",
                        json_integer((json_int_t)s.notes));
    json_object_set_new(json_object_get(doc, "summary"), "guessed_kernels",
                        json_integer((json_int_t)s.guessed));
    json_object_set_new(json_object_get(doc, "summary"), "skipped",
                        json_integer((json_int_t)s.skipped));
    json_object_set_new(json_object_get(doc, "summary"), "configurations",
                        configurations_json(files, n));
    char *frame = json_dumps(doc, DUMP_FLAGS);
    json_decref(doc);
    if (!frame)
        return false;
    /* Keys are unique and a string's quotes are escaped: this is the array's place. */
    char *at = strstr(frame, FILES_KEY);
    if (!at) {
        free(frame);
        return false;
    }
    size_t open = (size_t)(at - frame) + strlen(FILES_KEY) - 1;   /* just after '[' */
    bool ok = fwrite(frame, 1, open, out) == open;
    for (size_t i = 0; i < n && ok; i++) {
        json_t *f = file_json(&files[i], werror);
        char *text = json_dumps(f, DUMP_FLAGS);
        json_decref(f);
        ok = text && fputs(i ? ",\n    " : "\n    ", out) >= 0 && put_indented(out, text, "    ");
        free(text);
    }
    ok = ok && (n == 0 || fputs("\n  ", out) >= 0) && fputs(frame + open, out) >= 0
         && fputc('\n', out) != EOF;
    free(frame);
    return ok;
}
