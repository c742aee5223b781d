/* SARIF 2.1.0 output (docs/cli.md#sarif), built with jansson: one run whose driver lists a
 * rule per check id of the registry, and one result per finding. Paths are given relative to
 * the working directory (uriBaseId "%SRCROOT%"); partialFingerprints are fingerprint.c's. */
#include <jansson.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "../sim/trace.h"
#include "artifact.h"
#include "configs.h"
#include "fingerprint.h"
#include "json_text.h"
#include "report.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
/* config.h: the published docs the build was configured with (-Ddocs_url), or "": no link
 * (there is no public site; a file:// URI of the installed docs is dead for a reader of the
 * report in a browser). Each rule names its section of the docs in properties instead. */
#define DOCS_URL AS_DOCS_URL

static json_t *message(const char *s) { return json_pack("{s:o}", "text", json_text(s)); }

/* A location in the file `src` holds, or in another file (a header), whose columns are given
 * as counted (in bytes: the same as code points for the ASCII of C headers). A location with
 * no file is in `fallback`, the file checked; one with no line (a problem of the whole file)
 * is its line 1: code scanning places every result at a line of a file it can name. */
static json_t *location(const struct source *src, const struct as_loc *loc, const char *fallback,
                        const char *what)
{
    const char *file = loc->file && *loc->file ? loc->file : fallback;
    json_t *phys = json_pack("{s:o}", "artifactLocation", artifact_location(file));
    json_t *region = json_pack("{s:i}", "startLine", loc->line > 0 ? loc->line : 1);
    if (loc->line > 0 && loc->col > 0) {
        const struct source *text = src && strcmp(src->path, file) == 0 ? src : NULL;
        int end = loc->col + (loc->len > 0 ? loc->len : 1);
        json_object_set_new(region, "startColumn",
                            json_integer(artifact_column(text, loc->line, loc->col)));
        json_object_set_new(region, "endColumn",
                            json_integer(artifact_column(text, loc->line, end)));
    }
    json_object_set_new(phys, "region", region);
    json_t *l = json_pack("{s:o}", "physicalLocation", phys);
    if (what)
        json_object_set_new(l, "message", message(what));
    return l;
}

/* The witness schedule as a thread flow: its instructions in the order drawn, each with when
 * it issued, started and ended. */
static json_t *code_flow(const struct sim_trace *t, const struct source *src, const char *path)
{
    json_t *locations = json_array();
    for (size_t i = 0; i < t->n; i++) {
        const struct sim_trace_entry *e = &t->entries[i];
        char what[512];
        if (e->start == SIM_NEVER)
            snprintf(what, sizeof(what), "%s on %s: never starts", e->what, e->unit);
        else
            snprintf(what, sizeof(what), "%s on %s%s: issued at t=%lld, runs [%lld, %lld)%s",
                     e->what, e->unit,
                     e->role == TRACE_FIRST ? " (first access)" : e->role == TRACE_SECOND ? " (second access)" : "",
                     (long long)e->issue, (long long)e->start, (long long)e->end,
                     e->slow ? ", delayed" : "");
        json_array_append_new(locations, json_pack("{s:o}", "location", location(src, &e->loc, path, what)));
    }
    json_t *flow = json_pack("{s:o, s:[{s:o}]}", "message",
                             message(t->outcome ? t->outcome : t->schedule), "threadFlows",
                             "locations", locations);
    return flow;
}

static json_t *rules_json(void)
{
    json_t *rules = json_array();
    for (int id = 0; id < CHECK_COUNT; id++) {
        const struct check_info *c = check_info((enum check_id)id);
        char docs[128];
        snprintf(docs, sizeof(docs), "docs/diagnostics.md#%s", c->name);
        json_t *rule = json_pack(
            "{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}, s:{s:s}, s:{s:s, s:s}}", "id", c->name, "name",
            c->name, "shortDescription", "text", c->summary, "fullDescription", "text",
            c->description, "help", "text", c->help, "defaultConfiguration", "level",
            c->warning ? "warning" : "error", "properties", "code", c->code, "documentation", docs);
        if (DOCS_URL[0]) {
            char uri[512];
            snprintf(uri, sizeof(uri), "%sdiagnostics.md#%s", DOCS_URL, c->name);
            json_object_set_new(rule, "helpUri", json_string(uri));
        }
        json_array_append_new(rules, rule);
    }
    return rules;
}

