/* Control bytes of printed names spelled out (escape.h). */
#include "escape.h"

#include <stdbool.h>

static bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

int fputs_escaped(const char *s, FILE *out)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        bool c1 = p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f;
        if (c1) {
            if (fprintf(out, "\\x%02x\\x%02x", p[0], p[1]) < 0)
                return EOF;
            p++;
        } else if (is_control(*p) ? fprintf(out, "\\x%02x", *p) < 0 : fputc(*p, out) == EOF) {
            return EOF;
        }
    }
    return 0;
}
