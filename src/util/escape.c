/* Control bytes of printed names spelled out (escape.h). */
#include "escape.h"

#include <stdbool.h>
#include <string.h>

#include "xalloc.h"

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

char *escaped_copy(const char *s)
{
    size_t n = strlen(s);
    char *out = xrealloc_array(NULL, 4 * n + 1, 1);   /* \xHH for each byte at most */
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        bool c1 = p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f;
        if (c1 || is_control(*p)) {
            k += (size_t)sprintf(out + k, "\\x%02x", *p);
            if (c1)
                k += (size_t)sprintf(out + k, "\\x%02x", *++p);
        } else {
            out[k++] = (char)*p;
        }
    }
    out[k] = '\0';
    return out;
}