/* f is a finding of r; fp its fingerprint (fingerprint.c). */
static json_t *result_json(const struct file_result *r, const struct finding *f, const char *fp)
{
    char *with_fix = NULL;
    if (f->fix) {   /* code scanning shows the message only: the fix goes in it */
        with_fix = malloc(strlen(f->message) + strlen(f->fix) + 8);
        if (with_fix)
            sprintf(with_fix, "%s\nfix: %s", f->message, f->fix);
    }
    json_t *res = json_pack("{s:s, s:i, s:s, s:o, s:[o]}", "ruleId", check_name(f->check),
                            "ruleIndex", (int)f->check, "level",
                            severity_name(f->severity), "message",
                            message(with_fix ? with_fix : f->message), "locations",
                            location(r->src, &f->loc, r->path, NULL));
    free(with_fix);
    json_t *related = json_array();
    if (f->related.file && f->related.line > 0)
        json_array_append_new(related, location(r->src, &f->related, r->path,
                                                f->related_what ? f->related_what : "other party"));
    for (size_t i = 0; i < f->nnotes; i++)   /* inlined calls, innermost first */
        json_array_append_new(related, location(r->src, &f->notes[i].loc, r->path, f->notes[i].text));
    if (json_array_size(related))
        json_object_set_new(res, "relatedLocations", related);
    else
        json_decref(related);
    /* GitHub code scanning reads primaryLocationLineHash only (and computes its own from the
     * line when it is missing): ours, which survives code moving, under both keys */
    json_object_set_new(res, "partialFingerprints", json_pack("{s:s, s:s}", "accelsyncFindingHash/v1",
                                                              fp, "primaryLocationLineHash", fp));
    if (f->fix)
        json_object_set_new(res, "properties", json_pack("{s:o}", "fix", json_text(f->fix)));
    if (f->trace && f->trace->witness)
        json_object_set_new(res, "codeFlows", json_pack("[o]", code_flow(f->trace, r->src, r->path)));
    if (f->suppressed)
        json_object_set_new(res, "suppressions",
                            json_pack("[{s:s, s:s, s:o}]", "kind",
                                      f->suppressed_externally ? "external" : "inSource", "status",
                                      "accepted",
                                      "justification", json_text(f->suppressed)));
    return res;
}

/* The configurations of the run in its invocation: a ruleConfigurationOverride per check a
 * configuration turned off (enabled false) or changed (its level), the configuration's path
 * in its properties; and a toolConfigurationNotification per configuration naming its file
 * and what it changes, so that a log never hides that a check was off. */
static void configurations_json(json_t *invocation, const struct file_result *files, size_t n)
{
    struct report_config *configs;
    size_t nconfigs = report_configs(files, n, &configs);
    if (!nconfigs)
        return;
    json_t *overrides = json_array(), *notes = json_array();
    for (size_t i = 0; i < nconfigs; i++) {
        const struct report_config *c = &configs[i];
        for (int id = 0; id < CHECK_COUNT; id++) {
            const char *level = report_level_name(c->level[id]);
            if (!level)
                continue;
            json_t *o = json_pack("{s:{s:s, s:i}, s:o}", "descriptor", "id",
                                  check_name((enum check_id)id), "index", id, "configuration",
                                  strcmp(level, "off") == 0 ? json_pack("{s:b}", "enabled", 0)
                                                            : json_pack("{s:s}", "level", level));
            if (c->path)
                json_object_set_new(o, "properties", json_pack("{s:o}", "configuration",
                                                               json_text(c->path)));
            json_array_append_new(overrides, o);
        }
        char *changes = report_config_changes(c);
        char *text = malloc(strlen(changes) + (c->path ? strlen(c->path) : 0) + 32);
        if (text)
            sprintf(text, "%s%s: %s", c->path ? "configuration " : "check levels",
                    c->path ? c->path : "", changes);
        json_t *note = json_pack("{s:s, s:o}", "level", "note", "message",
                                 message(text ? text : changes));
        if (c->path)
            json_object_set_new(note, "locations", json_pack("[{s:{s:o}}]", "physicalLocation",
                                                             "artifactLocation",
                                                             artifact_location(c->path)));
        json_array_append_new(notes, note);
        free(text);
        free(changes);
    }
    free(configs);
    if (json_array_size(overrides))
        json_object_set_new(invocation, "ruleConfigurationOverrides", overrides);
    else
        json_decref(overrides);
    json_object_set_new(invocation, "toolConfigurationNotifications", notes);
}

