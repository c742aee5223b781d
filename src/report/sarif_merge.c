/* accelsync merge-sarif: the SARIF logs of --shard slices as one log. Runs of accelsync with
 * the same version and the same %SRCROOT% become one run: the first's driver and rules, the
 * artifacts and results of all in the order given, one invocation that succeeded only if all
 * did, with the highest exit code and every notification. The logs come from CI jobs that a
 * pull request may have run, so each is validated before anything is merged: its structure,
 * its tool (accelsync only), and that no file is in two of them (one shard given twice would
 * report its findings twice, or hide another shard that is missing). */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../util/escape.h"
#include "report.h"

static bool same_tool(json_t *a, json_t *b)
{
    json_t *da = json_object_get(json_object_get(a, "tool"), "driver");
    json_t *db = json_object_get(json_object_get(b, "tool"), "driver");
    return json_equal(json_object_get(da, "name"), json_object_get(db, "name"))
           && json_equal(json_object_get(da, "version"), json_object_get(db, "version"))
           && json_equal(json_object_get(a, "originalUriBaseIds"),
                         json_object_get(b, "originalUriBaseIds"));
}

static void extend(json_t *run, const char *key, json_t *more)
{
    if (!more)
        return;
    json_t *to = json_object_get(run, key);
    if (!json_is_array(to)) {
        to = json_array();
        json_object_set_new(run, key, to);
    }
    json_array_extend(to, more);
}

/* extend, leaving out each element `to` already holds. */
static void extend_unique(json_t *run, const char *key, json_t *more)
{
    if (!json_is_array(more) || !json_array_size(more))
        return;
    json_t *to = json_object_get(run, key);
    if (!json_is_array(to)) {
        to = json_array();
        json_object_set_new(run, key, to);
    }
    size_t i, k, had = json_array_size(to);
    json_t *v;
    json_array_foreach(more, i, v) {
        bool held = false;
        for (k = 0; k < had && !held; k++)
            held = json_equal(json_array_get(to, k), v);
        if (!held)
            json_array_append(to, v);
    }
}

/* Folds the invocation of `from` into the one of `into`. */
static void merge_invocation(json_t *into, json_t *from)
{
    json_t *a = json_array_get(json_object_get(into, "invocations"), 0);
    json_t *b = json_array_get(json_object_get(from, "invocations"), 0);
    if (!a || !b)
        return;
    bool ok = json_is_true(json_object_get(a, "executionSuccessful"))
              && json_is_true(json_object_get(b, "executionSuccessful"));
    json_object_set_new(a, "executionSuccessful", json_boolean(ok));
    json_int_t ca = json_integer_value(json_object_get(a, "exitCode"));
    json_int_t cb = json_integer_value(json_object_get(b, "exitCode"));
    json_object_set_new(a, "exitCode", json_integer(ca > cb ? ca : cb));
    extend(a, "toolExecutionNotifications", json_object_get(b, "toolExecutionNotifications"));
    /* shards of one check share their configurations: each once */
    extend_unique(a, "toolConfigurationNotifications",
                  json_object_get(b, "toolConfigurationNotifications"));
    extend_unique(a, "ruleConfigurationOverrides", json_object_get(b, "ruleConfigurationOverrides"));
}

/* Why `run` (runs[i] of a log) cannot be merged, in `why`; false when it can. */
/* The files each walk skipped (run properties skippedFiles, absent when none) add up. */
static void merge_skipped(json_t *into, json_t *from)
{
    json_int_t more = json_integer_value(json_object_get(json_object_get(from, "properties"),
                                                         "skippedFiles"));
    if (more <= 0)
        return;
    json_t *props = json_object_get(into, "properties");
    if (!json_is_object(props)) {
        props = json_object();
        json_object_set_new(into, "properties", props);
    }
    json_int_t had = json_integer_value(json_object_get(props, "skippedFiles"));
    json_object_set_new(props, "skippedFiles", json_integer(had + more));
}

