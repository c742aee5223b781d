/* accelsync merge-sarif: the SARIF logs of --shard slices (or of any runs) as one log. Runs
 * of accelsync with the same version and the same %SRCROOT% become one run: the first's driver
 * and rules, the artifacts and results of all in the order given, one invocation that
 * succeeded only if all did, with the highest exit code and every notification. Any other run
 * is kept as it is, after them. */
#include <jansson.h>
#include <stdbool.h>
#include <string.h>

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

static bool is_accelsync(json_t *run)
{
    const char *name = json_string_value(
        json_object_get(json_object_get(json_object_get(run, "tool"), "driver"), "name"));
    return name && strcmp(name, "accelsync") == 0;
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
}

int report_merge_sarif(const char *const *paths, size_t n, FILE *out, FILE *errors)
{
    json_t *merged = NULL, *others = json_array();
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        json_error_t err;
        json_t *doc = json_load_file(paths[i], 0, &err);
        json_t *runs = json_object_get(doc, "runs");
        const char *version = json_string_value(json_object_get(doc, "version"));
        if (!doc || !json_is_array(runs) || !version || strcmp(version, "2.1.0") != 0) {
            if (!doc)
                fprintf(errors, "accelsync: %s:%d:%d: %s\n", paths[i], err.line, err.column,
                        err.text);
            else
                fprintf(errors, "accelsync: %s: not a SARIF 2.1.0 log\n", paths[i]);
            json_decref(doc);
            rc = 2;
            break;
        }
        size_t k;
        json_t *run;
        json_array_foreach(runs, k, run) {
            if (!is_accelsync(run)) {
                json_array_append(others, run);
            } else if (!merged) {
                merged = json_deep_copy(run);
            } else if (!same_tool(merged, run)) {
                fprintf(errors, "accelsync: %s: a run of another accelsync version or working "
                                "directory: merge logs of one version run from one directory\n",
                        paths[i]);
                rc = 2;
                break;
            } else {
                extend(merged, "artifacts", json_object_get(run, "artifacts"));
                extend(merged, "results", json_object_get(run, "results"));
                merge_invocation(merged, run);
            }
        }
        json_decref(doc);
    }
    if (rc == 0) {
        json_t *runs = json_array();
        if (merged)
            json_array_append(runs, merged);
        json_array_extend(runs, others);
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
    json_decref(others);
    return rc;
}