bool report_sarif(FILE *out, const struct file_result *files, size_t n, size_t skipped,
                 bool werror)
{
    json_t *results = json_array(), *artifacts = json_array(), *notifications = json_array();
    bool all_verified = true;
    for (size_t i = 0; i < n; i++) {
        const struct file_result *r = &files[i];
        json_array_append_new(artifacts, json_pack("{s:o}", "location", artifact_location(r->path)));
        struct fingerprint *fps = file_fingerprints(r);
        for (size_t k = 0; k < r->diags.len; k++)
            json_array_append_new(results, result_json(r, &r->diags.items[k], fps[k].text));
        free(fps);
        for (size_t k = 0; k < r->nkernels; k++) {   /* a verdict under guessed values */
            if (!r->kernels[k].guessed.len)
                continue;
            char *list = report_guessed_list(&r->kernels[k].guessed);
            char *text = xasprintf("kernel '%s' was checked with guessed values %s: "
                                   REPORT_GUESSED_ADVICE, r->kernels[k].name, list);
            json_array_append_new(notifications, json_pack(
                "{s:o, s:s, s:[o]}", "message", message(text), "level", "note", "locations",
                location(NULL, &(struct as_loc){r->path, 0, 0, 0}, r->path, NULL)));
            free(text);
            free(list);
        }
        if (file_result_exit_code(r, werror) == 2) {
            all_verified = false;
            char why[128];
            snprintf(why, sizeof(why), "this file could not be verified: %zu finding%s not "
                     "reported (--max-errors)", r->diags.cut, r->diags.cut == 1 ? " was" : "s were");
            json_array_append_new(notifications, json_pack(
                "{s:o, s:s, s:[o]}", "message",
                message(r->diags.cut ? why : "this file could not be verified"), "level",
                "error", "locations", location(NULL, &(struct as_loc){r->path, 0, 0, 0}, r->path, NULL)));
        }
    }
    struct report_summary s;
    report_summarize(files, n, skipped, werror, &s);
    json_t *invocation = json_pack("{s:b, s:i, s:o}", "executionSuccessful", all_verified,
                                   "exitCode", s.exit_code, "toolExecutionNotifications",
                                   notifications);
    configurations_json(invocation, files, n);
    char cwd[PATH_MAX];
    json_t *base = getcwd(cwd, sizeof(cwd)) ? artifact_location(cwd) : NULL;
    const char *u = base ? json_string_value(json_object_get(base, "uri")) : NULL;
    if (u) {   /* the working directory as a directory URI: file:///.../ */
        char *dir = malloc(strlen(u) + 2);
        if (dir) {
            sprintf(dir, "%s%s", u, u[strlen(u) - 1] == '/' ? "" : "/");
            json_object_set_new(base, "uri", json_string(dir));
            free(dir);
        }
    }
    json_t *driver = json_pack("{s:s, s:s, s:o}", "name", "accelsync", "version", AS_VERSION,
                               "rules", rules_json());
    if (DOCS_URL[0])
        json_object_set_new(driver, "informationUri", json_string(DOCS_URL "cli.md"));
    /* columns are counted in code points (artifact_column), not UTF-16 units */
    json_t *root = json_pack(
        "{s:s, s:s, s:[{s:{s:o}, s:o, s:o, s:[o], s:o, s:s}]}", "$schema",
        SARIF_SCHEMA, "version", "2.1.0", "runs", "tool", "driver", driver,
        "originalUriBaseIds", u ? json_pack("{s:o}", "%SRCROOT%", base) : json_object(),
        "artifacts", artifacts, "invocations", invocation, "results", results,
        "columnKind", "unicodeCodePoints");
    if (s.skipped)   /* files a walk did not check: never among the artifacts */
        json_object_set_new(json_array_get(json_object_get(root, "runs"), 0), "properties",
                            json_pack("{s:I}", "skippedFiles", (json_int_t)s.skipped));
    bool ok = root && json_dumpf(root, out, JSON_INDENT(2)) == 0 && fputc('\n', out) != EOF;
    json_decref(root);
    return ok && !ferror(out);
}