static bool bad_run(json_t *run, size_t i, char *why, size_t size)
{
    if (!json_is_object(run)) {
        snprintf(why, size, "runs[%zu] is not an object", i);
        return true;
    }
    const char *name = json_string_value(
        json_object_get(json_object_get(json_object_get(run, "tool"), "driver"), "name"));
    if (!name) {
        snprintf(why, size, "runs[%zu] has no tool.driver.name", i);
        return true;
    }
    if (strcmp(name, "accelsync") != 0) {
        snprintf(why, size, "runs[%zu] is a run of another tool: merge-sarif merges the logs "
                 "of accelsync", i);
        return true;
    }
    static const char *const arrays[] = {"results", "artifacts", "invocations"};
    for (size_t k = 0; k < sizeof(arrays) / sizeof(arrays[0]); k++) {
        json_t *a = json_object_get(run, arrays[k]);
        if (!a)
            continue;
        if (!json_is_array(a)) {
            snprintf(why, size, "runs[%zu].%s is not an array", i, arrays[k]);
            return true;
        }
        size_t j;
        json_t *item;
        json_array_foreach(a, j, item) {
            if (!json_is_object(item)) {
                snprintf(why, size, "runs[%zu].%s[%zu] is not an object", i, arrays[k], j);
                return true;
            }
        }
    }
    return false;
}

/* Records the files of `run` (its artifacts' URIs) as those of log `paths[log]` in `seen`;
 * false, with the reason in `why`, when one is already another log's (the same path given
 * twice too). */
static bool claim_artifacts(json_t *seen, json_t *run, const char *const *paths, size_t log,
                            char *why, size_t size)
{
    size_t j;
    json_t *a;
    json_array_foreach(json_object_get(run, "artifacts"), j, a) {
        const char *uri = json_string_value(json_object_get(json_object_get(a, "location"), "uri"));
        if (!uri)
            continue;
        json_t *owner = json_object_get(seen, uri);
        if (owner && (size_t)json_integer_value(owner) != log) {
            snprintf(why, size, "reports the file %s, as %s does: the same shard (or an "
                     "overlapping one) given twice", uri, paths[json_integer_value(owner)]);
            return false;
        }
        json_object_set_new(seen, uri, json_integer((json_int_t)log));
    }
    return true;
}

int report_merge_sarif(const char *const *paths, size_t n, FILE *out, FILE *errors)
{
    json_t *merged = NULL, *seen = json_object();
    int rc = 0;
    char why[512];
    for (size_t i = 0; i < n && rc == 0; i++) {
        json_error_t err;
        json_t *doc = json_load_file(paths[i], 0, &err);
        json_t *runs = json_object_get(doc, "runs");
        const char *version = json_string_value(json_object_get(doc, "version"));
        if (!doc || !json_is_array(runs) || !version || strcmp(version, "2.1.0") != 0) {
            fputs("accelsync: ", errors);
            fputs_escaped(paths[i], errors);   /* named on the command line: any byte */
            if (!doc) {
                fprintf(errors, ":%d:%d: ", err.line, err.column);
                fputs_escaped(err.text, errors);
                fputc('\n', errors);
            } else {
                fputs(": not a SARIF 2.1.0 log\n", errors);
            }
            json_decref(doc);
            rc = 2;
            break;
        }
        size_t k;
        json_t *run;
        json_array_foreach(runs, k, run) {
            if (bad_run(run, k, why, sizeof(why))
                || !claim_artifacts(seen, run, paths, i, why, sizeof(why))) {
                fputs("accelsync: ", errors);
                fputs_escaped(paths[i], errors);
                fputs(": ", errors);
                fputs_escaped(why, errors);   /* a URI of the log may hold anything */
                fputc('\n', errors);
                rc = 2;
                break;
            }
            if (!merged) {
                merged = json_deep_copy(run);
            } else if (!same_tool(merged, run)) {
                fputs("accelsync: ", errors);
                fputs_escaped(paths[i], errors);
                fputs(": a run of another accelsync version or working directory: merge logs of "
                      "one version run from one directory\n", errors);
                rc = 2;
                break;
            } else {
                extend(merged, "artifacts", json_object_get(run, "artifacts"));
                extend(merged, "results", json_object_get(run, "results"));
                merge_invocation(merged, run);
                merge_skipped(merged, run);
            }
        }
        json_decref(doc);
    }
    if (rc == 0) {
        json_t *runs = json_array();
        if (merged)
            json_array_append(runs, merged);
        json_t *log = json_pack("{s:s, s:s, s:o}", "$schema",
                                "https://json.schemastore.org/sarif-2.1.0.json", "version", "2.1.0",
                                "runs", runs);
        if (!log || json_dumpf(log, out, JSON_INDENT(2)) != 0 || fputc('\n', out) == EOF
            || ferror(out)) {
            fputs("accelsync: cannot write the merged log\n", errors);
            rc = 2;
        }
        json_decref(log);
    }
    json_decref(merged);
    json_decref(seen);
    return rc;
}
