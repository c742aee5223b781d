/* Fingerprints of findings that survive edits elsewhere in a file (fingerprint.c). */
#ifndef AS_REPORT_FINGERPRINT_H
#define AS_REPORT_FINGERPRINT_H

#include <stdint.h>

#include "../check/run.h"

#define FINGERPRINT_SIZE 40

uint64_t finding_fingerprint(const struct file_result *r, const struct finding *f);
/* "HASH:N" for r->diags.items[i]: N counts the earlier findings of the file with its hash. */
void finding_fingerprint_text(const struct file_result *r, size_t i, char out[FINGERPRINT_SIZE]);

#endif
