/* Fingerprints of findings that survive edits elsewhere in a file (fingerprint.c). */
#ifndef AS_REPORT_FINGERPRINT_H
#define AS_REPORT_FINGERPRINT_H

#include <stdint.h>

#include "../check/run.h"

#define FINGERPRINT_SIZE 40

struct fingerprint {
    char text[FINGERPRINT_SIZE];    /* "HASH:N": N counts the earlier findings with HASH */
};

/* The fingerprints of all of r's findings, in their order (allocated; the caller frees):
 * each hash is computed once for the file. */
struct fingerprint *file_fingerprints(const struct file_result *r);

#endif
