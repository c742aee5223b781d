/* Names and messages from the input (file names, kernel and buffer names, excerpts quoted in
 * messages) printed as text: a control byte would let a file named "a\nb.pir: error: …" forge
 * a line of the report, or an ESC sequence rewrite the terminal of whoever reads the log. */
#ifndef AS_UTIL_ESCAPE_H
#define AS_UTIL_ESCAPE_H

#include <stdio.h>

/* Writes s with each C0 control byte (0x00-0x1f), DEL (0x7f) and each C1 control written in
 * UTF-8 (U+0080-U+009F: 0xc2 0x80-0x9f) spelled as \xHH; everything else as it is. Returns
 * EOF when writing failed, else 0 (as fputs). */
int fputs_escaped(const char *s, FILE *out);
/* s as fputs_escaped writes it, allocated: for a name inside a printf format (messages on
 * standard error). */
char *escaped_copy(const char *s);

#endif
