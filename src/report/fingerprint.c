/* Fingerprints of findings, for SARIF's partialFingerprints and for baselines: a hash of the
 * check id, the file's path (as its artifact URI names it: `./k.pir` is `k.pir`), the kernel
 * and the text of the finding's statements (for a hazard, both accesses) with runs of white
 * space collapsed, never line numbers, so moving code up or down or re-indenting it keeps a
 * fingerprint and editing either statement changes it. Equal hashes in one file are told apart by counting: "HASH:0", "HASH:1". */
#include "fingerprint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "artifact.h"

/* The statement at loc as written, whitespace runs collapsed to one space: what a
 * fingerprint hashes, so that indentation and lines above do not change it. */
static void statement_text(const struct source *src, const struct as_loc *loc, uint64_t *h)
{
    if (!src || loc->line < 1 || (size_t)loc->line > src->nlines)
        return;
    size_t i = src->line_starts[loc->line - 1] + (size_t)(loc->col > 0 ? loc->col - 1 : 0);
    size_t end = i + (size_t)(loc->len > 0 ? loc->len : 0);
    bool space = false;
    for (; i < end && i < src->len && src->text[i] != '\n'; i++) {
        unsigned char c = (unsigned char)src->text[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            space = true;
            continue;
        }
        if (space) {
            *h = (*h ^ ' ') * 0x100000001b3ull;
            space = false;
        }
        *h = (*h ^ c) * 0x100000001b3ull;
    }
}

static void hash_string(uint64_t *h, const char *s)
{
    for (; *s; s++)
        *h = (*h ^ (unsigned char)*s) * 0x100000001b3ull;
    *h = (*h ^ 0xff) * 0x100000001b3ull;   /* separator */
}

static uint64_t finding_hash(const struct file_result *r, const struct finding *f)
{
    uint64_t h = 0xcbf29ce484222325ull;
    hash_string(&h, check_name(f->check));
    char *path = artifact_path(r->path);   /* `./k.pir` is `k.pir`, as in the artifact URI */
    hash_string(&h, path);
    free(path);
    hash_string(&h, f->kernel ? f->kernel : "");
    statement_text(r->src, &f->loc, &h);
    h = (h ^ 0xfe) * 0x100000001b3ull;
    if (f->related.file && f->related.line > 0 && strcmp(f->related.file, r->path) == 0)
        statement_text(r->src, &f->related, &h);
    if (!r->src || f->loc.line < 1)   /* a finding about the whole file: its message */
        hash_string(&h, f->message);
    return h;
}

struct fingerprint *file_fingerprints(const struct file_result *r)
{
    size_t n = r->diags.len;
    uint64_t *h = xrealloc_array(NULL, n ? n : 1, sizeof(uint64_t));
    struct fingerprint *out = xrealloc_array(NULL, n ? n : 1, sizeof(*out));
    for (size_t i = 0; i < n; i++) {
        h[i] = finding_hash(r, &r->diags.items[i]);
        size_t k = 0;   /* quadratic in a file's (capped) findings, but on integers */
        for (size_t j = 0; j < i; j++)
            k += h[j] == h[i];
        snprintf(out[i].text, FINGERPRINT_SIZE, "%016llx:%zu", (unsigned long long)h[i], k);
    }
    free(h);
    return out;
}
