/* UTF-8 validation, shared by the lexer (strings must be text) and the JSON report (which
 * may only hold text, while paths and -D names come from the command line as bytes). */
#ifndef AS_UTIL_UTF8_H
#define AS_UTIL_UTF8_H

#include <stddef.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes, n >= 1): 1 to 4, or 0 when s
 * does not start one (stray continuation byte, overlong form, surrogate, past U+10FFFF,
 * cut short). NUL counts as a valid one-byte sequence. */
size_t utf8_sequence(const unsigned char *s, size_t n);
/* s itself when it is valid UTF-8 (*owned = NULL); otherwise a copy with each byte that does
 * not start a valid sequence replaced by U+FFFD, also stored in *owned for the caller to
 * free. */
const char *utf8_repair(const char *s, char **owned);

#endif
