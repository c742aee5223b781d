/* The tables of a mutation study: one row per operator and model (generated, non-equivalent,
 * detected, false alarms, caught by the one-run dynamic detector, mean cost of checker and
 * oracle), totals per model and per operator, the head-to-head with the dynamic detector,
 * and every mutant that breaks the study's promise. Text, JSON, CSV and Markdown. */
#include <jansson.h>
#include <string.h>

#include "study.h"

struct tally {
    size_t generated, non_equivalent, detected, false_alarms, dynamic, static_only_runs,
        static_only_timing, oracle_missed;
    double checker_ms, oracle_ms;
};

static void add(struct tally *t, const struct mutant_verdict *v)
{
    t->generated++;
    t->checker_ms += v->checker_ms;
    t->oracle_ms += v->oracle_ms;
    t->false_alarms += v->false_alarm;
    if (!v->non_equivalent)
        return;
    t->non_equivalent++;
    t->detected += v->detected;
    t->dynamic += v->dynamic_detected;
    t->oracle_missed += v->witness_confirmed;
    if (v->detected && !v->dynamic_detected) {
        if (v->first_run_flagged)
            t->static_only_timing++;
        else
            t->static_only_runs++;
    }
}

static double mean(double total, size_t n) { return n ? total / (double)n : 0.0; }

