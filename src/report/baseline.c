/* Baseline files (docs/cli.md#baselines): JSON, one entry per finding reported,
 *
 *   {"version": 1, "tool": "accelsync",
 *    "findings": [{"file": "k.pir", "check": "raw-hazard", "fingerprint": "8c1e...:0",
 *                  "message": "..."}, ...]}
 *
 * keyed by file (as given on the command line), check and fingerprint (fingerprint.c), so
 * moving code up or down keeps a finding in the baseline and editing either of its
 * statements takes it out. The message is for people reading the file; it is not matched. */
#include "baseline.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "../util/arena.h"
#include "../util/escape.h"
#include "../util/xalloc.h"
#include "artifact.h"
#include "fingerprint.h"
#include "json_text.h"

struct entry {
    const char *file, *check, *fingerprint;
};

struct baseline {
    struct arena arena;
    const char *reason;         /* "in the baseline PATH" */
    struct entry *items;
    size_t len;
};

struct baseline *baseline_read(const char *path, FILE *errors)
{
    json_error_t err;
    json_t *doc = json_load_file(path, 0, &err);
    char *shown = escaped_copy(path);   /* named on the command line: may hold any byte */
    if (!doc) {
        if (err.line > 0)
            fprintf(errors, "accelsync: %s:%d:%d: cannot read the baseline: ", shown, err.line,
                    err.column);
        else   /* not opened: no line */
            fprintf(errors, "accelsync: %s: cannot read the baseline: ", shown);
        fputs_escaped(err.text, errors);   /* it may quote the file */
        fputc('\n', errors);
        free(shown);
        return NULL;
    }
    json_t *findings = json_object_get(doc, "findings");
    if (json_integer_value(json_object_get(doc, "version")) != 1 || !json_is_array(findings)) {
        fprintf(errors, "accelsync: %s: not an accelsync baseline (version 1 with a \"findings\" "
                        "array)\n", shown);
        json_decref(doc);
        free(shown);
        return NULL;
    }
    struct baseline *b = xcalloc(1, sizeof(*b));
    arena_init(&b->arena);
    b->reason = arena_printf(&b->arena, "in the baseline %s", path);
    b->items = arena_alloc_array(&b->arena, json_array_size(findings) + 1, sizeof(struct entry));
    size_t i;
    json_t *f;
    json_array_foreach(findings, i, f) {
        const char *file = json_string_value(json_object_get(f, "file"));
        const char *check = json_string_value(json_object_get(f, "check"));
        const char *fp = json_string_value(json_object_get(f, "fingerprint"));
        if (!file || !check || !fp) {
            fprintf(errors, "accelsync: %s: finding %zu lacks a \"file\", \"check\" or "
                            "\"fingerprint\" string\n", shown, i + 1);
            json_decref(doc);
            free(shown);
            baseline_free(b);
            return NULL;
        }
        b->items[b->len++] = (struct entry){arena_strdup(&b->arena, file),
                                            arena_strdup(&b->arena, check),
                                            arena_strdup(&b->arena, fp)};
    }
    json_decref(doc);
    free(shown);
    return b;
}

void baseline_free(struct baseline *b)
{
    if (!b)
        return;
    arena_free(&b->arena);
    free(b);
}

void baseline_apply(const struct baseline *b, struct file_result *r)
{
    if (!b)
        return;
    const char *reason = NULL;   /* the result's own copy: it outlives the options */
    struct fingerprint *fps = file_fingerprints(r);
    for (size_t i = 0; i < r->diags.len; i++) {
        struct finding *f = &r->diags.items[i];
        if (f->suppressed || check_is_input_error(f->check))
            continue;   /* "could not verify" is never accepted */
        const char *fp = fps[i].text;
        for (size_t k = 0; k < b->len; k++)
            if (strcmp(b->items[k].fingerprint, fp) == 0 && artifact_same(b->items[k].file, r->path)
                && strcmp(b->items[k].check, check_name(f->check)) == 0) {
                if (!reason)
                    reason = arena_strdup(&r->diags.arena, b->reason);
                diag_suppress(&r->diags, f, reason, true);
                break;
            }
    }
    free(fps);
}

bool baseline_write(FILE *out, const struct file_result *files, size_t n)
{
    json_t *findings = json_array();
    for (size_t i = 0; i < n; i++) {
        const struct file_result *r = &files[i];
        struct fingerprint *fps = file_fingerprints(r);
        for (size_t k = 0; k < r->diags.len; k++) {
            const struct finding *f = &r->diags.items[k];
            if (f->suppressed || check_is_input_error(f->check))
                continue;
            json_array_append_new(findings, json_pack("{s:o, s:s, s:s, s:o}", "file", json_text(r->path),
                                                      "check", check_name(f->check), "fingerprint",
                                                      fps[k].text, "message", json_text(f->message)));
        }
        free(fps);
    }
    json_t *doc = json_pack("{s:i, s:s, s:o}", "version", 1, "tool", "accelsync", "findings",
                            findings);
    bool ok = doc && json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0
              && fputc('\n', out) != EOF;
    json_decref(doc);
    return ok && !ferror(out);
}
