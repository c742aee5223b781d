/* GitLab Code Quality report (--format codequality): the JSON array of issues GitLab's merge
 * request widget reads from `artifacts: reports: codequality:`. Each reported finding is one
 * issue with description, check_name, a fingerprint unique to it (from the file, the check
 * and fingerprint.c's hash, so it survives code moving), a severity (errors major, warnings
 * minor, input errors critical: the file was not verified) and its path and line. Suppressed
 * findings are left out: GitLab has no place for them. */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>

#include "fingerprint.h"
#include "json_text.h"
#include "report.h"

static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return (h ^ 0xff) * 0x100000001b3ull;
}

bool report_codequality(FILE *out, const struct file_result *files, size_t n)
{
    json_t *issues = json_array();
    for (size_t i = 0; i < n; i++) {
        const struct file_result *r = &files[i];
        struct fingerprint *fps = file_fingerprints(r);
        for (size_t k = 0; k < r->diags.len; k++) {
            const struct finding *f = &r->diags.items[k];
            if (f->suppressed)
                continue;
            const char *fp = fps[k].text;
            char id[40];
            uint64_t a = fnv(fnv(fnv(0xcbf29ce484222325ull, r->path), check_name(f->check)), fp);
            uint64_t b = fnv(fnv(fnv(0x84222325cbf29ce4ull, fp), check_name(f->check)), r->path);
            snprintf(id, sizeof(id), "%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
            const char *severity = check_is_input_error(f->check) ? "critical"
                                   : f->severity == SEV_ERROR     ? "major"
                                   : f->severity == SEV_NOTE      ? "info"
                                                                  : "minor";
            json_array_append_new(issues, json_pack(
                "{s:o, s:s, s:s, s:s, s:{s:o, s:{s:i}}}", "description", json_text(f->message),
                "check_name", check_name(f->check), "fingerprint", id, "severity", severity,
                "location", "path", json_text(f->loc.file ? f->loc.file : r->path), "lines", "begin",
                f->loc.line > 0 ? f->loc.line : 1));
        }
        free(fps);
    }
    bool ok = json_dumpf(issues, out, JSON_INDENT(2)) == 0 && fputc('\n', out) != EOF;
    json_decref(issues);
    return ok && !ferror(out);
}