/* The distinct models of the study, sorted. */
static size_t models_of(const struct study_result *res, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < res->mutants.len; i++) {
        const char *m = res->mutants.items[i].model;
        size_t k = 0;
        while (k < n && strcmp(out[k], m) != 0)
            k++;
        if (k == n && n < max)
            out[n++] = m;
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(out[j - 1], out[j]) > 0; j--) {
            const char *t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* model NULL: every model; op -1: every operator. */
static struct tally tally_of(const struct study_result *res, const char *model, int op)
{
    struct tally t = {0};
    for (size_t i = 0; i < res->mutants.len; i++) {
        const struct study_mutant *sm = &res->mutants.items[i];
        if ((model && strcmp(sm->model, model) != 0) || (op >= 0 && (int)sm->m.op != op))
            continue;
        if (sm->v.generated)
            add(&t, &sm->v);
    }
    return t;
}

static double pct(size_t a, size_t b) { return b ? 100.0 * (double)a / (double)b : 100.0; }

static bool broken(const struct mutant_verdict *v)
{
    return !v->generated || (v->non_equivalent && !v->detected) || v->false_alarm;
}

static void write_table(const struct study_result *res, FILE *out, bool markdown)
{
    const char *models[16];
    size_t nm = models_of(res, models, 16);
    if (markdown)
        fputs("| operator | model | generated | non-equivalent | detected | false alarms | "
              "one-run dynamic | checker ms | oracle ms |\n|---|---|---|---|---|---|---|---|---|\n",
              out);
    else
        fprintf(out, "%-24s %-12s %9s %9s %9s %6s %9s %10s %10s\n", "operator", "model",
                "generated", "non-equiv", "detected", "false", "dynamic", "checker ms",
                "oracle ms");
    for (int op = 0; op < MUT_COUNT; op++) {
        for (size_t k = 0; k < nm; k++) {
            struct tally t = tally_of(res, models[k], op);
            if (!t.generated)
                continue;
            if (markdown)
                fprintf(out, "| %s | %s | %zu | %zu | %zu (%.0f%%) | %zu | %zu (%.0f%%) | %.2f | %.2f |\n",
                        mutation_op_name(op), models[k], t.generated, t.non_equivalent,
                        t.detected, pct(t.detected, t.non_equivalent), t.false_alarms, t.dynamic,
                        pct(t.dynamic, t.non_equivalent), mean(t.checker_ms, t.generated),
                        mean(t.oracle_ms, t.generated));
            else
                fprintf(out, "%-24s %-12s %9zu %9zu %9zu %6zu %9zu %10.2f %10.2f\n",
                        mutation_op_name(op), models[k], t.generated, t.non_equivalent,
                        t.detected, t.false_alarms, t.dynamic, mean(t.checker_ms, t.generated),
                        mean(t.oracle_ms, t.generated));
        }
    }
}

static void write_models(const struct study_result *res, FILE *out, bool markdown)
{
    const char *models[16];
    size_t nm = models_of(res, models, 16);
    if (markdown)
        fputs("| model | generated | non-equivalent | of which shown only by a checker witness | "
              "detected by accelsync | one-run dynamic detector | only accelsync: other parameter "
              "values or paths | only accelsync: one execution does not show it | false alarms "
              "|\n|---|---|---|---|---|---|---|---|---|\n",
              out);
    for (size_t k = 0; k <= nm; k++) {
        const char *m = k < nm ? models[k] : NULL;
        struct tally t = tally_of(res, m, -1);
        if (markdown)
            fprintf(out, "| %s | %zu | %zu | %zu | %zu (%.1f%%) | %zu (%.1f%%) | %zu | %zu | %zu |\n",
                    m ? m : "**all**", t.generated, t.non_equivalent, t.oracle_missed, t.detected,
                    pct(t.detected, t.non_equivalent), t.dynamic, pct(t.dynamic, t.non_equivalent),
                    t.static_only_runs, t.static_only_timing, t.false_alarms);
        else
            fprintf(out,
                    "%s: %zu mutants, %zu non-equivalent (%zu shown only by a checker witness): "
                    "accelsync detects %zu (%.1f%%), the one-run dynamic detector %zu (%.1f%%); "
                    "only accelsync: %zu in other parameter values or paths, %zu not shown by "
                    "one execution; %zu false alarms\n",
                    m ? m : "all models", t.generated, t.non_equivalent, t.oracle_missed,
                    t.detected, pct(t.detected, t.non_equivalent), t.dynamic,
                    pct(t.dynamic, t.non_equivalent), t.static_only_runs, t.static_only_timing,
                    t.false_alarms);
    }
}

static void write_broken(const struct study_result *res, FILE *out)
{
    for (size_t i = 0; i < res->mutants.len; i++) {
        const struct study_mutant *sm = &res->mutants.items[i];
        const struct mutant_verdict *v = &sm->v;
        if (!broken(v))
            continue;
        fprintf(out, "%s:%d: %s: %s\n", sm->file, sm->m.line, mutation_op_name(sm->m.op),
                !v->generated ? "the mutant is not valid PIR for its model (harness bug)"
                : v->false_alarm ? "false alarm: the checker reports it, no schedule or "
                                   "witness shows it"
                                 : "non-equivalent, and the checker does not report it");
    }
}

static bool write_json(const struct study_result *res, FILE *out)
{
    json_t *doc = json_object();
    json_object_set_new(doc, "budget", json_integer((json_int_t)res->budget));
    json_object_set_new(doc, "seed", json_integer((json_int_t)res->seed));
    json_t *list = json_array();
    for (size_t i = 0; i < res->mutants.len; i++) {
        const struct study_mutant *sm = &res->mutants.items[i];
        const struct mutant_verdict *v = &sm->v;
        json_t *o = json_object();
        json_object_set_new(o, "file", json_string(sm->file));
        json_object_set_new(o, "model", json_string(sm->model));
        json_object_set_new(o, "operator", json_string(mutation_op_name(sm->m.op)));
        json_object_set_new(o, "line", json_integer(sm->m.line));
        json_object_set_new(o, "generated", json_boolean(v->generated));
        json_object_set_new(o, "non_equivalent", json_boolean(v->non_equivalent));
        json_object_set_new(o, "oracle_found", json_boolean(v->oracle_found));
        json_object_set_new(o, "witness_confirmed", json_boolean(v->witness_confirmed));
        json_object_set_new(o, "detected", json_boolean(v->detected));
        json_object_set_new(o, "false_alarm", json_boolean(v->false_alarm));
        json_object_set_new(o, "dynamic_detected", json_boolean(v->dynamic_detected));
        json_object_set_new(o, "first_run_flagged", json_boolean(v->first_run_flagged));
        json_object_set_new(o, "checker_finding", v->kind[0] ? json_string(v->kind) : json_null());
        json_object_set_new(o, "checker_ms", json_real(v->checker_ms));
        json_object_set_new(o, "oracle_ms", json_real(v->oracle_ms));
        json_array_append_new(list, o);
    }
    json_object_set_new(doc, "mutants", list);
    struct tally t = tally_of(res, NULL, -1);
    json_t *sum = json_object();
    json_object_set_new(sum, "generated", json_integer((json_int_t)t.generated));
    json_object_set_new(sum, "non_equivalent", json_integer((json_int_t)t.non_equivalent));
    json_object_set_new(sum, "detected", json_integer((json_int_t)t.detected));
    json_object_set_new(sum, "false_alarms", json_integer((json_int_t)t.false_alarms));
    json_object_set_new(sum, "dynamic_detected", json_integer((json_int_t)t.dynamic));
    json_object_set_new(sum, "files_refused", json_integer((json_int_t)res->refused));
    json_object_set_new(doc, "summary", sum);
    bool ok = json_dumpf(doc, out, JSON_INDENT(2)) == 0;
    fputc('\n', out);
    json_decref(doc);
    return ok;
}

static void write_csv(const struct study_result *res, FILE *out)
{
    const char *models[16];
    size_t nm = models_of(res, models, 16);
    fputs("operator,model,generated,non_equivalent,detected,false_alarms,dynamic_detected,"
          "checker_ms,oracle_ms\n", out);
    for (int op = 0; op < MUT_COUNT; op++)
        for (size_t k = 0; k < nm; k++) {
            struct tally t = tally_of(res, models[k], op);
            if (t.generated)
                fprintf(out, "%s,%s,%zu,%zu,%zu,%zu,%zu,%.3f,%.3f\n", mutation_op_name(op),
                        models[k], t.generated, t.non_equivalent, t.detected, t.false_alarms,
                        t.dynamic, mean(t.checker_ms, t.generated), mean(t.oracle_ms, t.generated));
        }
}

bool study_write(const struct study_result *res, FILE *out, enum study_format format)
{
    switch (format) {
    case STUDY_JSON:
        return write_json(res, out);
    case STUDY_CSV:
        write_csv(res, out);
        break;
    case STUDY_MARKDOWN:
        fprintf(out, "Oracle budget: %zu random and %zu adversarial schedules per parameter "
                     "value and path; seed %llu. Costs are means per mutant.\n\n",
                res->budget, res->budget, (unsigned long long)res->seed);
        write_models(res, out, true);
        fputs("\n", out);
        write_table(res, out, true);
        break;
    case STUDY_TEXT:
        write_table(res, out, false);
        fputs("\n", out);
        write_models(res, out, false);
        write_broken(res, out);
        break;
    }
    return !ferror(out);
}
