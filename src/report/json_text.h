/* JSON strings from bytes (json_text.c), shared by every JSON-based report. */
#ifndef AS_REPORT_JSON_TEXT_H
#define AS_REPORT_JSON_TEXT_H

#include <jansson.h>

/* JSON strings must be UTF-8, but paths and -D names come from the command line as bytes and
 * reach messages: a string that is not UTF-8 is shown with U+FFFD, never dropped (a failed
 * json_pack would drop the whole finding or file). */
json_t *json_text(const char *s);

#endif
